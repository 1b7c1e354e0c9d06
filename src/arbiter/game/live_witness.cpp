#include "arbiter/game/live_witness.hpp"

#include "arbiter/core/movegen.hpp"

namespace arbiter::game {
namespace {

using core::Move;
using core::Position;

// A move that its side can take back at once: a piece (not a pawn) moving to an empty
// square, no castling, no promotion.
bool reversible(const Position& pos, Move m) {
  return !m.is_castling() && !m.is_promotion() && !m.is_en_passant() &&
         pos.moved_piece(m) != core::PieceType::Pawn && !pos.is_capture(m);
}

Move reverse(Move m) { return Move{m.to(), m.from()}; }

}  // namespace

bool is_mating_line(const Position& pos, std::span<const Move> line) {
  Position p = pos;
  for (Move m : line) {
    // Position::is_legal answers for any 16-bit value, by geometry and the pin and check
    // masks, without generating the position's moves (the legal moves are exactly the
    // values it accepts).
    if (!p.is_legal(m)) return false;
    p = p.after(m);
  }
  return p.in_check() && !core::has_legal_moves(p);
}

bool LiveWitness::carry(const Position& before, Move played, const Position& after) {
  if (line_.empty()) return false;
  if (line_.front() == played) {
    // The same line, one move on; replayed all the same, so a line kept for some other
    // position can never pass.
    line_.erase(line_.begin());
    if (!line_.empty() && is_mating_line(after, line_)) return true;
    line_.clear();
    return false;
  }
  if (line_.size() + 3 > kMaxPlies) {
    line_.clear();
    return false;
  }
  // The opponent's quiet piece moves serve as tempo moves: with the mover's move taken back
  // between a tempo and its return, the old line follows from the old position; otherwise
  // (a pawn move, a capture) the old line is tried after one tempo, on a board that
  // differs only by the move played and the tempo, and kept if it still mates.
  constexpr int kTempoTries = 6;
  const bool undo = reversible(before, played);
  int tried = 0;
  std::vector<Move> carried;
  for (Move tempo : core::legal_moves(after)) {
    if (!reversible(after, tempo)) continue;
    if (++tried > kTempoTries) break;
    if (undo) {
      carried.assign({tempo, reverse(played), reverse(tempo)});
    } else {
      carried.assign({tempo});
    }
    carried.insert(carried.end(), line_.begin(), line_.end());
    if (is_mating_line(after, carried)) {
      line_ = std::move(carried);
      return true;
    }
  }
  line_.clear();
  return false;
}

}  // namespace arbiter::game
