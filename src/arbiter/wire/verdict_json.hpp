// The verdict as the one JSON object `arbiter adjudicate` prints (spec/game-events.md).
#pragma once

#include <string>

#include "arbiter/competition/verdict.hpp"

namespace arbiter::wire {

// Keys in the spec's order: result, termination, ended_at_ms, clocks_ms, fen, moves,
// score, penalties, refused, pgn; then the extensions scoresheet and (while adjourned)
// envelope. `indent` < 0 prints one line.
[[nodiscard]] std::string verdict_to_json(const competition::Verdict& verdict, int indent = -1);

}  // namespace arbiter::wire
