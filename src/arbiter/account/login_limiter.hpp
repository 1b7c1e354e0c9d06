// Log-in attempts, rate-limited (issue #17, docs/accounts.md): after `per_name` failed
// attempts on one account, or `per_address` from one client address, within `window`, the
// next attempts are refused until the window that began with the first failure ends. A
// successful log-in clears the account's count, not the address's. Time is passed in (a
// monotonic clock), never read here. Thread-safe.
//
// Each node of a cluster keeps its own counts: an attacker who reaches every node gets at
// most nodes × per_name attempts a window.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "arbiter/base/time_source.hpp"

namespace arbiter::account {

struct LoginLimits {
  int per_name = 5;
  int per_address = 20;
  Millis window{15 * 60 * 1000};
  // Counts kept at most (names and addresses each); expired ones go first when full.
  std::size_t max_entries = 100'000;
};

class LoginLimiter {
 public:
  explicit LoginLimiter(LoginLimits limits = {}) : limits_(limits) {}

  // nullopt: the attempt may be checked. Otherwise how long the client must wait.
  [[nodiscard]] std::optional<Millis> refused(std::string_view name_key, std::string_view address,
                                              Millis now);
  void failed(std::string_view name_key, std::string_view address, Millis now);
  void succeeded(std::string_view name_key);

  [[nodiscard]] std::size_t entries() const;

 private:
  struct Count {
    Millis start{0};
    int failures = 0;
  };
  using Counts = std::unordered_map<std::string, Count>;

  [[nodiscard]] std::optional<Millis> wait(const Counts& counts, std::string_view key, int limit,
                                           Millis now) const;
  void add(Counts& counts, std::string_view key, Millis now);

  LoginLimits limits_;
  mutable std::mutex mutex_;
  Counts names_;
  Counts addresses_;
};

}  // namespace arbiter::account
