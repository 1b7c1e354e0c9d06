// The whole server on a real socket (an ephemeral port): REST, WebSockets, the room
// service thread and the engine. Clients are synchronous Beast clients with deadlines.
#include <gtest/gtest.h>

#include <unistd.h>
#include <chrono>

#include <filesystem>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/computer.hpp"
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/live_client.hpp"
#include "arbiter/server/live_rig.hpp"
#include "arbiter/server/server.hpp"
#include "arbiter/server/service.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

class LiveServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(rig_.start(::testing::UnitTest::GetInstance()->current_test_info()->name(), {},
                           /*computer=*/true));
  }
  void TearDown() override { rig_.stop(); }

  std::string http_call(http::verb verb, const std::string& target, const std::string& body = {},
                        unsigned* status = nullptr) {
    return testing::http_call(rig_.server->port(), verb, target, body, status);
  }
  std::unique_ptr<Socket> open(const std::string& id, const std::string& token) {
    return open_socket(ioc_, rig_.server->port(), id, token);
  }

  LiveRig rig_;
  net::io_context ioc_;
};

TEST_F(LiveServer, TwoPlayersPlayAGameToMateOverWebSockets) {
  unsigned status = 0;
  const std::string created = http_call(
      http::verb::post, "/api/games",
      R"({"time_control":"300+3","color":"white","opponent":{"type":"friend"},"name":"Anna"})",
      &status);
  ASSERT_EQ(status, 201u) << created;
  const std::string id = at(created, "/id");
  const std::string invite = at(created, "/invite");
  const std::string secret = invite.substr(invite.find('=') + 1);
  const std::string joined = http_call(http::verb::post, "/api/games/" + id + "/join",
                                       R"({"name":"Boris","invite":")" + secret + "\"}", &status);
  ASSERT_EQ(status, 200u) << joined;
  auto white = open(id, at(created, "/token"));
  auto black = open(id, at(joined, "/token"));
  EXPECT_EQ(at(next(*white, "welcome"), "/role"), "white");
  EXPECT_EQ(at(next(*black, "welcome"), "/role"), "black");
  EXPECT_EQ(at(next(*white, "state"), "/d/black/name"), "Boris");
  next(*black, "state");

  // Black's token cannot move White's pieces; a forged token is refused and closed.
  send(*black, R"({"t":"move","id":1,"d":{"uci":"e2e4","ply":1}})");
  EXPECT_EQ(at(next(*black, "error"), "/d/code"), "not-your-turn");
  auto forger = open(id, std::string(32, 'f'));
  EXPECT_EQ(at(next(*forger, "error"), "/d/code"), "bad-token");
  beast::flat_buffer rest;
  beast::error_code ec;
  forger->read(rest, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(forger->reason().code, 4003);

  const char* moves[] = {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"};
  for (int i = 0; i < 7; ++i) {
    Socket& mover = i % 2 ? *black : *white;
    send(mover, R"({"t":"move","id":)" + std::to_string(10 + i) + R"(,"d":{"uci":")" + moves[i] +
                    R"(","ply":)" + std::to_string(i + 1) + "}}");
    const std::string event = next(mover, "move");
    EXPECT_EQ(at(event, "/d/uci"), moves[i]);
    // The events an action causes come before its ack (§2.3).
    if (i == 6) {
      EXPECT_EQ(at(next(mover, "end"), "/d/winner"), "white");
    }
    EXPECT_EQ(at(next(mover, "ack"), "/id"), std::to_string(10 + i));
    EXPECT_EQ(at(next(i % 2 ? *white : *black, "move"), "/d/ply"), std::to_string(i + 1));
  }
  const std::string end = next(*black, "end");
  EXPECT_EQ(at(end, "/d/result"), "1-0");
  EXPECT_EQ(at(end, "/d/termination"), "checkmate");
  const std::string state = http_call(http::verb::get, "/api/games/" + id);
  EXPECT_EQ(at(state, "/status"), "ended");
  EXPECT_EQ(at(state, "/moves/6/san"), "Qxf7#");
  const std::string pgn = http_call(http::verb::get, "/api/games/" + id + "/pgn");
  EXPECT_NE(pgn.find("Qxf7#"), std::string::npos);
  EXPECT_NE(pgn.find("1-0"), std::string::npos);
}

// A computer game's creation answered from the commit writer's thread read the room's
// state, which waits for the room's own first commit, which that very thread completes: it
// waited out wait_idle's 10 s every time. Not a speed test: a wait on itself, bounded here
// at half of that limit.
TEST_F(LiveServer, AComputerGameIsCreatedWithoutWaitingForItsOwnCommit) {
  for (const char* color : {"white", "black"}) {
    const auto start = std::chrono::steady_clock::now();
    unsigned status = 0;
    const std::string created = http_call(
        http::verb::post, "/api/games",
        std::string(R"({"color":")") + color + R"(","opponent":{"type":"computer","level":1}})",
        &status);
    ASSERT_EQ(status, 201u) << created;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds{5}) << color;
  }
}

TEST_F(LiveServer, TheComputerAnswersEveryMove) {
  unsigned status = 0;
  const std::string created = http_call(
      http::verb::post, "/api/games",
      R"({"time_control":"60+1","color":"white","opponent":{"type":"computer","level":1}})",
      &status);
  ASSERT_EQ(status, 201u) << created;
  const std::string id = at(created, "/id");
  auto white = open(id, at(created, "/token"));
  next(*white, "welcome");
  std::string last = next(*white, "state");
  std::string dests_json = at(last, "/d/dests");
  for (int ply = 1; ply <= 9; ply += 2) {
    // Play the first destination of the first piece the server lists.
    const std::string from = dests_json.substr(2, 2);
    const std::string to = dests_json.substr(dests_json.find('[') + 2, 2);
    send(*white, R"({"t":"move","id":)" + std::to_string(ply) + R"(,"d":{"uci":")" + from + to +
                     R"(","ply":)" + std::to_string(ply) + "}}");
    std::string reply;
    do {
      reply = next(*white, "move");
    } while (at(reply, "/d/side") != "black" && at(reply, "/d/ply") != "<missing>");
    EXPECT_EQ(at(reply, "/d/ply"), std::to_string(ply + 1));
    if (at(reply, "/d/dests") == "{}") break;  // the game ended
    dests_json = at(reply, "/d/dests");
  }
  const std::string state = http_call(http::verb::get, "/api/games/" + id);
  EXPECT_GE(std::stoi(at(state, "/seq")), 10);
}

}  // namespace
}  // namespace arbiter::server::testing
