// ConnectionLimiter: the server's count of live connections, in total and per client address
// (issue #14, part 3), and the rate of WebSocket upgrades per address (part 2). Sessions
// hold a ConnectionSlot for as long as they live; the slot gives its place back when it is
// destroyed, so no path forgets to. Thread-safe (the server's threads share one).
//
//   auto limiter = std::make_shared<ConnectionLimiter>(caps, time);
//   auto slot = limiter->enter();            // the total, at accept
//   auto mine = limiter->enter("1.2.3.4");   // per address, once the client is known
//   if (!slot) ...                           // full: answer 503
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "arbiter/base/time_source.hpp"
#include "arbiter/server/rate_limit.hpp"

namespace arbiter::server {

struct ConnectionCaps {
  std::size_t total = 10'000;
  std::size_t per_address = 64;
  double upgrade_burst = 64;      // WebSocket upgrades an address may make at once
  double upgrade_per_second = 8;  // and the sustained rate
};

class ConnectionLimiter;

// A place in the count; empty when default-constructed or moved from.
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(ConnectionSlot&& other) noexcept;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ~ConnectionSlot();
  void release() noexcept;
  [[nodiscard]] bool held() const noexcept { return owner_ != nullptr; }
  [[nodiscard]] const std::string& address() const noexcept { return address_; }

 private:
  friend class ConnectionLimiter;
  ConnectionSlot(std::shared_ptr<ConnectionLimiter> owner, std::string address)
      : owner_(std::move(owner)), address_(std::move(address)) {}
  std::shared_ptr<ConnectionLimiter> owner_;
  std::string address_;  // empty: a place in the total
};

// A session's places: in the total (from accept) and among its address's connections.
struct SessionSlots {
  ConnectionSlot total;
  ConnectionSlot address;
};

class ConnectionLimiter final : public std::enable_shared_from_this<ConnectionLimiter> {
 public:
  ConnectionLimiter(ConnectionCaps caps, const TimeSource& time)
      : caps_(caps),
        time_(time),
        upgrades_(RateLimit{caps.upgrade_burst, caps.upgrade_per_second}) {}

  // A place in the total, or nothing when caps.total connections are open.
  [[nodiscard]] std::optional<ConnectionSlot> enter();
  // A place among `address`'s connections, or nothing at caps.per_address.
  [[nodiscard]] std::optional<ConnectionSlot> enter(const std::string& address);
  // Takes a token of `address`'s upgrade bucket; false when it is empty.
  [[nodiscard]] bool allow_upgrade(const std::string& address);

  [[nodiscard]] std::size_t total() const;
  [[nodiscard]] std::size_t count(const std::string& address) const;
  [[nodiscard]] const ConnectionCaps& caps() const noexcept { return caps_; }

 private:
  friend class ConnectionSlot;
  void leave(const std::string& address) noexcept;

  ConnectionCaps caps_;
  const TimeSource& time_;
  mutable std::mutex mutex_;
  std::size_t total_ = 0;
  std::map<std::string, std::size_t, std::less<>> per_address_;
  AddressBuckets upgrades_;
};

}  // namespace arbiter::server
