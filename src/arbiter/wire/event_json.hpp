// JSON codecs for the game event log (spec/game-events.md): one JSON object per line.
// This is the only place JSON meets the competition types; nlohmann-json stays inside
// the .cpp files.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/competition/events.hpp"

namespace arbiter::wire {

// The first line. Errors (the log is unusable): kEventSyntax for JSON that is not the
// start object or has a field of the wrong type or value (where.field names it);
// kTimeControlSyntax / kTimeControlValue for the time control (where.column set).
[[nodiscard]] Result<competition::StartEvent> parse_start(std::string_view line_text, int line);

// A later line. Errors only when the log becomes unusable: not JSON, not an object, "t"
// missing, not an integer or negative (kEventSyntax). An unknown "type", or a known one
// with a missing or invalid field, gives an UnusableEvent that the Arbiter refuses.
[[nodiscard]] Result<competition::Event> parse_event(std::string_view line_text, int line);

struct EventLog {
  competition::StartEvent start;
  std::vector<competition::Event> events;
};

// Reads a whole log. Blank lines are skipped. Errors, each naming its line: the ones
// above; the first line not a start event (kEventOrder); "t" smaller than on an earlier
// line (kEventOrder).
[[nodiscard]] Result<EventLog> read_event_log(std::istream& in);

}  // namespace arbiter::wire
