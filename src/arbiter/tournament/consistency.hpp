// The rules a TRF must keep beyond its syntax (C.04 Annex 2 and spec/tournaments.md):
// starting ranks used once, opponents that exist, byes without opponents, games with
// both players' lines agreeing, at most one pairing-allocated bye a round, and points
// columns that match the results under the event's point system.
#pragma once

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// kTrfConsistency naming the line and column of the field that breaks the rule (for a
// pairing the two lines disagree on, the later line of the two).
[[nodiscard]] Result<void> check_consistency(const Tournament& t);

// The 1-based line of player index `index` (position in Tournament::players), or 0.
[[nodiscard]] int line_of_player(const Tournament& t, int index);

}  // namespace arbiter::tournament
