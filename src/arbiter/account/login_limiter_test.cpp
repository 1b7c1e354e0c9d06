// The log-in limiter: counts per account and per address, the window, clearing on success,
// and the bound on memory. Time is passed in.
#include "arbiter/account/login_limiter.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::account {
namespace {

using std::chrono::minutes;

TEST(LoginLimiter, TheSixthFailureOnOneAccountWaitsForTheWindow) {
  LoginLimiter limiter;  // 5 a name, 20 an address, 15 minutes
  const Millis t0{1'000'000};
  for (int i = 0; i < 5; ++i) {
    EXPECT_FALSE(limiter.refused("anna", "10.0.0.1", t0 + minutes(i)));
    limiter.failed("anna", "10.0.0.1", t0 + minutes(i));
  }
  auto wait = limiter.refused("anna", "10.0.0.9", t0 + minutes(5));  // from anywhere
  ASSERT_TRUE(wait.has_value());
  EXPECT_EQ(*wait, minutes(10));  // the window began with the first failure
  EXPECT_FALSE(limiter.refused("boris", "10.0.0.1", t0 + minutes(5)));  // other accounts
  EXPECT_FALSE(limiter.refused("anna", "10.0.0.1", t0 + minutes(15)));  // window over
}

TEST(LoginLimiter, OneAddressTryingManyAccountsIsStoppedToo) {
  LoginLimiter limiter;
  const Millis t0{0};
  for (int i = 0; i < 20; ++i) {
    const std::string name = "user" + std::to_string(i);
    EXPECT_FALSE(limiter.refused(name, "192.0.2.7", t0));
    limiter.failed(name, "192.0.2.7", t0);
  }
  EXPECT_TRUE(limiter.refused("someone-else", "192.0.2.7", t0).has_value());
  EXPECT_FALSE(limiter.refused("someone-else", "192.0.2.8", t0).has_value());
}

TEST(LoginLimiter, SuccessClearsTheAccountsCount) {
  LoginLimiter limiter;
  const Millis t0{0};
  for (int i = 0; i < 4; ++i) limiter.failed("anna", "10.0.0.1", t0);
  limiter.succeeded("anna");
  for (int i = 0; i < 4; ++i) limiter.failed("anna", "10.0.0.1", t0);
  EXPECT_FALSE(limiter.refused("anna", "10.0.0.1", t0).has_value());
  limiter.failed("anna", "10.0.0.1", t0);
  EXPECT_TRUE(limiter.refused("anna", "10.0.0.1", t0).has_value());
}

TEST(LoginLimiter, MemoryIsBounded) {
  LoginLimits limits;
  limits.max_entries = 100;
  LoginLimiter limiter(limits);
  for (int i = 0; i < 10'000; ++i) {
    limiter.failed("user" + std::to_string(i), "addr" + std::to_string(i), Millis{i});
  }
  EXPECT_LE(limiter.entries(), 200u);
}

}  // namespace
}  // namespace arbiter::account
