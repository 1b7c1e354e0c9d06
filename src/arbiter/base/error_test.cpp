#include "arbiter/base/error.hpp"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

Result<int> parse_positive(int v) {
  if (v <= 0) return make_error(ErrorCode::kInvalidArgument, "not positive", {1, 4, "n"});
  return v;
}

TEST(Result, CarriesValueOrError) {
  auto ok = parse_positive(3);
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(*ok, 3);
  auto bad = parse_positive(-1);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(bad.error().where.line, 1);
  EXPECT_EQ(bad.error().where.column, 4);
  EXPECT_EQ(bad.error().where.field, "n");
}

TEST(Error, DescribeNamesLocationAndCode) {
  Error e{ErrorCode::kFenBadCastling, "bad letter 'x'", {0, 3, "castling"}};
  EXPECT_EQ(e.describe(), "column 3, field castling: bad letter 'x' [fen-bad-castling]");
}

TEST(Error, EveryCodeHasAName) {
  for (int c = 0; c < static_cast<int>(ErrorCode::kLastCode); ++c) {
    EXPECT_NE(to_string(static_cast<ErrorCode>(c)), "unknown") << c;
  }
}

}  // namespace
}  // namespace arbiter
