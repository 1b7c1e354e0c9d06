// Strong types for the board (Art. 2): colours, files, ranks, squares, pieces.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter::core {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) noexcept { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index(Color c) noexcept { return static_cast<int>(c); }

// Art. 2.2: the eight files a..h and ranks 1..8.
enum class File : std::uint8_t { A, B, C, D, E, F, G, H };
enum class Rank : std::uint8_t { R1, R2, R3, R4, R5, R6, R7, R8 };
constexpr int index(File f) noexcept { return static_cast<int>(f); }
constexpr int index(Rank r) noexcept { return static_cast<int>(r); }

// Squares a1 = 0 ... h8 = 63; None = 64.
enum class Square : std::uint8_t {
  // clang-format off
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  None
  // clang-format on
};
constexpr int index(Square s) noexcept { return static_cast<int>(s); }
constexpr Square square_at(int i) noexcept { return static_cast<Square>(i); }
constexpr Square make_square(File f, Rank r) noexcept {
  return static_cast<Square>(index(r) * 8 + index(f));
}
constexpr File file_of(Square s) noexcept { return static_cast<File>(index(s) & 7); }
constexpr Rank rank_of(Square s) noexcept { return static_cast<Rank>(index(s) >> 3); }
constexpr bool is_ok(Square s) noexcept { return index(s) >= 0 && index(s) < 64; }
// The same square seen from Black's side (rank mirrored).
constexpr Square flip_rank(Square s) noexcept { return square_at(index(s) ^ 56); }
constexpr Square relative_square(Color c, Square s) noexcept {
  return c == Color::White ? s : flip_rank(s);
}
constexpr Rank relative_rank(Color c, Rank r) noexcept {
  return c == Color::White ? r : static_cast<Rank>(7 - index(r));
}
constexpr Square operator+(Square s, int d) noexcept { return square_at(index(s) + d); }
constexpr Square operator-(Square s, int d) noexcept { return square_at(index(s) - d); }

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };
constexpr int index(PieceType t) noexcept { return static_cast<int>(t); }
constexpr int kPieceTypeCount = 6;

// A piece is a colour and a type: White pieces 0..5, Black 6..11, None = 12.
enum class Piece : std::uint8_t {
  WPawn,
  WKnight,
  WBishop,
  WRook,
  WQueen,
  WKing,
  BPawn,
  BKnight,
  BBishop,
  BRook,
  BQueen,
  BKing,
  None
};
constexpr int index(Piece p) noexcept { return static_cast<int>(p); }
constexpr Piece make_piece(Color c, PieceType t) noexcept {
  return static_cast<Piece>(index(c) * 6 + index(t));
}
constexpr PieceType type_of(Piece p) noexcept {
  return p == Piece::None ? PieceType::None : static_cast<PieceType>(index(p) % 6);
}
constexpr Color color_of(Piece p) noexcept { return static_cast<Color>(index(p) >= 6); }

// The English name of a piece type ("knight"), for messages; "piece" for None.
constexpr std::string_view piece_type_name(PieceType t) noexcept {
  switch (t) {
    case PieceType::Pawn: return "pawn";
    case PieceType::Knight: return "knight";
    case PieceType::Bishop: return "bishop";
    case PieceType::Rook: return "rook";
    case PieceType::Queen: return "queen";
    case PieceType::King: return "king";
    case PieceType::None: break;
  }
  return "piece";
}

// Castling rights: one bit per (colour, side). "King side" is the side towards the h-file
// (Guideline II.3.2: in Chess960 the rook may start anywhere on that side of the king).
enum class CastlingSide : std::uint8_t { King = 0, Queen = 1 };
constexpr int castling_index(Color c, CastlingSide s) noexcept {
  return index(c) * 2 + static_cast<int>(s);
}
constexpr std::uint8_t castling_bit(Color c, CastlingSide s) noexcept {
  return static_cast<std::uint8_t>(1u << castling_index(c, s));
}
constexpr std::uint8_t kAllCastling = 0x0F;

// Final squares of king and rook after castling, in every variant (Art. 3.8.2,
// Guideline II.3.2.5.2: the same squares as in standard chess).
constexpr Square castling_king_to(Color c, CastlingSide s) noexcept {
  return relative_square(c, s == CastlingSide::King ? Square::G1 : Square::C1);
}
constexpr Square castling_rook_to(Color c, CastlingSide s) noexcept {
  return relative_square(c, s == CastlingSide::King ? Square::F1 : Square::D1);
}

}  // namespace arbiter::core
