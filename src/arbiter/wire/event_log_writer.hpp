// The event log of a played game as JSON Lines (spec/game-events.md): what the game
// runner, `arbiter play` and the server's store write, and what `arbiter adjudicate`
// reads back to the same verdict (event_json.hpp parses).
#pragma once

#include <string>
#include <vector>

#include "arbiter/competition/events.hpp"
#include "arbiter/wire/json_text.hpp"  // json_string

namespace arbiter::wire {

// The `start` line.
[[nodiscard]] std::string start_line(const competition::StartEvent& start);
// A later line (`t`, `type` and the fields of the body; unusable events are not written).
[[nodiscard]] std::string event_line(const competition::Event& event);

// The whole log, one line each, each ending with a newline.
[[nodiscard]] std::string event_log_text(const competition::StartEvent& start,
                                         const std::vector<competition::Event>& events);

}  // namespace arbiter::wire
