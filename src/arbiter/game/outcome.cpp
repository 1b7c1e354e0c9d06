#include "arbiter/game/outcome.hpp"

namespace arbiter::game {

std::string_view to_string(Termination t) noexcept {
  switch (t) {
    case Termination::None: return "none";
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::DeadPosition: return "dead position";
    case Termination::FivefoldRepetition: return "fivefold repetition";
    case Termination::SeventyFiveMoves: return "75-move rule";
  }
  return "none";
}

std::string_view to_string(Claim c) noexcept {
  switch (c) {
    case Claim::Threefold: return "threefold repetition";
    case Claim::FiftyMoves: return "50-move rule";
  }
  return "";
}

std::string_view result_text(const Outcome& o) noexcept {
  if (!o.is_over()) return "*";
  if (!o.winner) return "1/2-1/2";
  return *o.winner == core::Color::White ? "1-0" : "0-1";
}

}  // namespace arbiter::game
