// What the files of GameRoom (game_room.cpp, game_room_actions.cpp, game_room_clock.cpp)
// share: small conversions between colours, clock sides and move texts. Internal to the
// server module.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "arbiter/clock/chess_clock.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::server::room_detail {

constexpr std::size_t side_index(core::Color c) noexcept { return c == core::Color::White ? 0 : 1; }
constexpr clock::ClockSide clock_side(core::Color c) noexcept {
  return c == core::Color::White ? clock::ClockSide::White : clock::ClockSide::Black;
}
[[nodiscard]] std::string capitalised(core::Color c);

// A square's name ("e4").
[[nodiscard]] std::string sq(core::Square s);
// Castling is stored king-takes-rook; the king's own destination (g- or c-file).
[[nodiscard]] core::Square castling_king_target(core::Move m);
// Both texts a client may send for a move: the canonical UCI and, for castling, the other
// convention (king onto its destination / king onto the rook).
[[nodiscard]] std::pair<std::string, std::string> uci_forms(const core::Position& pos,
                                                            core::Move m);

// Two secrets (seat tokens, invitation secrets) compared in a time that does not depend on
// where they first differ.
[[nodiscard]] bool equal_secrets(std::string_view a, std::string_view b) noexcept;

// A line on stderr, "arbiter serve: TEXT".
void log_line(const std::string& text);

}  // namespace arbiter::server::room_detail
