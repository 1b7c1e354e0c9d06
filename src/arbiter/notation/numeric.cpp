// The numeric notations: ICCF (each square as file digit + rank digit, 5254 for e2e4)
// and the 1850s Russian notation of seeds/003 ch. III.4 ("Л. 81. 31"). Both name the
// origin and destination squares, so castling is written as the king's own move
// (Chess960: as the king taking its rook).
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation::detail {

using core::Move;
using core::PieceType;
using core::Square;

namespace {

void append_digits(std::string& out, Square s) {
  out += static_cast<char>('1' + core::index(core::file_of(s)));
  out += static_cast<char>('1' + core::index(core::rank_of(s)));
}

// The king's destination: castling moves are stored king-takes-rook (core/move.hpp).
// In Chess960 the king's destination can also be an ordinary king move (king f1, castling
// to g1) or its own square, so there castling is written king-takes-rook, as UCI does.
Square destination(const core::Position& pos, Move m) {
  if (!m.is_castling() || pos.is_chess960()) return m.to();
  return core::castling_king_to(pos.side_to_move(), castling_side(m));
}

}  // namespace

void append_iccf(std::string& out, const core::Position& pos, Move m) {
  append_digits(out, m.from());
  append_digits(out, destination(pos, m));
  if (m.is_promotion()) {
    switch (m.promotion()) {  // ICCF: 1 queen, 2 rook, 3 bishop, 4 knight
      case PieceType::Queen: out += '1'; break;
      case PieceType::Rook: out += '2'; break;
      case PieceType::Bishop: out += '3'; break;
      default: out += '4'; break;
    }
  }
}

// ch. III.4: "the sign of the piece, then the sign of its square, separated from the sign
// of its new square by a point": Л. 81. 31. Pawns are П. (the book's "П. 17").
void append_old_russian(std::string& out, const core::Position& pos, Move m) {
  const PieceType type = pos.moved_piece(m);
  out += type == PieceType::Pawn ? std::string_view("П") : piece_letter(type, Language::Russian);
  out += ". ";
  append_digits(out, m.from());
  out += ". ";
  append_digits(out, destination(pos, m));
  if (m.is_promotion()) {  // our extension: the new piece's sign follows, as in C.11
    out += ' ';
    out += piece_letter(m.promotion(), Language::Russian);
    out += '.';
  }
}

}  // namespace arbiter::notation::detail
