// What a Swiss pairing needs to know of each player before a round (C.04.1, C.04.3 A):
// scores with acceleration, colour history and preference, float history, bye
// eligibility, the players already met, and who is to be paired at all. Derived from the
// tournament as it stands after `rounds_played(t)` rounds.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// C.04.3 A.4: the float of a round, seen from the player.
enum class Float : std::uint8_t { Down, Up, None };

struct SwissPlayer {
  PlayerId id = 0;
  int rank = 0;            // pairing number - 1 among the players of the event (C.04.3 A.2)
  bool to_pair = false;    // no requested bye, not absent (XXZ, 240, `0000 - H|F|Z` next)
  Points score = 0;        // points after the rounds played
  Points accelerated = 0;  // score + the acceleration of the round to pair (C.04.7)
  // Scores 1 and 2 rounds back (accelerated as then), for the floats (C.04.3 A.4).
  Points accelerated_back[3] = {0, 0, 0};
  Float floats[3] = {Float::None, Float::None, Float::None};  // [1]: last round, [2]: before
  // Colours of the games played on the board, in order (forfeits give none: C.04.3 A.6).
  std::vector<Colour> colours;
  Colour preference = Colour::None;  // C.04.3 A.6
  int imbalance = 0;                 // |whites - blacks|
  Colour repeated = Colour::None;    // the colour of the last two games when they are alike
  bool strong = false;               // C.04.3 A.6.b
  bool bye_eligible = true;          // C.04.1 c: no point yet scored without playing (U, F, +)
  // Rounds with a result: games on the board, and rounds scored without playing (H, F, U,
  // a forfeit win). The others, absences (Z) and forfeit losses, are the "unplayed games"
  // the 2026 rules weigh when choosing the PAB assignee (the fewest get the bye).
  int played_games = 0;
  std::vector<PlayerId> met;  // opponents of games played on the board, and forbidden pairs

  [[nodiscard]] bool absolute_imbalance() const noexcept { return imbalance > 1; }
  // C.04.3 A.6.a: imbalance above 1, or the same colour in the last two games played.
  [[nodiscard]] bool absolute() const noexcept {
    return absolute_imbalance() || repeated != Colour::None;
  }
};

struct SwissState {
  int round = 0;                   // the round to pair
  int total_rounds = 0;            // 142 / XXR
  Colour initial = Colour::White;  // the colour of pairing number 1 in round 1
  bool initial_stated = false;     // from 152 / XXC or inferred from round 1 (else the default)
  PointSystem points;
  std::vector<SwissPlayer> players;  // every player of the file, by starting rank
};

// Round 1's colour of pairing number 1, when no 152 / XXC line states it (C.04.3 E.5 draws
// it by lot): from the first of rounds 1..played where colours were given, the first
// player paired by then (his colour, or the other one when his pairing number at the time
// was even). None when no colour was given yet.
[[nodiscard]] Colour infer_initial_colour(const Tournament& t, int played);

// The state before round rounds_played(t)+1. Errors: no round count (142/XXR), or the
// event is played out (kInvalidArgument).
[[nodiscard]] Result<SwissState> swiss_state(const Tournament& t);

}  // namespace arbiter::tournament
