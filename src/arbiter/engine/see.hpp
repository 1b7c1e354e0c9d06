// Static exchange evaluation: does the capture sequence started by a move gain at least
// `threshold` centipawns, with both sides recapturing with their least valuable attacker?
#pragma once

#include "arbiter/core/position.hpp"

namespace arbiter::engine {

[[nodiscard]] bool see_ge(const core::Position& pos, core::Move m, int threshold) noexcept;

}  // namespace arbiter::engine
