// RoomTimings: the protocol's timings for a game room and its sockets (web-protocol.md
// §2-3, docs/security.md "Limits"), one value the server configures and tests shorten.
#pragma once

#include <cstdint>

#include "arbiter/base/time_source.hpp"
#include "arbiter/competition/online_clock.hpp"

namespace arbiter::server {

// Protocol timings (web-protocol.md §2–3).
struct RoomTimings {
  Millis hello_timeout{5000};
  // Issue #16: keepalive sized for tens of thousands of sockets. A `ping` (and, after its
  // `pong`, a `clock`) every ping_interval to the players of a game whose clock runs (their
  // round trips time the lag compensation); every quiet_ping_interval to everybody else
  // (spectators, games not started or over), enough to stay under idle_timeout.
  Millis ping_interval{5000};
  Millis quiet_ping_interval{15000};
  Millis resend_after{5000};
  Millis close_after{10000};
  Millis first_move{30000};              // §3.3: abort when a side does not make its first move
  competition::OnlineClockRules online;  // §3.3: round trips and lag compensation
  int messages_per_second = 20;
  std::int64_t replay_window = 200;
  // Issue #14. A socket that sends no message (a pong answers every ping) for this long is
  // closed 4009: protocol pings, unlike WebSocket pongs, need a live client.
  Millis idle_timeout{60000};
  Millis crowd_interval{1000};  // `crowd` to the room at most once per interval
  int spectators_max = 500;     // more: `full` (fatal, close 1013)
};

}  // namespace arbiter::server
