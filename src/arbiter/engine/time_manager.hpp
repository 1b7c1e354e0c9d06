// Time allocation for one move: an optimum (soft) time after which no new iteration starts
// and a maximum (hard) time at which the search stops, both in ms since the search began.
#pragma once

#include <cstdint>

#include "arbiter/core/types.hpp"
#include "arbiter/engine/limits.hpp"

namespace arbiter::engine {

struct TimeBudget {
  std::int64_t optimum = -1;  // -1: no time limit
  std::int64_t maximum = -1;
  // `go movetime`: the GUI gave this move a fixed time, so the whole of it is used; only
  // the hard maximum stops the search, never a soft optimum.
  bool fixed = false;
  [[nodiscard]] bool limited() const noexcept { return maximum >= 0; }
};

// `overhead_ms` is the Move Overhead option: time lost per move to communication and GUI.
// With a clock, the maximum never exceeds the remaining time less the overhead, and is at
// least 1 ms (a move must be made even when the clock is nearly out).
[[nodiscard]] TimeBudget allocate_time(const SearchLimits& limits, core::Color us,
                                       int overhead_ms) noexcept;

// Soft limit scaled by how the search is going: a best move that keeps changing earns
// more time, a stable one less. `best_changes` counts changes over the last iterations.
// A fixed budget is not scaled: its soft limit is its maximum.
[[nodiscard]] std::int64_t scaled_optimum(const TimeBudget& budget, int best_changes,
                                          bool score_dropped) noexcept;

}  // namespace arbiter::engine
