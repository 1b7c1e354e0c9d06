// Two cluster nodes on one store (docs/cluster.md), each a whole server on loopback: a
// request or socket that lands on the node that does not own the game is forwarded to the
// owner, and the games of a node that stops are adopted by the other one without a request,
// the interruption written to the referee's log as the arbiter pausing the clocks (6.11.1).
#include <gtest/gtest.h>

#include <thread>

#include "arbiter/server/live_client.hpp"
#include "arbiter/server/live_rig.hpp"
#include "arbiter/server/redis_test_server.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

class Cluster : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    // The tests of the bus get a Redis of their own.
    if (name.find("Redis") != std::string::npos) {
      ASSERT_TRUE(redis_.start());
      redis_port_ = redis_.port();
    }
    ASSERT_TRUE(a_.start_node(name + "-a", "node-a", {}, {}, false, kLease, redis_port_));
    // B shares A's store.
    ASSERT_TRUE(
        b_.start_node(name + "-b", "node-b", a_.store_location, {}, false, kLease, redis_port_));
  }
  void TearDown() override {
    b_.stop();
    a_.stop();
  }

  struct Game {
    std::string id, white, black;
  };
  // A friend game created on A, joined through B (forwarded to A).
  Game friends_on_a() {
    unsigned status = 0;
    const std::string created = http_call(
        a_.server->port(), http::verb::post, "/api/games",
        R"({"time_control":"300+3","color":"white","opponent":{"type":"friend"},"name":"Anna"})",
        &status);
    EXPECT_EQ(status, 201u) << created;
    Game g{at(created, "/id"), at(created, "/token"), {}};
    const std::string invite = at(created, "/invite");
    const std::string joined = http_call(
        b_.server->port(), http::verb::post, "/api/games/" + g.id + "/join",
        R"({"name":"Boris","invite":")" + invite.substr(invite.find('=') + 1) + "\"}", &status);
    EXPECT_EQ(status, 200u) << joined;
    g.black = at(joined, "/token");
    return g;
  }
  static void move(Socket& ws, int ply, const std::string& uci) {
    send(ws, R"({"t":"move","id":)" + std::to_string(100 + ply) + R"(,"d":{"uci":")" + uci +
                 R"(","ply":)" + std::to_string(ply) + "}}");
  }

  static constexpr Millis kLease{1500};
  RedisTestServer redis_;
  int redis_port_ = 0;
  LiveRig a_;
  LiveRig b_;
  net::io_context ioc_;
};

TEST_F(Cluster, ASocketOrRequestOnTheOtherNodeReachesTheOwner) {
  const Game g = friends_on_a();
  // B never loaded the game: A holds its lease, B forwards.
  EXPECT_EQ(b_.registry->rooms_in_memory(), 0u);
  auto white = open_socket(ioc_, a_.server->port(), g.id, g.white);
  auto black = open_socket(ioc_, b_.server->port(), g.id, g.black);  // relayed to A
  EXPECT_EQ(at(next(*white, "welcome"), "/role"), "white");
  EXPECT_EQ(at(next(*black, "welcome"), "/role"), "black");
  const char* moves[] = {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"};
  for (int i = 0; i < 7; ++i) {
    Socket& mover = i % 2 ? *black : *white;
    move(mover, i + 1, moves[i]);
    EXPECT_EQ(at(next(mover, "ack"), "/id"), std::to_string(101 + i));
    EXPECT_EQ(at(next(i % 2 ? *white : *black, "move"), "/d/uci"), moves[i]);
  }
  EXPECT_EQ(at(next(*black, "end"), "/d/termination"), "checkmate");
  unsigned status = 0;
  const std::string state =
      http_call(b_.server->port(), http::verb::get, "/api/games/" + g.id, {}, &status);
  EXPECT_EQ(status, 200u);
  EXPECT_EQ(at(state, "/status"), "ended");
  EXPECT_NE(
      http_call(b_.server->port(), http::verb::get, "/api/games/" + g.id + "/pgn").find("Qxf7#"),
      std::string::npos);
  EXPECT_EQ(b_.registry->rooms_in_memory(), 0u);  // all of it was A's
}

TEST_F(Cluster, AForwardedRequestIsNeverForwardedAgain) {
  const Game g = friends_on_a();
  net::io_context ioc;
  beast::tcp_stream stream{ioc};
  stream.expires_after(10s);
  stream.connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), b_.server->port()});
  http::request<http::string_body> req{http::verb::get, "/api/games/" + g.id, 11};
  req.set(http::field::host, "localhost");
  req.set("X-Arbiter-Forwarded", "1");
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  EXPECT_EQ(res.result_int(), 503u);
  EXPECT_EQ(at(res.body(), "/error/code"), "moved");
}

TEST_F(Cluster, AStoppedNodesGamesAreAdoptedAndItsRelayedPlayersReconnect) {
  const Game g = friends_on_a();
  auto white = open_socket(ioc_, a_.server->port(), g.id, g.white);
  auto black = open_socket(ioc_, b_.server->port(), g.id, g.black);
  next(*white, "welcome");
  next(*black, "welcome");
  move(*white, 1, "e2e4");
  next(*white, "ack");
  move(*black, 2, "e7e5");
  next(*black, "ack");
  // A stops as if killed: no more renewals, no release, its sockets dropped.
  a_.running->abandon();
  // The relayed player is told the game moved.
  beast::flat_buffer rest;
  beast::error_code ec;
  for (int i = 0; i < 10 && !ec; ++i) black->read(rest, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(black->reason().code, 4010);
  // B adopts the game when A's lease runs out, without any request for it.
  const auto deadline = std::chrono::steady_clock::now() + 8s;
  while (b_.registry->rooms_in_memory() == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(50ms);
  }
  ASSERT_EQ(b_.registry->rooms_in_memory(), 1u);
  // Both players reconnect (to B, the owner now) and play on.
  auto white2 = open_socket(ioc_, b_.server->port(), g.id, g.white, 0);
  auto black2 = open_socket(ioc_, b_.server->port(), g.id, g.black, 0);
  next(*white2, "welcome");
  next(*black2, "welcome");
  move(*white2, 3, "g1f3");
  EXPECT_EQ(at(next(*white2, "ack"), "/id"), "103");
  EXPECT_EQ(at(next(*black2, "move"), "/d/san"), "Nf3");
  // The time no node could take a move is the arbiter's interruption, not Black's.
  const std::string log =
      http_call(b_.server->port(), http::verb::get, "/api/games/" + g.id + "/log");
  EXPECT_NE(log.find("pause_clocks"), std::string::npos) << log;
  EXPECT_NE(log.find("resume_clocks"), std::string::npos) << log;
  EXPECT_NE(log.find("Nf3"), std::string::npos) << log;
}

TEST_F(Cluster, ASpectatorOnTheOtherNodeIsServedFromRedisAndTheStore) {
  const Game g = friends_on_a();
  auto white = open_socket(ioc_, a_.server->port(), g.id, g.white);
  auto black = open_socket(ioc_, a_.server->port(), g.id, g.black);
  next(*white, "welcome");
  next(*black, "welcome");
  // A spectator on B: B's mirror, fed by the bus; A never sees this socket.
  auto spectator = open_socket(ioc_, b_.server->port(), g.id, "");
  EXPECT_EQ(at(next(*spectator, "welcome"), "/role"), "spectator");
  next(*spectator, "state");
  EXPECT_EQ(b_.running->mirrors()->size(), 1u);
  EXPECT_EQ(b_.registry->rooms_in_memory(), 0u);
  move(*white, 1, "e2e4");
  next(*white, "ack");
  EXPECT_EQ(at(next(*spectator, "move"), "/d/san"), "e4");
  // Redis goes: the mirror reads the store instead, within a second or two.
  redis_.stop(/*kill=*/true);
  move(*black, 2, "e7e5");
  next(*black, "ack");
  EXPECT_EQ(at(next(*spectator, "move"), "/d/san"), "e5");
  // And comes back: the bus again.
  ASSERT_TRUE(redis_.start());
  move(*white, 3, "g1f3");
  next(*white, "ack");
  EXPECT_EQ(at(next(*spectator, "move"), "/d/san"), "Nf3");
  // The spectator acts: refused as by the room.
  send(*spectator, R"({"t":"resign","id":5})");
  EXPECT_EQ(at(next(*spectator, "error"), "/d/code"), "not-a-player");
}

}  // namespace
}  // namespace arbiter::server::testing
