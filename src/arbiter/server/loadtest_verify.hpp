// `arbiter loadtest`: after the run, every acknowledged move must be in the server's
// database (web-protocol.md §2.3: a move is acknowledged after Store::append_move). Read
// through the store module from the SQLite file the server writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

struct AckedMove {
  int ply = 0;
  std::string uci;  // as the server's move event gave it
};

// What one game of the run had acknowledged.
struct GameRecord {
  std::string id;
  std::vector<AckedMove> acked;
};

struct VerifyResult {
  std::uint64_t games = 0;            // games with at least one acknowledged move
  std::uint64_t moves_checked = 0;    // acknowledged moves looked up
  std::uint64_t missing = 0;          // acknowledged, not stored at their ply
  std::uint64_t different = 0;        // stored at their ply, another move
  std::uint64_t unreadable = 0;       // games the store could not load
  std::vector<std::string> examples;  // the first few discrepancies, for the report

  [[nodiscard]] bool ok() const noexcept { return missing + different + unreadable == 0; }
};

// Opens `db` (which must exist: it is not created) and checks every acknowledged move of
// `games`. Errors: kIo when the file is missing or is not the server's database.
[[nodiscard]] Result<VerifyResult> verify_acked_moves(const std::string& db,
                                                      const std::vector<GameRecord>& games);

}  // namespace arbiter::server
