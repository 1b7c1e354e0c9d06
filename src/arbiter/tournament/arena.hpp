// An arena (issue #18 item 2, docs/events.md "Arena"): lichess's kind of event, NOT a FIDE
// system. For a fixed time, whoever is waiting is paired at once with another waiting
// player near him in the ranking; a win scores 2, a draw 1, a loss 0, and two wins in a
// row put a player "on fire": his next games score double until one is not a win. The
// ranking is by points, then by performance. Values in, values out: the server's director
// (not yet written) calls these with the time passed in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::tournament {

// One finished game from one player's side, as the arena scored it.
struct ArenaScore {
  char outcome = 'L';    // 'W', 'D', 'L'
  int points = 0;        // 0, 1, 2, or doubled on fire (2, 4)
  bool on_fire = false;  // the game was played on fire (after two wins in a row)
  int opponent_rating = 0;
  friend bool operator==(const ArenaScore&, const ArenaScore&) = default;
};

// The points of a game with `outcome` ('W', 'D', 'L') for a player whose earlier games
// are `sheet`: 2/1/0, doubled when his last two games were wins and every game since the
// streak began was a win (he is on fire). A draw of fewer than `kArenaQuickDrawPlies`
// plies scores nothing (lichess: an early draw is no game).
inline constexpr int kArenaQuickDrawPlies = 20;
[[nodiscard]] ArenaScore arena_score(const std::vector<ArenaScore>& sheet, char outcome,
                                     int plies) noexcept;
// Whether a player with this sheet plays his next game on fire.
[[nodiscard]] bool on_fire(const std::vector<ArenaScore>& sheet) noexcept;

struct ArenaPlayer {
  std::int64_t account = 0;
  std::string name;
  int rating = 1500;
  bool paused = false;   // not paired until he comes back
  bool playing = false;  // in a game of the arena now
  std::int64_t waiting_since = 0;
  std::int64_t last_opponent = 0;  // not paired with him twice in a row
  int whites = 0;                  // games with White, against blacks: colours balanced
  int blacks = 0;
  std::vector<ArenaScore> sheet;
  [[nodiscard]] int points() const noexcept;
  friend bool operator==(const ArenaPlayer&, const ArenaPlayer&) = default;
};

struct ArenaPairing {
  std::int64_t white = 0;  // accounts
  std::int64_t black = 0;
  friend bool operator==(const ArenaPairing&, const ArenaPairing&) = default;
};

// Pairs the waiting players (not paused, not playing): ordered by points, then rating,
// then account, each is paired with the next one down who was not his last opponent (two
// last opponents meet again at once only when nobody else is in the arena, not paused).
// Nobody is paired before `min_wait_ms` after he began waiting unless another waits for
// him (lichess waits a few seconds so that more players can be matched by rank); a single
// waiting player waits. The colours go to the one who had fewer Whites, else the lower
// rated gets White.
[[nodiscard]] std::vector<ArenaPairing> pair_arena(const std::vector<ArenaPlayer>& players,
                                                   std::int64_t now, std::int64_t min_wait_ms);

// Records a finished game between `white` and `black` ("1-0", "0-1", "1/2-1/2"; a forfeit
// "+/-", "-/+", "-/-" as a win and a loss or two losses, scoring only the winner) with
// `plies` moves. Both become waiting at `now`. Errors: kInvalidArgument for an unknown
// player or result.
[[nodiscard]] Result<void> record_arena_game(std::vector<ArenaPlayer>& players, std::int64_t white,
                                             std::int64_t black, std::string_view result, int plies,
                                             std::int64_t now);

// A player's performance: the average of his opponents' ratings plus 400 x (wins -
// losses) / games (the linear rule lichess shows); nullopt without a game.
[[nodiscard]] std::optional<int> arena_performance(const ArenaPlayer& p) noexcept;
// The ranking: points, then the performance, then the rating, then the account;
// indexes into `players`.
[[nodiscard]] std::vector<std::size_t> arena_ranking(const std::vector<ArenaPlayer>& players);

}  // namespace arbiter::tournament
