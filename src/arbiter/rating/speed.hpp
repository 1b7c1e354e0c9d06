// The rating categories of a game (issue #17): a player has one rating for each. Rapid and
// blitz are those of the Laws (Appendices A.1 and B.1: the time of each player for 60 moves,
// clock::TimeControl::nominal_time); bullet, which the Laws do not name, is the part of
// blitz with a nominal time under 3 minutes (so 1+0, 2+0 and 1+1 are bullet, 3+0 and 2+1
// blitz); correspondence is a game played in days per move, or without a clock at all.
#pragma once

#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/clock/time_control.hpp"

namespace arbiter::rating {

enum class Speed : unsigned char { Bullet, Blitz, Rapid, Classical, Correspondence };

inline constexpr Speed kAllSpeeds[] = {Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical,
                                       Speed::Correspondence};

// "bullet" | "blitz" | "rapid" | "classical" | "correspondence"
[[nodiscard]] std::string_view to_string(Speed speed) noexcept;
// The names of to_string; kInvalidArgument (field "speed") otherwise.
[[nodiscard]] Result<Speed> parse_speed(std::string_view text);

// The category of a game played on a clock with `control`. A game without a clock (`-`)
// is correspondence.
[[nodiscard]] Speed speed_of(const clock::TimeControl& control) noexcept;

}  // namespace arbiter::rating
