// The cluster's node directory and the orphaned games (issue #16, docs/cluster.md), on
// every backend: where a node forwards another node's game, and which ongoing games no
// node holds any more.
#include <gtest/gtest.h>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;

constexpr WallMs kNow = 1'700'000'000'000;
constexpr std::int64_t kTtl = 5000;

class NodeDirectory : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    store_ = open();
    ASSERT_TRUE(store_);
  }
  // A game with one move: ongoing.
  void ongoing(const std::string& id, WallMs created) {
    ASSERT_TRUE(store_->create_game(sample_header(id, created)));
    const EventRecord e = sample_event(1, created);
    ASSERT_TRUE(store_->append_move(id, sample_move(1, created), std::span{&e, 1}));
  }
  std::vector<std::string> orphans(WallMs now) {
    auto ids = store_->orphaned_games(now, 100);
    EXPECT_TRUE(ids) << ids.error().describe();
    return ids ? *ids : std::vector<std::string>{};
  }
  std::unique_ptr<Store> store_;
};
ARB_STORE_BACKENDS(NodeDirectory);

TEST_P(NodeDirectory, ANodeIsFoundAtItsLastAddressAndHeartbeat) {
  EXPECT_EQ(*store_->read_node("node-a"), std::nullopt);
  ASSERT_TRUE(store_->announce_node({"node-a", "127.0.0.1:8081", kNow}));
  ASSERT_TRUE(store_->announce_node({"node-b", "127.0.0.1:8082", kNow}));
  EXPECT_EQ(*store_->read_node("node-a"), (NodeInfo{"node-a", "127.0.0.1:8081", kNow}));
  // Restarted on another port, later.
  ASSERT_TRUE(store_->announce_node({"node-a", "127.0.0.1:9001", kNow + 1000}));
  EXPECT_EQ(*store_->read_node("node-a"), (NodeInfo{"node-a", "127.0.0.1:9001", kNow + 1000}));
  // A heartbeat that arrives late never moves the time back.
  ASSERT_TRUE(store_->announce_node({"node-a", "127.0.0.1:9001", kNow + 500}));
  EXPECT_EQ(store_->read_node("node-a")->value().seen_ms, kNow + 1000);
  EXPECT_EQ(store_->read_node("node-b")->value().address, "127.0.0.1:8082");
}

// The nodes among which the orphaned games are shared: those heard from lately, by name.
TEST_P(NodeDirectory, LiveNodesAreThoseHeardFromSinceATime) {
  EXPECT_TRUE(store_->live_nodes(kNow)->empty());
  ASSERT_TRUE(store_->announce_node({"node-c", "127.0.0.1:8083", kNow}));
  ASSERT_TRUE(store_->announce_node({"node-a", "127.0.0.1:8081", kNow - 1000}));
  ASSERT_TRUE(store_->announce_node({"node-b", "127.0.0.1:8082", kNow - kTtl - 1}));
  auto live = store_->live_nodes(kNow - kTtl);
  ASSERT_TRUE(live) << live.error().describe();
  EXPECT_EQ(*live, (std::vector<NodeInfo>{{"node-a", "127.0.0.1:8081", kNow - 1000},
                                          {"node-c", "127.0.0.1:8083", kNow}}));
  // node-b beats again: live again.
  ASSERT_TRUE(store_->announce_node({"node-b", "127.0.0.1:8082", kNow}));
  EXPECT_EQ(store_->live_nodes(kNow - kTtl)->size(), 3u);
  EXPECT_EQ(store_->live_nodes(kNow + 1)->size(), 0u);
}

TEST_P(NodeDirectory, BadAnnouncementsNameTheirField) {
  EXPECT_EQ(store_->announce_node({"", "127.0.0.1:1", kNow}).error().where.field, "name");
  EXPECT_EQ(store_->announce_node({"a b", "127.0.0.1:1", kNow}).error().where.field, "name");
  EXPECT_EQ(store_->announce_node({"a", "", kNow}).error().where.field, "address");
  EXPECT_EQ(store_->announce_node({"a", "host 1", kNow}).error().where.field, "address");
  EXPECT_EQ(store_->announce_node({"a", std::string(256, 'h'), kNow}).error().where.field,
            "address");
  EXPECT_EQ(store_->orphaned_games(kNow, 0).error().where.field, "limit");
  EXPECT_EQ(*store_->read_node("a"), std::nullopt);
}

TEST_P(NodeDirectory, OngoingGamesNoNodeHoldsAreOrphans) {
  ongoing("held", kNow - 3000);
  ongoing("expired", kNow - 2000);
  ongoing("released", kNow - 1000);
  ongoing("never", kNow - 4000);  // a single server's game: no lease at all
  ASSERT_TRUE(store_->create_game(sample_header("waiting", kNow)));  // created: not adopted
  ASSERT_TRUE(store_->create_game(sample_header("over", kNow)));
  ASSERT_TRUE(store_->finish_game("over", Ending{GameStatus::Aborted, "*", "aborted", kNow}, {}));
  ASSERT_TRUE(store_->acquire_lease("held", "node-a", kNow, kTtl));
  ASSERT_TRUE(store_->acquire_lease("expired", "node-a", kNow - kTtl - 1, kTtl));
  auto released = store_->acquire_lease("released", "node-a", kNow, kTtl);
  ASSERT_TRUE(released);
  ASSERT_TRUE(store_->release_lease(*released));
  // Oldest activity first.
  EXPECT_EQ(orphans(kNow), (std::vector<std::string>{"never", "expired", "released"}));
  // Once its lease runs out, the held game is an orphan too; an expiry at now is expired.
  EXPECT_EQ(orphans(kNow + kTtl).size(), 4u);
  // Adopted: no longer an orphan.
  ASSERT_TRUE(store_->acquire_lease("never", "node-b", kNow, kTtl));
  EXPECT_EQ(orphans(kNow), (std::vector<std::string>{"expired", "released"}));
  auto first = store_->orphaned_games(kNow, 1);
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, std::vector<std::string>{"expired"});
}

}  // namespace
}  // namespace arbiter::store
