// Optional adjudication of engine games by their reported scores, for `arbiter match`.
// The Laws know no such thing: a game ends by the Laws only unless the match names these
// rules (`--adjudicate draw=...`, `--adjudicate resign=...`). When one fires, the game is
// ended by an arbiter decision (Art. 12.9, an `arbiter` event `declare_result` in the log,
// so that re-adjudicating the log gives the same result) and the PGN says so.
//
//   draw=movenumber:N,movecount:C,score:S   from move N on, both engines' scores within
//                                           S centipawns of 0 for C moves each in a row
//   resign=movecount:C,score:S              one engine at -S or worse and the other at +S
//                                           or better, for C moves each in a row
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::players {

struct DrawRule {
  int move_number = 40;  // no adjudication before this move number
  int move_count = 8;    // consecutive moves of each side
  int score = 10;        // centipawns either side of 0
};

struct ResignRule {
  int move_count = 3;  // consecutive moves of each side
  int score = 900;     // centipawns
};

struct Adjudication {
  std::optional<DrawRule> draw;
  std::optional<ResignRule> resign;
  [[nodiscard]] bool any() const noexcept { return draw || resign; }
};

// Reads one `--adjudicate` value into `into` ("draw=...", "resign=...", or "draw" /
// "resign" alone for the defaults). Errors: kInvalidArgument naming the rule and the word
// (an unknown rule or key, a number that is missing, not an integer or not positive).
[[nodiscard]] Result<void> parse_adjudication(std::string_view text, Adjudication& into);

// The rule in words, for the PGN: "resign: score >= 900 cp for 3 moves".
[[nodiscard]] std::string describe(const DrawRule& rule);
[[nodiscard]] std::string describe(const ResignRule& rule);

struct AdjudicationDecision {
  std::string result;                // "1-0", "0-1" or "1/2-1/2"
  std::optional<core::Color> loser;  // the side adjudicated lost; none for a draw
  std::string rule;                  // describe() of the rule that fired
};

// Decides after a move. `scores[i]` is the evaluation the mover of ply i reported, in
// centipawns from his own side (nullopt: none, which breaks every run); ply 0 was played
// by `first_mover` with move number `first_number`.
[[nodiscard]] std::optional<AdjudicationDecision> adjudicate(
    const Adjudication& rules, const std::vector<std::optional<int>>& scores,
    core::Color first_mover, int first_number);

// The PGN of a game ended by adjudication: `[Termination "adjudication"]` and an
// `[Adjudication "RULE"]` tag (the Arbiter's tag says "arbiter decision").
[[nodiscard]] std::string pgn_with_adjudication(const std::string& pgn, const std::string& rule);

}  // namespace arbiter::players
