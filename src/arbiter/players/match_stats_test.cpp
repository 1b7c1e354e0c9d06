#include "arbiter/players/match_stats.hpp"

#include <gtest/gtest.h>
#include <cmath>

namespace arbiter::players {
namespace {

TEST(MatchStats, EvenScoreIsZeroElo) {
  const auto e = estimate_elo(Wdl{10, 20, 10});
  EXPECT_DOUBLE_EQ(e.elo, 0.0);
  EXPECT_DOUBLE_EQ(e.draw_ratio, 0.5);
  EXPECT_GT(e.error, 0.0);
  EXPECT_LT(e.error, 200.0);
}

TEST(MatchStats, SeventyFivePercentIsAbout191Elo) {
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
}

TEST(MatchStats, ErrorBarShrinksWithMoreGames) {
  const auto few = estimate_elo(Wdl{6, 4, 4});
  const auto many = estimate_elo(Wdl{60, 40, 40});
  EXPECT_NEAR(few.elo, many.elo, 1e-9);
  EXPECT_LT(many.error, few.error);
  EXPECT_EQ(format_elo(estimate_elo(Wdl{3, 0, 0})), "+inf");
}

TEST(MatchStats, SprtAcceptsAClearWinnerAndRejectsAClearLoser) {
  const Sprt sprt{0, 10, 0.05, 0.05};
  EXPECT_EQ(sprt_decision(Wdl{600, 300, 100}, sprt), SprtDecision::AcceptH1);
  EXPECT_EQ(sprt_decision(Wdl{100, 300, 600}, sprt), SprtDecision::AcceptH0);
  EXPECT_EQ(sprt_decision(Wdl{2, 1, 1}, sprt), SprtDecision::Continue);
  EXPECT_NEAR(sprt_upper_bound(sprt), std::log(19.0), 1e-12);
}

}  // namespace
}  // namespace arbiter::players
