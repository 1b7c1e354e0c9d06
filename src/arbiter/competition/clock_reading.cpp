#include "arbiter/competition/clock_reading.hpp"

#include <algorithm>

namespace arbiter::competition {

std::optional<ClockReading> read_clock(const clock::ChessClock& clock, Millis at) {
  if (clock.is_unlimited()) return std::nullopt;
  using clock::ClockSide;
  ClockReading r;
  for (ClockSide side : {ClockSide::White, ClockSide::Black}) {
    const auto i = static_cast<std::size_t>(clock::index(side));
    r.remaining[i] = clock.remaining_at(side, at);
    r.to_control[i] = clock.moves_to_control(side);
    const auto& periods = clock.control(side).periods();
    const auto& period = periods[std::min(clock.period_index(side), periods.size() - 1)];
    r.increment[i] = period.increment;
    r.delay[i] = period.delay;
  }
  if (const auto running = clock.running()) {
    r.running = *running == ClockSide::White ? Color::White : Color::Black;
    r.delay_left = clock.delay_left_at(*running, at);
  }
  return r;
}

}  // namespace arbiter::competition
