// The cluster's message bus on Redis (issue #16, docs/cluster.md). The node that owns a
// game publishes each event once it is committed, on channel "arbiter:game:{id}", the
// event's JSON as the game's sockets get it; every node hears all of them (PSUBSCRIBE
// arbiter:game:*) and passes on those of the games it mirrors. Redis carries only what
// the store already holds: a message lost (Redis down, a node reconnecting) is a gap in
// `seq` that the receiver fills from the database, never a lost event.
//
// Each side runs one thread with its own hiredis connection, reconnects by itself with a
// growing pause (0.1 s doubling to 2 s), and never blocks its callers: publish() queues
// (bounded; the oldest are dropped when Redis is away) and returns.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <thread>

#include "arbiter/base/error.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

// The channel of a game's events.
[[nodiscard]] std::string game_channel(std::string_view game_id);

struct RedisAddress {
  std::string host;
  int port = 6379;
};
// "host:port" (or "host": port 6379). kInvalidArgument (field "redis") otherwise.
[[nodiscard]] Result<RedisAddress> parse_redis_address(std::string_view text);

class EventPublisher {
 public:
  explicit EventPublisher(RedisAddress address, std::size_t queue_max = 100'000);
  ~EventPublisher();
  EventPublisher(const EventPublisher&) = delete;
  EventPublisher& operator=(const EventPublisher&) = delete;

  // Queues the game's committed events for publication, in order. Never blocks.
  void publish(const std::string& game_id, std::span<const store::EventRecord> events);
  [[nodiscard]] std::uint64_t published() const noexcept { return published_; }
  // Dropped: the queue was full, or Redis refused or was away when they were sent.
  [[nodiscard]] std::uint64_t dropped() const noexcept { return dropped_; }

 private:
  struct Item {
    std::string channel;
    std::string json;
  };
  void run();

  RedisAddress address_;
  std::size_t queue_max_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> published_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::thread thread_;
};

struct BusEvent {
  std::string game_id;
  std::int64_t seq = 0;
  std::string json;  // the event as the game's sockets get it
};

class EventSubscriber {
 public:
  using Handler = std::function<void(const BusEvent&)>;
  // `on_event` and `on_connected` run on the subscriber's thread. `on_connected(true)`
  // once subscribed (again), `on_connected(false)` when the connection is lost: messages
  // may have been missed in between.
  EventSubscriber(RedisAddress address, Handler on_event,
                  std::function<void(bool)> on_connected = {});
  ~EventSubscriber();
  EventSubscriber(const EventSubscriber&) = delete;
  EventSubscriber& operator=(const EventSubscriber&) = delete;

  [[nodiscard]] bool connected() const noexcept { return connected_; }
  [[nodiscard]] std::uint64_t received() const noexcept { return received_; }

 private:
  void run();

  RedisAddress address_;
  Handler on_event_;
  std::function<void(bool)> on_connected_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> connected_{false};
  std::atomic<std::uint64_t> received_{0};
  std::mutex fd_mutex_;
  int fd_ = -1;  // the connection's socket, shut down to stop the thread
  std::thread thread_;
};

}  // namespace arbiter::server
