// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013; issue #17): a rating, its
// deviation (how uncertain the rating is) and its volatility (how erratic the player's
// results are), updated from the games of one rating period. The steps of the paper are
// numbered in glicko2.cpp. Values in, values out; no clock and no storage here.
//
// The server rates each game as a rating period of its own and grows the deviation with
// the days a player did not play, as lichess does; `kOnlineSettings` holds those choices
// (docs/rating.md).
#pragma once

#include <span>

#include "arbiter/base/error.hpp"

namespace arbiter::rating {

// On the Glicko scale (1500 is the mean of a new player): rating r, deviation RD, volatility σ.
struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;

  friend bool operator==(const Glicko2Rating&, const Glicko2Rating&) = default;
};

// One game of the rating period, from the rated player's side: the opponent's rating as it
// stood before the period, and the score (1 win, 0.5 draw, 0 loss).
struct Glicko2Game {
  Glicko2Rating opponent;
  double score = 0.0;
};

struct Glicko2Settings {
  // τ, the system constant that limits how fast the volatility changes (the paper suggests
  // 0.3..1.2; its example uses 0.5).
  double tau = 0.5;
  // The convergence tolerance of the volatility iteration (step 5, ε = 0.000001).
  double epsilon = 1e-6;
  // The deviation after an update is kept within [min_deviation, max_deviation]; the paper
  // has no bounds (0 and +inf); a site keeps a floor so that ratings keep moving.
  double min_deviation = 0.0;
  double max_deviation = 1e9;
  // A new player's rating.
  Glicko2Rating initial;
  // A rating whose deviation exceeds this is provisional (shown with a '?').
  double provisional_deviation = 110.0;
  // How many rating periods one day of inactivity counts for (idle()).
  double periods_per_day = 1.0;
};

// The settings of the paper's worked example: τ = 0.5, no bounds, new players 1500/350/0.06.
inline constexpr Glicko2Settings kPaperSettings{};

// The server's settings, those lichess publishes: τ = 0.75, new players 1500/500/0.09,
// the deviation kept within 45..500, provisional above 110, and 0.21436 rating periods
// for each idle day.
inline constexpr Glicko2Settings kOnlineSettings{
    .tau = 0.75,
    .epsilon = 1e-6,
    .min_deviation = 45.0,
    .max_deviation = 500.0,
    .initial = {1500.0, 500.0, 0.09},
    .provisional_deviation = 110.0,
    .periods_per_day = 0.21436,
};

// The player's rating after a rating period with `games` (steps 1-8 of the paper). With no
// games only the deviation grows (the paper's step for a player who did not compete).
// Errors (kInvalidArgument, field names the value): a rating, deviation or volatility that
// is not finite and positive (a rating may be any finite number), a score outside 0..1, or
// settings with τ or ε not positive.
[[nodiscard]] Result<Glicko2Rating> update(const Glicko2Rating& player,
                                           std::span<const Glicko2Game> games,
                                           const Glicko2Settings& settings = kPaperSettings);

// The rating after `days` without a game (days >= 0): the deviation grows as over
// days × periods_per_day empty rating periods, up to max_deviation. A negative or non-finite
// `days` is taken as 0.
[[nodiscard]] Glicko2Rating idle(const Glicko2Rating& player, double days,
                                 const Glicko2Settings& settings) noexcept;

// Whether the rating is still provisional under `settings`.
[[nodiscard]] bool is_provisional(const Glicko2Rating& player,
                                  const Glicko2Settings& settings) noexcept;

// The expected score of `player` against `opponent` (the E of step 3, with the opponent's
// deviation): what a game between them is worth before it is played.
[[nodiscard]] double expected_score(const Glicko2Rating& player,
                                    const Glicko2Rating& opponent) noexcept;

}  // namespace arbiter::rating
