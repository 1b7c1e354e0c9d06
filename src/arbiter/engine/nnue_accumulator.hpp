// NNUE accumulators: the hidden layer's pre-activations for both perspectives, kept per
// ply by the search. A child's accumulator is its parent's plus the features the move added
// minus those it removed (found by comparing the squares the move touches before and after
// it, which covers captures, promotions, en passant and castling in every Chess960 form);
// unmaking a move just returns to the parent's ply.
#pragma once

#include <array>
#include <cstdint>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/nnue_kernels.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine::nnue {

struct Accumulator {
  alignas(64) std::array<std::array<std::int16_t, kMaxHidden>, 2> values;  // by perspective

  friend bool operator==(const Accumulator&, const Accumulator&) = default;
};

// The squares a move may change and what stood on them before it.
struct MoveDelta {
  int count = 0;
  std::array<core::Square, 6> squares{};
  std::array<core::Piece, 6> before{};
};

// Recorded before `m` is played on `pos`.
[[nodiscard]] MoveDelta touched_squares(const core::Position& pos, core::Move m) noexcept;

// Computes `acc` from scratch.
void refresh(const Network& net, const Kernels& k, const core::Position& pos,
             Accumulator& acc) noexcept;
// `child` = `parent` updated for the move described by `delta`; `pos` is the position after it.
void update(const Network& net, const Kernels& k, const MoveDelta& delta, const core::Position& pos,
            const Accumulator& parent, Accumulator& child) noexcept;

// Whether the parts of `a` and `b` that `net` uses are equal (checks and tests).
[[nodiscard]] bool same_accumulator(const Network& net, const Accumulator& a,
                                    const Accumulator& b) noexcept;

// Centipawns for the side to move of `pos`, whose accumulator is `acc`.
[[nodiscard]] Value evaluate(const Network& net, const Kernels& k, const Accumulator& acc,
                             const core::Position& pos) noexcept;

}  // namespace arbiter::engine::nnue
