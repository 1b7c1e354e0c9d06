// Points round by round, and the spec's "cut back to the first k rounds" (spec/
// tournaments.md, "Test data"): the state of an event before round k+1 was paired.
#pragma once

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// The last round any player has a game (or a pairing-allocated bye) in; 0 before round 1.
// A column after it can only hold byes requested for the round to be paired.
[[nodiscard]] int rounds_played(const Tournament& t);

// A player's points after round k (rounds 1..k) under `system`; rounds missing from the
// line count as nothing.
[[nodiscard]] Points points_after(const PointSystem& system, const Player& p, int k);

// Rounds 1..k kept, points recomputed, the next round's requested byes (`0000 - H|F|Z` in
// round k+1) kept, later rounds dropped; the round count (142, or XXR if the file uses it)
// stays or becomes the number of rounds of the full file. Errors: k < 0 or k > the rounds
// played (kInvalidArgument).
[[nodiscard]] Result<Tournament> cut_to_rounds(const Tournament& t, int k);

}  // namespace arbiter::tournament
