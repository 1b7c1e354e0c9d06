// The REST routes of web-protocol.md §1 against GameApi (no sockets).
#include "arbiter/server/game_api.hpp"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

class ApiTest : public RoomTest {
 protected:
  // Through handle_async, as the server calls it: the reply comes exactly once, at once
  // or (a join) from GameApi's pool.
  HttpReply call(const std::string& method, const std::string& target, const std::string& body = {},
                 const std::string& remote = "127.0.0.1") {
    struct Answer {
      std::mutex mutex;
      std::condition_variable done;
      int replies = 0;
      HttpReply reply;
    };
    auto answer = std::make_shared<Answer>();
    api().handle_async(HttpRequest{method, target, body, remote}, [answer](HttpReply r) {
      std::lock_guard lock{answer->mutex};
      ++answer->replies;
      answer->reply = std::move(r);
      answer->done.notify_all();
    });
    std::unique_lock lock{answer->mutex};
    EXPECT_TRUE(
        answer->done.wait_for(lock, std::chrono::seconds{5}, [&] { return answer->replies > 0; }))
        << method << " " << target;
    EXPECT_EQ(answer->replies, 1) << method << " " << target;
    return answer->reply;
  }
  GameApi& api() {
    if (!api_) api_ = std::make_unique<GameApi>(*registry_, time_, limit_, creations_);
    return *api_;
  }
  ManualTimeSource time_;
  RateLimit limit_;
  RateLimit creations_ = kCreationLimit;
  std::unique_ptr<GameApi> api_;
};

TEST_F(ApiTest, PresetsAndUnknownRoutes) {
  auto p = call("GET", "/api/presets");
  EXPECT_EQ(p.status, 200u);
  EXPECT_EQ(p.content_type, "application/json");
  EXPECT_EQ(at(p.body, "/presets/0/id"), "bullet");
  EXPECT_EQ(at(p.body, "/presets/3/time_control"), "40/5400+30:1800+30");
  EXPECT_EQ(at(p.body, "/presets/4/time_control"), "900d5");
  EXPECT_EQ(call("GET", "/api/nothing").status, 404u);
  EXPECT_EQ(at(call("GET", "/api/nothing").body, "/error/code"), "not-found");
  EXPECT_EQ(call("DELETE", "/api/presets").status, 405u);
  EXPECT_EQ(call("GET", "/api/games/nosuch1").status, 404u);
  EXPECT_EQ(call("GET", "/api/games/..%2F..").status, 404u);
  EXPECT_EQ(call("GET", "/api/games/" + std::string(300, 'x')).status, 404u);
}

TEST_F(ApiTest, ComputerGamesBeyondTheCapAre503) {
  // Every seat of the engine pool is out (docs/security.md).
  RoomContext ctx;
  ctx.store = store_.get();
  ctx.clock = &clock_;
  ctx.executor = &executor_;
  ctx.computer = [](int) -> std::unique_ptr<ComputerMover> { return nullptr; };
  registry_->shutdown();
  registry_ = std::make_unique<GameRegistry>(ctx);
  auto r = call("POST", "/api/games",
                R"({"time_control":"blitz","opponent":{"type":"computer","level":4}})");
  EXPECT_EQ(r.status, 503u) << r.body;
  EXPECT_EQ(at(r.body, "/error/code"), "capacity");
  EXPECT_NE(r.body.find("--max-computer-games"), std::string::npos) << r.body;
  EXPECT_EQ(at(call("GET", "/api/games").body, "/games"), "[]");  // nothing was stored
  EXPECT_EQ(call("POST", "/api/games", R"({"time_control":"blitz"})").status, 201u);
}

TEST_F(ApiTest, CreateAFriendGame) {
  auto r = call(
      "POST", "/api/games",
      R"({"time_control":"blitz","variant":"standard","color":"white","opponent":{"type":"friend"},"name":"Anna"})");
  ASSERT_EQ(r.status, 201u) << r.body;
  const std::string id = at(r.body, "/id");
  EXPECT_EQ(id.size(), 8u);
  EXPECT_EQ(at(r.body, "/seat"), "white");
  EXPECT_EQ(at(r.body, "/token").size(), 32u);
  // The invitation names the game and, in the fragment, a secret of 32 hex digits.
  const std::string invite_path = at(r.body, "/invite");
  ASSERT_EQ(invite_path.substr(0, 19), "/g/" + id + "#invite=");
  const std::string secret = invite_path.substr(19);
  EXPECT_EQ(secret.size(), 32u);
  EXPECT_NE(secret, at(r.body, "/token"));
  EXPECT_EQ(at(r.body, "/game/status"), "created");
  EXPECT_EQ(at(r.body, "/game/open_seat"), "black");
  EXPECT_EQ(at(r.body, "/game/time_control"), "180+2");
  EXPECT_EQ(at(r.body, "/game/category"), "blitz");
  EXPECT_EQ(at(r.body, "/game/white/name"), "Anna");
  EXPECT_EQ(at(r.body, "/game/clock/white"), "182000");
  EXPECT_EQ(at(r.body, "/game/dests/g1"), R"(["f3","h3"])");
  EXPECT_EQ(at(r.body, "/game/seq"), "0");
  auto state = call("GET", "/api/games/" + id);
  EXPECT_EQ(state.status, 200u);
  EXPECT_EQ(at(state.body, "/id"), id);
  // Issue #14: the open seat is the invitee's only; without the secret, or with a wrong
  // one, nobody takes it.
  for (const char* body : {R"({"name":"Mallory"})", R"({"name":"Mallory","invite":"00"})",
                           R"({"name":"Mallory","invite":""})"}) {
    auto stolen = call("POST", "/api/games/" + id + "/join", body);
    EXPECT_EQ(stolen.status, 403u) << body;
    EXPECT_EQ(at(stolen.body, "/error/code"), "bad-invite");
    EXPECT_EQ(at(stolen.body, "/error/field"), "invite");
  }
  EXPECT_EQ(at(call("GET", "/api/games/" + id).body, "/open_seat"), "black");
  // The secret's holder gets the open seat, the next one 409, a seat's token re-joins.
  auto j =
      call("POST", "/api/games/" + id + "/join", R"({"name":"Boris","invite":")" + secret + "\"}");
  ASSERT_EQ(j.status, 200u) << j.body;
  EXPECT_EQ(at(j.body, "/seat"), "black");
  EXPECT_EQ(at(j.body, "/game/black/name"), "Boris");
  EXPECT_EQ(at(j.body, "/game/open_seat"), "null");
  EXPECT_NE(at(j.body, "/token"), at(r.body, "/token"));
  auto late =
      call("POST", "/api/games/" + id + "/join", R"({"name":"Carl","invite":")" + secret + "\"}");
  EXPECT_EQ(late.status, 409u);
  EXPECT_EQ(at(late.body, "/error/code"), "seat-taken");
  auto again = call("POST", "/api/games/" + id + "/join",
                    R"({"name":"x","token":")" + at(r.body, "/token") + R"("})");
  EXPECT_EQ(again.status, 200u);
  EXPECT_EQ(at(again.body, "/seat"), "white");
  EXPECT_EQ(call("GET", "/api/games/" + id + "/join").status, 405u);
}

TEST_F(ApiTest, CreateErrors) {
  auto tc = call("POST", "/api/games", R"({"time_control":"300x"})");
  EXPECT_EQ(tc.status, 400u);
  EXPECT_EQ(at(tc.body, "/error/code"), "time-control-syntax");
  EXPECT_EQ(at(tc.body, "/error/field"), "time_control");
  EXPECT_EQ(at(tc.body, "/error/column"), "4");
  auto bad = call("POST", "/api/games", "{not json");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_EQ(at(bad.body, "/error/code"), "bad-json");
  auto level = call("POST", "/api/games", R"({"opponent":{"type":"computer","level":0}})");
  EXPECT_EQ(level.status, 400u);
  EXPECT_EQ(at(level.body, "/error/field"), "level");
  EXPECT_EQ(at(level.body, "/error/code"), "invalid-argument");
}

TEST_F(ApiTest, Chess960ComputerGame) {
  auto r = call(
      "POST", "/api/games",
      R"({"time_control":"300+3","variant":"chess960","chess960":0,"color":"black","opponent":{"type":"computer","level":2}})");
  ASSERT_EQ(r.status, 201u) << r.body;
  EXPECT_EQ(at(r.body, "/seat"), "black");
  EXPECT_EQ(at(r.body, "/invite"), "<missing>");
  EXPECT_EQ(at(r.body, "/game/variant"), "chess960");
  EXPECT_EQ(at(r.body, "/game/chess960"), "0");
  EXPECT_EQ(at(r.body, "/game/start_fen").substr(0, 8), "bbqnnrkr");
  EXPECT_EQ(at(r.body, "/game/white/kind"), "computer");
  // The computer (White) opens as soon as its search is posted back.
  EXPECT_EQ(executor_.run_all(), 1);
  auto state = call("GET", "/api/games/" + at(r.body, "/id"));
  EXPECT_EQ(at(state.body, "/moves/0/san").empty(), false);
  EXPECT_EQ(at(state.body, "/turn"), "black");
}

// Issue #17 item 8: "play from here" — a game from a position set up in the board editor.
TEST_F(ApiTest, AGameFromASetUpPosition) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20";
  auto r = call("POST", "/api/games",
                R"({"time_control":"300+3","color":"white","opponent":{"type":"friend"},"fen":")" +
                    fen + R"("})");
  ASSERT_EQ(r.status, 201u) << r.body;
  EXPECT_EQ(at(r.body, "/game/start_fen"), fen);
  EXPECT_EQ(at(r.body, "/game/fen"), fen);
  EXPECT_EQ(at(r.body, "/game/turn"), "black");  // the position's side to move
  EXPECT_EQ(at(r.body, "/game/variant"), "standard");
  // Against the computer too, which answers from the position.
  auto c =
      call("POST", "/api/games",
           R"({"color":"white","opponent":{"type":"computer","level":1},"fen":")" + fen + R"("})");
  ASSERT_EQ(c.status, 201u) << c.body;
  EXPECT_EQ(executor_.run_all(), 1);
  auto state = call("GET", "/api/games/" + at(c.body, "/id"));
  EXPECT_FALSE(at(state.body, "/moves/0/san").empty());
  EXPECT_EQ(at(state.body, "/turn"), "white");
}

TEST_F(ApiTest, ASetUpPositionIsCheckedAndItsErrorsNamed) {
  const auto refused = [&](const std::string& fen_json, const std::string& extra = {}) {
    auto r = call("POST", "/api/games",
                  R"({"opponent":{"type":"friend"},"fen":)" + fen_json + extra + "}");
    EXPECT_EQ(r.status, 400u) << r.body;
    EXPECT_EQ(at(r.body, "/error/field"), "fen") << r.body;
    return at(r.body, "/error/code") + " " + at(r.body, "/error/message");
  };
  // Two white kings (3.9), a pawn on the eighth rank (3.7), the side not to move in check.
  EXPECT_NE(refused(R"("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")").find("king"), std::string::npos);
  refused(R"("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")");
  refused(R"("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")");
  refused(R"("4k3/8/8/8/8/8/8/4K3 x - - 0 1")");  // the side to move
  refused(R"("not a fen")");
  refused("7");
  refused("\"" + std::string(200, 'p') + "\"");
  // Already over: checkmate (5.1.1) and stalemate (5.2.1) leave nothing to play.
  EXPECT_NE(refused(R"("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")").find("checkmated"),
            std::string::npos);
  EXPECT_NE(refused(R"("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")").find("stalemated"), std::string::npos);
  // With a Chess960 number: one start or the other.
  refused(R"("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")", R"(,"variant":"chess960")");
}

TEST_F(ApiTest, TheEditorsCheckOfAPosition) {
  auto ok = call("POST", "/api/fen", R"({"fen":"4k3/8/8/8/8/8/4P3/4K3 w - -"})");
  ASSERT_EQ(ok.status, 200u) << ok.body;
  EXPECT_EQ(at(ok.body, "/fen"), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");  // completed, canonical
  auto rank = call("POST", "/api/fen", R"({"fen":"4k4/8/8/8/8/8/4P3/4K3 w - - 0 1"})");
  EXPECT_EQ(rank.status, 400u);
  EXPECT_EQ(at(rank.body, "/error/code"), "fen-rank-too-long");
  EXPECT_EQ(at(rank.body, "/error/field"), "fen");
  EXPECT_NE(at(rank.body, "/error/column"), "0");
  auto mate = call("POST", "/api/fen", R"({"fen":"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"})");
  EXPECT_EQ(mate.status, 400u);
  EXPECT_EQ(at(mate.body, "/error/field"), "fen");
  EXPECT_EQ(call("POST", "/api/fen", "{}").status, 400u);
  EXPECT_EQ(call("GET", "/api/fen").status, 405u);
}

TEST_F(ApiTest, PgnFenAndList) {
  auto [f, w, b] = after_e4_e5();
  const std::string id = f.room->id();
  auto pgn = call("GET", "/api/games/" + id + "/pgn");
  EXPECT_EQ(pgn.status, 200u);
  EXPECT_EQ(pgn.content_type, "application/x-chess-pgn; charset=utf-8");
  EXPECT_EQ(pgn.content_disposition, "attachment; filename=\"arbiter-" + id + ".pgn\"");
  EXPECT_NE(pgn.body.find("[White \"Anna\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[Black \"Boris\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("1. e4"), std::string::npos);
  EXPECT_NE(pgn.body.find("%clk"), std::string::npos);
  auto fen = call("GET", "/api/games/" + id + "/fen?ply=1");
  EXPECT_EQ(fen.content_type, "text/plain; charset=utf-8");
  EXPECT_EQ(fen.body, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(call("GET", "/api/games/" + id + "/fen").body,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  EXPECT_EQ(call("GET", "/api/games/" + id + "/fen?ply=9").status, 400u);
  EXPECT_EQ(call("GET", "/api/games/" + id + "/fen?ply=x").status, 400u);
  auto other = friends();
  auto other_white = connect(*other.room, other.white);
  move(*other.room, other_white, "d2d4", 1, 1);
  say(*f.room, w, R"({"t":"resign","id":3})");
  clock_.advance(std::chrono::milliseconds{5});
  // Issue #14: a friend game waiting for its invitee is never listed, with any status.
  auto waiting =
      create(R"({"time_control":"60","color":"white","opponent":{"type":"friend"},"name":"Eve"})");
  auto ongoing = call("GET", "/api/games?status=ongoing");
  EXPECT_EQ(ongoing.status, 200u);
  EXPECT_EQ(at(ongoing.body, "/games/0/id"), other.room->id());
  EXPECT_EQ(at(ongoing.body, "/games/1"), "<missing>");
  for (const char* list : {"/api/games", "/api/games?status=all", "/api/games?status=ongoing",
                           "/api/games?status=recent"}) {
    EXPECT_EQ(call("GET", list).body.find(waiting.room->id()), std::string::npos) << list;
  }
  auto recent = call("GET", "/api/games?status=recent&limit=5");
  EXPECT_EQ(at(recent.body, "/games/0/id"), id);
  EXPECT_EQ(at(recent.body, "/games/0/status"), "ended");
  EXPECT_EQ(at(recent.body, "/games/0/result"), "0-1");
  EXPECT_EQ(at(recent.body, "/games/0/termination"), "resignation");
  EXPECT_EQ(at(recent.body, "/games/0/plies"), "2");
  EXPECT_EQ(call("GET", "/api/games?status=weird").status, 400u);
  EXPECT_EQ(call("GET", "/api/games?limit=0").status, 400u);
}

TEST_F(ApiTest, RateLimitPerAddress) {
  limit_ = RateLimit{3, 1};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(call("GET", "/api/presets").status, 200u);
  auto refused = call("GET", "/api/presets");
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(at(refused.body, "/error/code"), "rate-limited");
  EXPECT_EQ(call("GET", "/api/presets", {}, "10.0.0.2").status, 200u);  // another client
  time_.advance(Millis{1000});
  EXPECT_EQ(call("GET", "/api/presets").status, 200u);
  EXPECT_EQ(call("GET", "/api/presets").status, 429u);
}

// Issue #14: 5,000 games in 9 s from 250 addresses; game creation has a server-wide rate.
// handle() (no callback) serves every route too, creation included, by the same rules.
TEST_F(ApiTest, TheSynchronousHandlerCreatesGamesByTheSameRules) {
  const std::string game = R"({"time_control":"60","opponent":{"type":"friend"}})";
  auto r = api().handle(HttpRequest{"POST", "/api/games", game, "127.0.0.1"});
  ASSERT_EQ(r.status, 201u) << r.body;
  EXPECT_TRUE(registry_->find(at(r.body, "/id")));
  EXPECT_EQ(api().handle(HttpRequest{"POST", "/api/games", "{", "127.0.0.1"}).status, 400u);
}

TEST_F(ApiTest, GameCreationHasAServerWideRate) {
  creations_ = RateLimit{3, 1};
  const std::string game = R"({"time_control":"60","opponent":{"type":"friend"}})";
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(call("POST", "/api/games", game, "10.0.0." + std::to_string(i)).status, 201u);
  }
  auto refused = call("POST", "/api/games", game, "10.0.1.1");  // a fresh address
  EXPECT_EQ(refused.status, 503u);
  EXPECT_EQ(at(refused.body, "/error/code"), "busy");
  // A malformed request is answered as such and costs no creation.
  EXPECT_EQ(call("POST", "/api/games", "{", "10.0.1.2").status, 400u);
  EXPECT_EQ(call("GET", "/api/presets", {}, "10.0.1.3").status, 200u);  // reading goes on
  time_.advance(Millis{1000});
  EXPECT_EQ(call("POST", "/api/games", game, "10.0.1.4").status, 201u);
  EXPECT_EQ(call("POST", "/api/games", game, "10.0.1.5").status, 503u);
}

TEST_F(ApiTest, SocketsOnlyForGames) {
  auto f = friends();
  EXPECT_EQ(api().socket_for("/api/games/" + f.room->id() + "/ws"), f.room);
  EXPECT_FALSE(api().socket_for("/api/games/nosuch12/ws"));
  EXPECT_FALSE(api().socket_for("/api/games/" + f.room->id()));
  EXPECT_FALSE(api().socket_for("/api/presets/x/ws"));
}

TEST_F(ApiTest, FinishedGamesLoadFromTheStore) {
  auto f = friends();
  const std::string id = f.room->id();
  auto w = connect(*f.room, f.white);
  say(*f.room, w, R"({"t":"abort","id":1})");
  f.room.reset();
  w.reset();
  api_.reset();
  open();  // a fresh registry: the finished game is not in memory
  auto state = call("GET", "/api/games/" + id);
  ASSERT_EQ(state.status, 200u);
  EXPECT_EQ(at(state.body, "/status"), "aborted");
  EXPECT_EQ(at(state.body, "/termination"), "aborted");
  EXPECT_EQ(at(state.body, "/black/name"), "Boris");
  EXPECT_EQ(at(state.body, "/seq"), "2");
}

}  // namespace
}  // namespace arbiter::server::testing
