// What an analysis says about one position: centipawns or a forced mate, always from
// White's point of view, so that a game's evaluations read as one curve (the convention
// of PGN's [%eval] command and of lichess's charts). The engine's own scores are from the
// side to move's point of view; `from_engine` turns them round.
#pragma once

#include <cstdint>
#include <string>

#include "arbiter/core/types.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::analysis {

struct Evaluation {
  enum class Kind : std::uint8_t { Centipawns, Mate };

  Kind kind = Kind::Centipawns;
  // Centipawns: positive when White stands better. Mate: full moves until the mate, >= 0;
  // 0 is a checkmate on the board (Art. 5.1.1), the side to move being the one mated.
  int value = 0;
  // Mate: the side that gives it. (A sign on `value` cannot say who has mated once the
  // mate is on the board, where the count is 0.)
  core::Color winner = core::Color::White;

  [[nodiscard]] static Evaluation centipawns(int cp) noexcept {
    return {Kind::Centipawns, cp, core::Color::White};
  }
  [[nodiscard]] static Evaluation mate(core::Color winner, int moves) noexcept {
    return {Kind::Mate, moves, winner};
  }
  [[nodiscard]] bool is_mate() const noexcept { return kind == Kind::Mate; }
  // Moves to mate with White's sign: +3 White mates in 3, -3 Black does. 0 for a
  // checkmate on the board and for centipawns.
  [[nodiscard]] int signed_mate() const noexcept {
    if (!is_mate()) return 0;
    return winner == core::Color::White ? value : -value;
  }

  friend bool operator==(const Evaluation& a, const Evaluation& b) noexcept {
    if (a.kind != b.kind || a.value != b.value) return false;
    return a.kind == Kind::Centipawns || a.winner == b.winner;
  }
};

// An engine score (engine/score.hpp: side to move's view, mates as kMate - plies) as an
// Evaluation from White's view. A mate in N plies becomes a mate in (N + 1) / 2 moves.
[[nodiscard]] Evaluation from_engine(engine::Value score, core::Color side_to_move) noexcept;

// lichess's ceiling (scalachess `Eval.Cp.CEILING`): beyond ten pawns the win chance no
// longer moves, and a mate counts as ten pawns for the side that gives it.
inline constexpr int kCentipawnCeiling = 1000;

// The evaluation as centipawns from White's view, capped at ±kCentipawnCeiling; a mate is
// the ceiling with the winner's sign (lichess's `forceAsCp` followed by `ceiled`).
[[nodiscard]] int capped_centipawns(const Evaluation& e) noexcept;

// Human text, as lichess's advice comments write it: "0.35", "-2.10" (pawns, two
// decimals), "Mate in 3"; a checkmate on the board is "Checkmate".
[[nodiscard]] std::string describe(const Evaluation& e);

}  // namespace arbiter::analysis
