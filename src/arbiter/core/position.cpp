#include "arbiter/core/position.hpp"

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/zobrist.hpp"

namespace arbiter::core {

namespace {
constexpr int pawn_push(Color c) noexcept { return c == Color::White ? 8 : -8; }
}  // namespace

Position::Position() {
  for (auto& p : board_) p = Piece::None;
}

void Position::put_piece(Piece p, Square s) noexcept {
  ARB_ASSERT(board_[index(s)] == Piece::None);
  board_[index(s)] = p;
  by_type_[index(type_of(p))] |= bb(s);
  by_color_[index(color_of(p))] |= bb(s);
}

void Position::remove_piece(Square s) noexcept {
  const Piece p = board_[index(s)];
  ARB_ASSERT(p != Piece::None);
  by_type_[index(type_of(p))] ^= bb(s);
  by_color_[index(color_of(p))] ^= bb(s);
  board_[index(s)] = Piece::None;
}

void Position::move_piece(Square from, Square to) noexcept {
  const Piece p = board_[index(from)];
  const Bitboard both = bb(from) | bb(to);
  by_type_[index(type_of(p))] ^= both;
  by_color_[index(color_of(p))] ^= both;
  board_[index(from)] = Piece::None;
  board_[index(to)] = p;
}

void Position::add_castling_right(Color c, CastlingSide side, Square rook) {
  const int right = castling_index(c, side);
  const Square king = king_square(c);
  castling_ |= castling_bit(c, side);
  castling_rook_[right] = rook;
  castling_mask_[index(king)] |= castling_bit(c, side);
  castling_mask_[index(rook)] |= castling_bit(c, side);
  const Square king_to = castling_king_to(c, side);
  const Square rook_to = castling_rook_to(c, side);
  castling_path_[right] =
      (between_bb(king, king_to) | bb(king_to) | between_bb(rook, rook_to) | bb(rook_to)) &
      ~(bb(king) | bb(rook));
  // Squares the king crosses or lands on (Art. 3.8.2.2.1): the final square is tested even
  // when the king does not move (Chess960), since lifting the rook can expose it.
  castling_king_path_[right] = between_bb(king, king_to) | bb(king_to);
}

bool Position::en_passant_keyed(Color capturer) const noexcept {
  return ep_ != Square::None &&
         (pawn_attacks(~capturer, ep_) & pieces(capturer, PieceType::Pawn)) != 0;
}

Key Position::compute_key() const noexcept {
  Key k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != Piece::None) k ^= zobrist::piece_square(board_[s], square_at(s));
  k ^= zobrist::castling(castling_);
  if (en_passant_keyed(side_)) k ^= zobrist::en_passant(file_of(ep_));
  if (side_ == Color::Black) k ^= zobrist::side();
  return k;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const noexcept {
  return (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
         (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
         (knight_attacks(s) & pieces(PieceType::Knight)) |
         (king_attacks(s) & pieces(PieceType::King)) |
         (bishop_attacks(s, occupied) & pieces(PieceType::Bishop, PieceType::Queen)) |
         (rook_attacks(s, occupied) & pieces(PieceType::Rook, PieceType::Queen));
}

Bitboard Position::blockers_for_king(Color king, Color attacker) const noexcept {
  const Square ksq = king_square(king);
  Bitboard snipers =
      (rook_attacks(ksq, 0) & pieces(attacker, PieceType::Rook, PieceType::Queen)) |
      (bishop_attacks(ksq, 0) & pieces(attacker, PieceType::Bishop, PieceType::Queen));
  // Every piece between king and sniper counts, other snipers included: a line piece
  // standing in front of another is itself the (only) blocker, not transparent.
  const Bitboard occupancy = pieces();
  Bitboard blockers = 0;
  while (snipers) {
    const Bitboard b = between_bb(ksq, pop_lsb(snipers)) & occupancy;
    if (b && !more_than_one(b)) blockers |= b;
  }
  return blockers;
}

PieceType Position::captured_piece(Move m) const noexcept {
  if (m.is_en_passant()) return PieceType::Pawn;
  if (m.is_castling()) return PieceType::None;
  return type_of(piece_on(m.to()));
}

bool Position::is_legal(Move m) const noexcept {
  const Square from = m.from();
  const Square to = m.to();
  const Piece piece = piece_on(from);
  if (!m.is_ok() || piece == Piece::None || color_of(piece) != side_) return false;
  if (m.is_castling() || m.is_en_passant()) return legal_moves(*this).contains(m);
  // Only the canonical encoding: promotion bits are zero unless the move promotes.
  if (!m.is_promotion() && (m.raw() & 0x3000)) return false;
  const Color us = side_;
  const Color them = ~us;
  if (pieces(us) & bb(to)) return false;  // Art. 3.1
  const PieceType type = type_of(piece);
  const Bitboard occupied = pieces();
  const Square ksq = king_square(us);

  if (type == PieceType::King) {
    // Art. 3.8.1 / 3.9.2: to an adjacent square not attacked once the king has left.
    return !m.is_promotion() && (king_attacks(from) & bb(to)) &&
           !(attackers_to(to, occupied ^ bb(from)) & pieces(them));
  }
  if (type == PieceType::Pawn) {
    const int up = us == Color::White ? 8 : -8;
    const bool last_rank = rank_of(to) == relative_rank(us, Rank::R8);
    if (m.is_promotion() != last_rank) return false;  // Art. 3.7.5.1
    const bool push = index(to) == index(from) + up && empty(to);
    const bool double_push = rank_of(from) == relative_rank(us, Rank::R2) &&
                             index(to) == index(from) + 2 * up && empty(from + up) && empty(to);
    const bool capture = (pawn_attacks(us, from) & bb(to) & pieces(them)) != 0;
    if (!push && !double_push && !capture) return false;
  } else if (m.kind() != MoveKind::Normal || !(attacks_of(type, from, occupied) & bb(to))) {
    return false;
  }
  // Art. 3.9.2: the move must not leave the king in check.
  const Bitboard check = checkers();
  if (check) {
    if (more_than_one(check)) return false;
    if (!((between_bb(ksq, lsb(check)) | check) & bb(to))) return false;
  }
  if (blockers_for_king(us, them) & bb(from)) return aligned(ksq, from, to);
  return true;
}

bool Position::gives_check(Move m) const noexcept {
  if (m.is_castling() || m.is_en_passant() || m.is_promotion()) return after(m).in_check();
  const Color us = side_;
  const Square from = m.from();
  const Square to = m.to();
  const Square king = king_square(~us);
  const Bitboard occupied = (pieces() ^ bb(from)) | bb(to);
  const PieceType type = type_of(piece_on(from));
  const Bitboard direct = type == PieceType::Pawn   ? pawn_attacks(us, to)
                          : type == PieceType::King ? 0
                                                    : attacks_of(type, to, occupied);
  if (direct & bb(king)) return true;
  // Discovered check: the piece leaves the line between one of our line pieces and the king.
  return (blockers_for_king(~us, us) & bb(from)) && !aligned(king, from, to);
}

void Position::do_move(Move m, Undo& undo) noexcept {
  undo.key = key_;
  undo.en_passant = ep_;
  undo.castling = castling_;
  undo.halfmove_clock = halfmove_clock_;
  undo.captured = Piece::None;

  const Color us = side_;
  const Color them = ~us;
  const Square from = m.from();
  const Square to = m.to();
  const Piece piece = board_[index(from)];
  Key k = key_ ^ zobrist::side();

  if (ep_ != Square::None) {
    if (en_passant_keyed(us)) k ^= zobrist::en_passant(file_of(ep_));
    ep_ = Square::None;
  }
  ++halfmove_clock_;

  if (m.is_castling()) {
    // Art. 3.8.2 / Guideline II.3.2.5.2: king and rook end on g/f or c/d.
    const CastlingSide side = index(to) > index(from) ? CastlingSide::King : CastlingSide::Queen;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece rook = board_[index(to)];
    remove_piece(from);
    remove_piece(to);
    put_piece(piece, king_to);
    put_piece(rook, rook_to);
    k ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, king_to) ^
         zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rook_to);
  } else {
    const Square capture_square = m.is_en_passant() ? to - pawn_push(us) : to;
    const Piece captured = board_[index(capture_square)];
    if (captured != Piece::None) {
      remove_piece(capture_square);
      k ^= zobrist::piece_square(captured, capture_square);
      halfmove_clock_ = 0;  // Art. 9.3: a capture resets the count
      undo.captured = captured;
    }
    move_piece(from, to);
    k ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
    if (type_of(piece) == PieceType::Pawn) {
      halfmove_clock_ = 0;  // Art. 9.3: so does a pawn move
      if ((index(from) ^ index(to)) == 16) {
        ep_ = from + pawn_push(us);
        if (en_passant_keyed(them)) k ^= zobrist::en_passant(file_of(ep_));
      } else if (m.is_promotion()) {
        // Art. 3.7.5.1: the pawn is exchanged as part of the same move.
        const Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= zobrist::piece_square(piece, to) ^ zobrist::piece_square(promoted, to);
      }
    }
  }

  // Art. 3.8.2.1: rights are lost for good when the king or that rook has moved (or the
  // rook was captured).
  const std::uint8_t lost = castling_mask_[index(from)] | castling_mask_[index(to)];
  if (castling_ & lost) {
    k ^= zobrist::castling(castling_);
    castling_ &= static_cast<std::uint8_t>(~lost);
    k ^= zobrist::castling(castling_);
  }

  side_ = them;
  if (us == Color::Black) ++fullmove_;
  key_ = k;
}

void Position::undo_move(Move m, const Undo& undo) noexcept {
  side_ = ~side_;
  const Color us = side_;
  if (us == Color::Black) --fullmove_;
  const Square from = m.from();
  const Square to = m.to();

  if (m.is_castling()) {
    const CastlingSide side = index(to) > index(from) ? CastlingSide::King : CastlingSide::Queen;
    const Square king_to = castling_king_to(us, side);
    const Square rook_to = castling_rook_to(us, side);
    const Piece king = board_[index(king_to)];
    const Piece rook = board_[index(rook_to)];
    remove_piece(king_to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.is_promotion()) {
      remove_piece(to);
      put_piece(make_piece(us, PieceType::Pawn), to);
    }
    move_piece(to, from);
    if (undo.captured != Piece::None)
      put_piece(undo.captured, m.is_en_passant() ? to - pawn_push(us) : to);
  }
  key_ = undo.key;
  ep_ = undo.en_passant;
  castling_ = undo.castling;
  halfmove_clock_ = undo.halfmove_clock;
}

void Position::do_null_move(Undo& undo) noexcept {
  undo.key = key_;
  undo.en_passant = ep_;
  undo.castling = castling_;
  undo.halfmove_clock = halfmove_clock_;
  undo.captured = Piece::None;
  if (ep_ != Square::None) {
    if (en_passant_keyed(side_)) key_ ^= zobrist::en_passant(file_of(ep_));
    ep_ = Square::None;
  }
  key_ ^= zobrist::side();
  ++halfmove_clock_;
  if (side_ == Color::Black) ++fullmove_;
  side_ = ~side_;
}

void Position::undo_null_move(const Undo& undo) noexcept {
  side_ = ~side_;
  if (side_ == Color::Black) --fullmove_;
  key_ = undo.key;
  ep_ = undo.en_passant;
  castling_ = undo.castling;
  halfmove_clock_ = undo.halfmove_clock;
}

bool Position::has_legal_en_passant() const noexcept {
  if (ep_ == Square::None || !en_passant_keyed(side_)) return false;
  for (Move m : legal_moves(*this, GenType::Captures))
    if (m.is_en_passant()) return true;
  return false;
}

bool Position::same_position(const Position& o) const noexcept {
  if (side_ != o.side_ || castling_ != o.castling_) return false;
  for (int i = 0; i < 2; ++i)
    if (by_color_[i] != o.by_color_[i]) return false;
  for (int i = 0; i < kPieceTypeCount; ++i)
    if (by_type_[i] != o.by_type_[i]) return false;
  for (int r = 0; r < 4; ++r)
    if ((castling_ & (1u << r)) && castling_rook_[r] != o.castling_rook_[r]) return false;
  const bool ep_a = has_legal_en_passant();
  const bool ep_b = o.has_legal_en_passant();
  if (ep_a != ep_b) return false;
  return !ep_a || ep_ == o.ep_;
}

bool operator==(const Position& a, const Position& b) noexcept {
  return a.same_position(b) && a.ep_ == b.ep_ && a.halfmove_clock_ == b.halfmove_clock_ &&
         a.fullmove_ == b.fullmove_;
}

std::string Position::ascii() const {
  static constexpr char kLetters[] = "PNBRQKpnbrqk.";
  std::string out;
  for (int r = 7; r >= 0; --r) {
    out += static_cast<char>('1' + r);
    out += ' ';
    for (int f = 0; f < 8; ++f) {
      out += kLetters[index(board_[r * 8 + f])];
      out += f < 7 ? ' ' : '\n';
    }
  }
  out += "  a b c d e f g h\n";
  return out;
}

}  // namespace arbiter::core
