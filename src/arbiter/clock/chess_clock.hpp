// ChessClock: a two-sided chess clock (Art. 6) driven by an injected TimeSource.
//
// Conventions (spec/game-events.md, "Clock conventions"):
//  - increment (Art. 6.3.1) is credited before each move: a player starts every period
//    with base + one increment, and each press credits the increment for his next move;
//  - delay mode (Art. 6.3.2): the main time of a move is reduced by max(0, used - delay);
//  - when a press completes a period's move quota, the next period's base time is added at
//    that press and the saved time is carried over (Art. 6.3.2); quotas count per player;
//  - the flag falls at the exact instant the running main time reaches zero (Art. 6.8);
//    it is computed from the state, never polled.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/time_control.hpp"

namespace arbiter::clock {

enum class ClockSide : std::uint8_t { White = 0, Black = 1 };
constexpr ClockSide opponent(ClockSide s) noexcept {
  return s == ClockSide::White ? ClockSide::Black : ClockSide::White;
}
constexpr int index(ClockSide s) noexcept { return static_cast<int>(s); }

class ChessClock {
 public:
  // Both clocks stopped, each showing its first period's base plus one increment.
  ChessClock(TimeControl control, const TimeSource& time);
  // Time odds: each side plays under its own control (Art. 6.3 allots the time per
  // player). Both controls must be timed, or both unlimited.
  ChessClock(TimeControl white, TimeControl black, const TimeSource& time);

  // Art. 6.6: the arbiter starts `side`'s clock (White's, in a normal game) now.
  void start(ClockSide side = ClockSide::White);

  // Art. 6.2.1: `side` completes a move by pressing: his clock stops now (the delay rule
  // applied), his move counter advances, the next increment (and next period's base when
  // the quota is completed) is credited, and the opponent's clock starts now. If the
  // clock is paused, it is resumed for the opponent. Pressing after one's flag fell is
  // allowed (the clock records the flag; the rules decide what it means).
  void press(ClockSide side);

  // Stops both clocks now (adjournment, Guideline I.1.1; a claim, Art. 6.12). The running
  // side's current move keeps the time and the delay it has used.
  void pause();
  // Restarts the clock that was running when pause() was called, now.
  void resume();

  // Art. 12.9 / 7.5.3 / 9.5.3: the arbiter adds (or, negative, subtracts) time.
  void adjust(ClockSide side, Millis delta);
  // Guideline III.4: from now on every press also credits `extra` for both players.
  void add_increment(Millis extra);

  // Main time left to `side` now (never negative; zero once his flag has fallen).
  [[nodiscard]] Millis remaining(ClockSide side) const;
  // Delay still unused on the running move of `side` now (0 if not running or no delay).
  [[nodiscard]] Millis delay_left(ClockSide side) const;
  // The same two readings at instant `at` (not before the time source's now), if nobody
  // presses before: what a display shows between the events that change the clock.
  [[nodiscard]] Millis remaining_at(ClockSide side, Millis at) const;
  [[nodiscard]] Millis delay_left_at(ClockSide side, Millis at) const;

  [[nodiscard]] std::optional<ClockSide> running() const noexcept { return running_; }
  [[nodiscard]] bool is_started() const noexcept { return started_; }
  [[nodiscard]] bool is_paused() const noexcept { return paused_.has_value(); }
  [[nodiscard]] bool is_unlimited() const noexcept { return controls_[0].is_unlimited(); }

  // The absolute instant (TimeSource time) at which the running side's flag falls if he
  // does not press, or nullopt when no clock runs or the game has no clock.
  [[nodiscard]] std::optional<Millis> flag_instant() const;
  // The instant `side`'s flag fell, if it has fallen by now (Art. 6.1 / 6.8).
  [[nodiscard]] std::optional<Millis> flag_fell_at(ClockSide side) const;
  [[nodiscard]] bool has_flag_fallen(ClockSide side) const {
    return flag_fell_at(side).has_value();
  }

  // Moves completed by `side` (Art. 6.3.1 counts them per player).
  [[nodiscard]] int moves_completed(ClockSide side) const noexcept {
    return sides_[index(side)].moves;
  }
  // Index into control().periods() of the period `side` is playing now.
  [[nodiscard]] std::size_t period_index(ClockSide side) const noexcept {
    return sides_[index(side)].period;
  }
  // Art. 6.3.1: the moves `side` still has to make in his current period to reach its
  // control, or 0 when the period covers the rest of the game ("all moves").
  [[nodiscard]] int moves_to_control(ClockSide side) const noexcept;
  // Guideline III.3.1.2: true when `side` plays the period that covers all remaining moves.
  [[nodiscard]] bool in_last_period(ClockSide side) const noexcept;
  // White's control, which is both sides' unless the clock gives time odds.
  [[nodiscard]] const TimeControl& control() const noexcept { return controls_[0]; }
  [[nodiscard]] const TimeControl& control(ClockSide side) const noexcept {
    return controls_[static_cast<std::size_t>(index(side))];
  }

 private:
  struct SideState {
    Millis main{0};                 // main time at the start of the current move (may go negative)
    Millis used{0};                 // time used on the current move before the last (re)start
    int moves = 0;                  // moves completed in the game
    int period_moves = 0;           // moves completed in the current period
    std::size_t period = 0;         // current period
    std::optional<Millis> flag_at;  // recorded when a stop finds the time exhausted
  };

  [[nodiscard]] const Period& period_of(ClockSide side) const;
  [[nodiscard]] Millis used_at(ClockSide side, Millis at) const;
  [[nodiscard]] Millis charged(ClockSide side, Millis used) const;
  void stop_running();

  std::array<TimeControl, 2> controls_;  // White, Black
  const TimeSource* time_;
  std::array<SideState, 2> sides_{};
  std::optional<ClockSide> running_;
  std::optional<ClockSide> paused_;  // the side whose clock pause() stopped
  Millis running_since_{0};
  Millis extra_increment_{0};
  bool started_ = false;
};

}  // namespace arbiter::clock
