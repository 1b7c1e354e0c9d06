#include "arbiter/game/repetition.hpp"

#include "arbiter/core/zobrist.hpp"

namespace arbiter::game {

core::Key repetition_key(const core::Position& pos) noexcept {
  using namespace core;
  core::Key key = pos.key();
  const Square ep = pos.en_passant_square();
  if (ep == Square::None) return key;
  const Color us = pos.side_to_move();
  // Mirrors the condition under which core keyed the e.p. file.
  const bool keyed = (pawn_attacks(~us, ep) & pos.pieces(us, PieceType::Pawn)) != 0;
  if (keyed && !pos.has_legal_en_passant()) key ^= zobrist::en_passant(file_of(ep));
  return key;
}

bool same_for_repetition(const core::Position& a, core::Key key_a, const core::Position& b,
                         core::Key key_b) noexcept {
  return key_a == key_b && a.same_position(b);
}

}  // namespace arbiter::game
