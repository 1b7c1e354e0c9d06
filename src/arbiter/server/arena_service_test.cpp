// The arenas the server runs (issue #18 item 2, docs/events.md "Arena"; lichess's kind of
// event, not a FIDE system), through the events' REST routes and director: created,
// entered, paired continuously from the start (the two who just met wait for others),
// scored 2/1/0, a player who pauses is not paired until he comes back, one who never comes
// to his game loses by default (Art. 6.7.1) and is paused, a game ending after the end
// does not count, a lost notice is found by the sweep, and a restart loses nothing.
#include "arbiter/server/arena_service.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "arbiter/server/event_test_support.hpp"

namespace arbiter::server::testing {
namespace {

using std::chrono::milliseconds;

class ArenaServiceTest : public TournamentServiceTest {
 protected:
  // A two-minute arena starting in a minute, created by Anna; the first `players` enter.
  std::string open_arena(int players, const std::string& extra = "") {
    const HttpReply r = call("POST", "/api/tournaments",
                             R"({"kind":"arena","name":"Blitz arena","time_control":"60+0",)"
                             R"("minutes":2,"starts_in_s":60)" +
                                 extra + "}",
                             &players_[0]);
    EXPECT_EQ(r.status, 201u) << r.body;
    const std::string id = field(r.body, "/id");
    for (int i = 0; i < players; ++i) {
      const HttpReply joined = call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[i]);
      EXPECT_EQ(joined.status, 200u) << joined.body;
    }
    return id;
  }
  // The ids of the games in play, as the page lists them.
  std::vector<std::string> in_play(const std::string& id) {
    const std::string arena = show(id);
    std::vector<std::string> games;
    for (int i = 0;; ++i) {
      const std::string at = "/games/" + std::to_string(i);
      if (field(arena, at + "/result") == "<missing>") break;
      if (field(arena, at + "/result") == "*") games.push_back(field(arena, at + "/game"));
    }
    return games;
  }
  // The two accounts' names of a game, in alphabetical order.
  std::pair<std::string, std::string> players_of(const std::string& game) {
    auto stored = store_->load_game(game);
    EXPECT_TRUE(stored);
    const std::string w = stored->header.white, b = stored->header.black;
    return w < b ? std::pair{w, b} : std::pair{b, w};
  }
  // The points of `name` in the ranking.
  std::string points_of(const std::string& id, const std::string& name) {
    const std::string arena = show(id);
    for (int i = 0;; ++i) {
      const std::string at = "/players/" + std::to_string(i);
      const std::string n = field(arena, at + "/name");
      if (n == "<missing>") return "<missing>";
      if (n == name) return field(arena, at + "/points");
    }
  }
};

TEST_F(ArenaServiceTest, PairsTheWaitingContinuouslyAndScoresTwoOneNothing) {
  const std::string id = open_arena(4);
  std::string arena = show(id);
  EXPECT_EQ(field(arena, "/kind"), "arena");
  EXPECT_EQ(field(arena, "/fide"), "false");
  EXPECT_EQ(field(arena, "/minutes"), "2");
  EXPECT_EQ(field(arena, "/status"), "created");
  // Not a FIDE system: no TRF.
  const HttpReply trf = call("GET", "/api/tournaments/" + id + "/trf", "", nullptr);
  EXPECT_EQ(trf.status, 409u);
  EXPECT_EQ(field(trf.body, "/error/field"), "kind");

  service_->direct_due();
  EXPECT_TRUE(in_play(id).empty());  // not before the start
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  auto games = in_play(id);
  ASSERT_EQ(games.size(), 2U) << show(id);
  EXPECT_EQ(field(show(id), "/status"), "running");
  const auto first = players_of(games[0]);
  const auto second = players_of(games[1]);
  EXPECT_EQ(registry_->find(games[0])->state().tournament, std::optional<std::string>(id));

  // The first game ends: its two wait for the others rather than meeting again at once.
  white_resigns(games[0]);
  deliver();
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  EXPECT_EQ(in_play(id).size(), 1U);
  white_resigns(games[1]);
  deliver();
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  const auto next = in_play(id);
  ASSERT_EQ(next.size(), 2U) << show(id);
  for (const std::string& g : next) {
    EXPECT_NE(players_of(g), first);
    EXPECT_NE(players_of(g), second);
  }
  // Two Black winners with 2 points each, two losers with none.
  arena = show(id);
  int total = 0;
  for (int i = 0; i < 4; ++i)
    total += std::stoi(field(arena, "/players/" + std::to_string(i) + "/points"));
  EXPECT_EQ(total, 4);
  EXPECT_EQ(field(arena, "/players/0/points"), "2");
  EXPECT_EQ(field(arena, "/players/0/sheet/0/outcome"), "W");
  EXPECT_EQ(field(arena, "/players/3/points"), "0");
  // The viewer's own game.
  const std::string mine = show(id, &players_[0]);
  EXPECT_NE(field(mine, "/me/game"), "null");
  EXPECT_EQ(field(mine, "/me/name"), "Anna");
}

TEST_F(ArenaServiceTest, APausedPlayerIsNotPairedUntilHeComesBack) {
  const std::string id = open_arena(3);
  ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/pause", "{}", &players_[2]).status, 200u);
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  auto games = in_play(id);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(players_of(games[0]), (std::pair<std::string, std::string>{"Anna", "Boris"}));
  EXPECT_EQ(field(show(id, &players_[2]), "/me/paused"), "true");
  white_resigns(games[0]);
  deliver();
  // Anna and Boris alone (Carl paused) may meet again.
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  games = in_play(id);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(players_of(games[0]), (std::pair<std::string, std::string>{"Anna", "Boris"}));
  // Carl comes back (join again) and is paired with the next one free.
  ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[2]).status, 200u);
  EXPECT_EQ(field(show(id, &players_[2]), "/me/paused"), "false");
  white_resigns(games[0]);
  deliver();
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  games = in_play(id);
  ASSERT_EQ(games.size(), 1U);
  const auto pair = players_of(games[0]);
  EXPECT_TRUE(pair.first == "Carl" || pair.second == "Carl") << pair.first << " " << pair.second;
  // A Swiss has no pause; a stranger cannot pause.
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/pause", "{}", &players_[4]).status, 409u);
}

TEST_F(ArenaServiceTest, AnAbsentPlayerLosesByDefaultAndIsPaused) {
  const std::string id = open_arena(2, R"(,"waiting_s":20)");
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  auto games = in_play(id);
  ASSERT_EQ(games.size(), 1U);
  auto room = registry_->find(games[0]);
  auto header = store_->load_game(games[0])->header;
  auto w = connect(*room, header.white_token);
  move(*room, w, "e2e4", 1, 2);
  clock_.advance(milliseconds{20'001});
  room->tick();
  executor_.run_all();
  ASSERT_EQ(ended_.size(), 1U);
  EXPECT_EQ(ended_[0].result, "+/-");
  deliver();
  const std::string arena = show(id);
  EXPECT_EQ(field(arena, "/players/0/name"), header.white);
  EXPECT_EQ(field(arena, "/players/0/points"), "2");
  EXPECT_EQ(field(arena, "/players/1/paused"), "true");
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  EXPECT_TRUE(in_play(id).empty());
}

TEST_F(ArenaServiceTest, AGameEndingAfterTheEndDoesNotCountAndTheArenaFinishes) {
  const std::string id = open_arena(2);
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  auto games = in_play(id);
  ASSERT_EQ(games.size(), 1U);
  // The director looks each second until the end.
  for (int s = 0; s < 121; ++s) {
    clock_.advance(milliseconds{1'000});
    service_->direct_due();
  }
  EXPECT_EQ(field(show(id), "/status"), "finished");
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[3]).status, 409u);
  white_resigns(games[0]);
  deliver();
  const std::string arena = show(id);
  EXPECT_EQ(field(arena, "/games/0/result"), "0-1");
  EXPECT_EQ(field(arena, "/games/0/counted"), "false");
  EXPECT_EQ(field(arena, "/players/0/points"), "0");
  EXPECT_EQ(field(arena, "/players/1/points"), "0");
  // Finished: listed so.
  const std::string list = call("GET", "/api/tournaments?status=finished", "", nullptr).body;
  EXPECT_EQ(field(list, "/tournaments/0/kind"), "arena");
  EXPECT_EQ(field(list, "/tournaments/0/id"), id);
}

TEST_F(ArenaServiceTest, ALostNoticeIsFoundByTheSweepAndARestartLosesNothing) {
  const std::string id = open_arena(4);
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  const auto games = in_play(id);
  ASSERT_EQ(games.size(), 2U);
  white_resigns(games[0]);
  ended_.clear();  // the notice is lost
  clock_.advance(milliseconds{15'000});
  service_->direct_due();
  EXPECT_EQ(in_play(id), std::vector<std::string>{games[1]});
  const std::string before = show(id);
  reopen();
  EXPECT_EQ(show(id), before);
  ASSERT_TRUE(registry_->resume_all());
  white_resigns(games[1]);
  deliver();
  clock_.advance(milliseconds{3'000});
  service_->direct_due();
  const auto next = in_play(id);
  EXPECT_EQ(next.size(), 2U) << show(id);
  std::set<std::string> all(next.begin(), next.end());
  EXPECT_EQ(all.count(games[0]) + all.count(games[1]), 0U);
}

TEST_F(ArenaServiceTest, BadRequestsGetClearErrors) {
  const HttpReply no_minutes =
      call("POST", "/api/tournaments", R"({"kind":"arena","name":"x"})", &players_[0]);
  EXPECT_EQ(no_minutes.status, 400u);
  EXPECT_EQ(field(no_minutes.body, "/error/field"), "minutes");
  const HttpReply too_long = call("POST", "/api/tournaments",
                                  R"({"kind":"arena","name":"x","minutes":721})", &players_[0]);
  EXPECT_EQ(too_long.status, 400u);
  EXPECT_EQ(field(too_long.body, "/error/field"), "minutes");
  const HttpReply kind =
      call("POST", "/api/tournaments", R"({"kind":"ladder","name":"x"})", &players_[0]);
  EXPECT_EQ(kind.status, 400u);
  EXPECT_EQ(field(kind.body, "/error/field"), "kind");
  const std::string id = open_arena(0, R"(,"password":"club only")");
  const HttpReply wrong =
      call("POST", "/api/tournaments/" + id + "/join", R"({"password":"guess"})", &players_[1]);
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(
      call("POST", "/api/tournaments/" + id + "/join", R"({"password":"club only"})", &players_[1])
          .status,
      200u);
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/pause", "{}", nullptr).status, 401u);
  // A Swiss does not pause.
  const std::string swiss = create();
  EXPECT_EQ(call("POST", "/api/tournaments/" + swiss + "/pause", "{}", &players_[0]).status, 409u);
}

}  // namespace
}  // namespace arbiter::server::testing
