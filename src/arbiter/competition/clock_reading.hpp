// What a game's clocks show at an instant, for displays and for engines (the server's
// clock views, the runner's `go` requests): both times, the running side, its unused
// delay and each side's moves to the next control. Computed from the Arbiter's clock at
// a later instant without moving it (Arbiter::clock_at), so the server and the match
// runner share one piece of arithmetic instead of each redoing the delay rule.
#pragma once

#include <array>
#include <optional>

#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/chess_clock.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::competition {

using core::Color;

struct ClockReading {
  std::array<Millis, 2> remaining{};  // main time, White and Black (Art. 6.3)
  std::optional<Color> running;       // nullopt: both stopped (over, adjourned, paused)
  Millis delay_left{0};               // Art. 6.3.2: unused delay of the running move
  // Of each side's current period: its increment (6.3.1) and its delay (6.3.2).
  std::array<Millis, 2> increment{};
  std::array<Millis, 2> delay{};
  std::array<int, 2> to_control{};  // Art. 6.3.1: moves to the next control; 0: none

  [[nodiscard]] Millis of(Color c) const noexcept { return remaining[at(c)]; }
  [[nodiscard]] Millis increment_of(Color c) const noexcept { return increment[at(c)]; }
  [[nodiscard]] Millis delay_of(Color c) const noexcept { return delay[at(c)]; }
  [[nodiscard]] int to_control_of(Color c) const noexcept { return to_control[at(c)]; }

 private:
  static std::size_t at(Color c) noexcept { return static_cast<std::size_t>(core::index(c)); }
};

// The clock's reading at instant `at` of its time source (at least its now): nullopt for a
// game without a clock.
[[nodiscard]] std::optional<ClockReading> read_clock(const clock::ChessClock& clock, Millis at);

}  // namespace arbiter::competition
