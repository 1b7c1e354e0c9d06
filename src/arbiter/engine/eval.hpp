// Static evaluation: tapered midgame/endgame sum of material, piece-square tables, mobility,
// pawn structure (hashed), passed pawns, king safety, rooks on open files, the bishop pair,
// knight outposts and endgame scaling for drawish material.
#pragma once

#include "arbiter/core/position.hpp"
#include "arbiter/engine/pawns.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

struct EvalTrace;

// Centipawns from the side to move's point of view.
[[nodiscard]] Value evaluate(const core::Position& pos, PawnTable& pawns) noexcept;
// The same value, computed without the pawn hash while recording the weights used in `trace`.
[[nodiscard]] Value evaluate_traced(const core::Position& pos, EvalTrace& trace) noexcept;

// Scale (out of 64) applied to the endgame part when `strong` is ahead: 0 means a dead draw
// by material (KN v K, KNN v K, ...), 64 no scaling.
[[nodiscard]] int endgame_scale(const core::Position& pos, core::Color strong) noexcept;

// Neither side has enough material to mate, even with help (K v K, KB v K, KN v K).
[[nodiscard]] bool is_insufficient_material(const core::Position& pos) noexcept;

// Game phase from 0 (bare kings and pawns) to params::kMaxPhase (all pieces).
[[nodiscard]] int game_phase(const core::Position& pos) noexcept;

}  // namespace arbiter::engine
