// The FIDE rating change (B.02 Article 8): K factors, the 700 cap, the 400-point rule and
// the rounding, on cases worked by hand from tables 8.1b.
#include "arbiter/rating/fide_elo.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter::rating {
namespace {

TEST(FideK, TheDevelopmentCoefficientOfArticle8_3_3) {
  EXPECT_EQ(k_factor({.rating = 1800, .rated_games = 12}), 40);  // new to the list
  EXPECT_EQ(k_factor({.rating = 2450, .rated_games = 29}), 40);  // still new
  EXPECT_EQ(k_factor({.rating = 2250, .under_18 = true}), 40);   // a junior under 2300
  EXPECT_EQ(k_factor({.rating = 2300, .under_18 = true}), 20);   // a junior at 2300
  EXPECT_EQ(k_factor({.rating = 2399}), 20);
  EXPECT_EQ(k_factor({.rating = 2400}), 10);
  EXPECT_EQ(k_factor({.rating = 2350, .has_reached_2400 = true}), 10);  // stays 10
  EXPECT_EQ(k_factor({.rating = 2700, .list = RatingList::RapidBlitz}), 20);
  EXPECT_EQ(k_factor({.rating = 1500, .rated_games = 3, .list = RatingList::RapidBlitz}), 20);
}

TEST(FideK, KTimesGamesIsCappedAt700) {
  EXPECT_EQ(capped_k_factor(40, 17), 40);  // 680
  EXPECT_EQ(capped_k_factor(40, 18), 38);  // 720 > 700: 38 × 18 = 684
  EXPECT_EQ(capped_k_factor(20, 35), 20);  // exactly 700
  EXPECT_EQ(capped_k_factor(20, 36), 19);
  EXPECT_EQ(capped_k_factor(10, 70), 10);
  EXPECT_EQ(capped_k_factor(10, 71), 9);
  EXPECT_EQ(capped_k_factor(20, 0), 20);
}

TEST(FideExpected, TheDifferenceCountsAsAtMost400) {
  EXPECT_EQ(expected_hundredths(2000, 2000), 50);
  EXPECT_EQ(expected_hundredths(2100, 2000), 64);  // D = 100: 99..106 → 0.64
  EXPECT_EQ(expected_hundredths(2000, 2100), 36);
  EXPECT_EQ(expected_hundredths(2400, 2000), 92);  // D = 400: 392..411 → 0.92
  EXPECT_EQ(expected_hundredths(2800, 2000), 92);  // D = 800 counts as 400
  EXPECT_EQ(expected_hundredths(1200, 2600), 8);
}

TEST(FideElo, ATournamentWorkedByHand) {
  // 2000 draws with 2100 (PD .36), beats 1900 (.64), loses to 2500 (D −500 counted as
  // −400: .08). Score 1.5, ΣPD 1.08, ΔR +0.42, K 20: +8.4 → +8.
  const std::vector<EloGame> games{{2100, 1}, {1900, 2}, {2500, 0}};
  auto out = elo_change(2000, games, 20);
  ASSERT_TRUE(out) << out.error().describe();
  EXPECT_EQ(out->games, 3);
  EXPECT_EQ(out->half_points, 3);
  EXPECT_EQ(out->expected_hundredths, 108);
  EXPECT_EQ(out->change_hundredths, 840);
  EXPECT_EQ(out->change, 8);
}

TEST(FideElo, HalfAPointOfChangeIsRoundedUpWhateverItsSign) {
  // Five draws against 2004 (PD .49 each): ΔR +0.05, K 10: +0.5 → +1.
  const std::vector<EloGame> up(5, EloGame{2004, 1});
  auto gain = elo_change(2000, up, 10);
  ASSERT_TRUE(gain);
  EXPECT_EQ(gain->change_hundredths, 50);
  EXPECT_EQ(gain->change, 1);
  // Five draws against 1996 (PD .51 each): ΔR −0.05, K 10: −0.5 → 0.
  const std::vector<EloGame> down(5, EloGame{1996, 1});
  auto loss = elo_change(2000, down, 10);
  ASSERT_TRUE(loss);
  EXPECT_EQ(loss->change_hundredths, -50);
  EXPECT_EQ(loss->change, 0);
  // −0.6 → −1, −1.5 → −1, −1.51 → −2.
  const std::vector<EloGame> six(6, EloGame{1996, 1});
  EXPECT_EQ(elo_change(2000, six, 10)->change, -1);
  const std::vector<EloGame> fifteen(15, EloGame{1996, 1});
  EXPECT_EQ(elo_change(2000, fifteen, 10)->change, -1);
}

TEST(FideElo, NoGamesNoChange) {
  auto out = elo_change(2200, {}, 20);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->games, 0);
  EXPECT_EQ(out->change, 0);
}

TEST(FideElo, BadInputNamesTheField) {
  const std::vector<EloGame> three_halves{{2000, 3}};
  auto bad_result = elo_change(2000, three_halves, 20);
  ASSERT_FALSE(bad_result);
  EXPECT_EQ(bad_result.error().where.field, "games[0].half_points");
  const std::vector<EloGame> bad_opponent{{2000, 1}, {-5, 1}};
  auto bad_rating = elo_change(2000, bad_opponent, 20);
  ASSERT_FALSE(bad_rating);
  EXPECT_EQ(bad_rating.error().where.field, "games[1].opponent_rating");
  EXPECT_EQ(elo_change(2000, {}, 0).error().where.field, "k");
  EXPECT_EQ(elo_change(5000, {}, 20).error().where.field, "rating");
}

}  // namespace
}  // namespace arbiter::rating
