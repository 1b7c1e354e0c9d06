#include "arbiter/core/bitboard.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/attacks.hpp"

namespace arbiter::core {
namespace {

TEST(Bitboard, PopcountMatchesStd) {
  const Bitboard samples[] = {
      0, 1, 0x8000000000000000ULL, 0xFFFFFFFFFFFFFFFFULL, 0x0123456789ABCDEFULL, kFileA, kRank8};
  for (Bitboard b : samples) EXPECT_EQ(popcount(b), std::popcount(b)) << b;
}

TEST(Bitboard, KnightAndKingAttacksStayOnBoard) {
  EXPECT_EQ(knight_attacks(Square::A1), bb(Square::B3) | bb(Square::C2));
  EXPECT_EQ(popcount(knight_attacks(Square::D4)), 8);
  EXPECT_EQ(popcount(king_attacks(Square::H8)), 3);
  EXPECT_EQ(popcount(king_attacks(Square::E4)), 8);
}

TEST(Bitboard, PawnAttacksByColour) {
  EXPECT_EQ(pawn_attacks(Color::White, Square::E4), bb(Square::D5) | bb(Square::F5));
  EXPECT_EQ(pawn_attacks(Color::Black, Square::A5), bb(Square::B4));
}

TEST(Bitboard, BetweenAndLine) {
  EXPECT_EQ(between_bb(Square::A1, Square::D4), bb(Square::B2) | bb(Square::C3));
  EXPECT_EQ(between_bb(Square::E1, Square::E2), 0u);
  EXPECT_EQ(between_bb(Square::A1, Square::B3), 0u);  // not aligned
  EXPECT_EQ(line_bb(Square::B1, Square::B5), file_bb(File::B));
  EXPECT_TRUE(aligned(Square::A1, Square::C3, Square::H8));
  EXPECT_FALSE(aligned(Square::A1, Square::C3, Square::H7));
}

// The table lookups agree with walking the rays for many random occupancies.
TEST(Attacks, SlidersMatchRayWalk) {
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const Bitboard occ = x & (x >> 3);
    const int s = i % 64;
    EXPECT_EQ(rook_attacks(square_at(s), occ), detail::ray_attacks(s, occ, false));
    EXPECT_EQ(bishop_attacks(square_at(s), occ), detail::ray_attacks(s, occ, true));
  }
}

}  // namespace
}  // namespace arbiter::core
