#include "arbiter/competition/online_clock.hpp"

#include <algorithm>

namespace arbiter::competition {

void RoundTrip::add(Millis sample, const OnlineClockRules& rules) noexcept {
  const auto ms = static_cast<double>(std::max(Millis{0}, sample).count());
  const double next = average_ ? (1 - rules.rtt_weight) * *average_ + rules.rtt_weight * ms : ms;
  average_ = std::min(next, static_cast<double>(rules.rtt_cap.count()));
}

Millis RoundTrip::one_way() const noexcept {
  return Millis{static_cast<std::int64_t>(average_.value_or(0) / 2)};
}

Compensated compensate_lag(Millis received, Millis turn_start, Millis one_way,
                           const OnlineClockRules& rules) noexcept {
  const Millis charged = std::max(Millis{0}, received - turn_start);
  const Millis c = std::min({std::max(Millis{0}, one_way), rules.lag_cap, charged});
  return Compensated{std::max(turn_start, received - c), c};
}

Millis flag_grace(Millis one_way, const OnlineClockRules& rules) noexcept {
  return std::clamp(one_way, Millis{0}, rules.lag_cap);
}

}  // namespace arbiter::competition
