// The computer opponent: the built-in engine (src/arbiter/engine) searching in its own
// thread, one search per move, at a strength level 1..8 mapped onto UCI_Elo.
#pragma once

#include <memory>

#include "arbiter/server/room_support.hpp"

namespace arbiter::server {

// Level 1..8 → Elo (engine/strength.hpp): 800, 1000, 1200, 1400, 1600, 1900, 2200, and
// level 8 the full strength (no limit).
[[nodiscard]] int computer_elo(int level) noexcept;
// The time the computer allows itself for a move: a share of its clock plus part of the
// increment, capped per level so that a game against a weak level moves briskly.
[[nodiscard]] std::int64_t computer_move_time(int level, std::int64_t remaining_ms,
                                              std::int64_t increment_ms) noexcept;

[[nodiscard]] std::unique_ptr<ComputerMover> make_engine_computer(int level);

}  // namespace arbiter::server
