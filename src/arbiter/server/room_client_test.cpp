// RoomClient: one socket's protocol timers (web-protocol.md §2), apart from any room.
#include "arbiter/server/room_client.hpp"

#include <gtest/gtest.h>

#include <random>

namespace arbiter::server {
namespace {

using std::chrono::milliseconds;

TEST(RoomClient, TwentyMessagesASecondAndNotOneMore) {
  RoomClient c{nullptr, Millis{1000}};
  for (int i = 0; i < 20; ++i) EXPECT_TRUE(c.count_message(Millis{1000 + i * 10}, 20)) << i;
  EXPECT_FALSE(c.count_message(Millis{1500}, 20));
  EXPECT_EQ(c.last_message, Millis{1500});  // even a refused message proves the client alive
  EXPECT_TRUE(c.count_message(Millis{2000}, 20)) << "a new second, a new window";
}

TEST(RoomClient, EachTimerAndWhatItAsks) {
  const RoomTimings tm;
  RoomClient c{nullptr, Millis{0}};
  EXPECT_FALSE(c.duties(Millis{4999}, tm, tm.ping_interval).any());
  EXPECT_EQ(c.duties(Millis{5000}, tm, tm.ping_interval).close, ClientTimeout::Hello);
  c.ready = true;
  c.last_ping = Millis{0};
  ClientDuties d = c.duties(Millis{5000}, tm, tm.ping_interval);
  EXPECT_TRUE(d.ping);
  EXPECT_FALSE(d.close);
  c.pinged(Millis{5000});
  EXPECT_EQ(c.ping_n, 1);
  EXPECT_FALSE(c.duties(Millis{5000}, tm, tm.ping_interval).any());
  c.unacked = {{7, Millis{6000}}};
  EXPECT_TRUE(c.duties(Millis{11000}, tm, tm.ping_interval).resend);
  c.resent = true;
  EXPECT_FALSE(c.duties(Millis{11000}, tm, Millis{60000}).any()) << "resent once only";
  EXPECT_EQ(c.duties(Millis{16000}, tm, tm.ping_interval).close, ClientTimeout::Unacknowledged);
  c.unacked.clear();
  EXPECT_EQ(c.duties(Millis{60000}, tm, Millis{60000}).close, ClientTimeout::Idle);
  c.closing = true;
  EXPECT_FALSE(c.duties(Millis{100000}, tm, tm.ping_interval).any());
  EXPECT_FALSE(c.next_due(tm, tm.ping_interval).has_value());
}

// The room asks for a timer at next_due() and acts on duties() when it fires: nothing may
// be due earlier than next_due(), and something must be due at it. Random sockets.
TEST(RoomClient, NextDueIsTheFirstInstantWithADuty) {
  std::mt19937 rng{20261127};
  RoomTimings tm;
  tm.hello_timeout = Millis{5000};
  tm.resend_after = Millis{5000};
  tm.close_after = Millis{10000};
  tm.idle_timeout = Millis{60000};
  const auto ms = [&](int hi) {
    return Millis{static_cast<int>(rng() % static_cast<unsigned>(hi))};
  };
  for (int n = 0; n < 20000; ++n) {
    RoomClient c{nullptr, ms(50000)};
    c.ready = rng() % 4 != 0;
    c.closing = rng() % 20 == 0;
    c.last_message = c.opened + ms(70000);
    c.last_ping = c.opened + ms(70000);
    const int unacked = static_cast<int>(rng() % 3);
    for (int k = 0; k < unacked; ++k) c.unacked.emplace_back(k + 1, c.opened + ms(30000));
    c.resent = rng() % 2 == 0;
    const Millis interval = rng() % 2 == 0 ? Millis{5000} : Millis{15000};
    const auto due = c.next_due(tm, interval);
    if (c.closing) {
      EXPECT_FALSE(due.has_value());
      continue;
    }
    ASSERT_TRUE(due.has_value());
    EXPECT_TRUE(c.duties(*due, tm, interval).any()) << "case " << n;
    // Before it: nothing (sampled), from the socket's opening on.
    for (Millis t = c.opened; t < *due; t += milliseconds{997}) {
      ASSERT_FALSE(c.duties(t, tm, interval).any()) << "case " << n << " at " << t.count();
    }
    if (*due > c.opened) {
      EXPECT_FALSE(c.duties(*due - Millis{1}, tm, interval).any()) << "case " << n;
    }
  }
}

}  // namespace
}  // namespace arbiter::server
