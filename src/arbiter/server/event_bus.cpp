#include "arbiter/server/event_bus.hpp"

#include <hiredis.h>
#include <sys/socket.h>

#include <charconv>
#include <chrono>
#include <memory>
#include <vector>

#include "arbiter/base/thread_name.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kChannelPrefix = "arbiter:game:";
constexpr std::size_t kBatch = 256;

struct ContextFree {
  void operator()(redisContext* c) const noexcept { redisFree(c); }
};
using Context = std::unique_ptr<redisContext, ContextFree>;
struct ReplyFree {
  void operator()(redisReply* r) const noexcept { freeReplyObject(r); }
};
using Reply = std::unique_ptr<redisReply, ReplyFree>;

// A connection, or null (Redis away); 1 s to connect.
Context connect(const RedisAddress& address) {
  const timeval timeout{1, 0};
  Context c{redisConnectWithTimeout(address.host.c_str(), address.port, timeout)};
  if (!c || c->err) return nullptr;
  return c;
}

Reply next_reply(redisContext* c) {
  void* raw = nullptr;
  if (redisGetReply(c, &raw) != REDIS_OK) return nullptr;
  return Reply{static_cast<redisReply*>(raw)};
}

// The pause after the n-th failure in a row: 0.1 s doubling, at most 2 s.
std::chrono::milliseconds backoff(int failures) {
  return std::chrono::milliseconds{std::min(2000, 100 << std::min(failures, 5))};
}

std::string_view text_of(const redisReply* r) {
  if (r == nullptr || (r->type != REDIS_REPLY_STRING && r->type != REDIS_REPLY_STATUS)) return {};
  return {r->str, r->len};
}

}  // namespace

std::string game_channel(std::string_view game_id) {
  std::string channel{kChannelPrefix};
  channel += game_id;
  return channel;
}

Result<RedisAddress> parse_redis_address(std::string_view text) {
  RedisAddress address;
  const auto colon = text.rfind(':');
  address.host = std::string{text.substr(0, colon)};
  if (colon != std::string_view::npos) {
    const std::string_view port = text.substr(colon + 1);
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), address.port);
    if (ec != std::errc{} || end != port.data() + port.size() || address.port < 1 ||
        address.port > 65535) {
      address.host.clear();
    }
  }
  if (address.host.empty()) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a Redis address is host:port, not '" + std::string{text} + "'",
                      {0, 0, "redis"});
  }
  return address;
}

// ------------------------------------------------------------------------------ publisher

EventPublisher::EventPublisher(RedisAddress address, std::size_t queue_max)
    : address_(std::move(address)), queue_max_(queue_max), thread_([this] { run(); }) {}

EventPublisher::~EventPublisher() {
  {
    std::lock_guard lock{mutex_};
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void EventPublisher::publish(const std::string& game_id,
                             std::span<const store::EventRecord> events) {
  if (events.empty()) return;
  {
    std::lock_guard lock{mutex_};
    for (const auto& e : events) {
      if (queue_.size() >= queue_max_) {
        queue_.pop_front();
        ++dropped_;
      }
      queue_.push_back(Item{game_channel(game_id), e.json});
    }
  }
  wake_.notify_one();
}

void EventPublisher::run() {
  name_this_thread("arb-redis-pub");
  Context c;
  int failures = 0;
  std::unique_lock lock{mutex_};
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    if (!c) {
      lock.unlock();
      c = connect(address_);
      lock.lock();
      if (!c) {
        // Away: what waits stays queued (up to the bound) for the next attempt.
        wake_.wait_for(lock, backoff(failures++), [&] { return stopping_; });
        continue;
      }
      failures = 0;
    }
    std::vector<Item> batch;
    while (!queue_.empty() && batch.size() < kBatch) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    // Pipelined: all the commands, then all the replies.
    bool ok = true;
    for (const Item& item : batch) {
      ok = ok &&
           redisAppendCommand(c.get(), "PUBLISH %b %b", item.channel.data(), item.channel.size(),
                              item.json.data(), item.json.size()) == REDIS_OK;
    }
    std::size_t answered = 0;
    while (ok && answered < batch.size()) {
      Reply r = next_reply(c.get());
      if (!r || r->type == REDIS_REPLY_ERROR) {
        ok = false;
        break;
      }
      ++answered;
    }
    published_ += answered;
    if (!ok) {
      // The rest may or may not have reached Redis: counted as dropped (the receivers
      // fill any gap from the database).
      dropped_ += batch.size() - answered;
      c.reset();
    }
    lock.lock();
  }
}

// ----------------------------------------------------------------------------- subscriber

EventSubscriber::EventSubscriber(RedisAddress address, Handler on_event,
                                 std::function<void(bool)> on_connected)
    : address_(std::move(address)),
      on_event_(std::move(on_event)),
      on_connected_(std::move(on_connected)),
      thread_([this] { run(); }) {}

EventSubscriber::~EventSubscriber() {
  stopping_ = true;
  {
    // Wakes the thread from its blocking read; it owns (and frees) the connection.
    std::lock_guard lock{fd_mutex_};
    if (fd_ >= 0) ::shutdown(fd_, SHUT_RDWR);
  }
  thread_.join();
}

void EventSubscriber::run() {
  name_this_thread("arb-redis-sub");
  int failures = 0;
  while (!stopping_) {
    Context c = connect(address_);
    if (c) {
      std::lock_guard lock{fd_mutex_};
      fd_ = c->fd;
    }
    if (c && !stopping_) {
      Reply subscribed{static_cast<redisReply*>(
          redisCommand(c.get(), "PSUBSCRIBE %s*", game_channel("").c_str()))};
      if (subscribed && subscribed->type == REDIS_REPLY_ARRAY) {
        failures = 0;
        connected_ = true;
        if (on_connected_) on_connected_(true);
        while (!stopping_) {
          Reply r = next_reply(c.get());
          if (!r) break;
          // ["pmessage", pattern, channel, payload]
          if (r->type != REDIS_REPLY_ARRAY || r->elements != 4 ||
              text_of(r->element[0]) != "pmessage") {
            continue;
          }
          const std::string_view channel = text_of(r->element[2]);
          if (!channel.starts_with(kChannelPrefix)) continue;
          BusEvent e;
          e.game_id = std::string{channel.substr(kChannelPrefix.size())};
          e.json = std::string{text_of(r->element[3])};
          const auto seq = wire::json_at(e.json, "/seq");
          if (!seq) continue;
          auto [end, ec] = std::from_chars(seq->data(), seq->data() + seq->size(), e.seq);
          if (ec != std::errc{} || e.seq < 1) continue;
          ++received_;
          on_event_(e);
        }
        connected_ = false;
        if (on_connected_) on_connected_(false);
      }
    }
    {
      std::lock_guard lock{fd_mutex_};
      fd_ = -1;
      c.reset();
    }
    if (stopping_) break;
    const auto until = std::chrono::steady_clock::now() + backoff(failures++);
    while (!stopping_ && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(20ms);
  }
}

}  // namespace arbiter::server
