#include "arbiter/analysis/evaluation.hpp"

#include <algorithm>

#include <fmt/core.h>

namespace arbiter::analysis {

Evaluation from_engine(engine::Value score, core::Color side_to_move) noexcept {
  if (engine::is_mate_score(score)) {
    // mate_moves: positive when the side to move mates, negative when it is mated.
    const int moves = engine::mate_moves(score);
    const core::Color winner = moves > 0 ? side_to_move : ~side_to_move;
    return Evaluation::mate(winner, moves > 0 ? moves : -moves);
  }
  return Evaluation::centipawns(side_to_move == core::Color::White ? score : -score);
}

int capped_centipawns(const Evaluation& e) noexcept {
  if (e.is_mate()) return e.winner == core::Color::White ? kCentipawnCeiling : -kCentipawnCeiling;
  return std::clamp(e.value, -kCentipawnCeiling, kCentipawnCeiling);
}

std::string describe(const Evaluation& e) {
  if (e.is_mate()) return e.value == 0 ? "Checkmate" : fmt::format("Mate in {}", e.value);
  const int a = e.value < 0 ? -e.value : e.value;
  return fmt::format("{}{}.{:02}", e.value < 0 ? "-" : "", a / 100, a % 100);
}

}  // namespace arbiter::analysis
