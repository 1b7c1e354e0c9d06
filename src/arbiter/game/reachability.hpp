// Where each man on the board could ever go (Art. 5.2.2, 6.9): an over-approximation, so
// that "no man of the winner can ever attack a square the losing king can ever stand on"
// proves that the winner cannot checkmate by any series of legal moves.
//
// The sets grow together to a fixpoint from the men's squares:
//  - a man steps (a slider one square at a time, through squares it could pass) onto a
//    square that is empty, holds an enemy man other than the king, or holds a man that may
//    ever leave it (its own, or the enemy king);
//  - a pawn pushes onto a square whose man may leave (or an empty one), captures onto a
//    square some enemy man other than the king may stand on, and on the last rank becomes
//    any piece (a man that may then go anywhere);
//  - a king never steps onto a square attacked by an enemy pawn, knight or king that can
//    never leave its square (no slider: a man could come between);
//  - a man may leave its square when it can move at all, or when some enemy man may
//    capture on it.
// Every legal game from the position keeps every man inside its set (en passant now aside:
// `cannot_mate_by_reachability` declines positions where it is legal).
#pragma once

#include <array>
#include <cstdint>

#include "arbiter/core/bitboard.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::game {

struct ManReach {
  core::Square from = core::Square::A1;
  core::Color colour = core::Color::White;
  core::PieceType type = core::PieceType::None;
  core::Bitboard squares = 0;   // where it may ever stand (with `from`)
  core::Bitboard captures = 0;  // where it may ever capture
  bool promotes = false;        // a pawn that may reach its last rank
};

struct Reachability {
  std::array<ManReach, 32> men{};
  int count = 0;
  core::Bitboard mobile = 0;                // the squares whose man may ever leave
  std::array<core::Bitboard, 2> stand{};    // where a non-king man of colour c may stand
  std::array<core::Bitboard, 2> capture{};  // where a man of colour c may capture
  std::array<core::Bitboard, 2> king{};     // where the king of colour c may stand
  int passes = 0;                           // rounds until nothing grew (diagnostics)
};

[[nodiscard]] Reachability reachability(const core::Position& pos) noexcept;

// The squares a set of men of `type` (and colour c, for pawns) standing on `from` attack,
// with only the `blockers` in the way; a promoted pawn attacks like any piece.
[[nodiscard]] core::Bitboard attack_potential(const ManReach& man,
                                              core::Bitboard blockers) noexcept;

}  // namespace arbiter::game
