// Round robin by the Berger tables (FIDE Handbook C.05, Annex 1).
//
// For n players (n even; with an odd number of players the table of n+1 is used and the
// highest number is the bye), round 1 pairs board b as b (White) against n+1-b. Each later
// round turns the table by n/2 places: the player facing n in round r is
// 1 + (r-1)·n/2 reduced to 1..n-1, and n has Black in odd rounds and White in even ones;
// on board b ≥ 2 White is b + (r-1)·n/2 and Black n+1-b + (r-1)·n/2, both reduced to
// 1..n-1. Thus in round r, i and j < n meet iff i + j ≡ r + 1 (mod n-1), and n meets the i
// with 2i ≡ r + 1 (mod n-1).
#pragma once

#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

struct Board {
  PlayerId white = 0;
  PlayerId black = 0;
  friend bool operator==(const Board&, const Board&) = default;
};

using RoundPairing = std::vector<Board>;

// The table size for `players` players: players rounded up to even.
[[nodiscard]] int berger_size(int players) noexcept;

// The n-1 rounds of the single round robin table for n = berger_size(players) numbers, in
// the table's board order. With an odd number of players, n is the bye.
// Errors: fewer than 2 players, more than 9998 (kInvalidArgument).
[[nodiscard]] Result<std::vector<RoundPairing>> berger_table(int players);

// Double round robin, 2(n-1) rounds: the first cycle with its last two rounds swapped
// (C.05 Annex 1 recommends it, so nobody has the same colour three times running at the
// turn), then the original table with every colour reversed.
[[nodiscard]] Result<std::vector<RoundPairing>> double_berger_table(int players);

}  // namespace arbiter::tournament
