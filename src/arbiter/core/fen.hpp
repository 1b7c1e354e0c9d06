// FEN (Forsyth-Edwards Notation) with X-FEN and Shredder-FEN castling fields.
// parse_fen checks syntax only; Position::from_setup checks the rules.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/core/setup.hpp"

namespace arbiter::core {

struct FenParseOptions {
  // Reject what lenient reading allows: fewer than 6 fields (EPD-style 4-field FENs are
  // read with clocks "0 1") and a fullmove number of 0 (read as 1).
  bool strict = false;
};

// Errors carry the field name ("placement", "side", "castling", "en-passant",
// "halfmove", "fullmove") and the 1-based column in `text`.
[[nodiscard]] Result<Setup> parse_fen(std::string_view text, FenParseOptions options = {});

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::string square_name(Square s);
// "e4" → E4; anything else → Square::None.
Square parse_square(std::string_view text) noexcept;
char piece_char(Piece p) noexcept;  // 'P', 'n', ... ; '.' for None

}  // namespace arbiter::core
