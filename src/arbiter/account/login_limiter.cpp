// Failed log-ins counted per account and per address in fixed windows.
#include "arbiter/account/login_limiter.hpp"

#include <algorithm>
#include <string>

namespace arbiter::account {

std::optional<Millis> LoginLimiter::wait(const Counts& counts, std::string_view key, int limit,
                                         Millis now) const {
  const auto it = counts.find(std::string(key));
  if (it == counts.end()) return std::nullopt;
  const Millis end = it->second.start + limits_.window;
  if (now >= end || it->second.failures < limit) return std::nullopt;
  return end - now;
}

std::optional<Millis> LoginLimiter::refused(std::string_view name_key, std::string_view address,
                                            Millis now) {
  std::lock_guard lock(mutex_);
  const auto by_name = wait(names_, name_key, limits_.per_name, now);
  const auto by_address = wait(addresses_, address, limits_.per_address, now);
  if (by_name && by_address) return std::max(*by_name, *by_address);
  return by_name ? by_name : by_address;
}

void LoginLimiter::add(Counts& counts, std::string_view key, Millis now) {
  if (counts.size() >= limits_.max_entries && !counts.contains(std::string(key))) {
    std::erase_if(counts,
                  [&](const auto& entry) { return now >= entry.second.start + limits_.window; });
    // Still full of live counts: forget one, the price of bounded memory.
    if (counts.size() >= limits_.max_entries) counts.erase(counts.begin());
  }
  Count& c = counts[std::string(key)];
  if (c.failures == 0 || now >= c.start + limits_.window) {
    c.start = now;
    c.failures = 0;
  }
  ++c.failures;
}

void LoginLimiter::failed(std::string_view name_key, std::string_view address, Millis now) {
  std::lock_guard lock(mutex_);
  add(names_, name_key, now);
  add(addresses_, address, now);
}

void LoginLimiter::succeeded(std::string_view name_key) {
  std::lock_guard lock(mutex_);
  names_.erase(std::string(name_key));
}

std::size_t LoginLimiter::entries() const {
  std::lock_guard lock(mutex_);
  return names_.size() + addresses_.size();
}

}  // namespace arbiter::account
