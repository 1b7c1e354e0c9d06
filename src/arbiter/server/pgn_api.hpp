// POST /api/pgn (issue #18 item 5, docs/web-protocol.md §1.8): a PGN text of many games
// read for the browser's viewer. The body is the PGN itself (any content type, UTF-8 or
// Latin-1), at most kPgnImportBodyMax bytes (limits.hpp; the transport reads no more);
// the answer is wire::import_pgn's JSON: every game with its move tree, every error and
// warning with its game, line and column. Nothing is stored and no session is needed.
//
//   POST /api/pgn      200 {"games": [...], "errors": [...], "warnings": [...], ...}
//                      413 too-large (over 1 MiB), 503 busy (another import is being
//                      read), 405 for any other method
#pragma once

#include <atomic>
#include <optional>
#include <utility>

#include "arbiter/server/handlers.hpp"
#include "arbiter/server/limits.hpp"
#include "arbiter/wire/pgn_import.hpp"

namespace arbiter::server {

// The limits of one import besides its size (docs/security.md, "PGN import").
inline constexpr wire::PgnImportLimits kPgnImportLimits{};

// Imports read at once in the whole process; one more is answered 503 with Retry-After.
// An import takes up to some 130 ms of the thread that answers it (a network thread), so
// that imports never hold more than this many of them.
inline constexpr int kPgnImportsAtOnce = 1;

// The right to read one import now (RAII); nullopt while kPgnImportsAtOnce are read.
class PgnImportSlot {
 public:
  [[nodiscard]] static std::optional<PgnImportSlot> take() noexcept;
  PgnImportSlot(PgnImportSlot&& other) noexcept : held_(std::exchange(other.held_, false)) {}
  PgnImportSlot& operator=(PgnImportSlot&&) = delete;
  PgnImportSlot(const PgnImportSlot&) = delete;
  PgnImportSlot& operator=(const PgnImportSlot&) = delete;
  ~PgnImportSlot();

 private:
  PgnImportSlot() = default;
  bool held_ = true;
};

[[nodiscard]] HttpReply pgn_import_reply(const HttpRequest& request);

}  // namespace arbiter::server
