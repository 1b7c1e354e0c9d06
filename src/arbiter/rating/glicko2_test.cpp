// Glicko-2: the worked example of Glickman's paper, then the properties a rating site
// relies on (a win never lowers a rating, two equal players move symmetrically, the bounds
// hold) and the refusals of bad input.
#include "arbiter/rating/glicko2.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace arbiter::rating {
namespace {

// "Example of the Glicko-2 system" (2013): a player rated 1500, RD 200, σ 0.06, τ = 0.5,
// beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300). The paper prints
// r' = 1464.06, RD' = 151.52, σ' = 0.05999 (from μ' = −0.2069 and φ' = 0.8722, rounded).
TEST(Glicko2, ThePapersWorkedExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<Glicko2Game> games{
      {{1400, 30, 0.06}, 1.0},
      {{1550, 100, 0.06}, 0.0},
      {{1700, 300, 0.06}, 0.0},
  };
  auto out = update(player, games, kPaperSettings);
  ASSERT_TRUE(out) << out.error().describe();
  EXPECT_NEAR(out->rating, 1464.06, 0.02);
  EXPECT_NEAR(out->deviation, 151.52, 0.01);
  // σ' is 0.0599960, which the paper prints cut to 0.05999.
  EXPECT_NEAR(out->volatility, 0.05999, 0.00001);
  // On the Glicko-2 scale, as the paper prints them.
  EXPECT_NEAR((out->rating - 1500) / 173.7178, -0.2069, 0.00005);
  EXPECT_NEAR(out->deviation / 173.7178, 0.8722, 0.00005);
}

TEST(Glicko2, APlayerWhoDidNotPlayOnlyBecomesLessCertain) {
  const Glicko2Rating player{1500, 200, 0.06};
  auto out = update(player, {}, kPaperSettings);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->rating, 1500);
  EXPECT_EQ(out->volatility, 0.06);
  // φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
  const double phi = 200 / 173.7178;
  EXPECT_NEAR(out->deviation, 173.7178 * std::sqrt(phi * phi + 0.06 * 0.06), 1e-9);
  EXPECT_GT(out->deviation, 200);
}

TEST(Glicko2, EqualPlayersMoveByTheSameAmountInOppositeDirections) {
  const Glicko2Rating a{1500, 350, 0.06};
  const Glicko2Rating b{1500, 350, 0.06};
  const std::vector<Glicko2Game> a_wins{{b, 1.0}};
  const std::vector<Glicko2Game> b_loses{{a, 0.0}};
  auto a2 = update(a, a_wins);
  auto b2 = update(b, b_loses);
  ASSERT_TRUE(a2 && b2);
  EXPECT_GT(a2->rating, 1500);
  EXPECT_NEAR(a2->rating - 1500, 1500 - b2->rating, 1e-9);
  EXPECT_NEAR(a2->deviation, b2->deviation, 1e-9);
  EXPECT_LT(a2->deviation, 350);  // a game makes the rating more certain
}

TEST(Glicko2, ADrawBetweenEqualPlayersLeavesTheRating) {
  const Glicko2Rating a{1720, 80, 0.06};
  const std::vector<Glicko2Game> draw{{a, 0.5}};
  auto out = update(a, draw);
  ASSERT_TRUE(out);
  EXPECT_NEAR(out->rating, 1720, 1e-9);
}

TEST(Glicko2, AWinNeverLowersAndALossNeverRaisesARating) {
  // Over a grid of opponents, including much weaker and much stronger ones.
  for (double opponent = 700; opponent <= 2900; opponent += 200) {
    for (double rd : {45.0, 150.0, 350.0}) {
      const Glicko2Rating player{1800, 120, 0.06};
      const std::vector<Glicko2Game> win{{{opponent, rd, 0.06}, 1.0}};
      const std::vector<Glicko2Game> loss{{{opponent, rd, 0.06}, 0.0}};
      auto after_win = update(player, win, kOnlineSettings);
      auto after_loss = update(player, loss, kOnlineSettings);
      ASSERT_TRUE(after_win && after_loss);
      EXPECT_GE(after_win->rating, player.rating) << opponent << " RD " << rd;
      EXPECT_LE(after_loss->rating, player.rating) << opponent << " RD " << rd;
    }
  }
}

TEST(Glicko2, TheOnlineSettingsKeepTheDeviationWithinItsBounds) {
  Glicko2Rating player = kOnlineSettings.initial;
  EXPECT_EQ(player.deviation, 500);
  EXPECT_TRUE(is_provisional(player, kOnlineSettings));
  const Glicko2Rating opponent{1500, 60, 0.06};
  for (int i = 0; i < 400; ++i) {
    const std::vector<Glicko2Game> game{{opponent, i % 2 == 0 ? 1.0 : 0.5}};
    auto next = update(player, game, kOnlineSettings);
    ASSERT_TRUE(next);
    player = *next;
    EXPECT_GE(player.deviation, 45.0);
    EXPECT_LE(player.deviation, 500.0);
  }
  EXPECT_FALSE(is_provisional(player, kOnlineSettings));
}

TEST(Glicko2, TheDeviationFloorIsReachedAndHeld) {
  Glicko2Settings settings = kOnlineSettings;
  settings.min_deviation = 100;
  Glicko2Rating player = settings.initial;
  const Glicko2Rating opponent{1500, 60, 0.06};
  for (int i = 0; i < 200; ++i) {
    const std::vector<Glicko2Game> game{{opponent, 0.5}};
    player = *update(player, game, settings);
  }
  EXPECT_NEAR(player.deviation, 100.0, 1e-9);
}

TEST(Glicko2, IdleDaysGrowTheDeviationUpToItsCeiling) {
  const Glicko2Rating player{1650, 60, 0.06};
  EXPECT_EQ(idle(player, 0, kOnlineSettings), player);
  EXPECT_EQ(idle(player, -3, kOnlineSettings), player);
  EXPECT_EQ(idle(player, std::numeric_limits<double>::quiet_NaN(), kOnlineSettings), player);
  const Glicko2Rating month = idle(player, 30, kOnlineSettings);
  const Glicko2Rating year = idle(player, 365, kOnlineSettings);
  EXPECT_EQ(month.rating, 1650);
  EXPECT_GT(month.deviation, 60);
  EXPECT_GT(year.deviation, month.deviation);
  // 30 days are 30 × 0.21436 rating periods: φ² grows by that many σ².
  const double phi = 60 / 173.7178;
  EXPECT_NEAR(month.deviation, 173.7178 * std::sqrt(phi * phi + 30 * 0.21436 * 0.0036), 1e-9);
  EXPECT_EQ(idle(player, 1e9, kOnlineSettings).deviation, 500);
}

TEST(Glicko2, ExpectedScoreIsAHalfBetweenEqualsAndGrowsWithTheGap) {
  const Glicko2Rating a{1500, 100, 0.06};
  EXPECT_DOUBLE_EQ(expected_score(a, a), 0.5);
  const Glicko2Rating stronger{1900, 100, 0.06};
  EXPECT_GT(expected_score(stronger, a), 0.5);
  EXPECT_NEAR(expected_score(stronger, a) + expected_score(a, stronger), 1.0, 1e-12);
}

struct BadGlicko {
  const char* name;
  Glicko2Rating player;
  Glicko2Game game;
  const char* field;
};

class Glicko2Refuses : public ::testing::TestWithParam<BadGlicko> {};

TEST_P(Glicko2Refuses, BadInputNamingTheField) {
  const BadGlicko& c = GetParam();
  const std::vector<Glicko2Game> games{c.game};
  auto out = update(c.player, games);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(out.error().where.field, c.field) << out.error().message;
}

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

INSTANTIATE_TEST_SUITE_P(
    Cases, Glicko2Refuses,
    ::testing::Values(
        BadGlicko{"ScoreAboveOne", {}, {{}, 1.5}, "games[0].score"},
        BadGlicko{"NegativeScore", {}, {{}, -0.5}, "games[0].score"},
        BadGlicko{"NanScore", {}, {{}, kNan}, "games[0].score"},
        BadGlicko{"ZeroDeviation", {1500, 0, 0.06}, {{}, 1}, "player.deviation"},
        BadGlicko{"InfiniteRating", {kInf, 200, 0.06}, {{}, 1}, "player.rating"},
        BadGlicko{"NegativeVolatility", {1500, 200, -0.1}, {{}, 1}, "player.volatility"},
        BadGlicko{
            "OpponentNanDeviation", {}, {{1500, kNan, 0.06}, 1}, "games[0].opponent.deviation"}),
    [](const auto& info_) { return std::string(info_.param.name); });

TEST(Glicko2, SettingsWithoutATauAreRefused) {
  Glicko2Settings settings;
  settings.tau = 0;
  auto out = update({}, {}, settings);
  ASSERT_FALSE(out);
  EXPECT_EQ(out.error().where.field, "tau");
}

}  // namespace
}  // namespace arbiter::rating
