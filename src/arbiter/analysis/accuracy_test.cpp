#include "arbiter/analysis/accuracy.hpp"

#include <gtest/gtest.h>

#include "arbiter/analysis/win_chance.hpp"

namespace arbiter::analysis {
namespace {

using core::Color;

std::vector<Evaluation> cps(std::initializer_list<int> values) {
  std::vector<Evaluation> out;
  for (const int v : values) out.push_back(Evaluation::centipawns(v));
  return out;
}

// 103.1668100711649·e^(−0.04354415386753951·drop) − 3.166924740191411 + 1:
// drop 5: 103.16681·0.80432 − 2.16692 = 80.815; drop 10: 103.16681·0.64695 − 2.16692 =
// 64.580; drop 20: 41.017; drop 80: 1.0002; drop 100: below 0, so 0.
TEST(MoveAccuracy, LichessCurveByHand) {
  EXPECT_DOUBLE_EQ(move_accuracy(50, 50), 100.0);
  EXPECT_DOUBLE_EQ(move_accuracy(60, 75), 100.0);  // nothing lost
  EXPECT_NEAR(move_accuracy(50, 45), 80.8153, 1e-4);
  EXPECT_NEAR(move_accuracy(50, 40), 64.5798, 1e-4);
  EXPECT_NEAR(move_accuracy(70, 50), 41.0168, 1e-4);
  EXPECT_NEAR(move_accuracy(90, 10), 1.0002, 1e-4);
  EXPECT_DOUBLE_EQ(move_accuracy(100, 0), 0.0);
  // Only the drop counts, not where it happens.
  EXPECT_DOUBLE_EQ(move_accuracy(97, 92), move_accuracy(50, 45));
}

// Four plies: +0.20, +0.30 (1. White), +0.30 (1... Black), −3.00 (2. White blunders),
// −2.80 (2... Black).
//  win% (White): 51.840, 52.759, 52.759, 24.887, 26.289.
//  Window w = clamp(4 / 10, 2, 8) = 2: the windows are the pairs of neighbours, and the
//  population deviation of a pair is half its difference: 0.459, 0, 13.936, 0.701, clamped
//  to [0.5, 12]: weights 0.5, 0.5, 12, 0.701.
//  White: 1. +0.9 points (nothing lost) → 100; 2. 52.759 → 24.887, drop 27.871 →
//  103.16681·e^(−1.21364) − 2.16692 = 28.486. Weighted mean (100·0.5 + 28.486·12) / 12.5 =
//  31.346; harmonic 2 / (1/100 + 1/28.486) = 44.341; accuracy (31.346 + 44.341) / 2 = 37.843.
//  Black: 1... nothing lost → 100; 2... 75.113 → 73.711 (Black's view), drop 1.402 → 94.890.
//  Weighted (100·0.5 + 94.890·0.701) / 1.201 = 97.018; harmonic 97.378; accuracy 97.198.
TEST(GameAccuracy, FourPliesByHand) {
  const GameAccuracy a = game_accuracy(cps({20, 30, 30, -300, -280}), Color::White);
  ASSERT_TRUE(a.white && a.black);
  EXPECT_NEAR(*a.white, 37.8433, 1e-3);
  EXPECT_NEAR(*a.black, 97.1980, 1e-3);
}

TEST(GameAccuracy, BlackMovingFirstSwapsTheSides) {
  // The same evaluations from a position with Black to move: ply 1 is Black's.
  const GameAccuracy a = game_accuracy(cps({-20, -30, -30, 300, 280}), Color::Black);
  ASSERT_TRUE(a.white && a.black);
  EXPECT_NEAR(*a.black, 37.8433, 1e-3);
  EXPECT_NEAR(*a.white, 97.1980, 1e-3);
}

TEST(GameAccuracy, NoMovesNoFigure) {
  EXPECT_FALSE(game_accuracy({}, Color::White).white);
  const GameAccuracy one = game_accuracy(cps({15}), Color::White);
  EXPECT_FALSE(one.white || one.black);
  const GameAccuracy single = game_accuracy(cps({15, 15}), Color::White);
  ASSERT_TRUE(single.white);
  EXPECT_DOUBLE_EQ(*single.white, 100.0);
  EXPECT_FALSE(single.black);
}

// lichess's own expectations for these games (AccuracyPercentTest), as a cross-check of
// the windows and weights on longer games (w = 2, then 3 from 30 plies).
TEST(GameAccuracy, LichessReferenceGames) {
  std::vector<Evaluation> perfect = cps({15});
  for (int i = 0; i < 20; ++i) perfect.push_back(Evaluation::centipawns(15));
  auto blunder = perfect;
  blunder.push_back(Evaluation::centipawns(-900));  // ply 21: White
  const GameAccuracy a = game_accuracy(blunder, Color::White);
  EXPECT_NEAR(*a.white, 50.0, 5.0);
  EXPECT_NEAR(*a.black, 100.0, 1.0);

  std::vector<Evaluation> average = cps({15});  // 50 moves a side losing 65 cp each
  for (int i = 0; i < 50; ++i)
    for (const int v : {-50, 15}) average.push_back(Evaluation::centipawns(v));
  const GameAccuracy b = game_accuracy(average, Color::White);
  EXPECT_NEAR(*b.white, 76.0, 8.0);
  EXPECT_NEAR(*b.black, 76.0, 8.0);
}

TEST(GameAccuracy, VolatilityWeightsTheBlunder) {
  // 30 plies (w = 3, one copy of the first window). The same single blunder counts for
  // more than its share of the moves: the accuracy falls well below the plain mean.
  std::vector<Evaluation> evals = cps({15});
  for (int i = 0; i < 29; ++i) evals.push_back(Evaluation::centipawns(15));
  evals.push_back(Evaluation::centipawns(-500));  // ply 30: Black's, a gain for Black
  evals[15] = Evaluation::centipawns(-400);       // ply 15: White drops four pawns
  evals[16] = Evaluation::centipawns(-400);
  const GameAccuracy a = game_accuracy(evals, Color::White);
  ASSERT_TRUE(a.white);
  // Plain mean of White's 15 move accuracies: 14 at 100 and one of about 13.
  const double drop = win_chance(15) - win_chance(-400);
  const double plain = (14 * 100.0 + move_accuracy(50 + drop, 50)) / 15;
  EXPECT_LT(*a.white, plain - 10);
}

TEST(GameAccuracy, MatesCountAtTheCap) {
  // +10.00 → mate for White: no loss (both are the cap), so 100.
  std::vector<Evaluation> evals = cps({1000, 1000});
  evals.push_back(Evaluation::mate(Color::White, 3));
  evals.push_back(Evaluation::mate(Color::White, 2));
  const GameAccuracy a = game_accuracy(evals, Color::White);
  EXPECT_DOUBLE_EQ(*a.white, 100.0);
  EXPECT_DOUBLE_EQ(*a.black, 100.0);
}

TEST(CentipawnLoss, ByHand) {
  const Evaluation e20 = Evaluation::centipawns(20);
  EXPECT_EQ(centipawn_loss(e20, Evaluation::centipawns(-300), Color::White), 320);
  EXPECT_EQ(centipawn_loss(e20, Evaluation::centipawns(90), Color::White), 0);
  EXPECT_EQ(centipawn_loss(e20, Evaluation::centipawns(90), Color::Black), 70);
  // Capped: +15.00 → +3.00 loses 700, not 1200; a mate is the cap.
  EXPECT_EQ(centipawn_loss(Evaluation::centipawns(1500), Evaluation::centipawns(300), Color::White),
            700);
  EXPECT_EQ(centipawn_loss(e20, Evaluation::mate(Color::Black, 1), Color::White), 1020);
}

TEST(CentipawnLoss, AveragePerSide) {
  // The four plies above: White loses 0 and 330 (mean 165), Black 0 and 20 (mean 10).
  const AverageLoss l = average_centipawn_loss(cps({20, 30, 30, -300, -280}), Color::White);
  EXPECT_EQ(l.white, 165);
  EXPECT_EQ(l.black, 10);
  // Rounded to the nearest: 1 and 2 → 1.5 → 2.
  const AverageLoss r = average_centipawn_loss(cps({0, -1, -1, -3}), Color::White);
  EXPECT_EQ(r.white, 2);
  EXPECT_EQ(r.black, 0);
  EXPECT_FALSE(average_centipawn_loss(cps({0}), Color::White).white);
}

}  // namespace
}  // namespace arbiter::analysis
