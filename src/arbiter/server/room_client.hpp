// RoomClient: one socket of a game room and the protocol's rules for that socket alone
// (web-protocol.md §2): the hello within `hello_timeout`, at most `messages_per_second`,
// the keepalive (a ping every interval, closed after `idle_timeout` without a message),
// and the events it has not acknowledged (resent once after `resend_after`, closed after
// `close_after`, §2.2). Values in, decisions out: duties() says what is due at a time and
// next_due() when that can next change; the room (GameRoom::tick, next_timer) sends and
// closes. Keeping both here, side by side, is what keeps a room's timer from missing a
// duty (a property room_client_test.cpp checks).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "arbiter/competition/online_clock.hpp"
#include "arbiter/core/types.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/room_timings.hpp"

namespace arbiter::server {

// Why a socket is closed by its timers.
enum class ClientTimeout : std::uint8_t {
  Hello,          // no hello in time: error `protocol`, close 1008
  Idle,           // no message for idle_timeout: close 4009 (issue #14)
  Unacknowledged  // an event unacknowledged for close_after: close 4008 (§2.2)
};

// What a socket's timers ask of the room at one instant.
struct ClientDuties {
  std::optional<ClientTimeout> close;  // when set, nothing else
  bool ping = false;                   // send the next ping
  bool resend = false;                 // send the unacknowledged events again, once
  [[nodiscard]] bool any() const noexcept { return close || ping || resend; }
};

struct RoomClient {
  std::shared_ptr<Connection> connection;
  std::optional<core::Color> role;  // nullopt: spectator
  bool ready = false;               // its hello was accepted
  bool closing = false;
  Millis opened{0};
  Millis last_message{0};
  std::int64_t ping_n = 0;
  std::optional<Millis> ping_sent;
  Millis last_ping{0};  // the last ping, or the hello: the next is due an interval later
  competition::RoundTrip rtt;
  std::vector<std::pair<std::int64_t, Millis>> unacked;  // seq, first sent
  bool resent = false;
  Millis window_start{0};
  int window_count = 0;

  RoomClient() = default;
  RoomClient(std::shared_ptr<Connection> c, Millis now)
      : connection(std::move(c)), opened(now), last_message(now), window_start(now) {}

  // A message arrived at `s`: it keeps the socket alive, and counts against the rate
  // limit (§2). False: it is one too many in the current second.
  [[nodiscard]] bool count_message(Millis s, int per_second);
  // What is due at `s`, with `ping_interval` the socket's interval now (players of a
  // running game ping more often: GameRoom::ping_interval).
  [[nodiscard]] ClientDuties duties(Millis s, const RoomTimings& timings,
                                    Millis ping_interval) const;
  // The ping duty done at `s`: its number and time.
  void pinged(Millis s);
  // The earliest instant at which duties() is not empty; none while closing.
  [[nodiscard]] std::optional<Millis> next_due(const RoomTimings& timings,
                                               Millis ping_interval) const;
};

}  // namespace arbiter::server
