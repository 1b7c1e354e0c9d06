// Points after round k and the spec's cut back to k rounds, on the hand-written event of
// trf_fixture.hpp (results: round 1 1-0 and 0-1, round 2 ½-½ and 0-1).
#include <gtest/gtest.h>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"
#include "arbiter/tournament/trf_fixture.hpp"

namespace arbiter::tournament {
namespace {

Tournament small_event() {
  auto t = read_trf(testing::join(testing::small_event_lines()));
  EXPECT_TRUE(t.has_value());
  return *t;
}

TEST(PointsAfter, RoundByRound) {
  const Tournament t = small_event();
  const PointSystem ps;
  // After round 1: 1, 1, 0, 0; after round 2: 1.5, 1.5, 0, 1.
  const Points after1[] = {10, 10, 0, 0};
  const Points after2[] = {15, 15, 0, 10};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(points_after(ps, t.players[i], 0), 0);
    EXPECT_EQ(points_after(ps, t.players[i], 1), after1[i]);
    EXPECT_EQ(points_after(ps, t.players[i], 2), after2[i]);
  }
}

TEST(CutToRounds, KeepsTheFirstRoundsWithTheirPoints) {
  auto cut = cut_to_rounds(small_event(), 1);
  ASSERT_TRUE(cut.has_value()) << cut.error().describe();
  EXPECT_EQ(rounds_played(*cut), 1);
  EXPECT_EQ(cut->settings.rounds, 2);  // XXR 2 stays
  const Points after1[] = {10, 10, 0, 0};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(cut->players[i].rounds.size(), 1u);
    EXPECT_EQ(cut->players[i].points, after1[i]);
  }
  // It is a valid file again.
  auto again = read_trf(write_trf(*cut));
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  EXPECT_EQ(again->players, cut->players);
}

TEST(CutToRounds, KeepsTheNextRoundsRequestedByesOnly) {
  auto lines = testing::small_event_lines();
  // Round 2 of player 3 and 4 becomes: 3 asked for a half-point bye, 4 got the PAB.
  lines[3] = lines[3].substr(0, 80) + " 0.5    4     1 b 0  0000 - H";
  lines[4] = lines[4].substr(0, 80) + " 1.0    3     2 w 0  0000 - U";
  auto t = read_trf(testing::join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  auto cut = cut_to_rounds(*t, 1);
  ASSERT_TRUE(cut.has_value());
  ASSERT_EQ(cut->players[2].rounds.size(), 2u);
  EXPECT_EQ(cut->players[2].rounds[1], (RoundEntry{0, Colour::None, ResultCode::HalfBye}));
  EXPECT_EQ(cut->players[2].points, 0);          // the bye is not played yet
  EXPECT_EQ(cut->players[3].rounds.size(), 1u);  // a PAB is the pairing's, not a request
  EXPECT_EQ(rounds_played(*cut), 1);
  auto again = read_trf(write_trf(*cut));
  ASSERT_TRUE(again.has_value()) << again.error().describe();
}

TEST(CutToRounds, AddsTheRoundCountWhenTheFileHasNone) {
  auto lines = testing::small_event_lines();
  lines.pop_back();
  auto t = read_trf(testing::join(lines));
  ASSERT_TRUE(t.has_value());
  auto cut = cut_to_rounds(*t, 0);
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(cut->settings.rounds, 2);
  EXPECT_EQ(cut->records.back().text, "142 2");
  EXPECT_EQ(rounds_played(*cut), 0);
}

// fuzz_trf's finding (fuzz/corpus/trf/regression-cut-blank-byes-bbz.trf): a player whose
// rounds 1 and 2 are blank (zero-point byes, worth 1 under BBZ 1.0) and whose round 3 is a
// pairing-allocated bye. Cut to 2 rounds, no round is played any more: the points are
// those of the rounds the cut file counts (none), and what stands after them is at most
// the next round's requested bye (here nothing: a blank column is no request).
TEST(CutToRounds, PointsAreThoseOfTheRoundsTheCutFileCountsAsPlayed) {
  const std::string blanks(20, ' ');
  const std::string text = "012 Byes\n001    1      One" + std::string(64, ' ') + "3.0" +
                           std::string(7, ' ') + blanks + "   0 - U  0000 - H\n142 5\nBBZ  1.0\n";
  auto t = read_trf(text);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  ASSERT_EQ(rounds_played(*t), 3);
  EXPECT_EQ(points_after(t->settings.points, t->players[0], 3), 30);  // tenths: 3.0
  auto cut = cut_to_rounds(*t, 2);
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(rounds_played(*cut), 0);
  EXPECT_EQ(cut->players[0].points, 0);
  auto again = read_trf(write_trf(*cut));
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  EXPECT_TRUE(again->players[0].rounds.empty());
}

// Cut to the last round played, a blank entry at the end of a line (a zero-point bye worth
// 1 under BBZ 1.0, player 1's round 2 while players 2 and 3 played) is written as
// `0000 - Z`: as trailing spaces a reader would drop it and its point.
TEST(CutToRounds, ABlankRoundAtTheEndOfALineIsWrittenOut) {
  auto line = [](int id, const std::string& name, const std::string& points,
                 const std::string& rounds) {
    std::string l = "001 " + std::string(4 - std::to_string(id).size(), ' ') + std::to_string(id);
    l += std::string(6, ' ') + name;
    l.resize(80, ' ');
    l += std::string(4 - points.size(), ' ') + points;
    l.resize(91, ' ');
    return l + rounds;
  };
  const std::string text = "012 Blank\n" + line(1, "One", "1.0", "0000 - U") + "\n" +
                           line(2, "Two", "1.0", "   3 w 0     3 w 1") + "\n" +
                           line(3, "Three", "1.0", "   2 b 1     2 b 0") + "\n142 3\nBBZ  1.0\n";
  auto t = read_trf(text);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  ASSERT_EQ(rounds_played(*t), 2);
  // Player 1: round 1 a PAB (1), round 2 blank: a zero-point bye worth 1 under BBZ 1.0.
  t->players[0].rounds.push_back(
      RoundEntry{0, Colour::None, ResultCode::ZeroBye, true, true, true});
  auto cut = cut_to_rounds(*t, 2);
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(cut->players[0].points, 20);
  auto again = read_trf(write_trf(*cut));
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  ASSERT_EQ(again->players[0].rounds.size(), 2u);
  EXPECT_EQ(again->players[0].rounds[1], (RoundEntry{0, Colour::None, ResultCode::ZeroBye}));
}

TEST(CutToRounds, RefusesMoreRoundsThanPlayed) {
  auto cut = cut_to_rounds(small_event(), 3);
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(cut.error().code, ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arbiter::tournament
