// Strictly legal move generation (Art. 3). See movegen_impl.hpp for how.
#pragma once

#include <cstdint>

#include "arbiter/core/move.hpp"

namespace arbiter::core {

class Position;

// All = Captures ∪ Quiets, disjoint. Captures are moves that take a piece (including en
// passant and capturing promotions); Quiets are the rest (including non-capturing
// promotions and castling).
enum class GenType : std::uint8_t { All, Captures, Quiets };

void generate_moves(const Position& pos, MoveList& out, GenType type = GenType::All) noexcept;
[[nodiscard]] MoveList legal_moves(const Position& pos, GenType type = GenType::All) noexcept;
// The number of legal moves, counted without writing them.
[[nodiscard]] std::uint64_t count_legal_moves(const Position& pos) noexcept;
[[nodiscard]] bool has_legal_moves(const Position& pos) noexcept;

}  // namespace arbiter::core
