#include "arbiter/base/time_source.hpp"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(ManualTimeSource, MovesOnlyWhenTold) {
  ManualTimeSource t{Millis{100}};
  EXPECT_EQ(t.now(), Millis{100});
  t.advance(Millis{250});
  EXPECT_EQ(t.now(), Millis{350});
  t.set(Millis{5});
  EXPECT_EQ(t.now(), Millis{5});
}

TEST(SteadyTimeSource, IsMonotonic) {
  SteadyTimeSource t;
  const Millis a = t.now();
  const Millis b = t.now();
  EXPECT_GE(a, Millis{0});
  EXPECT_LE(a, b);
}

}  // namespace
}  // namespace arbiter
