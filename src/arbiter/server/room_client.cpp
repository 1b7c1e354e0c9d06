#include "arbiter/server/room_client.hpp"

#include <algorithm>

namespace arbiter::server {

bool RoomClient::count_message(Millis s, int per_second) {
  last_message = s;
  // §2: at most `per_second` messages in each second since the window began.
  if (s - window_start >= Millis{1000}) {
    window_start = s;
    window_count = 0;
  }
  return ++window_count <= per_second;
}

ClientDuties RoomClient::duties(Millis s, const RoomTimings& tm, Millis ping_interval) const {
  ClientDuties d;
  if (closing) return d;
  if (!ready) {
    if (s - opened >= tm.hello_timeout) d.close = ClientTimeout::Hello;
    return d;
  }
  if (s - last_message >= tm.idle_timeout) {
    // Issue #14: no pong, no message: a dead client (WebSocket pongs do not count).
    d.close = ClientTimeout::Idle;
    return d;
  }
  // The interval may shorten when the clock starts: measured from the last ping.
  d.ping = s - last_ping >= ping_interval;
  if (!unacked.empty()) {
    const Millis age = s - unacked.front().second;
    if (age >= tm.close_after) {
      // §2.2: unacknowledged for close_after: the client reconnects and replays.
      return ClientDuties{ClientTimeout::Unacknowledged, false, false};
    }
    d.resend = age >= tm.resend_after && !resent;
  }
  return d;
}

void RoomClient::pinged(Millis s) {
  ++ping_n;
  ping_sent = s;
  last_ping = s;
}

std::optional<Millis> RoomClient::next_due(const RoomTimings& tm, Millis ping_interval) const {
  // Each case is a condition of duties(), solved for the time.
  if (closing) return std::nullopt;
  if (!ready) return opened + tm.hello_timeout;
  Millis due = std::min(last_message + tm.idle_timeout, last_ping + ping_interval);
  if (!unacked.empty()) {
    const Millis sent = unacked.front().second;
    due = std::min(due, sent + (resent ? tm.close_after : tm.resend_after));
  }
  return due;
}

}  // namespace arbiter::server
