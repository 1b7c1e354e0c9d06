// Standings of real events, worked out by hand. The results are three groups of the
// correspondence tournament "Die Schlacht um Helms Klamm" on chessmail.eu (public
// crosstable, https://www.chessmail.eu/tournament/51c2bd63b2534ef8?round=1): each group is
// its own double round robin of four players. The crosstable gives the two results of every
// pair, not the rounds or the colours: the games are put in the rounds of the Berger table
// for four (C.05 Annex 1; the second cycle with colours reversed), the pair's first listed
// result in the first cycle. So only tie-breaks that depend on neither are checked. The
// players are named A-D in the table's order (the site shows user names).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "arbiter/tournament/standings.hpp"
#include "arbiter/tournament/tiebreak_fixture.hpp"

namespace arbiter::tournament {
namespace {

// The two results ("1", "=" or "0" each) of A-B, A-C, A-D, B-C, B-D and C-D, for the first
// player of the pair.
using Results = std::array<const char*, 6>;

char reverse(char r) { return r == '1' ? '0' : r == '0' ? '1' : '='; }

char result_of(const Results& results, int a, int b, int game) {
  static constexpr int kPair[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}};
  const char r = results[static_cast<std::size_t>(kPair[a][b])][game];
  return a < b ? r : reverse(r);
}

Tournament double_round_robin(const Results& results) {
  // Berger, 4 players: (White, Black) by round; rounds 4-6 repeat 1-3 with colours reversed.
  const int cycle[3][2][2] = {{{0, 3}, {1, 2}}, {{3, 2}, {0, 1}}, {{1, 3}, {2, 0}}};
  std::array<std::string, 4> rounds;
  for (int game = 0; game < 2; ++game) {
    for (const auto& boards : cycle) {
      for (const auto& board : boards) {
        const int white = game == 0 ? board[0] : board[1];
        const int black = game == 0 ? board[1] : board[0];
        rounds[white] +=
            std::to_string(black + 1) + "w" + result_of(results, white, black, game) + " ";
        rounds[black] +=
            std::to_string(white + 1) + "b" + result_of(results, black, white, game) + " ";
      }
    }
  }
  return testing::make_event(
      {{1, 0, rounds[0]}, {2, 0, rounds[1]}, {3, 0, rounds[2]}, {4, 0, rounds[3]}},
      "FIDE_DOUBLEROUNDROBIN", 6);
}

std::vector<PlayerId> order(const Standings& s) {
  std::vector<PlayerId> ids;
  for (const auto& row : s.rows) ids.push_back(row.id);
  return ids;
}

std::vector<long long> column(const Standings& s, std::size_t k) {
  std::vector<long long> out;  // in starting-rank order
  for (PlayerId id = 1; id <= 4; ++id)
    for (const auto& row : s.rows)
      if (row.id == id) out.push_back(row.values[k].value);
  return out;
}

using Ids = std::vector<PlayerId>;
using V = std::vector<long long>;

TEST(RealEventGroup1, NoTieAndTheTieBreakValues) {
  // A-B 1 1, A-C ½ 1, A-D 1 1, B-C 1 1, B-D ½ 1, C-D ½ 1: A 5.5, B 3.5, C 2.0, D 1.0 (the
  // crosstable's totals).
  const Results r = {"11", "=1", "11", "11", "=1", "=1"};
  const Standings s = compute_standings(double_round_robin(r), *parse_tiebreaks("SB,WIN,KS"));
  EXPECT_EQ(order(s), (Ids{1, 2, 3, 4}));
  EXPECT_EQ(s.rows[0].points, 55);
  EXPECT_EQ(s.rows[3].points, 10);
  // SB: A 2·3.5 + (½+1)·2.0 + 2·1.0 = 12.00; B 2·2.0 + (½+1)·1.0 = 5.50;
  // C ½·5.5 + (½+1)·1.0 = 4.25; D ½·3.5 + ½·2.0 = 2.75.
  EXPECT_EQ(column(s, 0), (V{1200, 550, 425, 275}));
  EXPECT_EQ(column(s, 1), (V{5, 3, 1, 0}));  // wins
  // KS: half the maximum is 3.0: A (5.5) and B (3.5) count. A 2 (v B); B 0; C ½; D ½.
  EXPECT_EQ(column(s, 2), (V{20, 0, 5, 5}));
}

Results group7() {
  // A-B 1 1, A-C 0 1, A-D 1 1, B-C 1 1, B-D 1 0, C-D 1 1: A 5.0, B 3.0, C 3.0, D 1.0.
  const Results r = {"11", "01", "11", "11", "10", "11"};
  return r;
}

TEST(RealEventGroup7, EqualSonnebornBergerThenDirectEncounter) {
  // B and C have 3.0. SB: B 2·3.0 (C) + 1·1.0 (D) = 7.00; C 1·5.0 (A) + 2·1.0 (D) = 7.00:
  // equal. DE: B beat C twice: B second, C third.
  const Standings s = compute_standings(double_round_robin(group7()), *parse_tiebreaks("SB,DE"));
  EXPECT_EQ(order(s), (Ids{1, 2, 3, 4}));
  EXPECT_EQ(column(s, 0), (V{1100, 700, 700, 300}));       // A 2·3 + 1·3 + 2·1; D 1·3.0
  EXPECT_EQ(s.rows[1].values[1], (TieBreakValue{20, 1}));  // B's 2 points against C
  EXPECT_FALSE(s.rows[1].by_lot);
}

TEST(RealEventGroup7, KoyaSeparatesWhatWinsDoNot) {
  // WIN: B 2 + 1 = 3, C 1 + 2 = 3. KS (opponents with at least 3.0: A, B, C):
  // B 0 (A) + 2 (C) = 2.0; C 1 (A) + 0 (B) = 1.0.
  const Standings s = compute_standings(double_round_robin(group7()), *parse_tiebreaks("WIN,KS"));
  EXPECT_EQ(order(s), (Ids{1, 2, 3, 4}));
  EXPECT_EQ(column(s, 1), (V{30, 20, 10, 10}));  // A 2 + 1; D 0 + 1 + 0
  // With wins alone, B and C are left to the lots.
  const Standings lots = compute_standings(double_round_robin(group7()), *parse_tiebreaks("WIN"));
  EXPECT_TRUE(lots.rows[1].by_lot);
  EXPECT_TRUE(lots.rows[2].by_lot);
}

TEST(RealEventGroup6, EverythingEqualGoesToTheLots) {
  // A won all six. B-C 1 0, B-D 1 1, C-D 1 1: B and C 3.0 each, D 0. B and C split their
  // games (DE 1-1), SB 1·3.0 + 2·0 = 3.00 each, WIN 3 each, KS 0 (A) + 1 = 1.0 each.
  const Results r = {"11", "11", "11", "10", "11", "11"};
  const Tournament t = double_round_robin(r);
  const auto list = *parse_tiebreaks("DE,SB,WIN,KS");
  const Standings s = compute_standings(t, list, 1);
  EXPECT_EQ(s.rows[0].id, 1);
  EXPECT_EQ(s.rows[3].id, 4);
  EXPECT_TRUE(s.rows[1].by_lot);
  EXPECT_TRUE(s.rows[2].by_lot);
  EXPECT_EQ(s.rows[1].values[1], (TieBreakValue{300, 2}));
  EXPECT_EQ(s.rows[2].values[1], (TieBreakValue{300, 2}));
  // The lot decides, the same way for the same seed.
  EXPECT_EQ(order(s), order(compute_standings(t, list, 1)));
}

}  // namespace
}  // namespace arbiter::tournament
