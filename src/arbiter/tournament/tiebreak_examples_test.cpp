// The worked examples that FIDE publishes for its tie-break regulations (C.07), each rebuilt
// as an event and checked against the published value.
//
// Two sources:
// - "Exercises in Tie-Breaking" by IA Mario Held (FIDE Arbiters' Commission, Rev. 2403220900,
//   written for the C.07 text of 2023; https://arbiters.fide.com/news/9119), exercises 1-33
//   on three crosstables: a Swiss of 16 players and 5 rounds (exercises 1-13, 17-24, 27-33),
//   a round robin of 6 players (14-16, 26) and the Swiss continued to 9 rounds (25). The
//   crosstables and the printed answers were read through their transcription in the tests
//   of the FIDE TEC's TieBreakServer (github.com/OttoMilvang/TieBreakServer, files
//   tests/test_fide_held_individual_exercises.py and tests/fixtures/held_*.trf); the
//   comments work the values out from the crosstable.
// - The examples of unplayed rounds annexed to C.07 in the FIDE Arbiters' Manual 2026
//   (pp. 258-261: the Laxman example and Examples 01-06), read through their transcription in
//   github.com/20kevit/tiebreak-core (docs/FIDE_OFFICIAL_EXAMPLES.md,
//   tests/corpus/fide2026_unplayed.json). The Manual prints each value under the old rule and
//   under the March 2026 one; we check the latter. Only player 1's opponents' final scores are
//   printed there, so their other games are played against stand-ins outside the event.
//
// Held wrote for the 2023 text, whose dummy opponent (Article 16.4) had the player's own score
// without limit. The March 2026 text caps it: 16.4.1, at the scheduled opponent's adjusted
// score for a forfeit; 16.4.2, at the draw points times the rounds for other unplayed rounds.
// Where the cap changes one of Held's answers, the test asserts the 2026 value and its
// comment gives the printed one and the arithmetic of the difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/tiebreak.hpp"
#include "arbiter/tournament/tiebreak_fixture.hpp"

namespace arbiter::tournament {
namespace {

using testing::make_event;
using testing::Row;
using Table = std::map<PlayerId, std::string>;
using Ranks = std::map<PlayerId, int>;

// The value of `spec` for each player (or only those of `only`), written as C.07 prints it.
Table values(const Tournament& t, const char* spec, const std::vector<PlayerId>& only = {}) {
  const EventView v = make_view(t, rounds_played(t));
  const auto all = compute_tiebreak(v, *parse_tiebreak(spec));
  Table out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const PlayerId id = v.players[i]->id;
    if (only.empty() || std::find(only.begin(), only.end(), id) != only.end())
      out[id] = format_value(all[i]);
  }
  return out;
}

// The rank of each player after points and then direct encounter (Article 6), applied
// inside each group on equal points as compute_standings applies it; players it leaves
// tied share the rank of the first of them.
Ranks de_ranks(const Tournament& t) {
  const EventView v = make_view(t, rounds_played(t));
  std::map<Points, std::vector<int>, std::greater<>> groups;
  for (int i = 0; i < v.size(); ++i) groups[v.score[static_cast<std::size_t>(i)]].push_back(i);
  Ranks out;
  int rank = 1;
  for (const auto& group : groups) {
    for (const auto& part : direct_encounter_split(v, group.second, {TieBreakKind::DE})) {
      for (int i : part) out[v.players[static_cast<std::size_t>(i)]->id] = rank;
      rank += static_cast<int>(part.size());
    }
  }
  return out;
}

// Only the players named in `expected`.
Ranks de_ranks(const Tournament& t, const Ranks& expected) {
  const Ranks all = de_ranks(t);
  Ranks out;
  for (const auto& entry : expected) out[entry.first] = all.at(entry.first);
  return out;
}

// Held's Swiss: 16 players, 5 rounds. Player 4 has a half-point bye in round 2; 6 (round 3),
// 12 (round 2) and 9 (round 5) pairing-allocated byes; 9 a half-point bye in round 3 and a
// forfeit loss to 11 in round 4; 12 a forfeit win over 14 in round 3 and is absent in rounds
// 4 and 5; 14 is absent in round 4. Scores: 2 4.0; 1, 3, 4, 16 3.5; 6 3.0; 5, 8, 11 2.5;
// 12, 14, 15 2.0; 7, 9, 13 1.5; 10 1.0.
Tournament held_swiss() {
  return make_event({{1, 2200, "9w1 13b= 2w= 15b1 4w="},
                     {2, 2150, "10b1 7w1 1b= 16w1 3b="},
                     {3, 2100, "11w= 6b1 8w1 4b= 2w="},
                     {4, 2050, "12b1 0-H 13w1 3w= 1b="},
                     {5, 2000, "13w0 15b0 11w1 7b= 10w1"},
                     {6, 1950, "14b0 3w0 0-U 10w1 8b1"},
                     {7, 1900, "15w1 2b0 16b0 5w= 11b0"},
                     {8, 1850, "16b= 14w1 3b0 13w1 6w0"},
                     {9, 1800, "1b0 10w0 0-H 11b- 0-U"},
                     {10, 1750, "2w0 9b1 15w0 6b0 5b0"},
                     {11, 1700, "3b= 16w0 5b0 9w+ 7w1"},
                     {12, 1650, "4w0 0-U 14w+ 0-Z 0-Z"},
                     {13, 1600, "5b1 1w= 4b0 8b0 14w0"},
                     {14, 1550, "6w1 8b0 12b- 0-Z 13b1"},
                     {15, 1500, "7b0 5w1 10b1 1w0 16b0"},
                     {16, 1450, "8w= 11b1 7w1 2b0 15w1"}},
                    "FIDE_DUTCH_2025", 5);
}

// Held's Swiss continued to 9 rounds (with other ratings; only DE is checked on it). Scores:
// 3 6.5; 1, 2, 4, 6 6.0; 7, 8, 16 4.5; 5, 10, 14, 15 4.0; 11 3.5; 9, 12 3.0; 13 2.5.
Tournament held_swiss_9() {
  return make_event({{1, 2150, "9w1 13b= 2w= 15b1 4w= 6b= 3b= 16w= 8b1"},
                     {2, 2130, "10b1 7w1 1b= 16w1 3b1 4w= 6w0 15b= 5w="},
                     {3, 2200, "11w= 6b1 8w1 4b= 2w0 16b1 1w= 14w1 10b1"},
                     {4, 2110, "12b1 0-H 13w1 3w= 1b= 2b= 16w= 6b= 15w1"},
                     {5, 1890, "13w0 15b0 11w1 7b= 10w1 14b0 9b1 8w0 2b="},
                     {6, 2090, "14b0 3w0 0-U 10w1 8b1 1w= 2b1 4w= 16b1"},
                     {7, 1950, "15w1 2b0 16b0 5w= 11b0 10b0 13w1 9w1 14b1"},
                     {8, 1930, "16b= 14w1 3b0 13w1 6w0 11b= 15w= 5b1 1w0"},
                     {9, 1790, "1b0 10w0 0-H 11b- 0-U 13b1 5w0 7b0 12w="},
                     {10, 1870, "2w0 9b1 15w0 6b0 5b0 7w1 12b1 11w1 3w0"},
                     {11, 1810, "3b= 16w0 5b0 9w+ 7w1 8w= 14b0 10b0 13w="},
                     {12, 1770, "4w0 0-U 14w+ 0-Z 0-Z 15b0 10w0 13b= 9b="},
                     {13, 1750, "5b1 1w= 4b0 8b0 14w0 9w0 7b0 12w= 11b="},
                     {14, 1850, "6w1 8b0 12b- 0-Z 13b1 5w1 11w1 3b0 7w0"},
                     {15, 1830, "7b0 5w1 10b1 1w0 16b0 12w1 8b= 2w= 4b0"},
                     {16, 1910, "8w= 11b1 7w1 2b0 15w1 3w0 4b= 1b= 6w0"}},
                    "FIDE_DUTCH_2025", 9);
}

// Held's round robin: 6 players, 5 rounds; 6 wins by forfeit against 5 in round 4. Scores:
// 1, 2, 3 3.5; 4, 5, 6 1.5.
Tournament held_round_robin() {
  return make_event({{1, 2200, "5w= 2w1 3b1 4w0 6b1"},
                     {2, 2150, "6w1 1b0 5w1 3w= 4b1"},
                     {3, 2100, "4w1 6b1 1w0 2b= 5w1"},
                     {4, 2050, "3b0 5b0 6w= 1b1 2w0"},
                     {5, 1950, "1b= 4w1 2b0 6w- 3b0"},
                     {6, 2000, "2b0 3w0 4b= 5b+ 1w0"}},
                    "FIDE_ROUNDROBIN", 5);
}

// ---- Held, Buchholz (C.07 Article 8.1, unplayed rounds by Article 16) ----

TEST(C07Examples, Article8_1_BuchholzHeldExercise1) {
  // 2 met 10, 7, 1, 16, 3: 1.0 + 1.5 + 3.5 + 3.5 + 3.5 = 13.0.
  EXPECT_EQ(values(held_swiss(), "BH", {2}), (Table{{2, "13.0"}}));
}

TEST(C07Examples, Article8_1_BuchholzHeldExercise2) {
  // 1: 9 (1.5) + 13 (1.5) + 2 (4.0) + 15 (2.0) + 4 (3.5) = 12.5. 9's half-point bye is
  // followed (after a forfeit loss) by a pairing-allocated bye, not a VUR: 16.2.3, it counts
  // as its half point.
  // 3: 11 (2.5) + 6 (3.0, his bye counts as a win) + 8 (2.5) + 4 (3.5) + 2 (4.0) = 15.5.
  EXPECT_EQ(values(held_swiss(), "BH", {1, 3}), (Table{{1, "12.5"}, {3, "15.5"}}));
}

TEST(C07Examples, Article16_4_1_ForfeitWinDummyHeldExercise3) {
  // 5: 1.5 + 2.0 + 2.5 + 1.5 + 1.0 = 8.5; 8: 3.5 + 2.0 + 3.5 + 1.5 + 3.0 = 13.5.
  // 11 won by forfeit against 9, whose adjusted score is 1.5. Held (2023): a dummy with 11's
  // own 2.5, BH 3.5 + 3.5 + 2.5 + 2.5 + 1.5 = 13.5. March 2026 (16.4.1): the dummy is capped
  // at 1.5, BH 12.5.
  EXPECT_EQ(values(held_swiss(), "BH", {5, 8, 11}), (Table{{5, "8.5"}, {8, "13.5"}, {11, "12.5"}}));
}

TEST(C07Examples, Article16_4_2_HalfPointByeDummyHeldExercise4) {
  // 1 12.5, 3 15.5, 16: 2.5 + 2.5 + 1.5 + 4.0 + 2.0 = 12.5.
  // 4's half-point bye in round 2: 12 (3.0: his two closing absences count as draws, 16.3)
  // + dummy + 13 (1.5) + 3 (3.5) + 1 (3.5). Held (2023): dummy 3.5, BH 15.0. March 2026
  // (16.4.2): the dummy is capped at ½ × 5 rounds = 2.5, BH 14.0.
  EXPECT_EQ(values(held_swiss(), "BH", {1, 3, 4, 16}),
            (Table{{1, "12.5"}, {3, "15.5"}, {4, "14.0"}, {16, "12.5"}}));
}

TEST(C07Examples, Article14_1_BuchholzCut1HeldExercise5) {
  // The lowest value goes: 5 8.5 − 1.0 = 7.5; 8 13.5 − 1.5 = 12.0. 11 (no VUR: a forfeit
  // win is none) 12.5 − 1.5 = 11.0; Held prints 12.0 (13.5 − 1.5 with the uncapped dummy).
  EXPECT_EQ(values(held_swiss(), "BH/C1", {5, 8, 11}),
            (Table{{5, "7.5"}, {8, "12.0"}, {11, "11.0"}}));
}

TEST(C07Examples, Article16_5_1_Cut1OfAVurHeldExercise6) {
  // 7: 14.5 − 2.0 = 12.5; 13: 14.0 − 2.0 = 12.0. 9 (BH 9.0: 3.5, 1.0 and three dummies of
  // 1.5) has two VURs, the half-point bye and the forfeit loss, each contributing 1.5, not
  // lower than the least value (1.0): a VUR is cut, 9.0 − 1.5 = 7.5.
  EXPECT_EQ(values(held_swiss(), "BH/C1", {7, 9, 13}),
            (Table{{7, "12.5"}, {9, "7.5"}, {13, "12.0"}}));
}

TEST(C07Examples, Article16_5_1_Cut1OfAVurHeldExercise7) {
  // 1: 12.5 − 1.5 = 11.0; 3: 15.5 − 2.5 = 13.0; 16: 12.5 − 1.5 = 11.0. 4's half-point bye is
  // a VUR; its dummy (2.5 since 2026, 3.5 for Held) is not lower than the least value (13's
  // 1.5), so it is cut: 14.0 − 2.5 = 11.5 (Held: 15.0 − 3.5, the same 11.5).
  EXPECT_EQ(values(held_swiss(), "BH/C1", {1, 3, 4, 16}),
            (Table{{1, "11.0"}, {3, "13.0"}, {4, "11.5"}, {16, "11.0"}}));
}

TEST(C07Examples, Article16_5_1_Cut1OfAVurHeldExercise8) {
  // 12 (BH 11.5: 4's 3.5 and four dummies of 2.0, two of them the closing absences) cuts a
  // 2.0 of a VUR: 9.5. 14 (11.0) cuts the 2.0 of a VUR (the forfeit loss or the absence),
  // not 13's 1.5: 9.0. 15 has no VUR: 12.0 − 1.0 = 11.0.
  EXPECT_EQ(values(held_swiss(), "BH/C1", {12, 14, 15}),
            (Table{{12, "9.5"}, {14, "9.0"}, {15, "11.0"}}));
}

// ---- Held, Article 8.2 and 8.3 ----

TEST(C07Examples, Article8_2_AverageOfOpponentsBuchholzHeldExercise9) {
  // The BH of the opponents met over the board, averaged (two decimals, half up): 4 met 12,
  // 13, 3, 1: (11.5 + 14.0 + 15.5 + 12.5) / 4 = 13.375 → 13.38. Since 2026 three BHs are
  // lower (4 by 1.0, 6 by 0.5, 11 by 1.0, see exercises 3 and 4 and 6's pairing-allocated
  // bye, capped at 2.5), which moves ten of Held's averages: 1 12.60 → 12.40 (met 4),
  // 3 13.40 → 12.90 (met 11, 6, 4), 5 13.40 → 13.20, 7 11.90 → 11.70, 8 13.00 → 12.90,
  // 10 10.90 → 10.80, 12 15.00 → 14.00 (met only 4), 13 12.10 → 11.90, 14 13.17 → 13.00
  // (met 6, 8, 13 on the board), 16 13.30 → 13.10.
  const Table expected{{1, "12.40"},  {2, "13.60"},  {3, "12.90"},  {4, "13.38"},
                       {5, "13.20"},  {6, "13.25"},  {7, "11.70"},  {8, "12.90"},
                       {9, "12.75"},  {10, "10.80"}, {11, "12.75"}, {12, "14.00"},
                       {13, "11.90"}, {14, "13.00"}, {15, "12.20"}, {16, "13.10"}};
  EXPECT_EQ(values(held_swiss(), "AOB"), expected);
}

TEST(C07Examples, Article8_3_ForeBuchholzHeldExercise10) {
  // BH with every game of round 5 drawn. Three values change with the 2026 cap: 4's bye
  // dummy 3.5 → 2.5 (15.5 → 14.5); 11 (now 2.0) won by forfeit against 9 (adjusted 1.5):
  // dummy 2.0 → 1.5 (12.5 → 12.0); 12 (2.0) won by forfeit against 14 (now 1.5): dummy
  // 2.0 → 1.5 (11.5 → 11.0).
  const Table expected{{1, "13.5"},  {2, "13.5"},  {3, "15.0"},  {4, "14.5"},
                       {5, "10.0"},  {6, "12.0"},  {7, "13.5"},  {8, "12.5"},
                       {9, "9.5"},   {10, "12.5"}, {11, "12.0"}, {12, "11.0"},
                       {13, "13.5"}, {14, "10.5"}, {15, "12.0"}, {16, "13.5"}};
  EXPECT_EQ(values(held_swiss(), "FB"), expected);
}

// ---- Held, Sonneborn-Berger (Article 9.1) ----

TEST(C07Examples, Article9_1_SonnebornBergerHeldExercise11) {
  // 1: 1.5 + ½·1.5 + ½·4.0 + 2.0 + ½·3.5 = 8.00; 3: ½·2.5 + 3.0 + 2.5 + ½·3.5 + ½·4.0 =
  // 10.50; 16: ½·2.5 + 2.5 + 1.5 + 0 + 2.0 = 7.25. 4: 3.0 + ½·dummy + 1.5 + ½·3.5 + ½·3.5:
  // Held (dummy 3.5) 9.75, March 2026 (dummy 2.5) 9.25.
  EXPECT_EQ(values(held_swiss(), "SB", {1, 3, 4, 16}),
            (Table{{1, "8.00"}, {3, "10.50"}, {4, "9.25"}, {16, "7.25"}}));
}

TEST(C07Examples, Article9_1_SonnebornBergerHeldExercise12) {
  // Changed by the 2026 cap: 4 9.75 → 9.25 (exercise 11); 6's pairing-allocated bye, a win
  // against a dummy of 3.0 → 2.5: 6.50 → 6.00; 11's forfeit win, a dummy of 2.5 → 1.5: 5.75
  // → 4.75.
  const Table expected{{1, "8.00"},  {2, "9.50"},  {3, "10.50"}, {4, "9.25"},
                       {5, "4.25"},  {6, "6.00"},  {7, "3.25"},  {8, "5.25"},
                       {9, "2.25"},  {10, "1.50"}, {11, "4.75"}, {12, "4.00"},
                       {13, "4.25"}, {14, "4.50"}, {15, "3.50"}, {16, "7.25"}};
  EXPECT_EQ(values(held_swiss(), "SB"), expected);
}

TEST(C07Examples, Article14_1_1_SonnebornBergerCut1HeldExercise13) {
  // The contribution of the opponent with the lowest score goes (16: 7's 1.5, 7.25 → 5.75).
  // 4 (2026): the VUR's contribution (½ · 2.5 = 1.25) is lower than the least significant one
  // (13's 1.5), and 16.5.1 cuts the higher of the two: 9.25 − 1.5 = 7.75 (Held, with 1.75
  // for the VUR: 9.75 − 1.75 = 8.00). 6: 6.00 − 1.0 (10) = 5.00 (Held 5.50). 11: 4.75 − 1.5
  // = 3.25 (Held 5.75 − 1.5 = 4.25).
  const Table expected{{1, "7.25"},  {2, "8.50"},  {3, "9.25"},  {4, "7.75"},
                       {5, "3.25"},  {6, "5.00"},  {7, "1.25"},  {8, "3.75"},
                       {9, "2.25"},  {10, "0.00"}, {11, "3.25"}, {12, "4.00"},
                       {13, "4.25"}, {14, "3.00"}, {15, "2.50"}, {16, "5.75"}};
  EXPECT_EQ(values(held_swiss(), "SB/C1"), expected);
}

// ---- Held, the round robin (Articles 9.1, 9.2, 15) ----

TEST(C07Examples, Article9_1_SonnebornBergerRoundRobinHeldExercise14) {
  // 15.2: 6's forfeit win over 5 is a game won (6: ½·1.5 + 1.5 = 2.25).
  // 1: ½·1.5 + 3.5 + 3.5 + 0 + 1.5 = 9.25.
  const Table expected{{1, "9.25"}, {2, "6.25"}, {3, "6.25"},
                       {4, "4.25"}, {5, "3.25"}, {6, "2.25"}};
  EXPECT_EQ(values(held_round_robin(), "SB"), expected);
}

TEST(C07Examples, Article14_1_1_SonnebornBergerCut1RoundRobinHeldExercise15) {
  // Among the opponents with the lowest score (1.5) the lowest contribution goes: 1 cuts
  // the loss to 4 (0): 9.25; 2 cuts one win of 1.5: 4.75; 6 cuts the draw with 4 (0.75):
  // 2.25 − 0.75 = 1.50.
  const Table expected{{1, "9.25"}, {2, "4.75"}, {3, "4.75"},
                       {4, "4.25"}, {5, "3.25"}, {6, "1.50"}};
  EXPECT_EQ(values(held_round_robin(), "SB/C1"), expected);
}

TEST(C07Examples, Article9_2_KoyaHeldExercise16) {
  // Half the maximum is 2.5: the games against 1, 2 and 3 (3.5 each) count.
  const Table expected{{1, "2.0"}, {2, "0.5"}, {3, "0.5"}, {4, "1.0"}, {5, "0.5"}, {6, "0.0"}};
  EXPECT_EQ(values(held_round_robin(), "KS"), expected);
}

// ---- Held, ratings (Article 10) ----

TEST(C07Examples, Article10_1_AverageRatingOfOpponentsHeldExercise17) {
  // Games over the board only, rounded half up: 4 met 1650, 1600, 2100, 2200: 1887.5 → 1888.
  const Table expected{{1, "1820"},  {2, "1880"},  {3, "1940"},  {4, "1888"},
                       {5, "1690"},  {6, "1813"},  {7, "1760"},  {8, "1730"},
                       {9, "1975"},  {10, "1880"}, {11, "1863"}, {12, "2050"},
                       {13, "1930"}, {14, "1800"}, {15, "1860"}, {16, "1820"}};
  EXPECT_EQ(values(held_swiss(), "ARO"), expected);
}

TEST(C07Examples, Article10_1_AverageRatingOfOpponentsCut1HeldExercise18) {
  // The lowest rating goes: 9 met 2200 and 1750 → 2200. 12 played one game on the board:
  // nothing is left after the cut, which Held prints as no value and we as 0.
  const Table expected{{1, "1900"},  {2, "1988"},  {3, "2000"},  {4, "1983"},
                       {5, "1738"},  {6, "1900"},  {7, "1838"},  {8, "1800"},
                       {9, "2200"},  {10, "1975"}, {11, "2000"}, {12, "0"},
                       {13, "2025"}, {14, "1900"}, {15, "1963"}, {16, "1900"}};
  EXPECT_EQ(values(held_swiss(), "ARO/C1"), expected);
}

TEST(C07Examples, Article10_2_TournamentPerformanceRatingHeldExercise19) {
  // 2: ARO 1880, 4 of 5 (p = .80, dp 240) → 2120. 6: games on the board only, 2 of 4
  // (p = .50, dp 0) → 1813 + 0. 12: one loss (p = 0, dp −800): 2050 − 800 = 1250.
  EXPECT_EQ(values(held_swiss(), "TPR", {2, 6, 12}),
            (Table{{2, "2120"}, {6, "1813"}, {12, "1250"}}));
}

TEST(C07Examples, Article10_2_TournamentPerformanceRatingHeldExercise20) {
  // 11: ARO 1863, 1.5 of 4 on the board, p = .375 rounded to .38, dp −87 → 1776.
  const Table expected{{1, "1969"},  {2, "2120"},  {3, "2089"},  {4, "2081"},
                       {5, "1690"},  {6, "1813"},  {7, "1611"},  {8, "1730"},
                       {9, "1175"},  {10, "1640"}, {11, "1776"}, {12, "1250"},
                       {13, "1781"}, {14, "1925"}, {15, "1788"}, {16, "1969"}};
  EXPECT_EQ(values(held_swiss(), "TPR"), expected);
}

TEST(C07Examples, Article10_4_AveragePerformanceRatingOfOpponentsHeldExercise21) {
  // 1: the TPRs of 9, 13, 2, 15, 4: (1175 + 1781 + 2120 + 1788 + 2081) / 5 = 1789.
  // 4: 12, 13, 3, 1: (1250 + 1781 + 2089 + 1969) / 4 = 1772.25 → 1772.
  EXPECT_EQ(values(held_swiss(), "APRO", {1, 3, 4, 16}),
            (Table{{1, "1789"}, {3, "1904"}, {4, "1772"}, {16, "1805"}}));
}

TEST(C07Examples, Article10_3_PerfectTournamentPerformanceHeldExercise22) {
  // 3 scored 3.5 against 1700, 1950, 1850, 2050, 2150: the lowest rating that expects 3.5.
  EXPECT_EQ(values(held_swiss(), "PTP", {3}), (Table{{3, "2112"}}));
}

// ---- Held, direct encounter (Article 6) ----

TEST(C07Examples, Article6_DirectEncounterNotAllMetHeldExercise23) {
  // 1, 3, 4, 16 (3.5): only 1-4 and 3-4 were played (both drawn). 4 leads with 1.0, but 1
  // and 3 could still reach it with the games they did not play: nobody is separated; all
  // four share rank 2 (2 is first with 4.0).
  const Ranks expected{{1, 2}, {3, 2}, {4, 2}, {16, 2}};
  EXPECT_EQ(de_ranks(held_swiss(), expected), expected);
}

TEST(C07Examples, Article6_DirectEncounterNotAllMetHeldExercise24) {
  // 5, 8, 11 (2.5): only 5 beat 11; 8 met neither and could still reach 5's point: all
  // three share rank 7.
  const Ranks expected{{5, 7}, {8, 7}, {11, 7}};
  EXPECT_EQ(de_ranks(held_swiss(), expected), expected);
}

TEST(C07Examples, Article6_DirectEncounterHeldExercise25) {
  // After 9 rounds. 6.0: 1, 2, 4, 6 all met: mutual points 6 2.0, 1 1.5, 4 1.5, 2 1.0; 1 and
  // 4 drew: 6 rank 2, 1 and 4 rank 3, 2 rank 5. 4.5: 16 leads 7 and 8 with 1.5, but 8 (0.5,
  // did not meet 7) could reach it: 7, 8, 16 share rank 6. 4.0: 15 leads with 2.0, 14 could
  // reach it: 5, 10, 14, 15 share rank 9. 3.0: 9 and 12 drew: rank 14.
  const Ranks expected{{1, 3},  {2, 5},  {3, 1},   {4, 3},   {5, 9},   {6, 2},  {7, 6},  {8, 6},
                       {9, 14}, {10, 9}, {11, 13}, {12, 14}, {13, 16}, {14, 9}, {15, 9}, {16, 6}};
  EXPECT_EQ(de_ranks(held_swiss_9()), expected);
}

TEST(C07Examples, Article6_DirectEncounterRoundRobinHeldExercise26) {
  // 3.5: 1 beat 2 and 3, who drew: 1 rank 1, 2 and 3 rank 2. 1.5: 6 drew with 4 and won by
  // forfeit against 5 (a regular game in a round robin, 15.2): 1.5; 5 beat 4: 1.0; 4 0.5:
  // 6 rank 4, 5 rank 5, 4 rank 6.
  const Ranks expected{{1, 1}, {2, 2}, {3, 2}, {4, 6}, {5, 5}, {6, 4}};
  EXPECT_EQ(de_ranks(held_round_robin()), expected);
}

// ---- Held, the player's own results (Article 7) ----

TEST(C07Examples, Article7_1_WinsHeldExercise27) {
  // Rounds that gave a win's points, played or not: 6 has a pairing-allocated bye, 9 one,
  // 11 a forfeit win, 12 both.
  const Table expected{{1, "2"},  {2, "3"},  {3, "2"},  {4, "2"},  {5, "2"},  {6, "3"},
                       {7, "1"},  {8, "2"},  {9, "1"},  {10, "1"}, {11, "2"}, {12, "2"},
                       {13, "1"}, {14, "2"}, {15, "2"}, {16, "3"}};
  EXPECT_EQ(values(held_swiss(), "WIN"), expected);
}

TEST(C07Examples, Article7_2_GamesWonHeldExercise28) {
  const Table expected{{1, "2"},  {2, "3"},  {3, "2"},  {4, "2"},  {5, "2"},  {6, "2"},
                       {7, "1"},  {8, "2"},  {9, "0"},  {10, "1"}, {11, "1"}, {12, "0"},
                       {13, "1"}, {14, "2"}, {15, "2"}, {16, "3"}};
  EXPECT_EQ(values(held_swiss(), "WON"), expected);
}

TEST(C07Examples, Article7_3_GamesPlayedWithBlackHeldExercise29) {
  // Over the board only: 9's and 14's forfeit losses with Black do not count.
  const Table expected{{1, "2"},  {2, "3"},  {3, "2"},  {4, "2"},  {5, "2"},  {6, "2"},
                       {7, "3"},  {8, "2"},  {9, "1"},  {10, "3"}, {11, "2"}, {12, "0"},
                       {13, "3"}, {14, "2"}, {15, "3"}, {16, "2"}};
  EXPECT_EQ(values(held_swiss(), "BPG"), expected);
}

TEST(C07Examples, Article7_4_GamesWonWithBlackHeldExercise30) {
  const Table expected{{1, "1"},  {2, "1"},  {3, "1"},  {4, "1"},  {5, "0"},  {6, "1"},
                       {7, "0"},  {8, "0"},  {9, "0"},  {10, "1"}, {11, "0"}, {12, "0"},
                       {13, "1"}, {14, "1"}, {15, "1"}, {16, "1"}};
  EXPECT_EQ(values(held_swiss(), "BWG"), expected);
}

TEST(C07Examples, Article7_6_RoundsElectedToPlayHeldExercise31) {
  // Held's GE, REP since 2026: the rounds less the requested byes and forfeit losses
  // (4: 5 − 1; 9: 5 − 2; 12: 5 − 2 absences; 14: 5 − 2).
  const Table expected{{1, "5"},  {2, "5"},  {3, "5"},  {4, "4"},  {5, "5"},  {6, "5"},
                       {7, "5"},  {8, "5"},  {9, "3"},  {10, "5"}, {11, "5"}, {12, "3"},
                       {13, "5"}, {14, "3"}, {15, "5"}, {16, "5"}};
  EXPECT_EQ(values(held_swiss(), "REP"), expected);
}

TEST(C07Examples, Article7_5_ProgressiveScoreHeldExercise32) {
  // 1: 1 + 1.5 + 2 + 3 + 3.5 = 11.0; 4 (half-point bye in round 2): 1 + 1.5 + 2.5 + 3 + 3.5.
  const Table expected{{1, "11.0"}, {2, "13.0"}, {3, "11.0"}, {4, "11.5"}, {5, "5.0"},  {6, "6.0"},
                       {7, "6.0"},  {8, "8.5"},  {9, "2.5"},  {10, "4.0"}, {11, "5.5"}, {12, "7.0"},
                       {13, "7.0"}, {14, "6.0"}, {15, "7.0"}, {16, "10.5"}};
  EXPECT_EQ(values(held_swiss(), "PS"), expected);
}

TEST(C07Examples, Article14_1_1_ProgressiveScoreCut1HeldExercise33) {
  // The score after round 1 goes (1: 11.0 − 1 = 10.0; 16: 10.5 − 0.5 = 10.0).
  const Table expected{{1, "10.0"}, {2, "12.0"}, {3, "10.5"}, {4, "10.5"}, {5, "5.0"},  {6, "6.0"},
                       {7, "5.0"},  {8, "8.0"},  {9, "2.5"},  {10, "4.0"}, {11, "5.0"}, {12, "7.0"},
                       {13, "6.0"}, {14, "5.0"}, {15, "7.0"}, {16, "10.0"}};
  EXPECT_EQ(values(held_swiss(), "PS/C1"), expected);
}

// ---- The Arbiters' Manual 2026, unplayed rounds (Article 16) ----

// An opponent of player 1, met in round `round` (`game` is his own token for it, e.g.
// "1b0"), whose other rounds are games against stand-ins outside the event (id 99): won
// first, then one drawn if a half point is left, then lost, so that his final score is
// `score` (tenths). Only that score matters to player 1's tie-breaks.
Row opponent(PlayerId id, int rounds, int round, const std::string& game, Points score) {
  Points left = score - PointSystem{}.points_for(*parse_result(game.back()));
  std::string line;
  for (int r = 1; r <= rounds; ++r) {
    std::string token = "99w0";
    if (r == round) {
      token = game;
    } else if (left >= 10) {
      token = "99w1";
      left -= 10;
    } else if (left == 5) {
      token = "99w=";
      left = 0;
    }
    line += (line.empty() ? "" : " ") + token;
  }
  return {id, 0, line};
}

// Player 1 with `line`, and his opponents; `rounds` rounds.
Tournament with_opponents(const std::string& line, const std::vector<Row>& opponents, int rounds) {
  std::vector<Row> rows(opponents.size() + 1);
  rows[0] = Row{1, 0, line};
  std::copy(opponents.begin(), opponents.end(), rows.begin() + 1);
  return make_event(rows, "FIDE_DUTCH_2025", rounds);
}

TEST(C07Examples, Article16_4_2_DummyOfAOneRoundAbsenceLaxman) {
  // Laxman, 1st SOA International Grandmasters 2024: 7.0 of 10, absent in round 4 (a
  // zero-point requested bye followed by played rounds: 16.2.3, a VUR). Opponents' scores by
  // round: 5.0 (won), 5.0 (won), 6.5 (lost), –, 4.5 (won), 6.0 (drawn), 5.0 (won), 6.5
  // (drawn), 5.5 (won), 6.0 (won); they sum to 50.
  const Tournament t =
      with_opponents("11w1 12b1 13w0 0-Z 15b1 16w= 17b1 18w= 19b1 20w1",
                     {opponent(11, 10, 1, "1b0", 50), opponent(12, 10, 2, "1w0", 50),
                      opponent(13, 10, 3, "1b1", 65), opponent(15, 10, 5, "1w0", 45),
                      opponent(16, 10, 6, "1b=", 60), opponent(17, 10, 7, "1w0", 50),
                      opponent(18, 10, 8, "1b=", 65), opponent(19, 10, 9, "1w0", 55),
                      opponent(20, 10, 10, "1b0", 60)},
                     10);
  // BH: the dummy has 7.0 capped at ½ × 10 = 5.0 (16.4.2): 50 + 5 = 55 (the old rule: 57).
  EXPECT_EQ(values(t, "BH", {1}), (Table{{1, "55.0"}}));
  // BH/C1: the VUR's 5.0 is not lower than the least value (4.5): it is cut, 50 (16.5.1).
  EXPECT_EQ(values(t, "BH/C1", {1}), (Table{{1, "50.0"}}));
  // SB: 5 + 5 + 0 + 0 (the dummy, a zero) + 4.5 + 3 + 5 + 3.25 + 5.5 + 6 = 37.25.
  EXPECT_EQ(values(t, "SB", {1}), (Table{{1, "37.25"}}));
}

TEST(C07Examples, Article16_4_1_DummyOfAForfeitWinExample01) {
  // Example 01: 7.0 of 9, a forfeit win in round 7 against Leo, who had 4.5 from rounds 1-6
  // and withdrew (absent in rounds 8 and 9: 16.2.5, draws for his opponents, 16.3): his
  // adjusted score is 5.5. The other opponents: 5.0, 5.5, 5.0, 4.5, 6.0, 5.5, 6.5, 6.0
  // (44.0). The dummy: 7.0 capped at 5.5 (16.4.1): BH 49.5 (the old rule: 51).
  const Tournament t = with_opponents("11w1 12b1 13w= 14b1 15w0 16b1 17w+ 18b= 19w1",
                                      {opponent(11, 9, 1, "1b0", 50),
                                       opponent(12, 9, 2, "1w0", 55),
                                       opponent(13, 9, 3, "1b=", 50),
                                       opponent(14, 9, 4, "1w0", 45),
                                       opponent(15, 9, 5, "1b1", 60),
                                       opponent(16, 9, 6, "1w0", 55),
                                       {17, 0, "99w1 99w1 99w1 99w= 99w= 99w= 1b- 0-Z 0-Z"},
                                       opponent(18, 9, 8, "1w=", 65),
                                       opponent(19, 9, 9, "1b0", 60)},
                                      9);
  const EventView v = make_view(t, 9);
  EXPECT_EQ(v.adjusted[static_cast<std::size_t>(v.index_of(17))], 55);  // Leo
  EXPECT_EQ(values(t, "BH", {1}), (Table{{1, "49.5"}}));
}

TEST(C07Examples, Article16_4_2_DummyWithinTheCapExample02) {
  // Example 02: 4.0 of 9 with a bye in round 1 (not a forfeit): the cap of 16.4.2 is
  // ½ × 9 = 4.5, above the player's 4.0, so the dummy keeps 4.0 (as under the old rule).
  // The kind of bye does not change the dummy; here it is an absence before a late entry.
  const Tournament t = with_opponents(
      "0-Z 11w1 12b1 13w1 14b1 15w0 16b0 17w0 18b0",
      {opponent(11, 9, 2, "1b0", 45), opponent(12, 9, 3, "1w0", 45), opponent(13, 9, 4, "1b0", 45),
       opponent(14, 9, 5, "1w0", 45), opponent(15, 9, 6, "1b1", 45), opponent(16, 9, 7, "1w1", 45),
       opponent(17, 9, 8, "1b1", 45), opponent(18, 9, 9, "1w1", 45)},
      9);
  const EventView v = make_view(t, 9);
  EXPECT_EQ(v.score[0], 40);
  EXPECT_EQ(opponent_score(v, 0, 0), Points{40});
}

TEST(C07Examples, Article16_4_DummiesOfAForfeitLossAndAWithdrawalExample03) {
  // Example 03: 6.5 of 10; opponents 3.5, 6, 6.5, 7.5, 6.5, 8, 6.5, 7 in rounds 1-8 (51.5), a
  // forfeit loss in round 9 to Samuel Mitchell (7.5), then withdrawn (round 10: 16.2.5).
  // Round 9: 6.5 capped at 7.5 (16.4.1) stays 6.5; round 10: 6.5 capped at ½ × 10 = 5.0
  // (16.4.2). BH 51.5 + 6.5 + 5.0 = 63 (the old rule, both dummies 6.5: 64.5).
  const Tournament t =
      with_opponents("11w1 12b1 13w1 14b= 15w1 16b0 17w1 18b1 19w- 0-Z",
                     {opponent(11, 10, 1, "1b0", 35), opponent(12, 10, 2, "1w0", 60),
                      opponent(13, 10, 3, "1b0", 65), opponent(14, 10, 4, "1w=", 75),
                      opponent(15, 10, 5, "1b0", 65), opponent(16, 10, 6, "1w1", 80),
                      opponent(17, 10, 7, "1b0", 65), opponent(18, 10, 8, "1w0", 70),
                      opponent(19, 10, 9, "1b+", 75)},
                     10);
  EXPECT_EQ(values(t, "BH", {1}), (Table{{1, "63.0"}}));
}

TEST(C07Examples, Article16_4_1_DummyOfAFirstRoundForfeitWinExample04) {
  // Example 04: 9.5 of 10, a forfeit win in round 1 against Shriwas Amit, excluded from then
  // on (rounds 2-10 unplayed, 16.2.5): Amit's 0 is adjusted to 9 × ½ = 4.5 (16.3). Other
  // opponents: 5, 6, 7, 8, 7, 7, 8.5, 8, 8 (64.5). The dummy: 9.5 capped at 4.5 (16.4.1):
  // BH 69 (the old rule: 74).
  const Tournament t = with_opponents("11w+ 12b1 13w1 14b1 15w1 16w1 17b= 18w1 19b1 20b1",
                                      {{11, 0, "1b- 0-Z 0-Z 0-Z 0-Z 0-Z 0-Z 0-Z 0-Z 0-Z"},
                                       opponent(12, 10, 2, "1w0", 50),
                                       opponent(13, 10, 3, "1b0", 60),
                                       opponent(14, 10, 4, "1w0", 70),
                                       opponent(15, 10, 5, "1b0", 80),
                                       opponent(16, 10, 6, "1b0", 70),
                                       opponent(17, 10, 7, "1w=", 70),
                                       opponent(18, 10, 8, "1b0", 85),
                                       opponent(19, 10, 9, "1w0", 80),
                                       opponent(20, 10, 10, "1w0", 80)},
                                      10);
  const EventView v = make_view(t, 10);
  EXPECT_EQ(v.adjusted[static_cast<std::size_t>(v.index_of(11))], 45);  // Amit
  EXPECT_EQ(values(t, "BH", {1}), (Table{{1, "69.0"}}));
}

TEST(C07Examples, Article16_5_1_Cut1OfAHalfPointByeExample06) {
  // Example 06 is Held's exercise 7 for player 4 (3.5 of 5, a half-point bye in round 2):
  // BH 14.0 with the dummy at 2.5; the bye, a VUR, is cut: BH/C1 11.5.
  EXPECT_EQ(values(held_swiss(), "BH", {4}), (Table{{4, "14.0"}}));
  EXPECT_EQ(values(held_swiss(), "BH/C1", {4}), (Table{{4, "11.5"}}));
}

}  // namespace
}  // namespace arbiter::tournament
