// A round robin event run by the Berger tables (C.05 Annex 1), from its TRF: which table
// the event follows, whether the rounds played followed it, and the next round's pairing.
#pragma once

#include <optional>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/berger.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

struct RoundRobinPlan {
  int players = 0;
  bool double_round_robin = false;
  std::vector<RoundPairing> rounds;  // the whole table, numbers = starting ranks
};

// The table for the event: its players must be numbered 1..N (kTrfConsistency at the
// first 001 line that is not). Double when the system code (192/092) names a double round
// robin or the round count (142/XXR) is 2(n-1); any other round count than n-1 or 2(n-1)
// is kTrfConsistency at its line. With the initial colour Black (152 B, XXC black1) every
// colour of the table is reversed.
[[nodiscard]] Result<RoundRobinPlan> round_robin_plan(const Tournament& t);

// One round played otherwise than the table says: the first player whose opponent differs.
struct RoundDifference {
  int round = 0;
  PlayerId player = 0;
  PlayerId table_opponent = 0;  // 0: a bye by the table
  PlayerId file_opponent = 0;   // 0: no opponent in the file
};

// Rounds 1..rounds_played(t) against the table (opponents; colours of games played on the
// board too). Empty when the file follows the table.
[[nodiscard]] std::vector<RoundDifference> round_robin_differences(const Tournament& t,
                                                                   const RoundRobinPlan& plan);

struct NextRound {
  int round = 0;
  RoundPairing boards;  // in table order, the bye left out
  PlayerId bye = 0;     // with an odd number of players: who has the bye (0: nobody)
};

// The round after the last one played, or nullopt when every round of the table is played.
[[nodiscard]] std::optional<NextRound> next_round(const Tournament& t, const RoundRobinPlan& plan);

}  // namespace arbiter::tournament
