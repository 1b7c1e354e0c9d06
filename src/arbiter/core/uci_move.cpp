#include "arbiter/core/uci_move.hpp"

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"

namespace arbiter::core {

std::string to_uci(Move m, bool chess960) {
  if (m == Move::none()) return "0000";
  if (m == Move::null()) return "0000";
  Square to = m.to();
  if (m.is_castling() && !chess960) {
    const Color c = rank_of(m.from()) == Rank::R1 ? Color::White : Color::Black;
    to = castling_king_to(
        c, index(m.to()) > index(m.from()) ? CastlingSide::King : CastlingSide::Queen);
  }
  std::string out = square_name(m.from()) + square_name(to);
  if (m.is_promotion()) out += "nbrq"[index(m.promotion()) - index(PieceType::Knight)];
  return out;
}

Result<Move> parse_uci(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5)
    return make_error(ErrorCode::kMoveSyntax,
                      "'" + std::string(text) + "' is not a UCI move (like e2e4 or e7e8q)");
  const Square from = parse_square(text.substr(0, 2));
  const Square to = parse_square(text.substr(2, 2));
  PieceType promo = PieceType::None;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'q':
      case 'Q': promo = PieceType::Queen; break;
      case 'r':
      case 'R': promo = PieceType::Rook; break;
      case 'b':
      case 'B': promo = PieceType::Bishop; break;
      case 'n':
      case 'N': promo = PieceType::Knight; break;
      default: break;
    }
  }
  if (from == Square::None || to == Square::None || (text.size() == 5 && promo == PieceType::None))
    return make_error(ErrorCode::kMoveSyntax,
                      "'" + std::string(text) + "' is not a UCI move (like e2e4 or e7e8q)");

  const MoveList moves = legal_moves(pos);
  Move castling_match = Move::none();
  for (Move m : moves) {
    if (m.from() != from) continue;
    if (m.is_castling()) {
      const Color c = pos.side_to_move();
      const CastlingSide side =
          index(m.to()) > index(m.from()) ? CastlingSide::King : CastlingSide::Queen;
      if (promo == PieceType::None && (m.to() == to || castling_king_to(c, side) == to))
        castling_match = m;
      continue;
    }
    if (m.to() != to) continue;
    if (m.is_promotion() ? m.promotion() == promo : promo == PieceType::None) return m;
  }
  if (castling_match != Move::none()) return castling_match;
  if (pos.piece_on(from) == Piece::None)
    return make_error(ErrorCode::kMoveIllegal,
                      "'" + std::string(text) + "': there is no piece on " + square_name(from));
  if (color_of(pos.piece_on(from)) != pos.side_to_move())
    return make_error(ErrorCode::kMoveIllegal, "'" + std::string(text) + "': the piece on " +
                                                   square_name(from) +
                                                   " belongs to the side not to move");
  return make_error(ErrorCode::kMoveIllegal,
                    "'" + std::string(text) + "' is not a legal move in this position");
}

}  // namespace arbiter::core
