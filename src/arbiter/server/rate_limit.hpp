// Token buckets: how the server limits rates (docs/security.md, "Rates"). One bucket for a
// server-wide rate (game creation), and buckets by client address (REST requests,
// WebSocket upgrades). Not thread-safe: their owners lock.
#pragma once

#include <map>
#include <string>

#include "arbiter/base/time_source.hpp"

namespace arbiter::server {

struct RateLimit {
  double burst = 120;      // requests a client may make at once
  double per_second = 20;  // and the sustained rate
};

// `burst` tokens at most, refilled at `per_second`.
class TokenBucket {
 public:
  TokenBucket(RateLimit limit, Millis now) : tokens_(limit.burst), at_(now) {}
  // Refills for the time since the last call, then takes one token if there is one.
  [[nodiscard]] bool take(RateLimit limit, Millis now);
  // Full again by `now`: the bucket may be forgotten.
  [[nodiscard]] bool full(RateLimit limit, Millis now) const;

 private:
  double tokens_;
  Millis at_;
};

// A bucket per client address. Past kForgetAbove addresses, the buckets that are full again
// are forgotten (they are as good as new), so that many addresses cannot grow it forever.
class AddressBuckets {
 public:
  static constexpr std::size_t kForgetAbove = 10'000;
  explicit AddressBuckets(RateLimit limit) : limit_(limit) {}
  [[nodiscard]] bool take(const std::string& address, Millis now);
  [[nodiscard]] RateLimit limit() const noexcept { return limit_; }

 private:
  RateLimit limit_;
  std::map<std::string, TokenBucket, std::less<>> buckets_;
};

}  // namespace arbiter::server
