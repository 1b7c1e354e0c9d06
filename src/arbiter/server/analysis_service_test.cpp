// Post-game analysis on the server (issue #18 item 3, docs/analysis.md): asked for once a
// game has ended, never by a player who is playing (Art. 11.3.1), queued, analysed with its
// progress, kept, shown, exported in the PGN, and resumed after a restart.
#include "arbiter/server/analysis_service.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "arbiter/account/password.hpp"
#include "arbiter/account/session_token.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server::testing {
namespace {

std::string field(const std::string& json, std::string_view pointer) {
  return wire::json_at(json, pointer).value_or("<missing>");
}

class AnalysisServiceTest : public RoomTest {
 protected:
  void SetUp() override {
    RoomTest::SetUp();
    AccountOptions options;
    options.cost = account::test_cost();
    accounts_ = std::make_shared<AccountApi>(*store_, clock_, options);
    make_service();
  }
  void TearDown() override {
    service_.reset();
    accounts_.reset();
    RoomTest::TearDown();
  }
  void make_service() {
    service_.reset();
    AnalysisServiceOptions o;
    o.nodes = 3'000;  // a quick search: the judgements below are forced mates
    o.live_ms = 300;
    service_ = std::make_unique<AnalysisService>(*store_, clock_, accounts_, o);
  }
  HttpReply call(const std::string& method, const std::string& id, const std::string& cookie = "",
                 const std::string& csrf = "") {
    HttpRequest r{method, "/api/games/" + id + "/analysis", "", "10.0.0.1"};
    r.cookie = cookie;
    r.csrf = csrf;
    return service_->handle(r);
  }
  // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: Black's third move walks into mate in one.
  std::string scholars_mate() {
    auto [f, w, b] = seated();
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    move(*f.room, w, "d1h5", 3, 2);
    move(*f.room, b, "b8c6", 4, 2);
    move(*f.room, w, "f1c4", 5, 3);
    move(*f.room, b, "g8f6", 6, 3);
    move(*f.room, w, "h5f7", 7, 4);
    executor_.run_all();
    return f.room->id();
  }
  // Waits (a bounded while) for an analysis run by the service's own worker.
  std::string wait_done(const std::string& id) {
    std::string body;
    for (int i = 0; i < 600; ++i) {
      body = call("GET", id).body;
      if (field(body, "/status") == "done" || field(body, "/status") == "failed") break;
      std::this_thread::sleep_for(std::chrono::milliseconds{10});
    }
    return body;
  }
  std::shared_ptr<AccountApi> accounts_;
  std::unique_ptr<AnalysisService> service_;
};

TEST_F(AnalysisServiceTest, AnEndedGameIsAnalysedShownAndExported) {
  const std::string id = scholars_mate();
  EXPECT_EQ(field(call("GET", id).body, "/status"), "none");
  const HttpReply asked = call("POST", id);
  ASSERT_EQ(asked.status, 202u) << asked.body;
  EXPECT_EQ(field(asked.body, "/total"), "8");  // the start and seven moves
  const std::string body = wait_done(id);
  ASSERT_EQ(field(body, "/status"), "done") << body;
  EXPECT_EQ(field(body, "/done"), "8");
  EXPECT_EQ(field(body, "/analysis/plies/5/san"), "Nf6");
  EXPECT_EQ(field(body, "/analysis/plies/5/judgement"), "blunder");
  EXPECT_EQ(field(body, "/analysis/plies/5/best/0"), "g6");
  EXPECT_EQ(field(body, "/analysis/plies/5/eval/mate"), "1");
  EXPECT_EQ(field(body, "/analysis/plies/6/eval/mated"), "black");
  EXPECT_EQ(field(body, "/analysis/black/blunders"), "1");
  // A second request changes nothing.
  EXPECT_EQ(call("POST", id).status, 200u);
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  const auto pgn = service_->annotated(id, room->pgn());
  ASSERT_TRUE(pgn);
  EXPECT_NE(pgn->find("[%eval #1]"), std::string::npos) << *pgn;
  EXPECT_NE(pgn->find("$4"), std::string::npos) << *pgn;
  EXPECT_NE(pgn->find("BlackAccuracy"), std::string::npos) << *pgn;
}

TEST_F(AnalysisServiceTest, AGameInPlayIsNotAnalysedNorForAPlayerWhoIsPlaying) {
  // Art. 11.3.1: the game itself, while it is played...
  auto [f, w, b] = after_e4_e5();
  const HttpReply ongoing = call("POST", f.room->id());
  EXPECT_EQ(ongoing.status, 409u);
  EXPECT_EQ(field(ongoing.body, "/error/field"), "status");
  // ...and any game for a player who has one in play.
  const std::string ended = scholars_mate();
  HttpRequest signup{"POST", "/api/account/signup",
                     R"({"name":"Anna","password":"a good password"})", "10.0.0.1"};
  signup.csrf = "1";
  const HttpReply made = accounts_->handle(signup);
  ASSERT_EQ(made.status, 201u) << made.body;
  std::string cookie;
  for (const std::string& c : made.set_cookies) {
    const std::string pair = c.substr(0, c.find(';'));  // the view below points into it
    if (auto v = cookie_value(pair, kSessionCookie)) {
      cookie = std::string(kSessionCookie) + "=" + std::string(*v);
    }
  }
  const std::string csrf = field(made.body, "/csrf");
  auto anna = store_->find_user("anna");
  ASSERT_TRUE(anna && *anna);
  auto req = wire::parse_create_request(R"({"time_control":"300+3","opponent":{"type":"friend"}})");
  ASSERT_TRUE(registry_->create(*req, SeatAccount{(*anna)->id, "Anna"}));
  const HttpReply playing = call("POST", ended, cookie, csrf);
  EXPECT_EQ(playing.status, 409u) << playing.body;
  EXPECT_EQ(field(playing.body, "/error/field"), "in_play");
  EXPECT_NE(field(playing.body, "/error/message").find("11.3.1"), std::string::npos);
  EXPECT_EQ(field(call("GET", ended).body, "/status"), "none");
  EXPECT_EQ(call("POST", "nosuchgame").status, 404u);
  EXPECT_EQ(call("DELETE", ended).status, 405u);
}

TEST_F(AnalysisServiceTest, AQueuedAnalysisIsResumedAfterARestart) {
  const std::string id = scholars_mate();
  service_->stop();  // the workers are gone: the request stays queued
  const HttpReply asked = call("POST", id);
  ASSERT_EQ(asked.status, 202u) << asked.body;
  EXPECT_EQ(field(asked.body, "/status"), "queued");
  EXPECT_EQ(field(asked.body, "/queued_before"), "0");
  make_service();  // the process starts again
  auto resumed = service_->resume();
  ASSERT_TRUE(resumed);
  EXPECT_EQ(*resumed, 1);
  EXPECT_EQ(field(wait_done(id), "/status"), "done");
}

// Pulls a stream to its end (bounded): the text of every piece.
std::string drain(BodySource& source) {
  std::string all;
  for (int pieces = 0; pieces < 10'000; ++pieces) {
    std::promise<Result<std::optional<std::string>>> got;
    auto f = got.get_future();
    source.next([&](Result<std::optional<std::string>> r) { got.set_value(std::move(r)); });
    if (f.wait_for(std::chrono::seconds{20}) != std::future_status::ready) break;
    auto r = f.get();
    if (!r || !*r) break;
    all += **r;
  }
  return all;
}

TEST_F(AnalysisServiceTest, TheAnalysisBoardStreamsTheBestLinesOfAPosition) {
  // Scholar's mate threatened: Black to move after 3. Bc4, two lines asked for.
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR+b+KQkq+-+3+3";
  HttpRequest r{"GET", "/api/analysis?fen=" + fen + "&multipv=2", "", "10.0.0.1"};
  HttpReply reply = service_->handle(r);
  ASSERT_EQ(reply.status, 200u) << reply.body;
  EXPECT_EQ(reply.content_type, "text/event-stream");
  ASSERT_TRUE(reply.stream);
  const std::string events = drain(*reply.stream);
  EXPECT_NE(events.find("data: {\"depth\":"), std::string::npos) << events.substr(0, 500);
  EXPECT_NE(events.find("\"multipv\":2"), std::string::npos);
  EXPECT_NE(events.find("event: done"), std::string::npos);
  EXPECT_NE(events.find("\"pv\":[\""), std::string::npos);
  EXPECT_EQ(events.find("g7g6"), std::string::npos);  // SAN, not UCI
  EXPECT_EQ(events.find("d8e7"), std::string::npos);
  reply.stream.reset();  // the seat is given back with the search

  HttpRequest bad{"GET", "/api/analysis?fen=nonsense", "", "10.0.0.1"};
  const HttpReply refused = service_->handle(bad);
  EXPECT_EQ(refused.status, 400u);
  EXPECT_EQ(field(refused.body, "/error/field"), "fen");
  HttpRequest lines{"GET", "/api/analysis?fen=" + fen + "&multipv=9", "", "10.0.0.1"};
  EXPECT_EQ(field(service_->handle(lines).body, "/error/field"), "multipv");
  // Two at once at most (live_max): the third waits for one to end.
  HttpReply a = service_->handle(r);
  HttpReply b = service_->handle(r);
  ASSERT_TRUE(a.stream && b.stream);
  EXPECT_EQ(service_->handle(r).status, 503u);
  a.stream.reset();
  HttpReply c = service_->handle(r);
  EXPECT_TRUE(c.stream);
}

// A client that goes away: the transport's callback holds the last reference to the
// search, so the search ends where that callback runs. That is never the engine's own
// thread, whose end the search waits for (it was: std::terminate, "resource deadlock").
TEST_F(AnalysisServiceTest, AStreamWhoseClientLeftEndsWithoutWaitingForItself) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR+w+KQkq+-+0+1";
  HttpRequest r{"GET", "/api/analysis?fen=" + fen, "", "10.0.0.1"};
  for (int round = 0; round < 3; ++round) {
    HttpReply reply = service_->handle(r);
    ASSERT_TRUE(reply.stream) << reply.body;
    std::shared_ptr<BodySource> source = std::move(reply.stream);
    auto called = std::make_shared<std::promise<void>>();
    auto future = called->get_future();
    BodySource* raw = source.get();
    raw->next([keep = std::move(source), called](Result<std::optional<std::string>>) mutable {
      keep.reset();  // the last reference: the transport lets the stream go
      called->set_value();
    });
    ASSERT_EQ(future.wait_for(std::chrono::seconds{20}), std::future_status::ready);
  }
  // Every seat came back: two streams at once again.
  for (int i = 0; i < 200; ++i) {
    HttpReply a = service_->handle(r);
    HttpReply b = service_->handle(r);
    if (a.stream && b.stream) return;
    std::this_thread::sleep_for(std::chrono::milliseconds{10});
  }
  FAIL() << "the live seats did not come back";
}

TEST(UrlDecode, PlusAndPercentAsBrowsersSendThem) {
  EXPECT_EQ(url_decode("8%2F8+w+-"), "8/8 w -");
  EXPECT_EQ(url_decode("100%"), "100%");
  EXPECT_EQ(url_decode("%zz%4"), "%zz%4");
  EXPECT_EQ(url_decode(""), "");
}

}  // namespace
}  // namespace arbiter::server::testing
