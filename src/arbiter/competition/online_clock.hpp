// The clock rules of online play (docs/web-protocol.md §3.3), shared by every program that
// referees moves arriving over a network: the round-trip estimate of a player's
// connection, the lag compensation of a move, and the instant a server declares a flag.
// Art. 6 knows only the press of a clock; online, the press is the server receiving the
// move, and a fair server gives back part of the time the move spent on the way (as
// lichess does), never more than a fixed cap, so a client cannot gain by lying.
#pragma once

#include <optional>

#include "arbiter/base/time_source.hpp"

namespace arbiter::competition {

struct OnlineClockRules {
  Millis lag_cap{250};      // compensation per move at most
  Millis rtt_cap{2000};     // round-trip estimate at most
  double rtt_weight = 0.2;  // of the newest sample in the exponential average
};

// The exponential average of a connection's ping round trips, capped.
class RoundTrip {
 public:
  void add(Millis sample, const OnlineClockRules& rules) noexcept;
  [[nodiscard]] std::optional<double> average_ms() const noexcept { return average_; }
  // Half the round trip, in whole milliseconds (0 before the first sample).
  [[nodiscard]] Millis one_way() const noexcept;

 private:
  std::optional<double> average_;
};

struct Compensated {
  Millis t{0};        // the press instant the referee applies
  Millis granted{0};  // the time given back (reported as the move's lag_ms)
};

// A move received at `received` (arbiter time) in a turn that started at `turn_start` is
// charged received - turn_start - c, c = min(one_way, lag_cap, received - turn_start).
[[nodiscard]] Compensated compensate_lag(Millis received, Millis turn_start, Millis one_way,
                                         const OnlineClockRules& rules) noexcept;

// The grace a flag timer allows the running side: the compensation his move would get.
[[nodiscard]] Millis flag_grace(Millis one_way, const OnlineClockRules& rules) noexcept;

}  // namespace arbiter::competition
