// Setup: a position as written in a FEN, parsed but not yet validated. Parsing
// (fen.hpp: parse_fen) and validation (Position::from_setup) are separate steps.
#pragma once

#include <array>
#include <vector>

#include "arbiter/core/types.hpp"

namespace arbiter::core {

// How the castling field was (or is to be) written.
enum class CastlingNotation : std::uint8_t {
  Standard,  // KQkq
  XFen,      // KQkq for the outermost rooks, file letters (e.g. Gc) for inner ones
  Shredder,  // rook files always: HAha
};

// One castling-field letter as written, before it is tied to a rook (that needs the king).
struct CastlingToken {
  Color color = Color::White;
  // 'K' / 'Q' style tokens name a side; file letters name a rook's file.
  enum class Kind : std::uint8_t { KingSide, QueenSide, RookFile } kind = Kind::KingSide;
  File file = File::A;  // for RookFile
  int column = 0;       // 1-based column in the FEN text, for error messages
};

struct Setup {
  std::array<Piece, 64> board{};  // Piece::None for empty squares
  Color side_to_move = Color::White;
  std::vector<CastlingToken> castling;
  Square en_passant = Square::None;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  CastlingNotation castling_notation = CastlingNotation::Standard;
  bool chess960 = false;  // requested by the caller (the FEN alone may also imply it)

  Setup() { board.fill(Piece::None); }
};

}  // namespace arbiter::core
