// An arena the server runs (issue #18 item 2; lichess's rules, not a FIDE system): its text,
// entering and pausing, continuous pairing of the waiting players, results counted in the
// order they ended (the streaks follow it), games ending after the end not counted, and a
// forfeit (Art. 6.7.1) pausing the absent player.
#include "arbiter/tournament/online_arena.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace arbiter::tournament {
namespace {

constexpr std::int64_t kStart = 1'000'000;
constexpr std::int64_t kEnd = kStart + 120'000;
constexpr std::int64_t kWait = 2'000;

OnlineArena arena_of(int players) {
  OnlineArena a;
  a.settings.name = "Friday arena";
  a.settings.time_control = "60+0";
  a.settings.starts_ms = kStart;
  a.settings.ends_ms = kEnd;
  for (int i = 1; i <= players; ++i) {
    EXPECT_TRUE(arena_enter(a, i, "p" + std::to_string(i), 1400 + 100 * i, kStart - 60'000));
  }
  return a;
}

// Gives every new game a server id "g<index>".
std::vector<std::size_t> pair_now(OnlineArena& a, std::int64_t now) {
  auto made = arena_pair(a, now, kWait);
  for (std::size_t i : made) a.games[i].game = "g" + std::to_string(i);
  return made;
}

const ArenaPlayer& player(const std::vector<ArenaPlayer>& all, std::int64_t account) {
  return *std::find_if(all.begin(), all.end(),
                       [&](const ArenaPlayer& p) { return p.account == account; });
}

TEST(OnlineArenaText, RoundTripsEveryField) {
  OnlineArena a = arena_of(4);
  a.settings.rated = true;
  a.settings.password_hash = "$argon2id$v=19$x";
  a.settings.max_players = 30;
  a.settings.waiting_ms = 15'000;
  a.entrants[2].name = "Anna Maria";
  ASSERT_TRUE(arena_pause(a, 4));
  ASSERT_EQ(pair_now(a, kStart).size(), 1U);
  ASSERT_TRUE(arena_record(a, "g0", "1-0", 41, kStart + 30'000));
  ASSERT_EQ(pair_now(a, kStart + 40'000).size(), 1U);
  const std::string text = write_arena(a);
  auto back = read_arena(text);
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(*back, a);
  EXPECT_EQ(write_arena(*back), text);
}

TEST(OnlineArenaText, ErrorsNameTheLineColumnAndField) {
  const std::string head = "arbiter-arena 1\nname A\nstarts 0\nends 10\n";
  const auto error_of = [](const std::string& text) {
    auto r = read_arena(text);
    EXPECT_FALSE(r) << text;
    return r ? Error{} : r.error();
  };
  Error e = error_of("arbiter-event 1\n");
  EXPECT_EQ(e.where.line, 1);
  EXPECT_EQ(e.where.field, "header");
  e = error_of(head + "player 5 1500 0 0 x\ngame 5 6 g1 * 0 0 - 0\n");
  EXPECT_EQ(e.where.line, 6);
  EXPECT_EQ(e.where.column, 8);
  EXPECT_EQ(e.where.field, "black");
  e = error_of(head + "player 5 1500 0 0 x\nplayer 6 1500 0 0 y\ngame 5 6 g1 2-0 0 0 9 1\n");
  EXPECT_EQ(e.where.field, "result");
  e = error_of(head + "player 5 1500 0 0 x\nplayer 6 1500 0 0 y\ngame 5 6 g1 1-0 9 0 - 1\n");
  EXPECT_EQ(e.where.field, "ended");
  e = error_of(head + "player 5 1500 0 0 x\nplayer 6 1500 2 0 y\n");
  EXPECT_EQ(e.where.field, "paused");
  EXPECT_EQ(e.where.line, 6);
  e = error_of(head + "player 5 1500 0 0 x\nplayer 5 1500 0 0 y\n");
  EXPECT_EQ(e.where.field, "account");
  e = error_of(head + "rounds 3\n");
  EXPECT_EQ(e.where.field, "key");
  // Two games counted second and none first: the streaks could not be replayed.
  e = error_of(head +
               "player 5 1500 0 0 x\nplayer 6 1500 0 0 y\ngame 5 6 g1 1-0 9 0 5 2\n"
               "game 6 5 g2 1-0 9 6 8 2\n");
  EXPECT_EQ(e.where.field, "counted");
  EXPECT_FALSE(read_arena(""));
}

TEST(OnlineArenaRules, NobodyIsPairedBeforeTheStartOrAfterTheEnd) {
  OnlineArena a = arena_of(4);
  EXPECT_TRUE(pair_now(a, kStart - 1).empty());
  EXPECT_TRUE(pair_now(a, kEnd).empty());
  EXPECT_EQ(pair_now(a, kStart).size(), 2U);
  EXPECT_TRUE(arena_in_play(a));
  // Everybody plays: nobody else to pair.
  EXPECT_TRUE(pair_now(a, kStart + 5'000).empty());
}

TEST(OnlineArenaRules, TheWaitingAreRePairedWithSomeoneElseOnceTheyHaveWaited) {
  OnlineArena a = arena_of(4);
  ASSERT_EQ(pair_now(a, kStart).size(), 2U);
  // The strongest two meet first (by rating while nobody has points).
  EXPECT_EQ(std::minmax(a.games[0].white, a.games[0].black), std::minmax<std::int64_t>(3, 4));
  ASSERT_TRUE(arena_record(a, "g0", "0-1", 30, kStart + 20'000));
  // The two waiting may not meet again at once: nobody is paired.
  EXPECT_TRUE(pair_now(a, kStart + 30'000).empty());
  ASSERT_TRUE(arena_record(a, "g1", "1/2-1/2", 40, kStart + 31'000));
  // 1 and 2 have just finished, but 3 and 4 have waited long enough to be paired with them.
  const auto made = pair_now(a, kStart + 31'500);
  ASSERT_EQ(made.size(), 2U);
  for (std::size_t i : made) {
    const auto pair = std::minmax(a.games[i].white, a.games[i].black);
    EXPECT_NE(pair, std::minmax<std::int64_t>(3, 4));
    EXPECT_NE(pair, std::minmax<std::int64_t>(1, 2));
  }
}

TEST(OnlineArenaRules, PointsFollowTheOrderTheGamesEndedAndTheFire) {
  // Two players only: they meet again and again; the streak is replayed from the text.
  OnlineArena a = arena_of(2);
  std::int64_t now = kStart;
  const std::vector<std::string> results = {"1-0", "0-1", "1-0", "1/2-1/2"};
  for (const std::string& r : results) {
    const auto made = pair_now(a, now);
    ASSERT_EQ(made.size(), 1U);
    const ArenaGame& g = a.games[made[0]];
    // Player 1 wins the first three games whatever his colour, then draws.
    std::string result = r;
    if (r != "1/2-1/2") result = g.white == 1 ? "1-0" : "0-1";
    now += 10'000;
    ASSERT_TRUE(arena_record(a, g.game, result, 40, now));
    now += kWait;
  }
  auto back = read_arena(write_arena(a));
  ASSERT_TRUE(back);
  const auto players = arena_players(*back);
  const ArenaPlayer& one = player(players, 1);
  std::vector<int> points;
  for (const auto& s : one.sheet) points.push_back(s.points);
  EXPECT_EQ(points, (std::vector<int>{2, 2, 4, 2}));  // W, W, W on fire, D on fire
  EXPECT_EQ(one.points(), 10);
  EXPECT_EQ(player(players, 2).points(), 1);  // L, L, L, D
  EXPECT_EQ(one.whites + one.blacks, 4);
  EXPECT_LE(std::abs(one.whites - one.blacks), 1);  // colours alternate between the two
}

TEST(OnlineArenaRules, AGameEndingAfterTheEndDoesNotCount) {
  OnlineArena a = arena_of(2);
  ASSERT_EQ(pair_now(a, kStart).size(), 1U);
  ASSERT_TRUE(arena_record(a, "g0", "1-0", 50, kEnd + 1));
  EXPECT_EQ(a.games[0].counted, 0);
  EXPECT_EQ(a.games[0].result, "1-0");
  const auto players = arena_players(a);
  EXPECT_EQ(player(players, 1).points() + player(players, 2).points(), 0);
  EXPECT_TRUE(player(players, 1).sheet.empty());
  EXPECT_FALSE(arena_in_play(a));
  // Recorded once only.
  EXPECT_FALSE(arena_record(a, "g0", "0-1", 50, kEnd + 2));
  EXPECT_FALSE(arena_record(a, "nope", "0-1", 50, kEnd + 2));
}

TEST(OnlineArenaRules, APlayerWhoLosesByDefaultIsPausedUntilHeComesBack) {
  OnlineArena a = arena_of(2);
  ASSERT_EQ(pair_now(a, kStart).size(), 1U);
  const std::int64_t black = a.games[0].black;
  ASSERT_TRUE(arena_record(a, "g0", "+/-", 0, kStart + 30'000));
  EXPECT_TRUE(a.entrant_of(black)->paused);
  EXPECT_FALSE(a.entrant_of(a.games[0].white)->paused);
  EXPECT_TRUE(pair_now(a, kStart + 60'000).empty());
  // A forfeit's winner scores (2), whatever the plies.
  EXPECT_EQ(player(arena_players(a), a.games[0].white).points(), 2);
  auto back = arena_enter(a, black, "ignored", 0, kStart + 61'000);
  ASSERT_TRUE(back);
  EXPECT_FALSE(a.entrant_of(black)->paused);
  EXPECT_EQ(a.entrant_of(black)->since, kStart + 61'000);
  // Only one game between them so far: they may meet again (two players alone).
  // He has just come back, but the other one has waited: one of the two suffices.
  EXPECT_EQ(pair_now(a, kStart + 61'500).size(), 1U);
}

TEST(OnlineArenaRules, EnteringIsRefusedWhenOverOrFullAndPausingNeedsAnEntrant) {
  OnlineArena a = arena_of(2);
  a.settings.max_players = 2;
  auto full = arena_enter(a, 9, "late", 1500, kStart);
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().where.field, "full");
  auto over = arena_enter(a, 1, "p1", 1500, kEnd);
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().where.field, "finished");
  EXPECT_EQ(*arena_enter(a, 2, "p2", 1500, kStart), 2);  // already in: his place
  auto pause = arena_pause(a, 9);
  ASSERT_FALSE(pause);
  EXPECT_EQ(pause.error().where.field, "player");
}

}  // namespace
}  // namespace arbiter::tournament
