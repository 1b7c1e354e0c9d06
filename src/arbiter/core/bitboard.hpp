// Bitboards: one bit per square (a1 = bit 0). Leaper attacks and line geometry are
// computed at compile time; slider attacks live in attacks.hpp.
#pragma once

#include <array>
#include <bit>

#include "arbiter/core/types.hpp"

namespace arbiter::core {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;

constexpr Bitboard bb(Square s) noexcept { return Bitboard{1} << index(s); }
constexpr Bitboard file_bb(File f) noexcept { return kFileA << index(f); }
constexpr Bitboard rank_bb(Rank r) noexcept { return kRank1 << (8 * index(r)); }
constexpr Bitboard rank_bb(Square s) noexcept { return rank_bb(rank_of(s)); }
constexpr Bitboard file_bb(Square s) noexcept { return file_bb(file_of(s)); }

// popcount: the POPCNT instruction when the build allows it, SWAR otherwise, so that
// default binaries run on any x86-64 (design.md).
constexpr int popcount(Bitboard b) noexcept {
#if defined(__POPCNT__)
  return std::popcount(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
#endif
}
constexpr Square lsb(Bitboard b) noexcept { return square_at(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) noexcept { return square_at(63 - std::countl_zero(b)); }
constexpr Square pop_lsb(Bitboard& b) noexcept {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) noexcept { return (b & (b - 1)) != 0; }

enum Direction : int {
  kNorth = 8,
  kSouth = -8,
  kEast = 1,
  kWest = -1,
  kNorthEast = 9,
  kNorthWest = 7,
  kSouthEast = -7,
  kSouthWest = -9
};

template <int D>
constexpr Bitboard shift(Bitboard b) noexcept {
  if constexpr (D == kNorth)
    return b << 8;
  else if constexpr (D == kSouth)
    return b >> 8;
  else if constexpr (D == kNorth + kNorth)
    return b << 16;
  else if constexpr (D == kSouth + kSouth)
    return b >> 16;
  else if constexpr (D == kEast)
    return (b & ~kFileH) << 1;
  else if constexpr (D == kWest)
    return (b & ~kFileA) >> 1;
  else if constexpr (D == kNorthEast)
    return (b & ~kFileH) << 9;
  else if constexpr (D == kNorthWest)
    return (b & ~kFileA) << 7;
  else if constexpr (D == kSouthEast)
    return (b & ~kFileH) >> 7;
  else if constexpr (D == kSouthWest)
    return (b & ~kFileA) >> 9;
  else
    static_assert(D == kNorth, "unsupported direction");
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) noexcept {
  if constexpr (C == Color::White)
    return shift<kNorthEast>(pawns) | shift<kNorthWest>(pawns);
  else
    return shift<kSouthEast>(pawns) | shift<kSouthWest>(pawns);
}

namespace detail {

constexpr int distance(int a, int b) noexcept {
  const int df = (a & 7) > (b & 7) ? (a & 7) - (b & 7) : (b & 7) - (a & 7);
  const int dr = (a >> 3) > (b >> 3) ? (a >> 3) - (b >> 3) : (b >> 3) - (a >> 3);
  return df > dr ? df : dr;
}

constexpr Bitboard leaper(int s, const int (&deltas)[8]) noexcept {
  Bitboard out = 0;
  for (int d : deltas) {
    const int t = s + d;
    if (t >= 0 && t < 64 && distance(s, t) <= 2) out |= Bitboard{1} << t;
  }
  return out;
}

constexpr int kKnightDeltas[8] = {17, 15, 10, 6, -6, -10, -15, -17};
constexpr int kKingDeltas[8] = {9, 8, 7, 1, -1, -7, -8, -9};

// Sliding attacks by walking rays: used at compile time and to build the magic tables.
constexpr Bitboard ray_attacks(int s, Bitboard occupied, bool diagonal) noexcept {
  const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  Bitboard out = 0;
  for (int i = 0; i < 4; ++i) {
    const int df = diagonal ? bishop_dirs[i][0] : rook_dirs[i][0];
    const int dr = diagonal ? bishop_dirs[i][1] : rook_dirs[i][1];
    int f = (s & 7) + df, r = (s >> 3) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const Bitboard b = Bitboard{1} << (r * 8 + f);
      out |= b;
      if (occupied & b) break;
      f += df;
      r += dr;
    }
  }
  return out;
}

struct Tables {
  std::array<Bitboard, 64> knight{};
  std::array<Bitboard, 64> king{};
  std::array<std::array<Bitboard, 64>, 2> pawn{};
  std::array<std::array<Bitboard, 64>, 64> between{};  // exclusive of both ends
  std::array<std::array<Bitboard, 64>, 64> line{};     // the whole line through both, or 0
};

constexpr Tables make_tables() noexcept {
  Tables t{};
  for (int s = 0; s < 64; ++s) {
    t.knight[s] = leaper(s, kKnightDeltas);
    t.king[s] = leaper(s, kKingDeltas);
    const Bitboard b = Bitboard{1} << s;
    t.pawn[0][s] = pawn_attacks_bb<Color::White>(b);
    t.pawn[1][s] = pawn_attacks_bb<Color::Black>(b);
  }
  for (int a = 0; a < 64; ++a) {
    for (int diag = 0; diag < 2; ++diag) {
      const Bitboard from_a = ray_attacks(a, 0, diag != 0);
      for (int b = 0; b < 64; ++b) {
        if (a == b || !(from_a & (Bitboard{1} << b))) continue;
        const Bitboard from_b = ray_attacks(b, 0, diag != 0);
        t.line[a][b] = (from_a & from_b) | (Bitboard{1} << a) | (Bitboard{1} << b);
        t.between[a][b] = ray_attacks(a, Bitboard{1} << b, diag != 0) &
                          ray_attacks(b, Bitboard{1} << a, diag != 0);
      }
    }
  }
  return t;
}

// Computed at compile time in bitboard.cpp (one translation unit pays for it).
extern const Tables kTables;

}  // namespace detail

inline Bitboard knight_attacks(Square s) noexcept { return detail::kTables.knight[index(s)]; }
inline Bitboard king_attacks(Square s) noexcept { return detail::kTables.king[index(s)]; }
inline Bitboard pawn_attacks(Color c, Square s) noexcept {
  return detail::kTables.pawn[index(c)][index(s)];
}
// Squares strictly between a and b on a rank, file or diagonal; 0 if not aligned.
inline Bitboard between_bb(Square a, Square b) noexcept {
  return detail::kTables.between[index(a)][index(b)];
}
// The full line through a and b (edge to edge); 0 if not aligned.
inline Bitboard line_bb(Square a, Square b) noexcept {
  return detail::kTables.line[index(a)][index(b)];
}
inline bool aligned(Square a, Square b, Square c) noexcept { return (line_bb(a, b) & bb(c)) != 0; }

}  // namespace arbiter::core
