// Fast path for standard SAN (PGN full-mode reading): "Nf3", "exd5", "e8=Q", "Rad1+".
#include "arbiter/notation/fast_san.hpp"

#include "arbiter/core/attacks.hpp"
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation::detail {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Square;

namespace {

constexpr bool is_file(char c) noexcept { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) noexcept { return c >= '1' && c <= '8'; }

constexpr PieceType piece_of(char c) noexcept {
  switch (c) {
    case 'N': return PieceType::Knight;
    case 'B': return PieceType::Bishop;
    case 'R': return PieceType::Rook;
    case 'Q': return PieceType::Queen;
    case 'K': return PieceType::King;
    default: return PieceType::None;
  }
}

// The squares a piece of `type` on `s` attacks (inline, unlike core::attacks_of).
Bitboard piece_attacks(PieceType type, Square s, Bitboard occupied) noexcept {
  switch (type) {
    case PieceType::Knight: return core::knight_attacks(s);
    case PieceType::Bishop: return core::bishop_attacks(s, occupied);
    case PieceType::Rook: return core::rook_attacks(s, occupied);
    case PieceType::Queen: return core::queen_attacks(s, occupied);
    case PieceType::King: return core::king_attacks(s);
    default: return 0;
  }
}

Square square_of(char f, char r) noexcept {
  return core::make_square(static_cast<core::File>(f - 'a'), static_cast<core::Rank>(r - '1'));
}

Move fast_piece(const core::Position& pos, PieceType type, std::string_view body) noexcept {
  // body: [file][rank][x]<file><rank>
  const std::size_t n = body.size();
  if (n < 2 || n > 5) return Move::none();
  if (!is_file(body[n - 2]) || !is_rank(body[n - 1])) return Move::none();
  const Square to = square_of(body[n - 2], body[n - 1]);
  std::size_t end = n - 2;
  if (end > 0 && body[end - 1] == 'x') --end;
  Bitboard filter = ~Bitboard{0};
  if (end == 2) {
    if (!is_file(body[0]) || !is_rank(body[1])) return Move::none();
    filter = core::bb(square_of(body[0], body[1]));
  } else if (end == 1) {
    if (is_file(body[0]))
      filter = core::file_bb(static_cast<core::File>(body[0] - 'a'));
    else if (is_rank(body[0]))
      filter = core::rank_bb(static_cast<core::Rank>(body[0] - '1'));
    else
      return Move::none();
  } else if (end != 0) {
    return Move::none();
  }
  const Color us = pos.side_to_move();
  if (pos.pieces(us) & core::bb(to)) return Move::none();
  Bitboard candidates = piece_attacks(type, to, pos.pieces()) & pos.pieces(us, type) & filter;
  if (!candidates) return Move::none();
  Move found = Move::none();
  while (candidates) {
    const Move m(core::pop_lsb(candidates), to);
    if (!is_legal_by_geometry(pos, m)) continue;
    if (found != Move::none()) return Move::none();  // ambiguous: let the general path say so
    found = m;
  }
  return found;
}

Move fast_pawn(const core::Position& pos, std::string_view body) noexcept {
  // body: <file><rank>[=P] or <file>x<file><rank>[=P]
  const Color us = pos.side_to_move();
  const int up = us == Color::White ? 8 : -8;
  const core::Piece pawn = core::make_piece(us, PieceType::Pawn);
  std::size_t i = 0;
  Square from = Square::None;
  Square to = Square::None;
  if (body.size() >= 4 && body[1] == 'x') {
    if (!is_file(body[2]) || !is_rank(body[3])) return Move::none();
    const int df = body[2] - body[0];
    if (df != 1 && df != -1) return Move::none();
    to = square_of(body[2], body[3]);
    if (!(pos.pieces(~us) & core::bb(to))) return Move::none();  // e.p. or error: general path
    const int from_index = core::index(to) - up - df;
    if (from_index < 0 || from_index > 63) return Move::none();
    from = core::square_at(from_index);
    i = 4;
  } else {
    if (body.size() < 2 || !is_rank(body[1])) return Move::none();
    to = square_of(body[0], body[1]);
    if (!pos.empty(to)) return Move::none();
    const int one = core::index(to) - up;
    if (one < 0 || one > 63) return Move::none();
    if (pos.piece_on(core::square_at(one)) == pawn) {
      from = core::square_at(one);
    } else if (pos.empty(core::square_at(one)) &&
               core::relative_rank(us, core::rank_of(to)) == core::Rank::R4) {
      from = core::square_at(one - up);  // Art. 3.7.2: the double step
    } else {
      return Move::none();
    }
    i = 2;
  }
  if (pos.piece_on(from) != pawn) return Move::none();
  Move m(from, to);
  if (core::relative_rank(us, core::rank_of(to)) == core::Rank::R8) {
    if (i < body.size() && body[i] == '=') ++i;
    if (i + 1 != body.size()) return Move::none();
    const PieceType promo = piece_of(body[i]);
    if (promo == PieceType::None || promo == PieceType::King) return Move::none();
    m = Move::make(from, to, core::MoveKind::Promotion, promo);
    i = body.size();
  }
  if (i != body.size()) return Move::none();
  return is_legal_by_geometry(pos, m) ? m : Move::none();
}

}  // namespace

Move parse_fast_san(const core::Position& pos, std::string_view text) noexcept {
  std::size_t n = text.size();
  while (n > 0 &&
         (text[n - 1] == '+' || text[n - 1] == '#' || text[n - 1] == '!' || text[n - 1] == '?'))
    --n;
  if (n < 2) return Move::none();
  const std::string_view body = text.substr(0, n);
  if (is_file(body[0])) return fast_pawn(pos, body);
  const PieceType type = piece_of(body[0]);
  if (type == PieceType::None) return Move::none();
  return fast_piece(pos, type, body.substr(1));
}

}  // namespace arbiter::notation::detail
