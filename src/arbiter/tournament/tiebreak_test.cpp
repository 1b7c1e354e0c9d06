// Each tie-break on small events written by hand; every expected value is worked out in
// the comment beside it (C.07 article cited). Event A is a round robin (Article 15),
// event B a Swiss with a forfeit, a half-point bye, a withdrawal, a late entry and a
// pairing-allocated bye (Article 16, the March 2026 text).
#include "arbiter/tournament/tiebreak.hpp"

#include <gtest/gtest.h>

#include "arbiter/tournament/tiebreak_fixture.hpp"

namespace arbiter::tournament {
namespace {

using testing::event_a;
using testing::event_b;

std::vector<long long> values(const Tournament& t, const char* spec) {
  const EventView v = make_view(t, 3);
  std::vector<long long> out;
  for (const auto& x : compute_tiebreak(v, *parse_tiebreak(spec))) out.push_back(x.value);
  return out;
}

using V = std::vector<long long>;

TEST(TieBreakRoundRobin, SonnebornBergerArticle9_1) {
  // 1: beat 3 (1.5) + beat 4 (0.5) = 2.00; 2: beat 1 (2) + ½·1.5 + ½·0.5 = 3.00;
  // 3: ½·2 (2) + beat 4 (0.5) = 1.50; 4: ½·2 (2) = 1.00. Hundredths.
  EXPECT_EQ(values(event_a(), "SB"), (V{200, 300, 150, 100}));
}

TEST(TieBreakRoundRobin, WinsAndBlackArticle7) {
  EXPECT_EQ(values(event_a(), "WIN"), (V{2, 1, 1, 0}));
  EXPECT_EQ(values(event_a(), "WON"), (V{2, 1, 1, 0}));
  EXPECT_EQ(values(event_a(), "BPG"), (V{1, 1, 2, 2}));  // 1: R3; 2: R2; 3: R1 R2; 4: R1 R3
  EXPECT_EQ(values(event_a(), "BWG"), (V{1, 1, 1, 0}));
  EXPECT_EQ(values(event_a(), "REP"), (V{3, 3, 3, 3}));
}

TEST(TieBreakRoundRobin, ProgressiveScoreArticle7_5) {
  // 1: 1 + 1 + 2 = 4.0; 2: ½ + 1½ + 2 = 4.0; 3: ½ + 1½ + 1½ = 3.5; 4: 0 + 0 + ½ = 0.5.
  EXPECT_EQ(values(event_a(), "PS"), (V{40, 40, 35, 5}));
  // 14.1.1 c: Cut-1 leaves out the score after round 1: 3.0, 3.5, 3.0, 0.5.
  EXPECT_EQ(values(event_a(), "PS/C1"), (V{30, 35, 30, 5}));
}

TEST(TieBreakRoundRobin, KoyaArticle9_2) {
  // Half the maximum is 1.5: opponents 1, 2 (2.0) and 3 (1.5) count.
  // 1: 0 (v 2) + 1 (v 3) = 1.0; 2: 1 + ½ = 1.5; 3: 0 + ½ = 0.5; 4: 0 + ½ + 0 = 0.5.
  EXPECT_EQ(values(event_a(), "KS"), (V{10, 15, 5, 5}));
  // /L+0.5 raises the limit to 2.0: only 1 and 2 count. 1: 0; 2: 1; 3: ½; 4: ½.
  EXPECT_EQ(values(event_a(), "KS/L+0.5"), (V{0, 10, 5, 5}));
}

TEST(TieBreakRoundRobin, RatingsArticle10) {
  // ARO: 1: (2100+2300+2200)/3 = 2200; 2: 6600... (2200+2400+2100)/3 = 2233.3 → 2233;
  // 3: (2300+2100+2400)/3 = 2266.7 → 2267; 4: (2400+2200+2300)/3 = 2300.
  EXPECT_EQ(values(event_a(), "ARO"), (V{2200, 2233, 2267, 2300}));
  // ARO/C1 cuts the lowest rating: 1: (2300+2200)/2 = 2250; 2: (2200+2400)/2 = 2300;
  // 3: (2300+2400)/2 = 2350; 4: (2400+2300)/2 = 2350.
  EXPECT_EQ(values(event_a(), "ARO/C1"), (V{2250, 2300, 2350, 2350}));
  // TPR = ARO + dp(p), B.02 table 8.1a: 1: p = .67 → +125 = 2325; 2: 2233 + 125 = 2358;
  // 3: p = .50 → 2267; 4: p = .17 → −273 → 2027.
  EXPECT_EQ(values(event_a(), "TPR"), (V{2325, 2358, 2267, 2027}));
  // PTP of 1 (2 of 3 against 2100 2300 2200): at 2325 the differences 225, 25, 125 expect
  // .78 + .53 + .67 = 1.98; at 2326: 226, 26, 126 → .79 + .54 + .67 = 2.00. So 2326.
  // PTP of 4 (½ of 3 against 2400 2200 2300): at 2009: −391, −191, −291 → .09 + .25 + .15 =
  // .49; at 2010: −390, −190, −290 → .09 + .25 + .16 = .50. So 2010.
  const auto ptp = values(event_a(), "PTP");
  EXPECT_EQ(ptp[0], 2326);
  EXPECT_EQ(ptp[3], 2010);
  EXPECT_EQ(values(event_a(), "RTNG"), (V{2400, 2300, 2200, 2100}));
  EXPECT_EQ(values(event_a(), "TPN"), (V{1, 2, 3, 4}));
}

TEST(TieBreakRoundRobin, AverageOfOpponentsPerformance) {
  // APRO of 4: the TPRs of 1, 3, 2: (2325 + 2267 + 2358) / 3 = 2316.7 → 2317.
  EXPECT_EQ(values(event_a(), "APRO")[3], 2317);
}

TEST(TieBreakSwiss, AdjustedScoresArticle16_3) {
  const EventView v = make_view(event_b(), 3);
  // 3's forfeit win counts (16.2.2), 4's bye before a played round counts (16.2.3), 5's
  // absences after withdrawing are draws (16.2.5: ½ + ½ + ½), 7's late entry counts as 0
  // (16.2.3) and his bye as a win (16.2.1).
  EXPECT_EQ(v.adjusted, (std::vector<Points>{25, 15, 15, 10, 15, 5, 20}));
  EXPECT_EQ(v.score, (std::vector<Points>{25, 15, 15, 10, 5, 5, 20}));
  EXPECT_EQ(v.rounds_of[4][1].kind, RoundKind::ByeToTheEnd);
  EXPECT_EQ(v.rounds_of[3][1].kind, RoundKind::ByeThenPlayed);
  EXPECT_EQ(v.rounds_of[6][0].kind, RoundKind::ByeThenPlayed);
}

TEST(TieBreakSwiss, BuchholzWithDummiesArticle16_4) {
  // 1: 4 (1.0) + 3 (1.5) + 2 (1.5) = 4.0.
  // 2: 5 (1.5, adjusted) + 6 (0.5) + 1 (2.5) = 4.5.
  // 3: forfeit win, dummy min(own 1.5, 6's 0.5) = 0.5 (16.4.1) + 1 (2.5) + 7 (2.0) = 5.0.
  // 4: 1 (2.5) + bye, dummy min(1.0, ½·3 = 1.5) = 1.0 (16.4.2) + 6 (0.5) = 4.0.
  // 5: 2 (1.5) + two absences, dummy 0.5 each = 2.5.
  // 6: forfeit loss, dummy min(0.5, 3's 1.5) = 0.5 + 2 (1.5) + 4 (1.0) = 3.0.
  // 7: absent and bye, dummy min(2.0, 1.5) = 1.5 twice + 3 (1.5) = 4.5.
  EXPECT_EQ(values(event_b(), "BH"), (V{40, 45, 50, 40, 25, 30, 45}));
}

TEST(TieBreakSwiss, CutOneCutsAVoluntaryUnplayedRoundFirstArticle16_5) {
  // 1: cut 1.0 → 3.0; 2: cut 0.5 → 4.0; 3: no VUR (a forfeit win is none), cut 0.5 → 4.5.
  // 4: the bye (1.0) is a VUR not lower than the least value (0.5): it is cut → 2.5 + 0.5
  // = 3.0 (cutting the least value would give 3.5). 5: a 0.5 of a VUR → 2.0. 6: the forfeit
  // loss (0.5) → 2.5. 7: the absence (1.5) → 3.0.
  EXPECT_EQ(values(event_b(), "BH/C1"), (V{30, 40, 45, 30, 20, 25, 30}));
  // Cut-2 on 4: after the bye, no VUR is left; the least (0.5) goes → 2.5.
  // On 1: 1.0 and 1.5 go → 1.5.
  const auto c2 = values(event_b(), "BH/C2");
  EXPECT_EQ(c2[3], 25);
  EXPECT_EQ(c2[0], 15);
  // Median-1 on 2: 0.5 and 2.5 go → 1.5.
  EXPECT_EQ(values(event_b(), "BH/M1")[1], 15);
}

TEST(TieBreakSwiss, ForfeitsAsPlayedWithP) {
  // /P: 6's forfeit loss against 3 is a game against 3 (adjusted 1.5) instead of a dummy
  // (min(0.5, 1.5) = 0.5): BH/P of 6 = 1.5 + 1.5 + 1.0 = 4.0. It is no VUR then: BH/C1/P
  // cuts the least value, 1.0 → 3.0. SB/P of 6 is unchanged (the forfeit scored 0): 0.50.
  // 3's forfeit win counts 6's adjusted 0.5, as the dummy did: BH/P of 3 = 5.0.
  const auto bh = values(event_b(), "BH/P");
  EXPECT_EQ(bh[5], 40);
  EXPECT_EQ(bh[2], 50);
  EXPECT_EQ(values(event_b(), "BH/C1/P")[5], 30);
  EXPECT_EQ(values(event_b(), "SB/P")[5], 50);
}

TEST(TieBreakSwiss, SonnebornBergerWithDummiesArticle9_1And16) {
  // 1: 1.0·1 + 1.5·½ + 1.5·1 = 3.25. 2: 1.5·½ + 0.5·1 + 0 = 1.25.
  // 3: dummy 0.5·1 + 2.5·½ + 0 = 1.75. 4: 0 + dummy 1.0·½ + 0.5·½ = 0.75.
  // 5: 1.5·½ = 0.75. 6: 1.0·½ = 0.50. 7: 0 + dummy 1.5·1 + 1.5·1 = 3.00.
  EXPECT_EQ(values(event_b(), "SB"), (V{325, 125, 175, 75, 75, 50, 300}));
  // SB/C1 of 4: the least significant is the opponent with the lowest score (6, 0.25);
  // the lowest VUR contribution is the bye's 0.50; the higher of the two is cut → 0.25.
  // SB/C1 of 1: no VUR; 4 has the lowest score (1.0) → 3.25 − 1.00 = 2.25.
  const auto c1 = values(event_b(), "SB/C1");
  EXPECT_EQ(c1[3], 25);
  EXPECT_EQ(c1[0], 225);
}

TEST(TieBreakSwiss, ResultCountsArticle7) {
  // WIN counts the forfeit win of 3 and the pairing-allocated bye of 7.
  EXPECT_EQ(values(event_b(), "WIN"), (V{2, 1, 1, 0, 0, 0, 2}));
  EXPECT_EQ(values(event_b(), "WON"), (V{2, 1, 0, 0, 0, 0, 1}));
  // REP: the rounds that are not VURs (H, Z, forfeit losses).
  EXPECT_EQ(values(event_b(), "REP"), (V{3, 3, 3, 2, 1, 2, 2}));
  EXPECT_EQ(values(event_b(), "STD"), (V{25, 15, 15, 10, 5, 5, 20}));
  // PS of 1: 1 + 1.5 + 2.5 = 5.0; of 7: 0 + 1 + 2 = 3.0.
  EXPECT_EQ(values(event_b(), "PS")[0], 50);
  EXPECT_EQ(values(event_b(), "PS")[6], 30);
}

TEST(TieBreakSwiss, AverageOfOpponentsBuchholzArticle8_2) {
  // 1 met 4 (BH 4.0), 3 (5.0), 2 (4.5) over the board: 13.5 / 3 = 4.50.
  // 3 met 1 (4.0) and 7 (4.5) over the board (the forfeit does not count): 4.25.
  const auto aob = values(event_b(), "AOB");
  EXPECT_EQ(aob[0], 450);
  EXPECT_EQ(aob[2], 425);
}

TEST(TieBreakSwiss, ForeBuchholzArticle8_3) {
  // Round 3's games drawn: 1 2.0, 2 2.0, 3 2.0, 7 1.5 (4, 5, 6 unchanged).
  // FB of 1: 4 (1.0) + 3 (2.0) + 2 (2.0) = 5.0. FB of 7: dummies min(1.5, 1.5) twice + 3
  // (2.0) = 5.0. FB of 3: dummy min(2.0, 6's 0.5) + 1 (2.0) + 7 (1.5) = 4.0.
  const auto fb = values(event_b(), "FB");
  EXPECT_EQ(fb[0], 50);
  EXPECT_EQ(fb[6], 50);
  EXPECT_EQ(fb[2], 40);
}

TEST(TieBreakDirectEncounter, AllMetRanksByMutualPointsArticle6) {
  const EventView v = make_view(event_a(), 3);
  // 1 and 2: 2 beat 1.
  const std::vector<int> group{0, 1};
  EXPECT_EQ(direct_encounter_points(v, group, {TieBreakKind::DE}),
            (std::vector<TieBreakValue>{{0, 1}, {10, 1}}));
  const auto keys = direct_encounter_keys(v, group, {TieBreakKind::DE});
  EXPECT_GT(keys[1], keys[0]);
}

TEST(TieBreakDirectEncounter, NotAllMetSeparatesOnlyWhatUnplayedGamesCannotChange) {
  const EventView v = make_view(event_b(), 3);
  // {1, 2, 4}: 1 beat 4 and 2; 2 and 4 never met. 1 has 2.0, out of reach of 2 and 4 (at
  // most 0 + 1 each): 1 goes first; 2 and 4 have 0 each and stay tied.
  const auto keys = direct_encounter_keys(v, {0, 1, 3}, {TieBreakKind::DE});
  EXPECT_GT(keys[0], keys[1]);
  EXPECT_EQ(keys[1], keys[2]);
  // {2, 3, 7}: only 3-7 was played (7 won); 2 met neither. 7 has 1.0, but 2 could reach
  // 2.0: nobody is separated.
  const auto open = direct_encounter_keys(v, {1, 2, 6}, {TieBreakKind::DE});
  EXPECT_EQ(open[0], open[1]);
  EXPECT_EQ(open[1], open[2]);
  // {3, 6}: the forfeit is no encounter, unless /P counts it (3 then has 1.0).
  EXPECT_EQ(direct_encounter_keys(v, {2, 5}, {TieBreakKind::DE})[0],
            direct_encounter_keys(v, {2, 5}, {TieBreakKind::DE})[1]);
  TieBreakSpec p{TieBreakKind::DE};
  p.forfeits_as_played = true;
  const auto with_p = direct_encounter_keys(v, {2, 5}, p);
  EXPECT_GT(with_p[0], with_p[1]);
}

TEST(TieBreakDirectEncounter, AppliedAgainToThoseStillTied) {
  const EventView v = make_view(event_a(), 3);
  // All four: the mutual points are the scores, 1 and 2 tie on 2.0 (3 has 1.5, 4 0.5);
  // DE again between 1 and 2 alone: 2 beat 1. Indexes: player n is n - 1.
  EXPECT_EQ(direct_encounter_split(v, {0, 1, 2, 3}, {TieBreakKind::DE}),
            (std::vector<std::vector<int>>{{1}, {0}, {2}, {3}}));
  // 3 and 4 alone: 3 beat 4.
  EXPECT_EQ(direct_encounter_split(v, {3, 2}, {TieBreakKind::DE}),
            (std::vector<std::vector<int>>{{2}, {3}}));
}

TEST(TieBreakDirectEncounter, TwoOnTopWithGamesMissingStayTied) {
  const EventView v = make_view(event_b(), 3);
  // {1, 7}: never met, 0 each: DE cannot tell them apart.
  EXPECT_EQ(direct_encounter_split(v, {0, 6}, {TieBreakKind::DE}),
            (std::vector<std::vector<int>>{{0, 6}}));
}

TEST(TieBreakValueFormat, Decimals) {
  EXPECT_EQ(format_value({325, 2}), "3.25");
  EXPECT_EQ(format_value({5, 2}), "0.05");
  EXPECT_EQ(format_value({45, 1}), "4.5");
  EXPECT_EQ(format_value({2326, 0}), "2326");
  EXPECT_EQ(format_value({-5, 1}), "-0.5");
}

}  // namespace
}  // namespace arbiter::tournament
