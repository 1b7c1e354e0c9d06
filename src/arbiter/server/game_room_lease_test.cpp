// Cluster nodes and their leases (issue #16, docs/cluster.md): a game has one owner node;
// another node takes it only once the owner's lease has run out, and the former owner,
// back from a stall, can no longer write: its commit is fenced off by its old epoch, its
// sockets are closed (4010) so that the players reconnect to the new owner. The time no
// node could accept a move is an interruption with the clocks paused (Art. 6.11.1).
#include <map>
#include <sstream>

#include "arbiter/server/game_room.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/store/delegating_store.hpp"
#include "arbiter/wire/adjudicate.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

class RoomLeaseTest : public RoomTest {
 protected:
  void SetUp() override {
    node_ = "node-a";
    RoomTest::SetUp();
  }
  void TearDown() override {
    if (node_b_) node_b_->shutdown();
    node_b_.reset();
    store_b_.reset();
    RoomTest::TearDown();
  }
  // A second node on the same database, with its own connection.
  GameRegistry& node_b() {
    if (!node_b_) {
      auto s = store::open_store(location_);
      EXPECT_TRUE(s) << s.error().describe();
      store_b_ = std::move(*s);
      RoomContext ctx;
      ctx.store = store_b_.get();
      ctx.clock = &clock_;
      ctx.executor = &executor_;
      ctx.timings = timings_;
      ctx.node = "node-b";
      node_b_ = std::make_unique<GameRegistry>(ctx);
    }
    return *node_b_;
  }
  store::Lease lease_of(const std::string& id) {
    auto lease = store_->read_lease(id);
    EXPECT_TRUE(lease && lease->has_value());
    return lease && *lease ? **lease : store::Lease{};
  }

  std::unique_ptr<store::Store> store_b_;
  std::unique_ptr<GameRegistry> node_b_;
};

TEST_F(RoomLeaseTest, AStalledOwnerIsFencedOffAndItsPlayersMoveToTheNewOne) {
  auto [f, w, b] = after_e4_e5();
  const std::string id = f.room->id();
  EXPECT_EQ(lease_of(id).node, "node-a");
  EXPECT_EQ(lease_of(id).epoch, 1);
  // While A's lease runs, B does not take the game.
  EXPECT_EQ(node_b().find(id), nullptr);
  // A stalls (no renewal) past its lease; B takes the game with the next epoch.
  clock_.advance(11s);
  auto room_b = node_b().find(id);
  ASSERT_TRUE(room_b);
  EXPECT_EQ(lease_of(id).node, "node-b");
  EXPECT_EQ(lease_of(id).epoch, 2);
  EXPECT_EQ(room_b->state().moves.size(), 2u);
  // A wakes up and takes White's move: the fence refuses it, nothing is stored, and A lets
  // its sockets go.
  say(*f.room, w, R"({"t":"move","id":2,"d":{"uci":"g1f3","ply":3}})");
  EXPECT_EQ(at(w->last("error"), "/d/code"), "internal");
  EXPECT_EQ(w->closed(), 4010);
  EXPECT_EQ(b->closed(), 4010);
  EXPECT_EQ(store_->load_game(id)->moves.size(), 2u);
  EXPECT_TRUE(f.room->lost());
  // White reconnects (to B) and plays there; A no longer serves the game.
  auto w2 = connect(*room_b, f.white, 0);
  move(*room_b, w2, "g1f3", 3, 3);
  EXPECT_EQ(store_->load_game(id)->moves.size(), 3u);
  EXPECT_EQ(registry_->find(id), nullptr);
  // The stored log is still one game, refereed by both nodes in turn: start, e4, e5, the
  // interruption while no node served the game (paused, resumed), Nf3.
  auto stored = store_->load_game(id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->log.size(), 6u);
}

TEST_F(RoomLeaseTest, LeasesAreRenewedWhileHeldAndReleasedOnShutdown) {
  auto [f, w, b] = after_e4_e5();
  const std::string id = f.room->id();
  const store::WallMs first_expiry = lease_of(id).expires_ms;
  // More than half of the lease left: nothing to do.
  clock_.advance(4s);
  registry_->renew_leases();
  EXPECT_EQ(lease_of(id).expires_ms, first_expiry);
  // Less than half left: renewed, the same epoch.
  clock_.advance(2s);
  EXPECT_EQ(registry_->renew_leases(), 0u);
  EXPECT_EQ(lease_of(id).expires_ms, clock_.wall_ms() + 10000);
  EXPECT_EQ(lease_of(id).epoch, 1);
  // So B still cannot take it after the first lease would have run out.
  clock_.advance(5s);
  EXPECT_EQ(node_b().find(id), nullptr);
  // A node shutting down releases its games: B takes them at once.
  registry_->shutdown();
  auto room_b = node_b().find(id);
  ASSERT_TRUE(room_b);
  EXPECT_EQ(lease_of(id).epoch, 2);
}

// Issue #16 (docs/cluster.md): the orphaned games are shared out among the live nodes by
// adopter_of; a node takes another live node's share only when it is still orphaned at its
// next heartbeat (that node may be stalled, its directory entry not yet stale).
TEST_F(RoomLeaseTest, TheLiveNodesShareOutTheOrphansAndTakeOverAStalledNodesShare) {
  std::vector<std::string> ids;
  for (int i = 0; i < 12; ++i) {
    auto [f, w, b] = after_e4_e5();
    ids.push_back(f.room->id());
  }
  open();  // node-a stops (its leases released: the games are orphans) and starts again
  ASSERT_EQ(store_->orphaned_games(clock_.wall_ms(), 100)->size(), ids.size());
  // node-c is in the directory (it beat a moment ago) but adopts nothing.
  ASSERT_TRUE(store_->announce_node({"node-c", "127.0.0.1:3", clock_.wall_ms()}));
  registry_->set_node_address("127.0.0.1:1");
  const std::vector<std::string> nodes{"node-a", "node-c"};
  std::size_t mine = 0;
  for (const auto& id : ids) mine += adopter_of(id, nodes) == "node-a" ? 1 : 0;
  EXPECT_EQ(registry_->heartbeat(), mine);
  for (const auto& id : ids) {
    auto lease = store_->read_lease(id);
    ASSERT_TRUE(lease);
    const bool held = lease->has_value() && (*lease)->expires_ms > clock_.wall_ms();
    EXPECT_EQ(held, adopter_of(id, nodes) == "node-a") << id;
  }
  // A second later node-c's share is still orphaned: node-a takes it.
  clock_.advance(1s);
  EXPECT_EQ(registry_->heartbeat(), ids.size() - mine);
  EXPECT_TRUE(store_->orphaned_games(clock_.wall_ms(), 100)->empty());
  for (const auto& id : ids) EXPECT_EQ(lease_of(id).node, "node-a") << id;
}

TEST(AdopterOf, SharesGamesEvenlyAndMovesOnlyALeavingNodesShare) {
  const std::vector<std::string> three{"node-a", "node-b", "node-c"};
  const std::vector<std::string> two{"node-a", "node-c"};
  std::map<std::string, int> counts;
  int moved = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string id = "game" + std::to_string(i);
    const std::string owner = adopter_of(id, three);
    EXPECT_EQ(owner, adopter_of(id, std::vector<std::string>{"node-c", "node-b", "node-a"}));
    ++counts[owner];
    const std::string after = adopter_of(id, two);
    if (owner != "node-b") {
      EXPECT_EQ(after, owner) << id;  // only node-b's games move when it leaves
    } else {
      ++moved;
    }
  }
  ASSERT_EQ(counts.size(), 3u);
  for (const auto& [node, n] : counts) {
    EXPECT_GT(n, 850) << node;  // a third is 1,000
    EXPECT_LT(n, 1150) << node;
  }
  EXPECT_EQ(moved, counts["node-b"]);
  EXPECT_EQ(adopter_of("g", std::vector<std::string>{}), "");
  EXPECT_EQ(adopter_of("g", std::vector<std::string>{"solo"}), "solo");
}

// Counts the lease calls a registry makes.
class CountingStore final : public store::DelegatingStore {
 public:
  using DelegatingStore::DelegatingStore;
  Result<store::Lease> acquire_lease(std::string_view id, std::string_view node, store::WallMs now,
                                     std::int64_t ttl) override {
    ++acquires;
    return DelegatingStore::acquire_lease(id, node, now, ttl);
  }
  Result<std::vector<store::Lease>> renew_leases(std::string_view node,
                                                 std::span<const store::Lease> leases,
                                                 store::WallMs now, std::int64_t ttl) override {
    ++renewals;
    return DelegatingStore::renew_leases(node, leases, now, ttl);
  }
  int acquires = 0;
  int renewals = 0;
};

// Issue #16: at 10,000 games a transaction a game to renew was 2,000 transactions a second;
// a node now renews all its games' leases in one.
TEST_F(RoomLeaseTest, ANodeRenewsAllItsGamesLeasesInOneCall) {
  auto other = store::open_store(location_);
  ASSERT_TRUE(other);
  CountingStore counting{**other};
  RoomContext ctx;
  ctx.store = &counting;
  ctx.clock = &clock_;
  ctx.executor = &executor_;
  ctx.node = "node-c";
  GameRegistry node_c{ctx};
  auto request = *wire::parse_create_request(
      R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(node_c.create(request)->room->id());
  const int acquired = counting.acquires;
  clock_.advance(6s);  // less than half of each lease left
  EXPECT_EQ(node_c.renew_leases(), 0u);
  EXPECT_EQ(counting.renewals, 1);
  EXPECT_EQ(counting.acquires, acquired);
  for (const auto& id : ids) {
    EXPECT_EQ(lease_of(id).node, "node-c");
    EXPECT_EQ(lease_of(id).expires_ms, clock_.wall_ms() + 10000) << id;
  }
  node_c.shutdown();
}

TEST_F(RoomLeaseTest, TheTimeNoNodeCouldAcceptAMoveIsNotThePlayers) {
  auto [f, w, b] = after_e4_e5();  // both first moves at referee time 0; White to move
  const std::string id = f.room->id();
  const std::int64_t white_after_e5 = store_->load_game(id)->moves[1].white_ms;
  // White thinks 6 s while A is alive (A renews its lease then), then A dies.
  clock_.advance(6s);
  registry_->renew_leases();
  clock_.advance(30s);  // no node serves the game: A is dead, B not asked yet
  auto room_b = node_b().find(id);
  ASSERT_TRUE(room_b);
  // Art. 6.11.1: the 30 s (from A's last renewal) are an interruption with the clocks
  // paused; White is charged only the 6 s A could have taken his move in.
  const auto s = room_b->state();
  ASSERT_TRUE(s.clock.has_value());
  EXPECT_EQ(s.clock->white, white_after_e5 - 6000);
  EXPECT_EQ(s.clock->running, core::Color::White);
  // The log says so, and re-adjudicates to the same clocks.
  auto stored = store_->load_game(id);
  ASSERT_TRUE(stored);
  ASSERT_GE(stored->log.size(), 5u);
  const std::string& pause = stored->log[stored->log.size() - 2].text;
  const std::string& resume = stored->log.back().text;
  EXPECT_NE(pause.find(R"("t":6000,"type":"arbiter","action":"pause_clocks")"), std::string::npos)
      << pause;
  EXPECT_NE(resume.find(R"("t":36000,"type":"arbiter","action":"resume_clocks")"),
            std::string::npos)
      << resume;
  std::string text;
  for (const store::LogLine& line : stored->log) text += line.text + "\n";
  std::istringstream in{text};
  auto verdict = wire::adjudicate(in);
  ASSERT_TRUE(verdict) << verdict.error().describe();
  ASSERT_TRUE(verdict->clocks.has_value());
  EXPECT_EQ((*verdict->clocks)[0].count(), white_after_e5 - 6000);
  EXPECT_TRUE(verdict->refused.empty());
  // The game goes on at B with White's time as it was.
  auto w2 = connect(*room_b, f.white, 0);
  move(*room_b, w2, "g1f3", 3, 3);
  EXPECT_EQ(store_->load_game(id)->moves.size(), 3u);
}

TEST_F(RoomLeaseTest, AGameReleasedCleanlyHasNoInterruption) {
  auto [f, w, b] = after_e4_e5();
  const std::string id = f.room->id();
  registry_->shutdown();  // A hands its games over: the lease is released
  clock_.advance(2s);
  auto room_b = node_b().find(id);
  ASSERT_TRUE(room_b);
  auto stored = store_->load_game(id);
  ASSERT_TRUE(stored);
  for (const store::LogLine& line : stored->log) {
    EXPECT_EQ(line.text.find("pause_clocks"), std::string::npos) << line.text;
  }
}

TEST_F(RoomLeaseTest, ARenewalThatFindsTheGameTakenLosesIt) {
  auto [f, w, b] = after_e4_e5();
  const std::string id = f.room->id();
  clock_.advance(11s);
  ASSERT_TRUE(node_b().find(id));
  EXPECT_EQ(registry_->renew_leases(), 1u);
  EXPECT_TRUE(f.room->lost());
  EXPECT_EQ(w->closed(), 4010);
  // New sockets reaching the lost room are sent on as well.
  auto late = connect(*f.room, f.black, 0);
  EXPECT_EQ(late->closed(), 4010);
}

}  // namespace
}  // namespace arbiter::server::testing
