// The checker of the pairing-program contract (spec/tournaments.md, `pair --dutch IN -c`):
// every round k+1 of an event re-paired by the Dutch engine from its rounds 1..k, and
// compared with the round the file records (pairs and colours, and the bye).
#pragma once

#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// One round that differs: what the engine pairs (or why it cannot) and what the file has.
struct DutchDifference {
  int round = 0;
  bool paired = false;    // false: the engine finds no valid pairing
  SwissPairing engine;    // when paired
  std::string why;        // when not paired: the engine's reason
  SwissPairing recorded;  // the file's round, boards in the engine's order
};

// The rounds of `t` that the Dutch rules would have paired otherwise (none: the file is
// clean). Round 1's colour, when the file does not state it, is taken from round 1 as
// played. Errors: a round cut that does not read (kInvalidArgument, with the round).
[[nodiscard]] Result<std::vector<DutchDifference>> check_dutch(const Tournament& t);

}  // namespace arbiter::tournament
