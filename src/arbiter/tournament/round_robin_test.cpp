// A round robin from its TRF: the table it follows, deviations from it, and the next round
// (expected pairings are the Handbook's Berger tables, C.05 Annex 1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/tournament/round_robin.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

// A 5-player event (table of 6, 6 = bye) after round 1 of the table: 1-6 (bye for 1),
// 2-5, 3-4; 2 and 3 won.
std::vector<std::string> five_after_round_one() {
  return {
      "012 Five",
      "001    1      One                                                                1.0       "
      "0000 - U",
      "001    2      Two                                                                1.0        "
      "  5 w 1",
      "001    3      Three                                                              1.0        "
      "  4 w 1",
      "001    4      Four                                                               0.0        "
      "  3 b 0",
      "001    5      Five                                                               0.0        "
      "  2 b 0",
  };
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\r";
  return out;
}

TEST(RoundRobin, NextRoundOfFivePlayersIsRoundTwoOfTheTableOfSix) {
  auto t = read_trf(join(five_after_round_one()));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  auto plan = round_robin_plan(*t);
  ASSERT_TRUE(plan.has_value()) << plan.error().describe();
  EXPECT_FALSE(plan->double_round_robin);
  EXPECT_TRUE(round_robin_differences(*t, *plan).empty());
  auto next = next_round(*t, *plan);
  ASSERT_TRUE(next.has_value());
  // Table of 6, round 2: 6-4 5-3 1-2; 6 is the bye, so 4 sits out.
  EXPECT_EQ(next->round, 2);
  EXPECT_EQ(next->bye, 4);
  EXPECT_EQ(next->boards, (RoundPairing{{5, 3}, {1, 2}}));
}

// The next round of an event of `players` players who have played nothing yet, with
// `extra` extension lines.
NextRound first_round(int players, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> lines;
  for (int i = 1; i <= players; ++i)
    lines.push_back("001    " + std::to_string(i) + "      Player");
  lines.insert(lines.end(), extra.begin(), extra.end());
  auto t = read_trf(join(lines));
  EXPECT_TRUE(t.has_value()) << t.error().describe();
  auto plan = round_robin_plan(*t);
  EXPECT_TRUE(plan.has_value());
  auto next = next_round(*t, *plan);
  EXPECT_TRUE(next.has_value());
  return next.value_or(NextRound{});
}

TEST(RoundRobin, RoundOneOfAnEmptyEvent) {
  const NextRound next = first_round(6);
  EXPECT_EQ(next.round, 1);
  EXPECT_EQ(next.bye, 0);
  EXPECT_EQ(next.boards, (RoundPairing{{1, 6}, {2, 5}, {3, 4}}));
}

TEST(RoundRobin, TopSeedWithBlackReversesTheTable) {
  // Round 1 of the table of four is 1-4 2-3; reversed: 4-1 3-2.
  for (const char* line : {"152 B", "XXC black1"}) {
    EXPECT_EQ(first_round(4, {line}).boards, (RoundPairing{{4, 1}, {3, 2}})) << line;
  }
  EXPECT_EQ(first_round(4, {"152 W"}).boards, (RoundPairing{{1, 4}, {2, 3}}));
}

TEST(RoundRobin, DoubleWhenTheSystemOrTheRoundCountSaysSo) {
  for (const char* line : {"192 FIDE_DOUBLEROUNDROBIN", "142 10"}) {
    auto lines = five_after_round_one();
    lines.emplace_back(line);
    auto t = read_trf(join(lines));
    ASSERT_TRUE(t.has_value()) << t.error().describe();
    auto plan = round_robin_plan(*t);
    ASSERT_TRUE(plan.has_value()) << plan.error().describe();
    EXPECT_TRUE(plan->double_round_robin) << line;
    EXPECT_EQ(plan->rounds.size(), 10u);
  }
}

TEST(RoundRobin, ARoundCountThatFitsNoTableIsAnError) {
  auto lines = five_after_round_one();
  lines.emplace_back("142 7");
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value());
  auto plan = round_robin_plan(*t);
  ASSERT_FALSE(plan.has_value());
  EXPECT_EQ(plan.error().where.line, 7);
  EXPECT_EQ(plan.error().where.column, 5);
}

TEST(RoundRobin, StartingRanksWithAGapAreAnError) {
  const std::vector<std::string> lines = {"001    1      One", "001    2      Two",
                                          "001    4      Four"};
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  auto plan = round_robin_plan(*t);
  ASSERT_FALSE(plan.has_value());
  EXPECT_EQ(plan.error().where.line, 3);
  EXPECT_EQ(plan.error().where.column, 5);
}

TEST(RoundRobin, ARoundPlayedOffTheTableIsFound) {
  auto lines = five_after_round_one();
  // Round 1 as 2-4 and 3-5 instead of the table's 2-5 and 3-4.
  lines[2] = lines[2].substr(0, 91) + "   4 w 1";
  lines[3] = lines[3].substr(0, 91) + "   5 w 1";
  lines[4] = lines[4].substr(0, 91) + "   2 b 0";
  lines[5] = lines[5].substr(0, 91) + "   3 b 0";
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  auto plan = round_robin_plan(*t);
  ASSERT_TRUE(plan.has_value());
  const auto diffs = round_robin_differences(*t, *plan);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_EQ(diffs[0].round, 1);
  EXPECT_EQ(diffs[0].player, 2);
  EXPECT_EQ(diffs[0].table_opponent, 5);
  EXPECT_EQ(diffs[0].file_opponent, 4);
}

TEST(RoundRobin, NothingToPairOnceEveryRoundIsPlayed) {
  const std::vector<std::string> lines = {
      "001    1      One                                                                1.0        "
      "  2 w 1",
      "001    2      Two                                                                0.0        "
      "  1 b 0",
  };
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  auto plan = round_robin_plan(*t);
  ASSERT_TRUE(plan.has_value());
  EXPECT_FALSE(next_round(*t, *plan).has_value());
}

}  // namespace
}  // namespace arbiter::tournament
