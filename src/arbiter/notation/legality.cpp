// Legality from geometry (Art. 3.9.2): the fast path of the move reader and the SAN
// writer's disambiguation test moves without generating the whole move list.
#include "arbiter/core/attacks.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation::detail {

using core::Bitboard;
using core::Move;

bool is_legal_by_geometry(const core::Position& pos, Move m) noexcept {
  using core::PieceType;
  // En passant and castling have their own conditions (Art. 3.7.4, 3.8.2.2).
  if (m.is_en_passant() || m.is_castling()) return pos.is_legal(m);
  const core::Color us = pos.side_to_move();
  const core::Square from = m.from();
  const core::Square to = m.to();
  if (pos.pieces(us) & core::bb(to)) return false;
  const Bitboard occupied = (pos.pieces() ^ core::bb(from)) | core::bb(to);
  // A piece captured on `to` attacks nothing any more.
  const Bitboard them = pos.pieces(~us) & ~core::bb(to);
  const core::Square king = pos.king_square(us);
  // Art. 3.9.2: the king may not move to an attacked square.
  if (from == king) return !(pos.attackers_to(to, occupied) & them);
  // Art. 3.9.2: after any other move no enemy piece may attack the king. A pawn's or
  // knight's check cannot be blocked; a slider's can, or be uncovered by the move.
  if (((core::pawn_attacks(us, king) & pos.pieces(PieceType::Pawn)) |
       (core::knight_attacks(king) & pos.pieces(PieceType::Knight))) &
      them)
    return false;
  const Bitboard straight = pos.pieces(PieceType::Rook, PieceType::Queen) & them;
  if ((straight & (core::file_bb(king) | core::rank_bb(king))) &&
      (core::rook_attacks(king, occupied) & straight))
    return false;
  const Bitboard diagonal = pos.pieces(PieceType::Bishop, PieceType::Queen) & them;
  return !(diagonal && (core::bishop_attacks(king, 0) & diagonal) &&
           (core::bishop_attacks(king, occupied) & diagonal));
}

bool is_pinned(const core::Position& pos, core::Square s) noexcept {
  const core::Color us = pos.side_to_move();
  return (pos.blockers_for_king(us, ~us) & pos.pieces(us) & core::bb(s)) != 0;
}

}  // namespace arbiter::notation::detail
