// How each round of each player counts in the tie-breaks: C.07 Article 15 (round robins)
// and Article 16 (Swiss, the March 2026 text). A round is a game played over the board or
// one of the unplayed categories of 16.2; the view holds each player's own score, the score
// his opponents see (16.3) and, for his own tie-breaks, the dummy opponent's score (16.4).
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

// C.07 Article 16.2 (and "a game played over the board").
enum class RoundKind : std::uint8_t {
  Played,         // 1 = 0 W D L: a game on the board
  AwardedBye,     // 16.2.1: pairing-allocated bye U, full-point bye F
  ForfeitWin,     // 16.2.2: +
  ByeThenPlayed,  // 16.2.3: H or Z (or absent) followed by a round that is not a VUR
  ForfeitLoss,    // 16.2.4: - (also a double forfeit)
  ByeToTheEnd,    // 16.2.5: H or Z followed only by VURs, or in the last round
};

struct RoundView {
  RoundKind kind = RoundKind::Played;
  PlayerId opponent = 0;  // the opponent on the board, or the scheduled one of a forfeit
  Colour colour = Colour::None;
  ResultCode result = ResultCode::ZeroBye;
  Points points = 0;  // awarded under the event's point system
  // 16.1.2: a voluntary unplayed round (a requested bye, an absence, a forfeit loss).
  [[nodiscard]] bool is_vur() const noexcept {
    return kind == RoundKind::ByeThenPlayed || kind == RoundKind::ForfeitLoss ||
           kind == RoundKind::ByeToTheEnd;
  }
  [[nodiscard]] bool is_forfeit() const noexcept {
    return kind == RoundKind::ForfeitWin || kind == RoundKind::ForfeitLoss;
  }
};

struct EventView {
  int rounds = 0;            // the rounds the tie-breaks look at (the rounds played)
  int scheduled_rounds = 0;  // the event's round count (142/XXR), else `rounds`: 16.4.2
  PointSystem system;
  bool round_robin = false;            // Article 15 rather than 16
  std::vector<const Player*> players;  // in file order; indexes below follow it
  std::map<PlayerId, int> index;
  std::vector<std::vector<RoundView>> rounds_of;  // [player][round - 1]
  std::vector<Points> score;                      // the player's own points
  std::vector<Points> adjusted;                   // 16.3: the score his opponents see

  [[nodiscard]] int index_of(PlayerId id) const;  // -1 when not in the event
  [[nodiscard]] int size() const noexcept { return static_cast<int>(players.size()); }
};

// A round robin (Article 15) when the 192 (or 092) system code names one; else a Swiss.
[[nodiscard]] bool is_round_robin(const Tournament& t);

// The view of the event after `rounds` rounds (rounds_played(t) for the final standings).
[[nodiscard]] EventView make_view(const Tournament& t, int rounds);

// Sorts the requested byes into 16.2.3 and 16.2.5 and computes `score` and `adjusted` from
// `rounds_of` (make_view calls it; FB calls it again on its changed copy).
void score_view(EventView& v);

// Whether round `r` (0-based) of player `i` counts as a game against a real opponent for
// the opponent-based tie-breaks (BH, SB, KS, AOB): a game over the board; in a round robin
// (15.2), or with /P (`forfeits_as_games`), a forfeit as well.
[[nodiscard]] bool counts_as_game(const EventView& v, int i, int r, bool forfeits_as_games = false);

// The opponent's score that round `r` of player `i` contributes to his BH and SB: the
// opponent's adjusted score (16.3) for a game; for an unplayed round of a Swiss, the dummy
// of 16.4: the player's own score, at most the scheduled opponent's adjusted score
// (forfeits, 16.4.1) or the draw points times the rounds (16.4.2). Round robins: a bye
// round contributes nothing (nullopt), a forfeit the opponent's score (15.2).
[[nodiscard]] std::optional<Points> opponent_score(const EventView& v, int i, int r,
                                                   bool forfeits_as_games = false);

}  // namespace arbiter::tournament
