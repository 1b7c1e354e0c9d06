// TimeControl: the time allotted to each player (Art. 6.3), parsed from and printed to the
// grammar of spec/game-events.md: periods separated by ':', each
// `[MOVES/]SECONDS[+INCREMENT][dDELAY]`, or `-` for a game without a clock.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"

namespace arbiter::clock {

// One period of play (Art. 6.3.1): `moves` moves (0 = all the remaining moves) in `base`,
// with `increment` added before each move (cumulative mode, Art. 6.3.1 / glossary
// 'additional time') and/or a `delay` per move (delay mode, Art. 6.3.2).
struct Period {
  int moves = 0;
  Millis base{0};
  Millis increment{0};
  Millis delay{0};

  friend bool operator==(const Period&, const Period&) = default;
};

// Appendices A.1 and B.1: the category of a game by its time per player.
enum class Category : std::uint8_t { Standard, Rapid, Blitz };

[[nodiscard]] std::string_view to_string(Category category) noexcept;
// "standard" | "rapid" | "blitz"
[[nodiscard]] Result<Category> parse_category(std::string_view text);

class TimeControl {
 public:
  // No clock at all (`-`).
  TimeControl() = default;
  explicit TimeControl(std::vector<Period> periods);

  // Errors: kTimeControlSyntax (not the grammar: unexpected character, empty period,
  // missing number) and kTimeControlValue (well formed but unusable: a number too large,
  // a zero move quota, a non-final period without a move quota, a final period with one,
  // a period that gives no time at all). `where.column` is 1-based and points at the
  // offending character or number.
  [[nodiscard]] static Result<TimeControl> parse(std::string_view text);

  // The canonical text, which parse() reads back to an equal value.
  [[nodiscard]] std::string to_string() const;

  [[nodiscard]] bool is_unlimited() const noexcept { return periods_.empty(); }
  // Correspondence (issue #17, docs/correspondence.md): a single period of no base time,
  // no increment and a delay of whole days (`0d259200`: three days a move). The delay mode
  // of Art. 6.3.2 is exactly "so many days for each move": each move has the delay, time
  // not used is lost, and the flag falls when a move's days have passed. The days; 0 for
  // any other control.
  [[nodiscard]] int days_per_move() const noexcept;
  [[nodiscard]] const std::vector<Period>& periods() const noexcept { return periods_; }

  // A.1 / B.1: all the base times plus 60 × the first period's additional time per move
  // (increment and delay both count: the glossary calls both 'additional time').
  // Several periods count with all their base times, since a game needs all of them.
  [[nodiscard]] Millis nominal_time() const noexcept;
  // blitz: nominal ≤ 10 min (B.1); rapid: > 10 and < 60 min (A.1); standard: ≥ 60 min.
  // A game without a clock is standard.
  [[nodiscard]] Category category() const noexcept;

  friend bool operator==(const TimeControl&, const TimeControl&) = default;

 private:
  std::vector<Period> periods_;
};

}  // namespace arbiter::clock
