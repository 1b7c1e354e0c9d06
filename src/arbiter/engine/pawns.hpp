// Pawn structure (doubled, isolated, backward, supported, passed) and its hash table.
// The structure depends on the pawns only, so each worker caches it by the pawn bitboards.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/bitboard.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

struct PawnEntry {
  core::Bitboard pawns[2] = {~core::Bitboard{0}, ~core::Bitboard{0}};  // key: both pawn sets
  Score score;                    // White's point of view, king-independent terms only
  core::Bitboard passed[2] = {};  // passed pawns of each colour
  core::Bitboard attacks[2] = {};
  std::uint8_t semi_open[2] = {};  // bit f set: colour has no pawn on file f
};

// Squares strictly in front of `s` from `c`'s point of view on the files f-1..f+1 (or f).
[[nodiscard]] core::Bitboard forward_file(core::Color c, core::Square s) noexcept;
[[nodiscard]] core::Bitboard passed_span(core::Color c, core::Square s) noexcept;
[[nodiscard]] core::Bitboard adjacent_files(core::Square s) noexcept;

struct EvalTrace;

// Evaluates the pawn structure from scratch (recording the weights used in `trace`).
void evaluate_pawns(const core::Position& pos, PawnEntry& entry) noexcept;
void evaluate_pawns(const core::Position& pos, PawnEntry& entry, EvalTrace& trace) noexcept;

class PawnTable {
 public:
  explicit PawnTable(std::size_t entries = 1u << 14);
  // The entry for pos's pawns, computed on a miss.
  const PawnEntry& probe(const core::Position& pos) noexcept;

 private:
  std::vector<PawnEntry> table_;
  std::size_t mask_;
};

}  // namespace arbiter::engine
