// Comment commands (the "[%cmd ...]" convention of PGN Specification Supplement):
// [%clk 1:23:45] clock after the move, [%emt 0:00:12] time spent, [%eval 0.17] or
// [%eval #-3] evaluation, and Arbiter's own [%draw offer] for a draw offer made with
// the move (Art. 9.1.2.2; written "(=)" on a scoresheet, Appendix C.12).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::pgn {

struct Eval {
  bool mate = false;  // value is then moves to mate (negative: the side to move is mated)
  int value = 0;      // centipawns from White's point of view, or moves to mate
  int depth = -1;     // search depth when given ("[%eval 0.17,20]")
  friend bool operator==(const Eval&, const Eval&) = default;
};

struct Annotations {
  std::optional<std::int64_t> clock_ms;    // [%clk]
  std::optional<std::int64_t> elapsed_ms;  // [%emt]
  std::optional<Eval> eval;                // [%eval]
  bool draw_offer = false;                 // [%draw offer]

  [[nodiscard]] bool empty() const noexcept {
    return !clock_ms && !elapsed_ms && !eval && !draw_offer;
  }
  friend bool operator==(const Annotations&, const Annotations&) = default;
};

// "1:23:45", "0:03:00.5", "12:30" → milliseconds.
[[nodiscard]] Result<std::int64_t> parse_clock(std::string_view text);
// Milliseconds → "1:23:45" (with ".5" style tenths/hundredths/thousandths when needed).
[[nodiscard]] std::string format_clock(std::int64_t ms);
// "0.17", "-1.5", "#3", "#-2", "0.17,20".
[[nodiscard]] Result<Eval> parse_eval(std::string_view text);
[[nodiscard]] std::string format_eval(const Eval& eval);

// Removes the commands Arbiter understands from `comment`, storing them in `out`;
// returns the rest of the text (other commands such as [%cal] stay in it). A command
// with a bad argument is left in the text.
[[nodiscard]] std::string extract_commands(std::string_view comment, Annotations& out);
// "[%clk 1:23:45] [%eval 0.17]" (empty when there is nothing to write).
[[nodiscard]] std::string format_commands(const Annotations& a);

}  // namespace arbiter::pgn
