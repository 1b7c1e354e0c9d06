// What the server reads from the network and from its own store (docs/web-protocol.md):
// the first byte chooses the reader — a WebSocket client message (§2), the body of
// POST /api/games or /join (§1), a stored event or a game's `extra` JSON (read back after
// a restart). Any text gives a typed value or an error with a code and a message; a client
// message error is `bad-json` or `unknown-type` (§4), never an exception.
#include "arbiter/wire/protocol.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 8192) return 0;
  const auto text = fuzz::as_text(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: {
      auto msg = wire::parse_client_message(text);
      if (!msg) {
        FUZZ_CHECK(msg.error().code == "bad-json" || msg.error().code == "unknown-type");
        FUZZ_CHECK(!msg.error().message.empty());
      }
      break;
    }
    case 1: {
      auto req = wire::parse_create_request(text);
      if (!req) {
        FUZZ_CHECK(!req.error().message.empty());
      } else {
        FUZZ_CHECK(!req->name.empty());
        if (req->chess960_number)
          FUZZ_CHECK(*req->chess960_number >= 0 && *req->chess960_number < 960);
      }
      break;
    }
    case 2: {
      auto req = wire::parse_join_request(text);
      if (!req) FUZZ_CHECK(!req.error().message.empty());
      break;
    }
    case 3: {
      auto ev = wire::read_stored_event(text);
      if (!ev) FUZZ_CHECK(!ev.error().message.empty());
      break;
    }
    default: {
      auto extra = wire::read_extra(text);
      if (!extra) {
        FUZZ_CHECK(!extra.error().message.empty());
      } else {
        // What was read is written and read back the same.
        auto again = wire::read_extra(wire::write_extra(*extra));
        FUZZ_CHECK(again.has_value());
        FUZZ_CHECK(wire::write_extra(*again) == wire::write_extra(*extra));
      }
      break;
    }
  }
  return 0;
}
