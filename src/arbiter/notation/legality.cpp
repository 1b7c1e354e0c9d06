// Legality from geometry (Art. 3.9.2): the fast path of the move reader and the SAN
// writer's disambiguation test moves without generating the whole move list.
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation::detail {

using core::Bitboard;
using core::Move;

bool is_legal_by_geometry(const core::Position& pos, Move m) noexcept {
  // Art. 3.9.2 and the rest of Art. 3, by core's mask-based test (no move generation).
  return pos.is_legal(m);
}

bool is_pinned(const core::Position& pos, core::Square s) noexcept {
  const core::Color us = pos.side_to_move();
  return (pos.blockers_for_king(us, ~us) & pos.pieces(us) & core::bb(s)) != 0;
}

}  // namespace arbiter::notation::detail
