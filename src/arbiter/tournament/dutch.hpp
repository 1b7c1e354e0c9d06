// The FIDE (Dutch) System, C.04.3 as in force since 1 February 2026, with the basic rules
// of C.04.1: the pairing of the next round of a Swiss event from its TRF.
//
// The pairing is a sequence of maximum-weight matchings over all the players to pair, one
// bracket after the other from the top (C.04.3 B), each edge weight stating the criteria
// C1-C21 as fields from the most significant down (docs/tournament.md, "Dutch"), then the
// choices the rules leave to the order of the players (moved-down players, exchanges,
// transpositions: C.04.3 B.3-B.5) made one player at a time. Colours are allocated after
// the matching (C.04.3 E) and the boards ordered as C.04.3 A.9 says.
#pragma once

#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/berger.hpp"  // Board
#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/swiss_state.hpp"

namespace arbiter::tournament {

struct SwissPairing {
  int round = 0;
  std::vector<Board> boards;            // in board order (C.04.3 A.9)
  PlayerId bye = 0;                     // the pairing-allocated bye (C.04.1 c), 0: none
  bool initial_colour_assumed = false;  // no 152 / XXC and no colours yet: White assumed
};

// Pairs round rounds_played(t)+1. Errors: kInvalidArgument (no round count, the event is
// played out), kNoValidPairing (the absolute criteria C1-C3 cannot all hold; the message
// says which players could not be paired).
[[nodiscard]] Result<SwissPairing> pair_dutch(const Tournament& t);
[[nodiscard]] Result<SwissPairing> pair_dutch(const SwissState& state);

// C.04.3 E: the colours of two paired players, `a` first. Exposed for the tests.
[[nodiscard]] Board allocate_colours(const SwissState& state, const SwissPlayer& a,
                                     const SwissPlayer& b);

// C.04.3 A.9: the boards by the higher score of the pair, then the sum of the scores, then
// the higher-ranked player's pairing number; the bye is not a board.
void order_boards(const SwissState& state, std::vector<Board>& boards);

}  // namespace arbiter::tournament
