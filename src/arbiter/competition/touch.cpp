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
  auto is_own = [&](const Touched& t, PieceType type) {
    return t.own && core::type_of(pos.piece_on(t.square)) == type;
  };
  auto king_at = std::find_if(touched_.begin(), touched_.end(),
                              [&](const Touched& t) { return is_own(t, PieceType::King); });

  // Art. 4.4.2: a rook touched before the king may not castle on this move (in Chess960 it
  // can be a legal castling although the rook itself has no move).
  auto castles_with_rook_touched_before_king = [&](Move m) {
    return m.is_castling() && std::any_of(touched_.begin(), king_at, [&](const Touched& t) {
             return is_own(t, PieceType::Rook) && t.square == m.to();
           });
  };

  // Art. 4.4.1 / 4.4.3: the king touched first, then one of his rooks.
  if (king_at == touched_.begin()) {
    const auto rook = std::find_if(touched_.begin() + 1, touched_.end(),
                                   [&](const Touched& t) { return is_own(t, PieceType::Rook); });
    if (rook != touched_.end()) {
      for (Move m : legal) {
        if (m.is_castling() && m.from() == king_at->square && m.to() == rook->square)
          c.allowed.push(m);
      }
      if (!c.allowed.empty()) {
        c.article = "4.4.1";
        c.reason = "the king and then the rook on " + square_name(rook->square) +
                   " were touched: the player must castle on that side";
        return c;
      }
      // 4.4.3: castling with that rook is illegal: another legal king move (castling with
      // the other rook included); if the king has none, any legal move.
      for (Move m : legal) {
        if (m.from() == king_at->square) c.allowed.push(m);
      }
      if (c.allowed.empty()) return std::nullopt;
      c.article = "4.4.3";
      c.reason = "the king and then the rook on " + square_name(rook->square) +
                 " were touched, and castling on that side is illegal: the king must move";
      return c;
    }
  }

  // Art. 4.3.3: pieces of both colours: the first touched opponent's piece must be captured
  // with the first touched own piece ...
  const auto first_own =
      std::find_if(touched_.begin(), touched_.end(), [](const Touched& t) { return t.own; });
  const auto first_opp =
      std::find_if(touched_.begin(), touched_.end(), [](const Touched& t) { return !t.own; });
  if (first_own != touched_.end() && first_opp != touched_.end()) {
    for (Move m : legal) {
      if (m.from() == first_own->square && captured_square(pos, m) == first_opp->square)
        c.allowed.push(m);
    }
    if (!c.allowed.empty()) {
      c.article = "4.3.3";
      c.reason = "the " + std::string(piece_word(core::type_of(pos.piece_on(first_own->square)))) +
                 " on " + square_name(first_own->square) + " and the opponent's " +
                 std::string(piece_word(core::type_of(pos.piece_on(first_opp->square)))) + " on " +
                 square_name(first_opp->square) +
                 " were touched first: the one must capture the other";
      return c;
    }
  }

  // ... or, if that is illegal (and always for one colour, 4.3.1 / 4.3.2), the first touched
  // piece that can be moved or captured.
  for (const Touched& t : touched_) {
    const std::string what = std::string(piece_word(core::type_of(pos.piece_on(t.square)))) +
                             " on " + square_name(t.square);
    for (Move m : legal) {
      if (castles_with_rook_touched_before_king(m)) continue;
      if (t.own ? m.from() == t.square : captured_square(pos, m) == t.square) c.allowed.push(m);
    }
    if (!c.allowed.empty()) {
      c.article = first_own != touched_.end() && first_opp != touched_.end() ? "4.3.3"
                  : t.own                                                    ? "4.3.1"
                                                                             : "4.3.2";
      c.reason = t.own ? "the " + what + " was touched and must be moved"
                       : "the opponent's " + what + " was touched and must be captured";
      if (king_at != touched_.end() && t.square == king_at->square &&
          std::any_of(touched_.begin(), king_at,
                      [&](const Touched& r) { return is_own(r, PieceType::Rook); }))
        c.reason += " (4.4.2: not by castling with the rook touched first)";
      return c;
    }
  }
  // Art. 4.5: none of the touched pieces can be moved or captured: any legal move.
  return std::nullopt;
}

}  // namespace arbiter::competition
