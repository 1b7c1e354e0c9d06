#include "arbiter/server/rate_limit.hpp"

#include <algorithm>

namespace arbiter::server {

bool TokenBucket::take(RateLimit limit, Millis now) {
  const double refill = static_cast<double>((now - at_).count()) / 1000.0 * limit.per_second;
  tokens_ = std::min(limit.burst, tokens_ + std::max(0.0, refill));
  at_ = std::max(at_, now);
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

bool TokenBucket::full(RateLimit limit, Millis now) const {
  return tokens_ + static_cast<double>((now - at_).count()) / 1000.0 * limit.per_second >=
         limit.burst;
}

bool AddressBuckets::take(const std::string& address, Millis now) {
  if (buckets_.size() > kForgetAbove) {
    std::erase_if(buckets_, [&](const auto& b) { return b.second.full(limit_, now); });
  }
  auto [it, fresh] = buckets_.try_emplace(address, limit_, now);
  return it->second.take(limit_, now);
}

}  // namespace arbiter::server
