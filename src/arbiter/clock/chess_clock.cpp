#include "arbiter/clock/chess_clock.hpp"

#include <algorithm>

#include "arbiter/base/assert.hpp"

namespace arbiter::clock {
namespace {
const Period kNoPeriod{};
}

ChessClock::ChessClock(TimeControl control, const TimeSource& time)
    : ChessClock(control, control, time) {}

ChessClock::ChessClock(TimeControl white, TimeControl black, const TimeSource& time)
    : controls_{std::move(white), std::move(black)}, time_(&time) {
  ARB_ASSERT(controls_[0].is_unlimited() == controls_[1].is_unlimited());
  for (ClockSide side : {ClockSide::White, ClockSide::Black}) {
    const TimeControl& tc = control(side);
    if (tc.is_unlimited()) continue;
    const Period& first = tc.periods().front();
    // Art. 6.3.1: the increment is added before each move, so also before the first.
    sides_[static_cast<std::size_t>(index(side))].main = first.base + first.increment;
  }
}

const Period& ChessClock::period_of(ClockSide side) const {
  const TimeControl& tc = control(side);
  if (tc.is_unlimited()) return kNoPeriod;
  return tc.periods()[sides_[static_cast<std::size_t>(index(side))].period];
}

Millis ChessClock::used_at(ClockSide side, Millis at) const {
  const SideState& s = sides_[index(side)];
  Millis used = s.used;
  if (running_ == side) used += std::max(at, running_since_) - running_since_;
  return used;
}

// Art. 6.3.2 (delay mode): the main time counts down only once the delay has elapsed.
Millis ChessClock::charged(ClockSide side, Millis used) const {
  const Millis delay = period_of(side).delay;
  return std::max(Millis{0}, used - delay);
}

void ChessClock::start(ClockSide side) {
  ARB_ASSERT(!started_);
  started_ = true;
  running_ = side;
  running_since_ = time_->now();
}

void ChessClock::stop_running() {
  if (!running_) return;
  const ClockSide side = *running_;
  SideState& s = sides_[index(side)];
  if (!s.flag_at) s.flag_at = flag_fell_at(side);
  s.used += time_->now() - running_since_;
  running_.reset();
}

void ChessClock::press(ClockSide side) {
  if (!started_) start(side);
  if (running_ == side) stop_running();
  paused_.reset();
  SideState& s = sides_[index(side)];
  s.main -= charged(side, s.used);
  s.used = Millis{0};
  ++s.moves;
  ++s.period_moves;
  const TimeControl& tc = control(side);
  if (!tc.is_unlimited()) {
    const Period& current = tc.periods()[s.period];
    // Art. 6.3.2: the quota is completed at this press; the next period's base is added
    // to the time saved so far.
    if (current.moves > 0 && s.period_moves >= current.moves &&
        s.period + 1 < tc.periods().size()) {
      ++s.period;
      s.period_moves = 0;
      s.main += tc.periods()[s.period].base;
    }
    // Art. 6.3.1: the increment for the next move, of the period that move belongs to.
    s.main += tc.periods()[s.period].increment + extra_increment_;
  }
  running_ = opponent(side);
  running_since_ = time_->now();
}

void ChessClock::pause() {
  if (!running_) return;
  paused_ = running_;
  stop_running();
}

void ChessClock::resume() {
  if (!paused_) return;
  running_ = paused_;
  paused_.reset();
  running_since_ = time_->now();
}

void ChessClock::adjust(ClockSide side, Millis delta) {
  if (is_unlimited()) return;
  SideState& s = sides_[index(side)];
  const std::optional<Millis> fell = flag_fell_at(side);
  if (fell && !s.flag_at) s.flag_at = fell;
  s.main += delta;
  // A subtraction that empties the clock makes the flag fall at this instant.
  if (!s.flag_at && remaining(side) == Millis{0}) s.flag_at = time_->now();
}

void ChessClock::add_increment(Millis extra) { extra_increment_ += extra; }

Millis ChessClock::remaining(ClockSide side) const { return remaining_at(side, time_->now()); }

Millis ChessClock::delay_left(ClockSide side) const { return delay_left_at(side, time_->now()); }

Millis ChessClock::remaining_at(ClockSide side, Millis at) const {
  if (is_unlimited()) return Millis{0};
  const SideState& s = sides_[index(side)];
  return std::max(Millis{0}, s.main - charged(side, used_at(side, at)));
}

Millis ChessClock::delay_left_at(ClockSide side, Millis at) const {
  if (running_ != side) return Millis{0};
  const Millis delay = period_of(side).delay;
  return std::max(Millis{0}, delay - used_at(side, at));
}

int ChessClock::moves_to_control(ClockSide side) const noexcept {
  const TimeControl& tc = control(side);
  if (tc.is_unlimited()) return 0;
  const SideState& s = sides_[index(side)];
  const Period& p = tc.periods()[s.period];
  return std::max(0, p.moves - s.period_moves);
}

std::optional<Millis> ChessClock::flag_instant() const {
  if (is_unlimited() || !running_) return std::nullopt;
  const SideState& s = sides_[index(*running_)];
  if (s.flag_at) return s.flag_at;
  const Millis budget = s.main + period_of(*running_).delay - s.used;
  return running_since_ + std::max(Millis{0}, budget);
}

std::optional<Millis> ChessClock::flag_fell_at(ClockSide side) const {
  if (is_unlimited()) return std::nullopt;
  const SideState& s = sides_[index(side)];
  if (s.flag_at) return s.flag_at;
  if (running_ != side) return std::nullopt;
  const std::optional<Millis> instant = flag_instant();
  // Art. 6.1: the flag falls when the time reaches zero, so at the instant itself.
  if (instant && *instant <= time_->now()) return instant;
  return std::nullopt;
}

bool ChessClock::in_last_period(ClockSide side) const noexcept {
  if (is_unlimited()) return true;
  return sides_[index(side)].period + 1 == control(side).periods().size();
}

}  // namespace arbiter::clock
