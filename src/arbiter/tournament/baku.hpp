// C.04.7 (C.04.5.1 before 2026): the Baku acceleration, when the file names it in its system
// code (`192 ..._BAKU`) and gives no acceleration lines of its own (`XXA`, `250`: those state
// the points and are used as they are).
//
// Before round 1 the players are split in two groups: GA, the first half of the list rounded
// up to an even number (2 * ceil(n / 4): 82 of 161 players), and GB, the rest. The last GA
// player stays the last GA player in later rounds: late entrants numbered before him join
// GA. The accelerated rounds are the first half of the event, rounded up; in the first half
// of those (rounded up) every GA player is paired with one virtual point more, in the rest
// with half a point (nine rounds: 1 point in rounds 1-3, ½ in rounds 4-5, none after). The
// method is defined for the 1/½/0 point system only.
#pragma once

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// The system code asks for Baku and no XXA / 250 line states points.
[[nodiscard]] bool default_baku(const Settings& s);

struct BakuAcceleration {
  PlayerId last_ga = 0;  // players numbered up to this one form GA
  int rounds = 0;        // of the event

  // Virtual points (tenths) of player `id` when round `round` is paired.
  [[nodiscard]] Points virtual_points(PlayerId id, int round) const;
};

// GA's size from the players of round 1: those with a round-1 entry other than an absence
// once round 1 is played, otherwise every player not marked absent for it. Errors: the point
// system is not 1/½/0, no round count.
[[nodiscard]] Result<BakuAcceleration> baku_acceleration(const Tournament& t, int played);

// 2 * ceil(n / 4): the number of GA players among n.
[[nodiscard]] int baku_group_a_size(int players);

}  // namespace arbiter::tournament
