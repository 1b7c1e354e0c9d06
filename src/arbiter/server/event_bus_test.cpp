// The cluster's message bus on a real Redis server the test starts (docs/cluster.md):
// committed events arrive in order on every subscriber; Redis killed and started again
// loses what was sent meanwhile (counted), and both sides reconnect by themselves.
#include "arbiter/server/event_bus.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <vector>

#include "arbiter/server/redis_test_server.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

store::EventRecord event(std::int64_t seq) {
  return {seq, R"({"t":"move","seq":)" + std::to_string(seq) + R"(,"d":{}})", 0};
}

// What a subscriber heard.
struct Heard {
  std::mutex mutex;
  std::vector<BusEvent> events;
  void add(const BusEvent& e) {
    std::lock_guard lock{mutex};
    events.push_back(e);
  }
  std::size_t size() {
    std::lock_guard lock{mutex};
    return events.size();
  }
};

template <typename Predicate>
bool eventually(Predicate ok, std::chrono::milliseconds limit = 5000ms) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!ok()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

TEST(EventBus, AddressesAreHostAndPort) {
  auto a = parse_redis_address("127.0.0.1:6380");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->host, "127.0.0.1");
  EXPECT_EQ(a->port, 6380);
  EXPECT_EQ(parse_redis_address("redis.local")->port, 6379);
  EXPECT_EQ(parse_redis_address("host:0").error().where.field, "redis");
  EXPECT_FALSE(parse_redis_address("host:99999"));
  EXPECT_FALSE(parse_redis_address(":6379"));
  EXPECT_EQ(game_channel("Zr81tQab"), "arbiter:game:Zr81tQab");
}

TEST(EventBus, EverySubscriberHearsTheCommittedEventsInOrder) {
  RedisTestServer redis;
  ASSERT_TRUE(redis.start());
  const RedisAddress address{"127.0.0.1", redis.port()};
  Heard a, b;
  EventSubscriber sa{address, [&](const BusEvent& e) { a.add(e); }};
  EventSubscriber sb{address, [&](const BusEvent& e) { b.add(e); }};
  ASSERT_TRUE(eventually([&] { return sa.connected() && sb.connected(); }));
  EventPublisher publisher{address};
  const std::vector<store::EventRecord> first{event(1), event(2), event(3)};
  publisher.publish("game1", first);
  const std::vector<store::EventRecord> other{event(1)};
  publisher.publish("game2", other);
  ASSERT_TRUE(eventually([&] { return a.size() == 4 && b.size() == 4; }));
  EXPECT_EQ(publisher.published(), 4u);
  EXPECT_EQ(publisher.dropped(), 0u);
  std::lock_guard lock{a.mutex};
  EXPECT_EQ(a.events[0].game_id, "game1");
  EXPECT_EQ(a.events[0].seq, 1);
  EXPECT_EQ(a.events[2].seq, 3);
  EXPECT_EQ(a.events[2].json, first[2].json);
  EXPECT_EQ(a.events[3].game_id, "game2");
}

TEST(EventBus, BothSidesReconnectAfterRedisIsKilledAndStartedAgain) {
  RedisTestServer redis;
  ASSERT_TRUE(redis.start());
  const RedisAddress address{"127.0.0.1", redis.port()};
  Heard heard;
  std::atomic<int> losses{0};
  EventSubscriber subscriber{address, [&](const BusEvent& e) { heard.add(e); },
                             [&](bool up) {
                               if (!up) ++losses;
                             }};
  ASSERT_TRUE(eventually([&] { return subscriber.connected(); }));
  EventPublisher publisher{address};
  const std::vector<store::EventRecord> before{event(1)};
  publisher.publish("g", before);
  ASSERT_TRUE(eventually([&] { return heard.size() == 1; }));

  redis.stop(/*kill=*/true);
  ASSERT_TRUE(eventually([&] { return !subscriber.connected(); }));
  EXPECT_EQ(losses, 1);
  // Sent while Redis is away: lost, never blocking the publisher's caller.
  const std::vector<store::EventRecord> during{event(2)};
  publisher.publish("g", during);
  ASSERT_TRUE(redis.start());
  ASSERT_TRUE(eventually([&] { return subscriber.connected(); }));
  const std::vector<store::EventRecord> after{event(3)};
  // The publisher's connection broke with Redis: the first try after may be lost too.
  ASSERT_TRUE(eventually([&] {
    publisher.publish("g", after);
    std::this_thread::sleep_for(100ms);
    std::lock_guard lock{heard.mutex};
    return !heard.events.empty() && heard.events.back().seq == 3;
  }));
  EXPECT_EQ(publisher.published() + publisher.dropped() >= 3, true);
}

}  // namespace
}  // namespace arbiter::server::testing
