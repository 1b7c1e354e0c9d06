#include "arbiter/engine/see.hpp"

#include "arbiter/core/attacks.hpp"
#include "arbiter/engine/eval_params.hpp"

namespace arbiter::engine {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Square;

bool see_ge(const core::Position& pos, core::Move m, int threshold) noexcept {
  if (m.is_castling()) return threshold <= 0;
  const Square from = m.from();
  const Square to = m.to();
  const auto value = [](PieceType t) { return params::kSeeValue[core::index(t)]; };

  // What we win immediately, minus the bar we must clear.
  int gain = m.is_en_passant() ? value(PieceType::Pawn) : value(pos.captured_piece(m));
  PieceType on_square = pos.moved_piece(m);
  if (m.is_promotion()) {
    gain += value(m.promotion()) - value(PieceType::Pawn);
    on_square = m.promotion();
  }
  int balance = gain - threshold;
  if (balance < 0) return false;
  // Even if we lose the moving piece for nothing, are we still above the bar?
  balance -= value(on_square);
  if (balance >= 0) return true;

  Bitboard occupied = pos.pieces() ^ core::bb(from);
  if (m.is_en_passant()) occupied ^= core::bb(pos.side_to_move() == Color::White ? to - 8 : to + 8);
  occupied |= core::bb(to);
  const Bitboard diagonal = pos.pieces(PieceType::Bishop, PieceType::Queen);
  const Bitboard straight = pos.pieces(PieceType::Rook, PieceType::Queen);
  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  Color side = pos.side_to_move();
  // `balance` is from the point of view of the side that just captured; the side to move
  // wins the exchange if it can make balance non-negative for itself.
  bool we_win = true;
  while (true) {
    side = ~side;
    attackers &= occupied;
    const Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    PieceType t = PieceType::Pawn;
    while (!(mine & pos.pieces(t))) t = static_cast<PieceType>(core::index(t) + 1);
    we_win = !we_win;
    // After this recapture, the balance flips sign and gains the value of our attacker.
    balance = -balance - 1 - value(t);
    if (balance >= 0) {
      // A king may only take last: if the opponent still attacks, the capture is illegal.
      if (t == PieceType::King && (attackers & pos.pieces(~side))) we_win = !we_win;
      break;
    }
    occupied ^= core::bb(core::lsb(mine & pos.pieces(t)));
    if (t == PieceType::Pawn || t == PieceType::Bishop || t == PieceType::Queen)
      attackers |= core::bishop_attacks(to, occupied) & diagonal;
    if (t == PieceType::Rook || t == PieceType::Queen)
      attackers |= core::rook_attacks(to, occupied) & straight;
  }
  return we_win;
}

}  // namespace arbiter::engine
