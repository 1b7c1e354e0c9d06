// Leases and the epoch fence (issue #16, docs/cluster.md), on every backend: one owner
// node per game, epochs that only grow, and writes of a former owner refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;

constexpr WallMs kNow = 1'700'000'000'000;
constexpr std::int64_t kTtl = 5000;

class Leases : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    store_ = open();
    ASSERT_TRUE(store_);
    ASSERT_TRUE(store_->create_game(sample_header("g1")));
  }
  static GameWrite fenced_move(int ply, std::int64_t epoch) {
    GameWrite w;
    w.game_id = "g1";
    w.epoch = epoch;
    w.move = sample_move(ply);
    w.events = {sample_event(ply)};
    return w;
  }
  Result<void> commit_one(const GameWrite& w) {
    auto results = store_->commit(std::span{&w, 1});
    EXPECT_EQ(results.size(), 1u);
    return results.empty() ? Result<void>{} : results.front();
  }
  std::unique_ptr<Store> store_;
};
ARB_STORE_BACKENDS(Leases);

TEST_P(Leases, TheFirstNodeTakesEpochOneAndRenewsIt) {
  auto a = store_->acquire_lease("g1", "node-a", kNow, kTtl);
  ASSERT_TRUE(a) << a.error().describe();
  EXPECT_EQ(*a, (Lease{"g1", "node-a", 1, kNow + kTtl}));
  auto renewed = store_->acquire_lease("g1", "node-a", kNow + 2000, kTtl);
  ASSERT_TRUE(renewed);
  EXPECT_EQ(renewed->epoch, 1);
  EXPECT_EQ(renewed->expires_ms, kNow + 2000 + kTtl);
  EXPECT_EQ(*store_->read_lease("g1"), std::optional<Lease>(*renewed));
}

// Issue #16: a node renews every lease it holds in one call; what another node took in
// the meantime is left out (and left alone), expired but untaken leases are renewed.
TEST_P(Leases, ANodeRenewsAllItsLeasesAtOnceAndLearnsWhichItLost) {
  for (const char* id : {"g2", "g3"}) ASSERT_TRUE(store_->create_game(sample_header(id)));
  std::vector<Lease> held;
  for (const char* id : {"g1", "g2", "g3"}) {
    auto lease = store_->acquire_lease(id, "node-a", kNow, kTtl);
    ASSERT_TRUE(lease) << lease.error().describe();
    held.push_back(*lease);
  }
  // g2 expires and node-b takes it; g3 expires and nobody takes it.
  auto taken = store_->acquire_lease("g2", "node-b", kNow + kTtl, kTtl);
  ASSERT_TRUE(taken);
  const WallMs later = kNow + kTtl + 100;
  auto renewed = store_->renew_leases("node-a", held, later, kTtl);
  ASSERT_TRUE(renewed) << renewed.error().describe();
  std::sort(renewed->begin(), renewed->end(),
            [](const Lease& a, const Lease& b) { return a.game_id < b.game_id; });
  EXPECT_EQ(*renewed, (std::vector<Lease>{Lease{"g1", "node-a", 1, later + kTtl},
                                          Lease{"g3", "node-a", 1, later + kTtl}}));
  EXPECT_EQ(*store_->read_lease("g2"), std::optional<Lease>(*taken));  // untouched
  EXPECT_EQ(*store_->read_lease("g3"), std::optional<Lease>(renewed->back()));
  // Nothing to renew; a lease of another node, a bad id, a bad ttl: refused, by field.
  auto none = store_->renew_leases("node-a", {}, later, kTtl);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  auto foreign = store_->renew_leases("node-a", std::vector<Lease>{*taken}, later, kTtl);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().where.field, "node");
  auto bad_id =
      store_->renew_leases("node-a", std::vector<Lease>{{"no such!", "node-a", 1, 0}}, later, kTtl);
  ASSERT_FALSE(bad_id);
  EXPECT_EQ(bad_id.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(store_->renew_leases("node-a", held, later, 0).error().where.field, "ttl_ms");
}

TEST_P(Leases, AnotherNodeWaitsForTheExpiryThenTakesTheNextEpoch) {
  ASSERT_TRUE(store_->acquire_lease("g1", "node-a", kNow, kTtl));
  auto early = store_->acquire_lease("g1", "node-b", kNow + kTtl - 1, kTtl);
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(early.error().where.field, "lease");
  EXPECT_NE(early.error().message.find("node-a"), std::string::npos) << early.error().message;
  auto b = store_->acquire_lease("g1", "node-b", kNow + kTtl, kTtl);
  ASSERT_TRUE(b) << b.error().describe();
  EXPECT_EQ(b->epoch, 2);
  EXPECT_EQ(b->node, "node-b");
  // The former owner, back from a stall, cannot take it back while B's lease runs.
  EXPECT_FALSE(store_->acquire_lease("g1", "node-a", kNow + kTtl + 1, kTtl));
}

TEST_P(Leases, AFormerOwnersWritesAreFencedOff) {
  auto a = store_->acquire_lease("g1", "node-a", kNow, kTtl);
  ASSERT_TRUE(a);
  ASSERT_TRUE(commit_one(fenced_move(1, a->epoch)));
  auto b = store_->acquire_lease("g1", "node-b", kNow + kTtl + 1, kTtl);
  ASSERT_TRUE(b);
  // A stalled A wakes up and writes ply 2 with its old epoch: refused, nothing kept.
  auto stale = commit_one(fenced_move(2, a->epoch));
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(stale.error().where.field, "epoch");
  EXPECT_NE(stale.error().message.find("node-b"), std::string::npos) << stale.error().message;
  auto game = store_->load_game("g1");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->moves.size(), 1u);
  EXPECT_EQ(game->events.size(), 1u);
  // B's write of the same ply goes through.
  ASSERT_TRUE(commit_one(fenced_move(2, b->epoch)));
  EXPECT_EQ(store_->load_game("g1")->moves.size(), 2u);
  // A fenced write to a game that never had a lease is refused too.
  ASSERT_TRUE(store_->create_game(sample_header("g2")));
  GameWrite unleased = fenced_move(1, 1);
  unleased.game_id = "g2";
  auto refused = commit_one(unleased);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().where.field, "epoch");
}

TEST_P(Leases, AReleasedLeaseIsFreeAtOnce) {
  auto a = store_->acquire_lease("g1", "node-a", kNow, kTtl);
  ASSERT_TRUE(a);
  ASSERT_TRUE(store_->release_lease(*a));
  auto b = store_->acquire_lease("g1", "node-b", kNow + 1, kTtl);
  ASSERT_TRUE(b) << b.error().describe();
  EXPECT_EQ(b->epoch, 2);
  // A release by a lease no longer current changes nothing.
  auto late = store_->release_lease(*a);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().where.field, "epoch");
  EXPECT_EQ(store_->read_lease("g1")->value().node, "node-b");
  // A node that released and asks again starts a new epoch: its old room may still write.
  ASSERT_TRUE(store_->release_lease(*b));
  auto b2 = store_->acquire_lease("g1", "node-b", kNow + 2, kTtl);
  ASSERT_TRUE(b2);
  EXPECT_EQ(b2->epoch, 3);
}

TEST_P(Leases, BadRequestsNameTheirField) {
  EXPECT_EQ(store_->acquire_lease("g1", "", kNow, kTtl).error().where.field, "node");
  EXPECT_EQ(store_->acquire_lease("g1", "a b", kNow, kTtl).error().where.field, "node");
  EXPECT_EQ(store_->acquire_lease("g1", "node-a", kNow, 0).error().where.field, "ttl_ms");
  auto unknown = store_->acquire_lease("nope", "node-a", kNow, kTtl);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(*store_->read_lease("g1"), std::nullopt);
}

// Two nodes (two connections) ask at the same instant: exactly one gets the game.
TEST_P(Leases, OfNodesAskingAtOnceExactlyOneWins) {
  auto other = open();
  ASSERT_TRUE(other);
  for (int round = 0; round < 10; ++round) {
    const std::string id = "race" + std::to_string(round);
    ASSERT_TRUE(store_->create_game(sample_header(id)));
    std::atomic<int> winners{0};
    std::atomic<bool> go{false};
    const auto ask = [&](Store* s, const char* node) {
      while (!go.load()) std::this_thread::yield();
      if (s->acquire_lease(id, node, kNow, kTtl)) ++winners;
    };
    std::thread a{ask, store_.get(), "node-a"};
    std::thread b{ask, other.get(), "node-b"};
    go = true;
    a.join();
    b.join();
    EXPECT_EQ(winners.load(), 1) << id;
    EXPECT_EQ(store_->read_lease(id)->value().epoch, 1);
  }
}

}  // namespace
}  // namespace arbiter::store
