// The identity of positions for the repetition rules (Art. 9.2.2): a 64-bit key that
// ignores an en passant right that exists "on paper" but gives no legal capture, so that
// equal keys are the candidates that Position::same_position() then confirms exactly.
#pragma once

#include "arbiter/core/position.hpp"

namespace arbiter::game {

// Position::key() XORs in the e.p. file whenever an enemy pawn attacks the e.p. square;
// Art. 9.2.2 counts the e.p. right only when the capture is legal (9.2.2.1 "the same
// possible moves"), so the file is removed again when no e.p. capture is legal.
[[nodiscard]] core::Key repetition_key(const core::Position& pos) noexcept;

// Art. 9.2.2: same player to move, same pieces on the same squares, same possible moves
// (castling rights, legal e.p.). Keys first, then the exact comparison.
[[nodiscard]] bool same_for_repetition(const core::Position& a, core::Key key_a,
                                       const core::Position& b, core::Key key_b) noexcept;

}  // namespace arbiter::game
