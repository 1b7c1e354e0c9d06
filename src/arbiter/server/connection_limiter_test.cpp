// Issue #14 part 3: the connection caps and the upgrade rate, without sockets.
#include "arbiter/server/connection_limiter.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter::server {
namespace {

TEST(ConnectionLimiter, TotalCapAndSlotsGiveTheirPlaceBack) {
  ManualTimeSource time;
  auto limiter = std::make_shared<ConnectionLimiter>(ConnectionCaps{3, 64, 20, 2}, time);
  std::vector<ConnectionSlot> held;
  for (int i = 0; i < 3; ++i) {
    auto slot = limiter->enter();
    ASSERT_TRUE(slot);
    held.push_back(std::move(*slot));
  }
  EXPECT_FALSE(limiter->enter());
  EXPECT_EQ(limiter->total(), 3u);
  ConnectionSlot moved = std::move(held.back());  // a move keeps the place
  held.pop_back();
  EXPECT_EQ(limiter->total(), 3u);
  moved.release();
  EXPECT_EQ(limiter->total(), 2u);
  EXPECT_TRUE(limiter->enter());  // a temporary: given back at once
  held.clear();
  EXPECT_EQ(limiter->total(), 0u);
}

TEST(ConnectionLimiter, PerAddressCap) {
  ManualTimeSource time;
  auto limiter = std::make_shared<ConnectionLimiter>(ConnectionCaps{100, 2, 20, 2}, time);
  auto a1 = limiter->enter("1.2.3.4");
  auto a2 = limiter->enter("1.2.3.4");
  ASSERT_TRUE(a1 && a2);
  EXPECT_FALSE(limiter->enter("1.2.3.4"));
  EXPECT_TRUE(limiter->enter("5.6.7.8"));
  EXPECT_EQ(limiter->count("1.2.3.4"), 2u);
  a1.reset();
  EXPECT_EQ(limiter->count("1.2.3.4"), 1u);
  EXPECT_TRUE(limiter->enter("1.2.3.4"));
  a2.reset();
  EXPECT_EQ(limiter->count("1.2.3.4"), 0u);
  EXPECT_EQ(limiter->total(), 0u);  // address places are not places in the total
}

TEST(ConnectionLimiter, UpgradeRateIsATokenBucketPerAddress) {
  ManualTimeSource time;
  auto limiter = std::make_shared<ConnectionLimiter>(ConnectionCaps{100, 64, 3, 2}, time);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter->allow_upgrade("1.2.3.4")) << i;
  EXPECT_FALSE(limiter->allow_upgrade("1.2.3.4"));
  EXPECT_TRUE(limiter->allow_upgrade("5.6.7.8"));
  time.advance(Millis{500});  // one token at 2 per second
  EXPECT_TRUE(limiter->allow_upgrade("1.2.3.4"));
  EXPECT_FALSE(limiter->allow_upgrade("1.2.3.4"));
  time.advance(Millis{60'000});  // never more than the burst
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter->allow_upgrade("1.2.3.4")) << i;
  EXPECT_FALSE(limiter->allow_upgrade("1.2.3.4"));
}

}  // namespace
}  // namespace arbiter::server
