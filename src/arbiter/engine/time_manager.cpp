#include "arbiter/engine/time_manager.hpp"

#include <algorithm>

namespace arbiter::engine {

TimeBudget allocate_time(const SearchLimits& limits, core::Color us, int overhead_ms) noexcept {
  TimeBudget b;
  if (limits.infinite) return b;
  const std::int64_t overhead = std::max(0, overhead_ms);
  if (limits.movetime >= 0) {
    const std::int64_t t = std::max<std::int64_t>(1, limits.movetime - overhead);
    b.optimum = b.maximum = t;
    b.fixed = true;
    return b;
  }
  const std::int64_t time = limits.time[core::index(us)];
  if (time < 0) return b;
  const std::int64_t inc = std::max<std::int64_t>(0, limits.inc[core::index(us)]);
  // Moves we plan for: the moves to the control, or an estimate in sudden death.
  const int moves = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
  // Keep a reserve for the overhead of every move we still have to make before the clock
  // is replenished, plus a small fixed margin.
  const std::int64_t reserve = overhead * std::min(moves, 10) + 5;
  const std::int64_t usable = std::max<std::int64_t>(0, time - reserve);
  std::int64_t optimum = usable / moves + inc * 3 / 4;
  // Never plan to spend more than a share of what is left, even with a large increment.
  const std::int64_t cap = limits.movestogo == 1 ? usable * 3 / 4 : usable / 4;
  std::int64_t maximum = std::min(cap, optimum * 5);
  if (limits.movestogo == 1) optimum = std::min(optimum, usable / 2);
  optimum = std::min(optimum, maximum);
  // Near the end of the clock the reserve eats everything and the plan above says 0 ms.
  // Allow a little instead (a tenth of what is left after the overhead, at most half the
  // increment, at least 1 ms) so the move is not a blind one, but never the overhead's share.
  const std::int64_t affordable = time - overhead;
  const std::int64_t floor =
      std::max<std::int64_t>(1, std::min(affordable / 10, std::max<std::int64_t>(inc / 2, 1)));
  maximum = std::min(std::max(maximum, floor), std::max<std::int64_t>(1, affordable));
  b.maximum = maximum;
  // The soft limit gets its share of the floor too, or the search would stop at depth 1.
  b.optimum = std::clamp<std::int64_t>(std::max(optimum, floor / 2), 0, maximum);
  return b;
}

std::int64_t scaled_optimum(const TimeBudget& budget, int best_changes,
                            bool score_dropped) noexcept {
  if (!budget.limited()) return -1;
  if (budget.fixed) return budget.maximum;
  int percent = 70 + 25 * std::min(best_changes, 4);
  if (score_dropped) percent += 40;
  const std::int64_t t = budget.optimum * percent / 100;
  return std::min(t, budget.maximum);
}

}  // namespace arbiter::engine
