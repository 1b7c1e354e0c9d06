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

TEST(CutToRounds, RefusesMoreRoundsThanPlayed) {
  auto cut = cut_to_rounds(small_event(), 3);
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(cut.error().code, ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arbiter::tournament
