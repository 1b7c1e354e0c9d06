// GameRoom's sockets, with fake connections and a hand-driven clock: replay and resync,
// acknowledgements and resends, lag compensation from ping/pong, the crowd and its
// coalescing, spectators (their cap, their place after the players), the idle and hello
// deadlines and the message rate (docs/web-protocol.md §2–3, docs/security.md).
#include "arbiter/server/game_room.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

TEST_F(RoomTest, ReplayResyncAndState) {
  auto [f, w, b] = after_e4_e5();
  move(*f.room, w, "g1f3", 3, 2);
  // Events: 1 join, 2-4 moves. A reconnect with last_seq 2 gets 3 and 4 only, as sent.
  auto again = connect(*f.room, f.white, 2);
  EXPECT_TRUE(again->of("state").empty());
  auto replayed = again->of("move");
  ASSERT_EQ(replayed.size(), 2u);
  EXPECT_EQ(replayed[0], w->of("move")[1]);
  EXPECT_EQ(at(again->of("welcome").at(0), "/seq"), "4");
  // last_seq beyond the end: the whole state.
  auto ahead = connect(*f.room, f.white, 99);
  EXPECT_EQ(at(ahead->last("state"), "/d/seq"), "4");
  EXPECT_EQ(at(ahead->last("state"), "/d/moves/2/san"), "Nf3");
  // A gap: resync answers with the missing events, without a welcome.
  again->clear();
  say(*f.room, again, R"({"t":"resync","last_seq":3})");
  ASSERT_EQ(again->sent().size(), 1u);
  EXPECT_EQ(at(again->sent()[0], "/seq"), "4");
  EXPECT_TRUE(again->of("welcome").empty());
}

TEST_F(RoomTest, ResentMoveIsAcknowledgedOnceAndStalePliesRefused) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  const auto events = b->of("move").size();
  // The same move again (its ack was lost): only an ack, no second event.
  move(*f.room, w, "e2e4", 1, 1);
  EXPECT_EQ(b->of("move").size(), events);
  EXPECT_EQ(f.room->state().moves.size(), 1u);
  // Another move for a ply that stands: stale.
  say(*f.room, w, R"({"t":"move","id":2,"d":{"uci":"d2d4","ply":1}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "stale-ply");
  say(*f.room, b, R"({"t":"move","id":2,"d":{"uci":"e7e5","ply":5}})");
  EXPECT_EQ(at(b->last("error"), "/d/code"), "stale-ply");
  // Castling resent in the other convention still counts as the same move.
  move(*f.room, b, "e7e5", 2, 3);
  move(*f.room, w, "g1f3", 3, 4);
  move(*f.room, b, "b8c6", 4, 5);
  move(*f.room, w, "f1c4", 5, 6);
  move(*f.room, b, "g8f6", 6, 7);
  move(*f.room, w, "e1h1", 7, 8);  // king onto rook
  EXPECT_EQ(at(b->last("move"), "/d/uci"), "e1g1");
  EXPECT_EQ(at(b->last("move"), "/d/san"), "O-O");
  move(*f.room, w, "e1g1", 7, 8);
  EXPECT_EQ(f.room->state().moves.size(), 7u);
}

TEST_F(RoomTest, KeepaliveIsFrequentOnlyWhereAClockRuns) {
  // Issue #16: a ping every 5 s to the players of a game whose clock runs, every 15 s to
  // spectators and before the clocks start; a `clock` after a pong only while one runs.
  timings_.first_move = Millis{3'600'000};
  open();
  // Not a structured binding: clang 14 (the asan-ubsan build) cannot capture one.
  Seated seat = seated();
  Friends& f = seat.f;
  std::shared_ptr<FakeConnection>& w = seat.w;
  std::shared_ptr<FakeConnection>& b = seat.b;
  auto spectator = connect(*f.room, "");
  const auto pings_after = [&](Millis d) {
    w->clear();
    spectator->clear();
    for (Millis t{0}; t < d; t += 1000ms) {
      clock_.advance(1000ms);
      const std::size_t seen[2] = {w->of("ping").size(), spectator->of("ping").size()};
      f.room->tick();
      std::size_t i = 0;
      for (auto* c : {&w, &spectator}) {  // each new ping answered once
        if ((*c)->of("ping").size() > seen[i++]) {
          say(*f.room, *c, R"({"t":"pong","n":)" + at((*c)->last("ping"), "/n") + "}");
        }
      }
    }
    return std::pair{w->of("ping").size(), spectator->of("ping").size()};
  };
  // No clock runs before both first moves: quiet pings, and no clock after the pong.
  EXPECT_EQ(pings_after(30s), (std::pair<std::size_t, std::size_t>{2, 2}));
  EXPECT_TRUE(w->of("clock").empty());
  move(*f.room, w, "e2e4", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  for (const auto& c : {w, b, spectator}) say(*f.room, c, R"({"t":"ack","seq":100})");
  const auto running = pings_after(30s);
  EXPECT_EQ(running.first, 6u);          // every 5 s
  EXPECT_EQ(running.second, 2u);         // every 15 s
  EXPECT_EQ(w->of("clock").size(), 6u);  // one after each pong
  EXPECT_EQ(spectator->of("clock").size(), 2u);
}

TEST_F(RoomTest, LagCompensationFromPingPong) {
  timings_.ping_interval = 2000ms;  // the arithmetic below pings at 2 s
  open();
  auto [f, w, b] = after_e4_e5();
  // A ping every 2 s; White answers after 120 ms: rtt 120, compensation 60 ms.
  clock_.advance(2000ms);
  f.room->tick();
  const std::string ping = w->last("ping");
  ASSERT_FALSE(ping.empty());
  clock_.advance(120ms);
  say(*f.room, w, R"({"t":"pong","n":)" + at(ping, "/n") + "}");
  EXPECT_EQ(at(w->sent().back(), "/t"), "clock");
  EXPECT_EQ(at(w->sent().back(), "/d/running"), "white");
  EXPECT_EQ(at(w->sent().back(), "/d/white"), std::to_string(184000 - 2120));
  clock_.advance(880ms);  // White's move arrives 3000 ms after his clock started
  move(*f.room, w, "g1f3", 3, 2);
  const std::string m = b->last("move");
  EXPECT_EQ(at(m, "/d/lag_ms"), "60");
  // 184 s - (3000 - 60) ms + 2 s increment
  EXPECT_EQ(at(m, "/d/clock/white"), std::to_string(184000 - 2940 + 2000));
  EXPECT_EQ(at(m, "/d/clock/running"), "black");
}

TEST_F(RoomTest, UnacknowledgedEventsAreResentThenTheSocketClosed) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, w, R"({"t":"ack","seq":2})");
  clock_.advance(5s);
  f.room->tick();
  EXPECT_EQ(w->of("move").size(), 1u);  // acknowledged: no resend
  EXPECT_EQ(b->of("move").size(), 2u);  // Black never acked: resent once
  clock_.advance(1s);
  f.room->tick();
  EXPECT_EQ(b->of("move").size(), 2u);
  clock_.advance(4s);
  f.room->tick();
  EXPECT_EQ(b->closed(), 4008);
  EXPECT_EQ(w->closed(), 0);
}

TEST_F(RoomTest, CrowdCountsPlayersAndSpectators) {
  auto f = friends();
  auto w = connect(*f.room, f.white);
  auto s1 = connect(*f.room, "");
  // The newcomer hears of the crowd at once, the others at the next tick.
  EXPECT_EQ(at(s1->last("crowd"), "/d/spectators"), "1");
  f.room->tick();
  auto crowd = w->last("crowd");
  EXPECT_EQ(at(crowd, "/d/white"), "true");
  EXPECT_EQ(at(crowd, "/d/black"), "false");
  EXPECT_EQ(at(crowd, "/d/spectators"), "1");
  f.room->on_close(s1);
  clock_.advance(1s);
  f.room->tick();
  EXPECT_EQ(at(w->last("crowd"), "/d/spectators"), "0");
}

// Issue #14: 500 spectators arriving within 4 s were 500 `crowd` messages to every socket,
// and the players' sockets were closed as too slow. Now at most one per second.
TEST_F(RoomTest, CrowdIsCoalescedToOneMessagePerInterval) {
  auto [f, w, b] = seated();
  f.room->tick();  // the players' arrival: one `crowd`, the next one a second later
  w->clear();
  std::vector<std::shared_ptr<FakeConnection>> crowd;
  for (int i = 0; i < 300; ++i) {
    crowd.push_back(connect(*f.room, ""));
    if (i % 10 == 0) {
      clock_.advance(3ms);
      f.room->tick();  // the room service ticks every 10 ms
    }
  }
  // 300 arrivals within the interval: nothing yet, then one `crowd` with all of them.
  EXPECT_EQ(w->of("crowd").size(), 0u);
  clock_.advance(1s);
  f.room->tick();
  ASSERT_EQ(w->of("crowd").size(), 1u);
  EXPECT_EQ(at(w->last("crowd"), "/d/spectators"), "300");
  for (int i = 0; i < 100; ++i) f.room->on_close(crowd[static_cast<std::size_t>(i)]);
  f.room->tick();
  EXPECT_EQ(w->of("crowd").size(), 1u);
  clock_.advance(1s);
  f.room->tick();
  EXPECT_EQ(w->of("crowd").size(), 2u);
  EXPECT_EQ(at(w->last("crowd"), "/d/spectators"), "200");
  EXPECT_EQ(w->closed(), 0);
  // Nothing changed: nothing sent.
  clock_.advance(1s);
  f.room->tick();
  EXPECT_EQ(w->of("crowd").size(), 2u);
}

// Records every message of every connection in one list, in the order the room sent them.
class OrderLog {
 public:
  class Conn final : public Connection {
   public:
    Conn(OrderLog& log, std::string name) : log_(log), name_(std::move(name)) {}
    void send(std::shared_ptr<const std::string> text) override {
      std::lock_guard lock{log_.mutex_};
      log_.sent_.push_back(name_ + " " + at(*text, "/t"));
    }
    void close(unsigned short, std::string_view) override {}

   private:
    OrderLog& log_;
    std::string name_;
  };
  std::vector<std::string> sent() {
    std::lock_guard lock{mutex_};
    return sent_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
};

// Issue #14, players first: the spectators' copies of a move are sent after the mover's
// `ack` (each send is a write queued on the server's threads: a thousand of them before
// the ack delayed it).
TEST_F(RoomTest, SpectatorsGetAMoveAfterTheMoverHasItsAck) {
  auto f = friends();
  OrderLog log;
  auto hello = [&](const std::shared_ptr<Connection>& c, const std::string& token) {
    f.room->on_open(c);
    const std::string tok = token.empty() ? "null" : "\"" + token + "\"";
    f.room->on_message(c, R"({"t":"hello","v":1,"token":)" + tok + R"(,"last_seq":0})");
  };
  auto w = std::make_shared<OrderLog::Conn>(log, "white");
  auto b = std::make_shared<OrderLog::Conn>(log, "black");
  auto s = std::make_shared<OrderLog::Conn>(log, "spectator");
  hello(w, f.white);
  hello(b, f.black);
  hello(s, "");
  const auto before = log.sent().size();
  f.room->on_message(w, R"({"t":"move","id":1,"d":{"uci":"e2e4","ply":1}})");
  auto sent = log.sent();
  sent.erase(sent.begin(), sent.begin() + static_cast<std::ptrdiff_t>(before));
  const auto pos = [&](const std::string& m) {
    return std::find(sent.begin(), sent.end(), m) - sent.begin();
  };
  ASSERT_LT(pos("white ack"), static_cast<std::ptrdiff_t>(sent.size()));
  ASSERT_LT(pos("spectator move"), static_cast<std::ptrdiff_t>(sent.size()));
  EXPECT_LT(pos("white move"), pos("white ack"));
  EXPECT_LT(pos("black move"), pos("white ack"));
  EXPECT_LT(pos("white ack"), pos("spectator move"));
  EXPECT_EQ(std::count(sent.begin(), sent.end(), "spectator move"), 1);
  // A spectator arriving later is replayed the move exactly once.
  const std::int64_t seq = f.room->state().seq;
  auto late = std::make_shared<FakeConnection>();
  f.room->on_open(late);
  f.room->on_message(
      late, R"({"t":"hello","v":1,"token":null,"last_seq":)" + std::to_string(seq - 1) + "}");
  f.room->tick();
  f.room->on_message(w, R"({"t":"ack","seq":)" + std::to_string(seq) + "}");
  EXPECT_EQ(late->of("move").size(), 1u);
}

// Issue #14: spectators per game are capped; the players get in whatever the crowd.
TEST_F(RoomTest, SpectatorsAreCappedPerGame) {
  timings_.spectators_max = 2;
  open();
  auto f = friends();
  auto s1 = connect(*f.room, "");
  auto s2 = connect(*f.room, "");
  auto s3 = connect(*f.room, "");
  EXPECT_EQ(s1->closed(), 0);
  EXPECT_EQ(s2->closed(), 0);
  EXPECT_EQ(s3->closed(), 1013);
  EXPECT_EQ(at(s3->last("error"), "/d/code"), "full");
  EXPECT_EQ(at(s3->last("error"), "/d/fatal"), "true");
  EXPECT_TRUE(s3->of("welcome").empty());
  auto w = connect(*f.room, f.white);
  auto b = connect(*f.room, f.black);
  EXPECT_EQ(at(w->last("welcome"), "/role"), "white");
  EXPECT_EQ(at(b->last("welcome"), "/role"), "black");
  EXPECT_EQ(at(b->last("crowd"), "/d/spectators"), "2");
  // A place freed is a place again.
  f.room->on_close(s3);
  f.room->on_close(s1);
  auto s4 = connect(*f.room, "");
  EXPECT_EQ(s4->closed(), 0);
  EXPECT_EQ(at(s4->last("crowd"), "/d/spectators"), "2");
}

// Issue #14: WebSocket pongs (answered by the client's network stack) kept a dead client's
// socket open for ever. The room's own deadline counts protocol messages only: a socket
// that answers no `ping` for 60 s is closed 4009; one that answers stays.
TEST_F(RoomTest, ASocketSilentForTheIdleTimeoutIsClosed) {
  timings_.first_move = Millis{3'600'000};  // no abort event (unacknowledged, it closes 4008)
  open();
  auto [f, w, b] = seated();
  for (int i = 0; i < 60; ++i) {
    clock_.advance(1s);
    f.room->tick();
    const std::string ping = w->last("ping");
    if (!ping.empty()) say(*f.room, w, R"({"t":"pong","n":)" + at(ping, "/n") + "}");
    w->clear();
    if (i < 59) {
      EXPECT_EQ(b->closed(), 0) << i;
    }
  }
  EXPECT_EQ(b->closed(), 4009);
  EXPECT_EQ(w->closed(), 0);
}

TEST_F(RoomTest, HelloTimeoutAndRateLimit) {
  auto f = friends();
  auto silent = std::make_shared<FakeConnection>();
  f.room->on_open(silent);
  clock_.advance(5s);
  f.room->tick();
  EXPECT_EQ(silent->closed(), 1008);
  auto w = connect(*f.room, f.white);
  for (int i = 0; i < 20; ++i) say(*f.room, w, R"({"t":"ack","seq":0})");
  EXPECT_EQ(w->closed(), 1008);
  EXPECT_EQ(at(w->last("error"), "/d/code"), "rate-limited");
}

}  // namespace
}  // namespace arbiter::server::testing
