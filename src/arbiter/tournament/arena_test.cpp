// The arena's rules (issue #18 item 2; lichess's, not a FIDE system): 2/1/0, double on
// fire after two wins in a row, no points for a quick draw, pairing of waiting players by
// rank without an immediate rematch, colours balanced, ranking by points then performance.
#include "arbiter/tournament/arena.hpp"

#include <gtest/gtest.h>

namespace arbiter::tournament {
namespace {

std::vector<ArenaScore> play(const std::string& outcomes) {
  std::vector<ArenaScore> sheet;
  for (char o : outcomes) sheet.push_back(arena_score(sheet, o, 60));
  return sheet;
}

TEST(ArenaScore, TwoOneNothingAndDoubleOnFireUntilAGameIsNotWon) {
  const auto sheet = play("WDLWWWDW");
  std::vector<int> points;
  for (const auto& s : sheet) points.push_back(s.points);
  // W 2, D 1, L 0, W 2, W 2, then on fire: W 4, D 2 (the fire goes out), W 2.
  EXPECT_EQ(points, (std::vector<int>{2, 1, 0, 2, 2, 4, 2, 2}));
  EXPECT_FALSE(sheet[4].on_fire);
  EXPECT_TRUE(sheet[5].on_fire);
  EXPECT_TRUE(sheet[6].on_fire);
  EXPECT_FALSE(sheet[7].on_fire);
  EXPECT_TRUE(on_fire(play("LWW")));
  EXPECT_FALSE(on_fire(play("WWD")));
}

TEST(ArenaScore, AQuickDrawScoresNothing) {
  EXPECT_EQ(arena_score({}, 'D', kArenaQuickDrawPlies - 1).points, 0);
  EXPECT_EQ(arena_score({}, 'D', kArenaQuickDrawPlies).points, 1);
  EXPECT_EQ(arena_score({}, 'W', 3).points, 2);  // a quick win counts
}

std::vector<ArenaPlayer> field(int n) {
  std::vector<ArenaPlayer> players;
  for (int i = 1; i <= n; ++i) {
    ArenaPlayer p;
    p.account = i;
    p.name = "P" + std::to_string(i);
    p.rating = 2000 - 10 * i;
    players.push_back(p);
  }
  return players;
}

TEST(ArenaPairing, NeighboursInTheRankingMeetWithoutAnImmediateRematch) {
  auto players = field(4);
  auto pairs = pair_arena(players, 10'000, 5'000);
  ASSERT_EQ(pairs.size(), 2U);
  // 1-2 and 3-4 by rating (all on 0 points); the lower rated gets White at first.
  EXPECT_EQ(pairs[0], (ArenaPairing{2, 1}));
  EXPECT_EQ(pairs[1], (ArenaPairing{4, 3}));
  ASSERT_TRUE(record_arena_game(players, 2, 1, "0-1", 40, 20'000));
  ASSERT_TRUE(record_arena_game(players, 4, 3, "1/2-1/2", 40, 20'000));
  // Now 1 (2 points), 3 and 4 (1 each, 3 rated higher), 2 (0): 1 meets 3 and 4 meets 2.
  // 1 and 3 both had Black: the lower rated, 3, gets White; 4 and 2 both had White: 4.
  pairs = pair_arena(players, 30'000, 5'000);
  ASSERT_EQ(pairs.size(), 2U);
  EXPECT_EQ(pairs[0], (ArenaPairing{3, 1}));
  EXPECT_EQ(pairs[1], (ArenaPairing{4, 2}));
}

TEST(ArenaPairing, ALastOpponentIsSkippedForTheNextOneDown) {
  auto players = field(3);
  players[0].last_opponent = 2;
  players[1].last_opponent = 1;
  auto pairs = pair_arena(players, 10'000, 0);
  ASSERT_EQ(pairs.size(), 1U);
  EXPECT_TRUE((pairs[0] == ArenaPairing{3, 1} || pairs[0] == ArenaPairing{1, 3}));
  // Two alone may meet again.
  auto two = field(2);
  two[0].last_opponent = 2;
  two[1].last_opponent = 1;
  EXPECT_EQ(pair_arena(two, 10'000, 0).size(), 1U);
  // But not while a third one, still playing, can come: they wait for him.
  auto three = field(3);
  three[0].last_opponent = 2;
  three[1].last_opponent = 1;
  three[2].playing = true;
  EXPECT_TRUE(pair_arena(three, 10'000, 0).empty());
  three[2].paused = true;  // he has left: the two are alone
  EXPECT_EQ(pair_arena(three, 10'000, 0).size(), 1U);
}

TEST(ArenaPairing, NobodyAloneNoPausedOrPlayingAndAWaitFirst) {
  auto players = field(3);
  players[1].paused = true;
  players[2].playing = true;
  EXPECT_TRUE(pair_arena(players, 10'000, 0).empty());
  auto fresh = field(2);
  fresh[0].waiting_since = fresh[1].waiting_since = 9'000;
  EXPECT_TRUE(pair_arena(fresh, 10'000, 5'000).empty());  // neither has waited 5 s
  EXPECT_EQ(pair_arena(fresh, 14'000, 5'000).size(), 1U);
}

TEST(ArenaPairing, ColoursGoToWhoeverHadFewerWhites) {
  auto players = field(2);
  players[1].whites = 2;  // the lower rated has had White twice
  const auto pairs = pair_arena(players, 10'000, 0);
  ASSERT_EQ(pairs.size(), 1U);
  EXPECT_EQ(pairs[0].white, 1);
}

TEST(ArenaGames, ForfeitsScoreOnlyTheWinnerAndBadGamesAreRefused) {
  auto players = field(2);
  ASSERT_TRUE(record_arena_game(players, 1, 2, "-/+", 0, 5));
  EXPECT_EQ(players[0].points(), 0);
  EXPECT_EQ(players[1].points(), 2);
  EXPECT_EQ(players[1].waiting_since, 5);
  EXPECT_EQ(record_arena_game(players, 1, 9, "1-0", 30, 6).error().where.field, "player");
  EXPECT_EQ(record_arena_game(players, 1, 2, "*", 30, 6).error().where.field, "result");
}

TEST(ArenaRanking, PointsThenPerformance) {
  auto players = field(4);
  // 1 beats 2 (1980), 3 beats 4 (1960): both 2 points; 1's performance 1980 + 400 is
  // above 3's 1960 + 400.
  ASSERT_TRUE(record_arena_game(players, 1, 2, "1-0", 40, 1));
  ASSERT_TRUE(record_arena_game(players, 3, 4, "1-0", 40, 1));
  EXPECT_EQ(arena_performance(players[0]), 2380);
  EXPECT_EQ(arena_performance(players[2]), 2360);
  EXPECT_FALSE(arena_performance(ArenaPlayer{}));
  const auto order = arena_ranking(players);
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 2, 1, 3}));
}

}  // namespace
}  // namespace arbiter::tournament
