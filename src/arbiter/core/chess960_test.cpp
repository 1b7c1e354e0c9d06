// Guideline II.2: the 960 start positions and their numbering.
#include "arbiter/core/chess960.hpp"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/core/movegen.hpp"

namespace arbiter::core {
namespace {

TEST(Chess960, KnownNumbers) {
  EXPECT_EQ(*chess960::back_rank(518), "RNBQKBNR");  // the classical start
  EXPECT_EQ(*chess960::back_rank(0), "BBQNNRKR");
  EXPECT_EQ(*chess960::back_rank(959), "RKRNNQBB");
}

TEST(Chess960, AllNineHundredSixtyAreDistinctAndFollowTheRules) {
  std::set<std::string> seen;
  for (int n = 0; n < 960; ++n) {
    const std::string r = *chess960::back_rank(n);
    seen.insert(r);
    // II.2.1: bishops on squares of opposite colours, king between the rooks.
    const auto b1 = r.find('B');
    const auto b2 = r.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << n << " " << r;
    const auto k = r.find('K');
    EXPECT_LT(r.find('R'), k) << n << " " << r;
    EXPECT_GT(r.rfind('R'), k) << n << " " << r;
    EXPECT_EQ(*chess960::number_of(r), n);
    auto pos = chess960::start_position(n);
    ASSERT_TRUE(pos.has_value()) << n;
    EXPECT_TRUE(pos->is_chess960());
    EXPECT_EQ(pos->castling_rights(), kAllCastling);
    EXPECT_GE(count_legal_moves(*pos), 18u);
  }
  EXPECT_EQ(seen.size(), 960u);
}

TEST(Chess960, BadNumbersAreErrors) {
  EXPECT_EQ(chess960::back_rank(960).error().code, ErrorCode::kChess960BadNumber);
  EXPECT_EQ(chess960::back_rank(-1).error().code, ErrorCode::kChess960BadNumber);
  EXPECT_FALSE(chess960::number_of("RNBQKRBN").has_value());
}

TEST(Chess960, RandomIsInRangeAndSeeded) {
  EXPECT_EQ(chess960::random_number(7), chess960::random_number(7));
  for (std::uint64_t s = 0; s < 100; ++s) {
    const int n = chess960::random_number(s);
    EXPECT_GE(n, 0);
    EXPECT_LT(n, 960);
  }
}

}  // namespace
}  // namespace arbiter::core
