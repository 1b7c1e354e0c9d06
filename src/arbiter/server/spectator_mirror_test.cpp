// A node's mirror of another node's game for its spectators (docs/cluster.md): the state
// once, the bus's events in order, a gap or a lost last message filled from the store,
// and the protocol of a room for everything a spectator may send.
#include "arbiter/server/spectator_mirror.hpp"

#include <gtest/gtest.h>

#include "arbiter/server/test_support.hpp"
#include "arbiter/wire/client_messages.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

std::string event(std::int64_t seq) {
  return R"({"t":"move","seq":)" + std::to_string(seq) + R"(,"d":{"ply":)" + std::to_string(seq) +
         "}}";
}

class Mirror : public ::testing::Test {
 protected:
  void SetUp() override {
    MirrorSource source;
    // The owner answers when the test says so (fetches are asynchronous).
    source.fetch_state = [this](const std::string& id,
                                std::function<void(Result<std::string>)> done) {
      EXPECT_EQ(id, "g1");
      ++fetches_;
      pending_ = std::move(done);
    };
    source.events_after = [this](const std::string&, std::int64_t after) {
      ++reads_;
      std::vector<store::EventRecord> out;
      for (std::int64_t s = after + 1; s <= stored_; ++s) out.push_back({s, event(s), 0});
      return Result<std::vector<store::EventRecord>>{out};
    };
    mirror_ = std::make_shared<SpectatorMirror>("g1", source, clock_, RoomTimings{});
  }
  // A spectator says hello; the owner's state at `seq` answers if `answer`.
  std::shared_ptr<FakeConnection> spectator(std::int64_t last_seq = 0) {
    auto c = std::make_shared<FakeConnection>();
    mirror_->on_open(c);
    mirror_->on_message(c, wire::write_hello(std::nullopt, last_seq));
    return c;
  }
  void answer_state(std::int64_t seq) {
    ASSERT_TRUE(pending_);
    auto done = std::move(pending_);
    pending_ = nullptr;
    done(std::string{R"({"id":"g1","status":"ongoing","seq":)"} + std::to_string(seq) + "}");
  }
  static std::vector<std::int64_t> seqs(FakeConnection& c) {
    std::vector<std::int64_t> out;
    for (const auto& m : c.sent()) {
      if (auto s = wire::json_at(m, "/seq"); s && wire::json_at(m, "/t") == "move") {
        out.push_back(std::stoll(*s));
      }
    }
    return out;
  }

  ManualRoomClock clock_;
  std::shared_ptr<SpectatorMirror> mirror_;
  std::function<void(Result<std::string>)> pending_;
  std::int64_t stored_ = 0;  // events 1..stored_ are in the "database"
  int fetches_ = 0;
  int reads_ = 0;
};

TEST_F(Mirror, ASpectatorGetsWelcomeStateAndThenTheBusEventsInOrder) {
  stored_ = 3;
  auto c = spectator();
  EXPECT_TRUE(c->sent().empty());  // waits for the owner's state
  answer_state(3);
  const auto welcome = c->last("welcome");
  EXPECT_EQ(wire::json_at(welcome, "/role"), "spectator");
  EXPECT_EQ(wire::json_at(welcome, "/seq"), "3");
  EXPECT_EQ(wire::json_at(c->last("state"), "/d/seq"), "3");
  stored_ = 5;
  mirror_->on_bus_event(4, event(4));
  mirror_->on_bus_event(5, event(5));
  mirror_->on_bus_event(4, event(4));  // heard twice: once is enough
  EXPECT_EQ(seqs(*c), (std::vector<std::int64_t>{4, 5}));
  EXPECT_EQ(mirror_->last_seq(), 5);
  // A second spectator is served from the mirror, without asking the owner again.
  auto d = spectator(4);
  EXPECT_EQ(fetches_, 1);
  EXPECT_EQ(wire::json_at(d->last("welcome"), "/seq"), "5");
  EXPECT_TRUE(d->of("state").empty());  // a replay of 5 only
  EXPECT_EQ(seqs(*d), (std::vector<std::int64_t>{5}));
}

TEST_F(Mirror, AGapOfTheBusIsFilledFromTheStore) {
  stored_ = 1;
  auto c = spectator();
  answer_state(1);
  stored_ = 4;
  mirror_->on_bus_event(4, event(4));  // 2 and 3 were lost on the way
  EXPECT_EQ(seqs(*c), (std::vector<std::int64_t>{2, 3, 4}));
}

TEST_F(Mirror, ALostLastEventIsFoundByTheNextReadOfTheStore) {
  stored_ = 2;
  auto c = spectator();
  answer_state(2);
  stored_ = 3;  // committed, its message lost: no later event reveals the gap
  clock_.advance(1s);
  mirror_->tick(/*bus_up=*/true);  // within the poll interval of a live bus: not yet
  EXPECT_TRUE(seqs(*c).empty());
  clock_.advance(3s);
  mirror_->tick(true);
  EXPECT_EQ(seqs(*c), (std::vector<std::int64_t>{3}));
  // Redis away: the store is read at every tick.
  stored_ = 4;
  clock_.advance(1s);
  mirror_->tick(/*bus_up=*/false);
  EXPECT_EQ(seqs(*c), (std::vector<std::int64_t>{3, 4}));
}

TEST_F(Mirror, SpectatorsCannotActAndGetPingsAndTimeouts) {
  stored_ = 1;
  auto c = spectator();
  answer_state(1);
  mirror_->on_message(c, wire::write_move(7, "e2e4", 2));
  const auto err = c->last("error");
  EXPECT_EQ(wire::json_at(err, "/d/code"), "not-a-player");
  EXPECT_EQ(wire::json_at(err, "/id"), "7");
  // resync: the events again (here: a state, as last_seq 0 asks).
  c->clear();
  mirror_->on_message(c, R"({"t":"resync","last_seq":0})");
  EXPECT_EQ(c->of("state").size(), 1u);
  EXPECT_TRUE(c->of("welcome").empty());
  // Quiet pings every 15 s; 60 s without any message closes 4009.
  clock_.advance(15s);
  mirror_->tick(true);
  EXPECT_EQ(c->of("ping").size(), 1u);
  clock_.advance(46s);
  mirror_->tick(true);
  EXPECT_EQ(c->closed(), 4009);
  // A socket that never says hello is closed after 5 s; one whose first message is not a
  // hello at once.
  auto mute = std::make_shared<FakeConnection>();
  mirror_->on_open(mute);
  clock_.advance(5s);
  mirror_->tick(true);
  EXPECT_EQ(mute->closed(), 1008);
  auto rude = std::make_shared<FakeConnection>();
  mirror_->on_open(rude);
  mirror_->on_message(rude, wire::write_pong(1));
  EXPECT_EQ(rude->closed(), 1008);
}

TEST_F(Mirror, AnUnreachableOwnerSendsTheWaitingSpectatorsToReconnect) {
  auto c = spectator();
  ASSERT_TRUE(pending_);
  auto done = std::move(pending_);
  done(make_error(ErrorCode::kIo, "connection refused"));
  EXPECT_EQ(c->closed(), 4010);
  EXPECT_TRUE(c->of("welcome").empty());
}

// A socket of another node's game: a spectator stays with the mirror, a player (a token)
// goes to the relay with his hello.
class RecordingHandler final : public SocketHandler {
 public:
  void on_open(const std::shared_ptr<Connection>&) override { ++opened; }
  void on_message(const std::shared_ptr<Connection>&, std::string_view text) override {
    messages.emplace_back(text);
  }
  void on_close(const std::shared_ptr<Connection>&) override { ++closed; }
  int opened = 0;
  int closed = 0;
  std::vector<std::string> messages;
};

TEST_F(Mirror, ARemoteSocketRelaysPlayersAndKeepsSpectators) {
  auto relay = std::make_shared<RecordingHandler>();
  RemoteSocket player{mirror_, relay};
  auto p = std::make_shared<FakeConnection>();
  player.on_open(p);
  const std::string hello = wire::write_hello(std::string{"secret"}, 0);
  player.on_message(p, hello);
  player.on_message(p, wire::write_move(1, "e2e4", 1));
  EXPECT_EQ(relay->opened, 1);
  EXPECT_EQ(relay->messages, (std::vector<std::string>{hello, wire::write_move(1, "e2e4", 1)}));
  player.on_close(p);
  EXPECT_EQ(relay->closed, 1);
  EXPECT_TRUE(mirror_->empty());
  EXPECT_EQ(fetches_, 0);

  auto watcher = std::make_shared<RecordingHandler>();
  RemoteSocket spectator_socket{mirror_, watcher};
  auto s = std::make_shared<FakeConnection>();
  spectator_socket.on_open(s);
  spectator_socket.on_message(s, wire::write_hello(std::nullopt, 0));
  EXPECT_EQ(watcher->opened, 0);
  EXPECT_EQ(fetches_, 1);
  EXPECT_FALSE(mirror_->empty());
  spectator_socket.on_close(s);
  EXPECT_TRUE(mirror_->empty());
}

}  // namespace
}  // namespace arbiter::server::testing
