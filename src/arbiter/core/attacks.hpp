// Slider attacks. Built with ARB_USE_PEXT (option ARBITER_BMI2) the index into the
// attack table is _pext_u64(occupied, mask); otherwise it is a "fancy" magic multiply.
// The magics are found at start-up by a deterministic search (attacks.cpp), so the
// default build runs on any x86-64 CPU.
#pragma once

#if defined(ARB_USE_PEXT)
#include <immintrin.h>
#endif

#include "arbiter/core/bitboard.hpp"

namespace arbiter::core {

namespace detail {

struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;

  [[nodiscard]] unsigned index(Bitboard occupied) const noexcept {
#if defined(ARB_USE_PEXT)
    return static_cast<unsigned>(_pext_u64(occupied, mask));
#else
    return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
#endif
  }
};

extern Magic g_rook_magics[64];
extern Magic g_bishop_magics[64];

}  // namespace detail

inline Bitboard rook_attacks(Square s, Bitboard occupied) noexcept {
  const detail::Magic& m = detail::g_rook_magics[index(s)];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) noexcept {
  const detail::Magic& m = detail::g_bishop_magics[index(s)];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) noexcept {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Attacks of a piece of type t standing on s (pawns need a colour: use pawn_attacks).
Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) noexcept;

// Which slider implementation this binary uses: "pext" or "magic".
const char* slider_backend() noexcept;

}  // namespace arbiter::core
