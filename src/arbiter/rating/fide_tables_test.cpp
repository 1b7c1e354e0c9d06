// The FIDE rating tables (B.02 Article 8.1, tables 8.1a and 8.1b): values read off the
// printed tables, the boundaries of each band of 8.1b, and the tables' symmetry.
#include "arbiter/rating/fide_tables.hpp"

#include <gtest/gtest.h>

namespace arbiter::rating {
namespace {

TEST(FideTableDp, KnownValuesOfTable8_1a) {
  EXPECT_EQ(dp_from_percent(100), 800);
  EXPECT_EQ(dp_from_percent(99), 677);
  EXPECT_EQ(dp_from_percent(90), 366);
  EXPECT_EQ(dp_from_percent(83), 273);
  EXPECT_EQ(dp_from_percent(75), 193);
  EXPECT_EQ(dp_from_percent(67), 125);
  EXPECT_EQ(dp_from_percent(60), 72);
  EXPECT_EQ(dp_from_percent(51), 7);
  EXPECT_EQ(dp_from_percent(50), 0);
  EXPECT_EQ(dp_from_percent(25), -193);
  EXPECT_EQ(dp_from_percent(0), -800);
}

TEST(FideTableDp, IsOddAroundFiftyPercentAndIncreasing) {
  for (int p = 0; p <= 100; ++p) {
    EXPECT_EQ(dp_from_percent(p), -dp_from_percent(100 - p)) << p;
    if (p > 0) {
      EXPECT_GT(dp_from_percent(p), dp_from_percent(p - 1)) << p;
    }
  }
  EXPECT_EQ(dp_from_percent(-5), -800);
  EXPECT_EQ(dp_from_percent(140), 800);
}

TEST(FideTableDp, PercentRoundsHalfUp) {
  EXPECT_EQ(percent_of(2, 3), 67);    // 0.666... → 0.67
  EXPECT_EQ(percent_of(1, 3), 33);    // 0.333... → 0.33
  EXPECT_EQ(percent_of(1, 8), 13);    // 0.125 → 0.13 (half up)
  EXPECT_EQ(percent_of(45, 90), 50);  // tenths of points work the same
  EXPECT_EQ(percent_of(0, 9), 0);
  EXPECT_EQ(percent_of(9, 9), 100);
  EXPECT_EQ(percent_of(3, 0), 0);  // no games: nothing to read
}

TEST(FideTablePd, BandBoundariesOfTable8_1b) {
  // Each pair: the last difference of a band and the first of the next.
  EXPECT_EQ(expected_percent(0), 50);
  EXPECT_EQ(expected_percent(3), 50);
  EXPECT_EQ(expected_percent(4), 51);
  EXPECT_EQ(expected_percent(10), 51);
  EXPECT_EQ(expected_percent(11), 52);
  EXPECT_EQ(expected_percent(100), 64);  // 99..106
  EXPECT_EQ(expected_percent(200), 76);  // 198..206
  EXPECT_EQ(expected_percent(344), 88);
  EXPECT_EQ(expected_percent(345), 89);
  EXPECT_EQ(expected_percent(400), 92);  // 392..411
  EXPECT_EQ(expected_percent(735), 99);
  EXPECT_EQ(expected_percent(736), 100);
  EXPECT_EQ(expected_percent(2000), 100);
}

TEST(FideTablePd, LowerRatedPlayerGetsTheComplement) {
  for (int d = 0; d <= 800; ++d) {
    EXPECT_EQ(expected_percent(-d), 100 - expected_percent(d)) << d;
    if (d > 0) {
      EXPECT_GE(expected_percent(d), expected_percent(d - 1)) << d;
    }
  }
  EXPECT_EQ(expected_percent(-100), 36);
}

TEST(FideTables, TheTwoTablesRoughlyInvertEachOther) {
  // dp(p) lies in the band of table 8.1b that gives back p (the regulation built both
  // tables from the same normal curve), for p = 0.50 .. 0.99.
  for (int p = 50; p <= 99; ++p) EXPECT_EQ(expected_percent(dp_from_percent(p)), p) << p;
}

}  // namespace
}  // namespace arbiter::rating
