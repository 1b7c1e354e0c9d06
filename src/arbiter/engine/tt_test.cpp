#include "arbiter/engine/tt.hpp"

#include <gtest/gtest.h>

namespace arbiter::engine {
namespace {

using core::Move;
using core::Square;

TEST(TranspositionTable, StoresAndProbes) {
  TranspositionTable tt(1);
  const core::Key key = 0x123456789ABCDEF0ULL;
  TTData d;
  EXPECT_FALSE(tt.probe(key, 0, d));
  tt.store(key, 0, Move(Square::E2, Square::E4), 35, 20, 7, Bound::Exact);
  ASSERT_TRUE(tt.probe(key, 0, d));
  EXPECT_EQ(d.move, Move(Square::E2, Square::E4));
  EXPECT_EQ(d.value, 35);
  EXPECT_EQ(d.eval, 20);
  EXPECT_EQ(d.depth, 7);
  EXPECT_EQ(d.bound, Bound::Exact);
  tt.clear();
  EXPECT_FALSE(tt.probe(key, 0, d));
}

TEST(TranspositionTable, MateScoresAreRelativeToTheNode) {
  TranspositionTable tt(1);
  const core::Key key = 42;
  // Found at ply 5: we mate in 3 plies from the node, i.e. 8 plies from the root.
  tt.store(key, 5, Move::none(), mate_in(8), kNoValue, 4, Bound::Exact);
  TTData d;
  ASSERT_TRUE(tt.probe(key, 2, d));
  EXPECT_EQ(d.value, mate_in(5));  // reached at ply 2: mate 3 plies later
  tt.store(key, 3, Move::none(), mated_in(6), kNoValue, 4, Bound::Exact);
  ASSERT_TRUE(tt.probe(key, 1, d));
  EXPECT_EQ(d.value, mated_in(4));
}

TEST(TranspositionTable, HashfullCountsThisSearchOnly) {
  TranspositionTable tt(1);
  EXPECT_EQ(tt.hashfull(), 0);
  for (core::Key k = 0; k < 200000; ++k)
    tt.store(k * 0x9E3779B97F4A7C15ULL, 0, Move::none(), 0, 0, 1, Bound::Lower);
  EXPECT_GT(tt.hashfull(), 500);
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TranspositionTable, KeepsTheMoveWhenOverwrittenWithoutOne) {
  TranspositionTable tt(1);
  tt.store(7, 0, Move(Square::G1, Square::F3), 10, 0, 3, Bound::Lower);
  tt.store(7, 0, Move::none(), 12, 0, 4, Bound::Upper);
  TTData d;
  ASSERT_TRUE(tt.probe(7, 0, d));
  EXPECT_EQ(d.move, Move(Square::G1, Square::F3));
  EXPECT_EQ(d.depth, 4);
}

}  // namespace
}  // namespace arbiter::engine
