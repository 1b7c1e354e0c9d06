#include "arbiter/competition/touch.hpp"

#include <algorithm>

#include "arbiter/core/movegen.hpp"

namespace arbiter::competition {
namespace {

using core::Move;
using core::MoveList;
using core::PieceType;
using core::Square;

std::string square_name(Square s) {
  std::string out;
  out += static_cast<char>('a' + core::index(core::file_of(s)));
  out += static_cast<char>('1' + core::index(core::rank_of(s)));
  return out;
}

std::string_view piece_word(PieceType t) { return core::piece_type_name(t); }

// The square of the man a move captures (the pawn beside, for en passant), or None.
Square captured_square(const core::Position& pos, Move m) {
  if (m.is_castling()) return Square::None;
  if (m.is_en_passant()) {
    return core::make_square(core::file_of(m.to()), core::rank_of(m.from()));
  }
  return pos.empty(m.to()) ? Square::None : m.to();
}

}  // namespace

void TouchState::add(const core::Position& pos, Square square) {
  const bool seen = std::any_of(touched_.begin(), touched_.end(),
                                [&](const Touched& t) { return t.square == square; });
  if (seen) return;
  const bool own = core::color_of(pos.piece_on(square)) == pos.side_to_move();
  touched_.push_back(Touched{square, own});
}

std::optional<TouchConstraint> TouchState::constraint(const core::Position& pos) const {
  if (touched_.empty()) return std::nullopt;
  const MoveList legal = core::legal_moves(pos);
  TouchConstraint c;

  // Art. 4.4.1: the king touched first, then one of his rooks: castle on that side if
  // legal. (Rook first, then king: 4.4.2, castling is not allowed; 4.3.1 covers it, as
  // castling counts as a king move.) If castling is illegal, 4.4.3: another king move.
  const Touched& first = touched_.front();
  if (first.own && core::type_of(pos.piece_on(first.square)) == PieceType::King) {
    for (std::size_t i = 1; i < touched_.size(); ++i) {
      const Touched& t = touched_[i];
      if (!t.own || core::type_of(pos.piece_on(t.square)) != PieceType::Rook) continue;
      for (Move m : legal) {
        if (m.is_castling() && m.from() == first.square && m.to() == t.square) c.allowed.push(m);
      }
      if (!c.allowed.empty()) {
        c.article = "4.4.1";
        c.reason = "the king and then the rook on " + square_name(t.square) +
                   " were touched: the player must castle on that side";
        return c;
      }
    }
  }

  // Art. 4.3.3: one of his own pieces and one of the opponent's: capture it with it.
  for (const Touched& own : touched_) {
    if (!own.own) continue;
    for (const Touched& opp : touched_) {
      if (opp.own) continue;
      for (Move m : legal) {
        if (m.from() == own.square && captured_square(pos, m) == opp.square) c.allowed.push(m);
      }
      if (!c.allowed.empty()) {
        c.article = "4.3.3";
        c.reason = "the " + std::string(piece_word(core::type_of(pos.piece_on(own.square)))) +
                   " on " + square_name(own.square) + " and the opponent's " +
                   std::string(piece_word(core::type_of(pos.piece_on(opp.square)))) + " on " +
                   square_name(opp.square) + " were touched: the one must capture the other";
        return c;
      }
    }
  }

  // Art. 4.3.4 with 4.3.1 / 4.3.2: the first touched piece that can be moved or captured.
  for (const Touched& t : touched_) {
    const std::string what = std::string(piece_word(core::type_of(pos.piece_on(t.square)))) +
                             " on " + square_name(t.square);
    for (Move m : legal) {
      if (t.own ? m.from() == t.square : captured_square(pos, m) == t.square) c.allowed.push(m);
    }
    if (!c.allowed.empty()) {
      c.article = t.own ? "4.3.1" : "4.3.2";
      c.reason = t.own ? "the " + what + " was touched and must be moved"
                       : "the opponent's " + what + " was touched and must be captured";
      return c;
    }
  }
  // Art. 4.5: none of the touched pieces can be moved or captured: any legal move.
  return std::nullopt;
}

}  // namespace arbiter::competition
