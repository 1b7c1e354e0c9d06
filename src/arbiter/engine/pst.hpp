// Piece-square tables. The starting values are not typed in by hand: pst.cpp derives them
// from a few geometric rules (centralisation, advancement, king shelter), so every value is
// explained; Texel tuning then adjusts them square by square (eval_weights.cpp).
#pragma once

#include "arbiter/core/types.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

// Bonus for a piece of type `t` and colour `c` on square `s`, material included, from the
// weights in use (eval_params()).
[[nodiscard]] Score pst(core::Color c, core::PieceType t, core::Square s) noexcept;

// The rule-derived bonus (without material), from White's point of view.
[[nodiscard]] Score pst_rule(core::PieceType t, core::Square white_square) noexcept;

}  // namespace arbiter::engine
