// The events the server runs (issue #18 item 1, docs/events.md), through their REST routes
// and director, without sockets for the routes: created, entered (a password, twice, a
// stranger), paired at the start, games made with both seats, a result recorded when a
// game ends, a player absent at the start losing by default (Art. 6.7.1), the next round
// after the interval, the standings equal to those of the TRF downloaded, and a restart
// in the middle of a round losing nothing.
#include "arbiter/server/tournament_service.hpp"

#include <gtest/gtest.h>

#include <string>

#include "arbiter/server/event_test_support.hpp"
#include "arbiter/tournament/standings.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::server::testing {
namespace {

using std::chrono::milliseconds;

TEST_F(TournamentServiceTest, ARoundIsPairedAtTheStartWithGamesAndResultsAndTheNextAfterIt) {
  const std::string id = create();
  for (int i = 0; i < 4; ++i) {
    const HttpReply r = call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[i]);
    ASSERT_EQ(r.status, 200u) << r.body;
    EXPECT_EQ(field(r.body, "/entry"), std::to_string(i + 1));
  }
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[1]).status, 409u);
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", nullptr).status, 401u);
  EXPECT_EQ(field(show(id), "/status"), "created");
  EXPECT_EQ(field(show(id), "/now_ms"), std::to_string(clock_.wall_ms()));  // the countdown's clock
  EXPECT_EQ(field(show(id), "/players/3/name"), "Dora");

  service_->direct_due();  // not yet: the start is a minute away
  EXPECT_EQ(field(show(id), "/round"), "0");
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  std::string event = show(id, &players_[0]);
  ASSERT_EQ(field(event, "/status"), "running") << event;
  ASSERT_EQ(field(event, "/round"), "1");
  EXPECT_EQ(field(event, "/round_in_play"), "true");
  // C.04.3 round 1: 1-3 and 4-2 (the top half against the bottom half).
  const std::string g1 = field(event, "/round_list/0/boards/0/game");
  const std::string g2 = field(event, "/round_list/0/boards/1/game");
  ASSERT_NE(g1, "");
  ASSERT_NE(g2, "");
  EXPECT_EQ(field(event, "/me/game"), g1);
  // Both seats are the pairing's: the accounts are in them, nobody waits for a join.
  auto game1 = store_->load_game(g1);
  ASSERT_TRUE(game1);
  // The game knows its event (the page links back to it).
  EXPECT_EQ(registry_->find(g1)->state().tournament, std::optional<std::string>(id));
  EXPECT_NE(game1->header.white_user, 0);
  EXPECT_NE(game1->header.black_user, 0);

  white_resigns(g1);
  // Board 2: Black comes, White never does: after the default time White loses (6.7.1).
  auto room2 = registry_->find(g2);
  ASSERT_TRUE(room2);
  auto black2 = connect(*room2, store_->load_game(g2)->header.black_token);
  clock_.advance(milliseconds{30'001});
  room2->tick();
  executor_.run_all();
  ASSERT_EQ(ended_.size(), 2U);
  EXPECT_EQ(ended_[1].result, "-/+");
  EXPECT_EQ(ended_[1].tournament, id);
  deliver();
  event = show(id);
  EXPECT_EQ(field(event, "/round_in_play"), "false");
  EXPECT_EQ(field(event, "/round_list/0/boards/0/result"), "0-1");
  EXPECT_EQ(field(event, "/round_list/0/boards/1/result"), "-/+");

  // The interval, then round 2.
  clock_.advance(milliseconds{5'000});
  service_->direct_due();
  EXPECT_EQ(field(show(id), "/round"), "1");
  clock_.advance(milliseconds{5'000});
  service_->direct_due();
  event = show(id);
  ASSERT_EQ(field(event, "/round"), "2") << event;
  for (const std::string& g :
       {field(event, "/round_list/1/boards/0/game"), field(event, "/round_list/1/boards/1/game")}) {
    white_resigns(g);
  }
  deliver();
  clock_.advance(milliseconds{10'000});
  service_->direct_due();
  event = show(id);
  EXPECT_EQ(field(event, "/status"), "finished") << event;

  // The standings are those `arbiter tournament standings` finds in the TRF downloaded.
  const HttpReply trf = call("GET", "/api/tournaments/" + id + "/trf", "", nullptr);
  ASSERT_EQ(trf.status, 200u);
  EXPECT_NE(trf.content_disposition.find(".trf"), std::string::npos);
  auto file = tournament::read_trf(trf.body);
  ASSERT_TRUE(file) << file.error().describe();
  auto specs = tournament::file_tiebreaks(*file);
  ASSERT_TRUE(specs);
  const auto table = tournament::compute_standings(*file, *specs, 0);
  ASSERT_EQ(table.rows.size(), 4U);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::string row = "/standings/" + std::to_string(i);
    EXPECT_EQ(field(event, row + "/name"), file->find(table.rows[i].id)->name);
    EXPECT_EQ(field(event, row + "/points"), tournament::format_points(table.rows[i].points));
  }
  // The forfeit is in the file as a forfeit: `-` for the absent, `+` for the present.
  EXPECT_NE(trf.body.find(" w -"), std::string::npos);
  EXPECT_NE(trf.body.find(" b +"), std::string::npos);
}

TEST_F(TournamentServiceTest, APasswordIsAskedAndAWithdrawnPlayerIsNotPaired) {
  const std::string id = create(R"(,"password":"club only")");
  EXPECT_EQ(field(show(id), "/password"), "true");
  const HttpReply wrong =
      call("POST", "/api/tournaments/" + id + "/join", R"({"password":"guess"})", &players_[0]);
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(field(wrong.body, "/error/field"), "password");
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/join", R"({"password":"club only"})",
                   &players_[i])
                  .status,
              200u);
  }
  ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/withdraw", "{}", &players_[4]).status, 200u);
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/withdraw", "{}", &players_[4]).status, 409u);
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  const std::string event = show(id, &players_[4]);
  EXPECT_EQ(field(event, "/round_list/0/bye"), "0");  // four left: no bye
  EXPECT_EQ(field(event, "/me/withdrawn"), "true");
  EXPECT_EQ(field(event, "/me/game"), "null");
}

TEST_F(TournamentServiceTest, ARestartInTheMiddleOfARoundLosesNothing) {
  const std::string id = create();
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[i]).status, 200u);
  }
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  const std::string before = show(id);
  const std::string g1 = field(before, "/round_list/0/boards/0/game");
  white_resigns(g1);
  deliver();
  reopen();  // the process stops and starts again
  const std::string after = show(id);
  EXPECT_EQ(field(after, "/round_list/0/boards/0/result"), "0-1");
  EXPECT_EQ(field(after, "/round_list/0/boards/1/game"),
            field(before, "/round_list/0/boards/1/game"));
  EXPECT_EQ(field(after, "/round_in_play"), "true");
  // The other game goes on after the restart, and its ending reaches the event.
  ASSERT_TRUE(registry_->resume_all());
  white_resigns(field(after, "/round_list/0/boards/1/game"));
  deliver();
  EXPECT_EQ(field(show(id), "/round_in_play"), "false");
}

TEST_F(TournamentServiceTest, AResultLostWithItsNoticeIsFoundByTheSweep) {
  const std::string id = create();
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[i]).status, 200u);
  }
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  const std::string event = show(id);
  white_resigns(field(event, "/round_list/0/boards/0/game"));
  white_resigns(field(event, "/round_list/0/boards/1/game"));
  ended_.clear();  // the notices are lost (the node stopped before telling)
  clock_.advance(milliseconds{15'000});
  service_->direct_due();
  EXPECT_EQ(field(show(id), "/round_in_play"), "false");
}

// Art. 6.7.1 in every case, on games made as a pairing makes them: neither player comes
// (both lose), Black does not answer White's first move (Black loses); and an event's game
// is neither aborted nor given a rematch.
TEST_F(TournamentServiceTest, TheDefaultTimeDecidesWhoCameAndNothingElseEndsTheGame) {
  PairedGame g;
  g.white = SeatAccount{1, "Anna"};
  g.black = SeatAccount{2, "Boris"};
  g.time_control = "300+3";
  g.tournament = "ev";
  g.waiting_ms = 20'000;
  const std::vector<PairedGame> games{g, g};
  const auto ids = registry_->create_paired(games);
  ASSERT_EQ(ids.size(), 2U);
  ASSERT_TRUE(ids[0] && ids[1]);
  auto nobody = registry_->find(*ids[0]);
  auto late_black = registry_->find(*ids[1]);
  ASSERT_TRUE(nobody && late_black);
  auto header = store_->load_game(*ids[1])->header;
  auto w = connect(*late_black, header.white_token);
  auto b = connect(*late_black, header.black_token);
  say(*late_black, w, R"({"t":"abort","id":1})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "cannot-abort");
  clock_.advance(milliseconds{5'000});
  move(*late_black, w, "e2e4", 1, 2);  // Black's default time runs until 25 s
  clock_.advance(milliseconds{14'000});
  nobody->tick();
  late_black->tick();
  executor_.run_all();
  EXPECT_TRUE(ended_.empty());
  clock_.advance(milliseconds{1'001});
  nobody->tick();
  executor_.run_all();
  ASSERT_EQ(ended_.size(), 1U);
  EXPECT_EQ(ended_[0].result, "-/-");  // neither player ever connected
  // Black's default time runs from White's first move.
  late_black->tick();
  executor_.run_all();
  ASSERT_EQ(ended_.size(), 1U);
  clock_.advance(milliseconds{5'000});
  late_black->tick();
  executor_.run_all();
  ASSERT_EQ(ended_.size(), 2U);
  EXPECT_EQ(ended_[1].result, "+/-");
  const auto log = store_->load_game(*ids[1])->log;
  ASSERT_FALSE(log.empty());
  EXPECT_NE(log.back().text.find("6.7.1"), std::string::npos) << log.back().text;
  auto again = connect(*late_black, header.white_token);  // the first socket timed out
  say(*late_black, again, R"({"t":"rematch","id":3,"d":{"action":"offer"}})");
  EXPECT_EQ(at(again->last("error"), "/d/code"), "tournament");
}

TEST_F(TournamentServiceTest, AnEventWithoutTwoPlayersAtTheStartDoesNotTakePlace) {
  const std::string id = create();
  ASSERT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[0]).status, 200u);
  clock_.advance(milliseconds{60'000});
  service_->direct_due();
  const std::string event = show(id);  // its text, with no round to play, still reads
  EXPECT_EQ(field(event, "/status"), "finished") << event;
  EXPECT_EQ(field(event, "/rounds"), "0");
  EXPECT_EQ(field(event, "/round_list"), "[]");
  EXPECT_EQ(call("POST", "/api/tournaments/" + id + "/join", "{}", &players_[1]).status, 409u);
}

TEST_F(TournamentServiceTest, BadRequestsGetClearErrorsAndChangeNothing) {
  EXPECT_EQ(call("POST", "/api/tournaments", R"({"name":"x","rounds":3})", nullptr).status, 401u);
  const HttpReply bad_tc = call("POST", "/api/tournaments",
                                R"({"name":"x","rounds":3,"time_control":"fast"})", &players_[0]);
  EXPECT_EQ(bad_tc.status, 400u);
  EXPECT_EQ(field(bad_tc.body, "/error/field"), "time_control");
  const HttpReply bad_tb = call("POST", "/api/tournaments",
                                R"({"name":"x","rounds":3,"tiebreaks":"XYZ"})", &players_[0]);
  EXPECT_EQ(bad_tb.status, 400u);
  EXPECT_EQ(field(bad_tb.body, "/error/field"), "tiebreaks");
  const HttpReply unknown =
      call("POST", "/api/tournaments", R"({"name":"x","rounds":3,"forbidden":[["Anna","Nobody"]]})",
           &players_[0]);
  EXPECT_EQ(unknown.status, 400u);
  EXPECT_EQ(field(unknown.body, "/error/field"), "forbidden");
  EXPECT_EQ(call("GET", "/api/tournaments/nope", "", nullptr).status, 404u);
  EXPECT_EQ(call("POST", "/api/tournaments/nope/join", "{}", &players_[0]).status, 404u);
  EXPECT_EQ(call("GET", "/api/tournaments?status=later", "", nullptr).status, 400u);
  EXPECT_EQ(call("DELETE", "/api/tournaments", "", nullptr).status, 405u);
  const HttpReply list = call("GET", "/api/tournaments", "", nullptr);
  EXPECT_EQ(list.body, R"({"tournaments":[]})");
  // A creator has at most five events not finished.
  for (int i = 0; i < 5; ++i) create();
  EXPECT_EQ(call("POST", "/api/tournaments", R"({"name":"x","rounds":3})", &players_[0]).status,
            409u);
}

}  // namespace
}  // namespace arbiter::server::testing
