#include "arbiter/server/pgn_api.hpp"

#include <string>

#include "arbiter/server/rest_reply.hpp"

namespace arbiter::server {
namespace {

std::atomic<int> imports_in_flight{0};

}  // namespace

std::optional<PgnImportSlot> PgnImportSlot::take() noexcept {
  if (imports_in_flight.fetch_add(1) >= kPgnImportsAtOnce) {
    imports_in_flight.fetch_sub(1);
    return std::nullopt;
  }
  return PgnImportSlot{};
}

PgnImportSlot::~PgnImportSlot() {
  if (held_) imports_in_flight.fetch_sub(1);
}

HttpReply pgn_import_reply(const HttpRequest& request) {
  if (request.method != "POST") return error_reply(405, "method", "POST only");
  // The transport refuses a larger body before it is read; this holds for any caller.
  if (request.body.size() > kPgnImportBodyMax) {
    return error_reply(413, "too-large",
                       "a PGN import is at most " + std::to_string(kPgnImportBodyMax) + " bytes");
  }
  const auto slot = PgnImportSlot::take();
  if (!slot) {
    HttpReply busy = error_reply(503, "busy", "the server is reading another PGN; try again");
    busy.retry_after = "1";
    return busy;
  }
  return json_reply(200, wire::import_pgn(request.body, kPgnImportLimits).json);
}

}  // namespace arbiter::server
