// Zobrist keys: 64-bit random numbers XORed together so that a position's key can be
// updated incrementally by do_move (Art. 9.2.2 identity is checked in game/ by
// comparing positions when keys match).
#pragma once

#include "arbiter/core/types.hpp"

namespace arbiter::core::zobrist {

struct Keys {
  Key piece_square[12][64];
  Key castling[16];
  Key en_passant_file[8];
  Key side;  // XORed in when Black is to move
};

extern const Keys kKeys;

inline Key piece_square(Piece p, Square s) noexcept {
  return kKeys.piece_square[index(p)][index(s)];
}
inline Key castling(unsigned rights) noexcept { return kKeys.castling[rights & 15]; }
inline Key en_passant(File f) noexcept { return kKeys.en_passant_file[index(f)]; }
inline Key side() noexcept { return kKeys.side; }

}  // namespace arbiter::core::zobrist
