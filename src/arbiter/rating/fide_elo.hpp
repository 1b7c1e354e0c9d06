// The FIDE rating change of a rated player (Handbook B.02, the Rating Regulations in force
// since 1 March 2024, Article 8): for each game the rating difference D, counted as 400
// when it is more; the expected score PD read from table 8.1b (fide_tables.hpp); ΔR = score
// − PD; the change of the event K × ΣΔR, rounded to the nearest whole number with 0.5
// rounded up. K, the development coefficient, by the player's history and age. Scores are
// counted in half points and expectations in hundredths, so no sum is ever inexact.
#pragma once

#include <span>

#include "arbiter/base/error.hpp"

namespace arbiter::rating {

// Which rating list: standard, or rapid and blitz (whose K is 20 for every player).
enum class RatingList : unsigned char { Standard, RapidBlitz };

// What K depends on. A player's K is fixed at the start of the event.
struct KFactorInput {
  int rating = 0;                 // the published rating at the start of the event
  int rated_games = 30;           // rated games completed before the event
  bool under_18 = false;          // the event starts before their 18th birthday
  bool has_reached_2400 = false;  // a published rating of 2400 or more, ever
  RatingList list = RatingList::Standard;
};

// The development coefficient (B.02 Article 8.3.3 of the 2024 text):
//   40 for a player new to the list until they completed events with at least 30 games;
//   40 until the 18th birthday, as long as the rating remains under 2300;
//   20 as long as the rating remains under 2400;
//   10 once a published rating has reached 2400, even if it drops below later;
//   20 for everyone on the rapid and blitz lists.
[[nodiscard]] int k_factor(const KFactorInput& input) noexcept;

// The same article: when K × n, n the player's games in the rating period, exceeds 700,
// K is the largest whole number with K × n ≤ 700. games <= 0 leaves K as it is.
[[nodiscard]] int capped_k_factor(int k, int games) noexcept;

// One rated game of the player: the opponent's rating and the result in half points
// (2 win, 1 draw, 0 loss).
struct EloGame {
  int opponent_rating = 0;
  int half_points = 0;
};

struct EloChange {
  int games = 0;
  int half_points = 0;          // the score, in half points
  int expected_hundredths = 0;  // ΣPD, in hundredths of a point
  int k = 0;
  // K × ΣΔR exactly, in hundredths of a rating point (K × (score − ΣPD) with both in
  // hundredths, / 100).
  long long change_hundredths = 0;
  int change = 0;  // rounded: the nearest whole number, 0.5 up
};

// The change of a player rated `rating` after `games`, with coefficient `k`. Errors
// (kInvalidArgument, the field "games[i].…" or "k"): a rating or an opponent rating outside
// 0..4000, a result other than 0, 1 or 2 half points, k outside 1..100.
[[nodiscard]] Result<EloChange> elo_change(int rating, std::span<const EloGame> games, int k);

// The expected score PD, in hundredths, of a player rated `rating` against `opponent`, with
// the difference counted as 400 when it is more (B.02 Article 8).
[[nodiscard]] int expected_hundredths(int rating, int opponent) noexcept;

}  // namespace arbiter::rating
