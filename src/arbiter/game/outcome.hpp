// Outcome: how and by whom a game has ended under the Basic Rules of Play (Art. 5, 9.6).
// Automatic endings (the game is over at once) and claimable draws (9.2, 9.3: the game
// goes on until a player claims) are different types so they cannot be confused.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "arbiter/core/types.hpp"

namespace arbiter::game {

// Why the game ended automatically. None: it has not ended.
enum class Termination : std::uint8_t {
  None,
  Checkmate,           // Art. 5.1.1
  Stalemate,           // Art. 5.2.1
  DeadPosition,        // Art. 5.2.2
  FivefoldRepetition,  // Art. 9.6.1
  SeventyFiveMoves,    // Art. 9.6.2
};

struct Outcome {
  Termination termination = Termination::None;
  std::optional<core::Color> winner;  // set only for Checkmate

  [[nodiscard]] bool is_over() const noexcept { return termination != Termination::None; }
  [[nodiscard]] bool is_draw() const noexcept { return is_over() && !winner; }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// Draws a player may claim (the game does not end by itself).
enum class Claim : std::uint8_t {
  Threefold,   // Art. 9.2
  FiftyMoves,  // Art. 9.3
};

[[nodiscard]] std::string_view to_string(Termination t) noexcept;
[[nodiscard]] std::string_view to_string(Claim c) noexcept;
// "1-0", "0-1", "1/2-1/2" or "*" (PGN result notation).
[[nodiscard]] std::string_view result_text(const Outcome& o) noexcept;

}  // namespace arbiter::game
