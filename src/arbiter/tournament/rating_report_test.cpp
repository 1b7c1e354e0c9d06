// The rating report of an event (B.02 Article 8) on the hand-written fixture of
// trf_fixture.hpp, worked by hand from table 8.1b.
#include "arbiter/tournament/rating_report.hpp"

#include <gtest/gtest.h>

#include "arbiter/tournament/trf.hpp"
#include "arbiter/tournament/trf_fixture.hpp"

namespace arbiter::tournament {
namespace {

Tournament load(const std::vector<std::string>& lines) {
  auto t = read_trf(testing::join(lines));
  EXPECT_TRUE(t.has_value()) << t.error().describe();
  return t.value_or(Tournament{});
}

TEST(RatingReport, EachRatedPlayersChangeWorkedByHand) {
  const Tournament t = load(testing::small_event_lines());
  auto report = rating_report(t, {});
  ASSERT_TRUE(report) << report.error().describe();
  ASSERT_EQ(report->size(), 4u);
  // 1 (2100) beats 3 (1900, D +200: PD .76) and draws with 2 (2000, D +100: .64):
  // 1.5 − 1.40 = +0.10, K 20: +2.
  const RatingLine& one = (*report)[0];
  EXPECT_EQ(one.games, 2);
  EXPECT_EQ(one.half_points, 3);
  EXPECT_EQ(one.expected_hundredths, 140);
  EXPECT_EQ(one.k, 20);
  EXPECT_EQ(one.change_hundredths, 200);
  EXPECT_EQ(one.change, 2);
  // 2 (2000) beats the unrated 4 (not rated) and draws with 1 (PD .36): +0.14 × 20 = +2.8.
  const RatingLine& two = (*report)[1];
  EXPECT_EQ(two.games, 1);
  EXPECT_EQ(two.unrated_opponents, 1);
  EXPECT_EQ(two.change_hundredths, 280);
  EXPECT_EQ(two.change, 3);
  // 3 (1900) loses to 1 (PD .24) and to the unrated 4: −0.24 × 20 = −4.8 → −5.
  const RatingLine& three = (*report)[2];
  EXPECT_EQ(three.games, 1);
  EXPECT_EQ(three.change, -5);
  // 4 has no rating: no K and no change (the initial rating takes several events).
  const RatingLine& four = (*report)[3];
  EXPECT_FALSE(four.rating.has_value());
  EXPECT_EQ(four.k, 0);
  EXPECT_EQ(four.change, 0);
}

TEST(RatingReport, AJuniorUnder2300HasK40FromTheBirthDateAndTheStartDate) {
  auto lines = testing::small_event_lines();
  lines.insert(lines.begin() + 1, "042 2005/06/01");  // player 1 was born 1990/01/01: 15
  auto report = rating_report(load(lines), {});
  ASSERT_TRUE(report);
  EXPECT_EQ((*report)[0].k, 40);
  EXPECT_EQ((*report)[0].k_reason, "junior under 2300");
  EXPECT_EQ((*report)[0].change, 4);
  // Born 1990: 18 on 2008/01/01, so an event starting that day rates them with K 20.
  lines[1] = "042 2008/01/01";
  EXPECT_EQ((*rating_report(load(lines), {}))[0].k, 20);
}

TEST(RatingReport, AGivenKAndTheRapidAndBlitzList) {
  const Tournament t = load(testing::small_event_lines());
  RatingReportOptions given;
  given.k[3] = 40;  // −0.24 × 40 = −9.6 → −10
  auto report = rating_report(t, given);
  ASSERT_TRUE(report);
  EXPECT_EQ((*report)[2].k, 40);
  EXPECT_EQ((*report)[2].k_reason, "given");
  EXPECT_EQ((*report)[2].change, -10);
  RatingReportOptions rapid;
  rapid.rapid_or_blitz = true;
  auto fast = rating_report(t, rapid);
  ASSERT_TRUE(fast);
  EXPECT_EQ((*fast)[0].k, 20);
  EXPECT_EQ((*fast)[0].k_reason, "rapid and blitz");
}

TEST(RatingReport, GamesNotPlayedOrMarkedUnratedDoNotCount) {
  // Round 1 of 1 v 3 as W / L (a game of less than one move: not rated).
  auto lines = testing::small_event_lines();
  lines[1] =
      "001    1 mGM  Alpha, One                        2100 NOR    12345678 1990/01/01  1.5    1"
      "     3 w W     2 b =";
  lines[3] =
      "001    3      Gamma, Three                      1900                             0.0    4"
      "     1 b L     4 w 0";
  auto report = rating_report(load(lines), {});
  ASSERT_TRUE(report);
  EXPECT_EQ((*report)[0].games, 1);  // only the draw with 2
  EXPECT_EQ((*report)[0].change_hundredths, -280);
  EXPECT_EQ((*report)[2].games, 0);
  EXPECT_EQ((*report)[2].change, 0);
}

TEST(RatingReport, AKForAPlayerNotInTheFileIsRefused) {
  const Tournament t = load(testing::small_event_lines());
  RatingReportOptions options;
  options.k[9] = 20;
  auto missing = rating_report(t, options);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().where.field, "k");
  options.k = {{2, 0}};
  EXPECT_FALSE(rating_report(t, options));
}

TEST(RatingReport, UnderEighteenReadsFullDatesOnly) {
  EXPECT_EQ(is_under_18("2008/03/02", "2026/03/01"), true);   // 18 tomorrow
  EXPECT_EQ(is_under_18("2008/03/01", "2026/03/01"), false);  // 18 today
  EXPECT_EQ(is_under_18("2008-03-02", "2026.03.01"), true);
  EXPECT_EQ(is_under_18("2008", "2026/03/01"), std::nullopt);
  EXPECT_EQ(is_under_18("2008/00/00", "2026/03/01"), std::nullopt);
  EXPECT_EQ(is_under_18("", "2026/03/01"), std::nullopt);
  EXPECT_EQ(is_under_18("2008/03/02", ""), std::nullopt);
}

}  // namespace
}  // namespace arbiter::tournament
