// The crosstable of an event: one row per player in the order of the standings, one cell
// per round with the opponent's starting rank, the colour and the TRF result code, as
// arbiters print it beside the final ranking (`  5w1`, ` 12b=`, `   -U` for the
// pairing-allocated bye, `   -Z` for an absence).
#pragma once

#include <string>

#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/standings.hpp"

namespace arbiter::tournament {

// The cell of one round: opponent (`-` for none), colour letter (`w`, `b`, blank for none)
// and result code, right-aligned in `width` characters.
[[nodiscard]] std::string crosstable_cell(const RoundEntry& e, int width);

// Rank, starting rank, name, points, then rounds 1..rounds_played(t); rows in the order of
// `standings` (every player of `t` once). Lines end in '\n'.
[[nodiscard]] std::string crosstable_text(const Tournament& t, const Standings& standings);

}  // namespace arbiter::tournament
