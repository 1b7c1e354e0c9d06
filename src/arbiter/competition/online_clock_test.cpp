// The online clock rules of docs/web-protocol.md §3.3.
#include "arbiter/competition/online_clock.hpp"

#include <gtest/gtest.h>

namespace arbiter::competition {
namespace {

using namespace std::chrono_literals;

TEST(OnlineClockRoundTrip, ExponentialAverageCapped) {
  const OnlineClockRules rules;
  RoundTrip rtt;
  EXPECT_FALSE(rtt.average_ms().has_value());
  EXPECT_EQ(rtt.one_way(), 0ms);
  rtt.add(100ms, rules);  // the first sample is the estimate
  EXPECT_DOUBLE_EQ(*rtt.average_ms(), 100.0);
  rtt.add(200ms, rules);  // 0.8 * 100 + 0.2 * 200
  EXPECT_DOUBLE_EQ(*rtt.average_ms(), 120.0);
  EXPECT_EQ(rtt.one_way(), 60ms);
  for (int i = 0; i < 50; ++i) rtt.add(60000ms, rules);  // a client delaying its pongs
  EXPECT_DOUBLE_EQ(*rtt.average_ms(), 2000.0);
}

TEST(OnlineClockLag, GivesBackHalfTheRoundTripAtMostTheCap) {
  const OnlineClockRules rules;
  // Received 5 s into the turn with a 40 ms one-way delay: charged 4.96 s.
  Compensated c = compensate_lag(15000ms, 10000ms, 40ms, rules);
  EXPECT_EQ(c.t, 14960ms);
  EXPECT_EQ(c.granted, 40ms);
  // A slow link gets the cap, 250 ms.
  c = compensate_lag(15000ms, 10000ms, 900ms, rules);
  EXPECT_EQ(c.t, 14750ms);
  EXPECT_EQ(c.granted, 250ms);
  // Never more than the time the turn took: the press is not before the turn started.
  c = compensate_lag(10100ms, 10000ms, 200ms, rules);
  EXPECT_EQ(c.t, 10000ms);
  EXPECT_EQ(c.granted, 100ms);
}

TEST(OnlineClockLag, FlagGraceIsTheCompensationAMoveWouldGet) {
  const OnlineClockRules rules;
  EXPECT_EQ(flag_grace(40ms, rules), 40ms);
  EXPECT_EQ(flag_grace(900ms, rules), 250ms);
  EXPECT_EQ(flag_grace(-5ms, rules), 0ms);
}

}  // namespace
}  // namespace arbiter::competition
