#include "arbiter/analysis/win_chance.hpp"

#include <gtest/gtest.h>

#include "arbiter/engine/score.hpp"

namespace arbiter::analysis {
namespace {

using core::Color;

Evaluation cp(int v) { return Evaluation::centipawns(v); }

TEST(Evaluation, FromEngineTurnsScoresToWhitesView) {
  EXPECT_EQ(from_engine(35, Color::White), cp(35));
  EXPECT_EQ(from_engine(35, Color::Black), cp(-35));
  // Mate in 1 ply for the side to move is mate in 1 move; mated in 2 plies is the
  // opponent's mate in 1.
  EXPECT_EQ(from_engine(engine::mate_in(1), Color::White), Evaluation::mate(Color::White, 1));
  EXPECT_EQ(from_engine(engine::mate_in(5), Color::Black), Evaluation::mate(Color::Black, 3));
  EXPECT_EQ(from_engine(engine::mated_in(2), Color::White), Evaluation::mate(Color::Black, 1));
  EXPECT_EQ(from_engine(engine::mated_in(4), Color::Black), Evaluation::mate(Color::White, 2));
}

TEST(Evaluation, SignedMateAndEquality) {
  EXPECT_EQ(Evaluation::mate(Color::White, 3).signed_mate(), 3);
  EXPECT_EQ(Evaluation::mate(Color::Black, 3).signed_mate(), -3);
  EXPECT_EQ(cp(300).signed_mate(), 0);
  // A checkmate on the board: the winner tells them apart.
  EXPECT_NE(Evaluation::mate(Color::White, 0), Evaluation::mate(Color::Black, 0));
  EXPECT_NE(cp(3), Evaluation::mate(Color::White, 3));
}

TEST(Evaluation, CappedCentipawnsAndText) {
  EXPECT_EQ(capped_centipawns(cp(1500)), 1000);
  EXPECT_EQ(capped_centipawns(cp(-1001)), -1000);
  EXPECT_EQ(capped_centipawns(cp(-35)), -35);
  EXPECT_EQ(capped_centipawns(Evaluation::mate(Color::Black, 4)), -1000);
  EXPECT_EQ(capped_centipawns(Evaluation::mate(Color::White, 0)), 1000);
  EXPECT_EQ(describe(cp(35)), "0.35");
  EXPECT_EQ(describe(cp(-210)), "-2.10");
  EXPECT_EQ(describe(cp(-5)), "-0.05");
  EXPECT_EQ(describe(cp(1234)), "12.34");
  EXPECT_EQ(describe(Evaluation::mate(Color::Black, 3)), "Mate in 3");
  EXPECT_EQ(describe(Evaluation::mate(Color::White, 0)), "Checkmate");
}

// win% = 50 + 50·(2/(1 + e^(−0.00368208·cp)) − 1). At +1.00: e^−0.368208 = 0.69196,
// 2/1.69196 − 1 = 0.18205, so 59.10 %. At +3.00: e^−1.104624 = 0.33136, 0.50225 → 75.11 %.
// At +10.00: e^−3.68208 = 0.025167, 0.95089 → 97.54 %.
TEST(WinChance, LichessCurveByHand) {
  EXPECT_DOUBLE_EQ(win_chance(0), 50.0);
  EXPECT_NEAR(win_chance(100), 59.1026, 1e-4);
  EXPECT_NEAR(win_chance(300), 75.1126, 1e-4);
  EXPECT_NEAR(win_chance(-300), 24.8874, 1e-4);
  EXPECT_NEAR(win_chance(1000), 97.5447, 1e-4);
  EXPECT_NEAR(winning_chances(100), 0.182052, 1e-6);
}

TEST(WinChance, CappedAtTenPawnsAndMatesAtTheCap) {
  EXPECT_DOUBLE_EQ(win_chance(2000), win_chance(1000));
  EXPECT_DOUBLE_EQ(win_chance(-5000), win_chance(-1000));
  // lichess's fromMate: a mate is worth the cap, 97.54 %, not 100 %.
  EXPECT_DOUBLE_EQ(win_chance(Evaluation::mate(Color::White, 2)), win_chance(1000));
  EXPECT_DOUBLE_EQ(win_chance(Evaluation::mate(Color::Black, 0)), win_chance(-1000));
  // The uncapped curve goes on towards ±1.
  EXPECT_GT(winning_chances(2000), winning_chances(1000));
}

TEST(WinChance, FromEitherSide) {
  const Evaluation e = cp(300);
  EXPECT_NEAR(win_chance(e, Color::White), 75.1126, 1e-4);
  EXPECT_NEAR(win_chance(e, Color::Black), 24.8874, 1e-4);
}

TEST(Judge, ThresholdsAreTenTwentyThirtyHundredthsOfWinningChances) {
  // winning_chances(0) − winning_chances(x): −54 → 0.0991, −55 → 0.1009, −110 → 0.1998,
  // −111 → 0.2016, −168 → 0.2998, −169 → 0.3015.
  EXPECT_EQ(judge(cp(0), cp(-54), Color::White), Judgement::None);
  EXPECT_EQ(judge(cp(0), cp(-55), Color::White), Judgement::Inaccuracy);
  EXPECT_EQ(judge(cp(0), cp(-110), Color::White), Judgement::Inaccuracy);
  EXPECT_EQ(judge(cp(0), cp(-111), Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(cp(0), cp(-168), Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(cp(0), cp(-169), Color::White), Judgement::Blunder);
  // 0.35 → −2.10: 0.0643 − (−0.3684) = 0.433.
  EXPECT_EQ(judge(cp(35), cp(-210), Color::White), Judgement::Blunder);
}

TEST(Judge, FromBlacksSideTheSignTurns) {
  EXPECT_EQ(judge(cp(0), cp(169), Color::Black), Judgement::Blunder);
  EXPECT_EQ(judge(cp(0), cp(55), Color::Black), Judgement::Inaccuracy);
  // A move that improves the mover's position is never judged.
  EXPECT_EQ(judge(cp(0), cp(-400), Color::Black), Judgement::None);
  EXPECT_EQ(judge(cp(0), cp(400), Color::White), Judgement::None);
}

TEST(Judge, UsesTheUncappedCurveAsLilaDoes) {
  // +15.00 → +4.40: uncapped 0.9925 − 0.6701 = 0.322 (a blunder); with the ten-pawn cap it
  // would be 0.9509 − 0.6701 = 0.281 (a mistake).
  EXPECT_EQ(judge(cp(1500), cp(440), Color::White), Judgement::Blunder);
}

TEST(Judge, WalkingIntoAMate) {
  const Evaluation black_mates = Evaluation::mate(Color::Black, 3);
  EXPECT_EQ(judge(cp(-1000), black_mates, Color::White), Judgement::Inaccuracy);
  EXPECT_EQ(judge(cp(-999), black_mates, Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(cp(-701), black_mates, Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(cp(-700), black_mates, Color::White), Judgement::Blunder);
  EXPECT_EQ(judge(cp(50), black_mates, Color::White), Judgement::Blunder);
  EXPECT_EQ(judgement_reason(cp(50), black_mates, Color::White), "Checkmate is now unavoidable");
  // Black walking into White's mate.
  EXPECT_EQ(judge(cp(-50), Evaluation::mate(Color::White, 1), Color::Black), Judgement::Blunder);
}

TEST(Judge, LosingAMate) {
  const Evaluation white_mates = Evaluation::mate(Color::White, 2);
  EXPECT_EQ(judge(white_mates, cp(1000), Color::White), Judgement::Inaccuracy);
  EXPECT_EQ(judge(white_mates, cp(999), Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(white_mates, cp(701), Color::White), Judgement::Mistake);
  EXPECT_EQ(judge(white_mates, cp(700), Color::White), Judgement::Blunder);
  EXPECT_EQ(judge(white_mates, cp(0), Color::White), Judgement::Blunder);
  EXPECT_EQ(judge(white_mates, Evaluation::mate(Color::Black, 4), Color::White),
            Judgement::Blunder);
  EXPECT_EQ(judgement_reason(white_mates, cp(0), Color::White), "Lost forced checkmate sequence");
  // Black had the mate: −0.50 from Black's view is −50 → blunder.
  EXPECT_EQ(judge(Evaluation::mate(Color::Black, 2), cp(50), Color::Black), Judgement::Blunder);
}

TEST(Judge, OtherMateChangesAreNotJudged) {
  const Color w = Color::White;
  EXPECT_EQ(judge(Evaluation::mate(w, 2), Evaluation::mate(w, 5), w), Judgement::None);  // slower
  EXPECT_EQ(judge(Evaluation::mate(w, 1), Evaluation::mate(w, 0), w), Judgement::None);  // mates
  EXPECT_EQ(judge(cp(300), Evaluation::mate(w, 4), w), Judgement::None);  // finds one
  const Evaluation black_mates = Evaluation::mate(Color::Black, 3);
  EXPECT_EQ(judge(black_mates, Evaluation::mate(Color::Black, 2), w), Judgement::None);
  EXPECT_EQ(judge(black_mates, cp(-200), w), Judgement::None);  // escapes
  EXPECT_EQ(judgement_reason(black_mates, cp(-200), w), "");
}

TEST(Judge, ReasonNamesTheJudgement) {
  EXPECT_EQ(judgement_reason(cp(0), cp(-55), Color::White), "Inaccuracy");
  EXPECT_EQ(judgement_reason(cp(0), cp(-111), Color::White), "Mistake");
  EXPECT_EQ(judgement_reason(cp(0), cp(-169), Color::White), "Blunder");
  EXPECT_EQ(judgement_reason(cp(0), cp(-20), Color::White), "");
}

TEST(Judge, NagsAndNames) {
  EXPECT_EQ(nag_of(Judgement::Inaccuracy), 6);
  EXPECT_EQ(nag_of(Judgement::Mistake), 2);
  EXPECT_EQ(nag_of(Judgement::Blunder), 4);
  EXPECT_EQ(nag_of(Judgement::None), 0);
  for (const Judgement j :
       {Judgement::None, Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder}) {
    Judgement back = Judgement::Blunder;
    ASSERT_TRUE(parse_judgement(to_string(j), back));
    EXPECT_EQ(back, j);
  }
  Judgement j = Judgement::None;
  EXPECT_FALSE(parse_judgement("Blunder", j));
  EXPECT_FALSE(parse_judgement("", j));
}

}  // namespace
}  // namespace arbiter::analysis
