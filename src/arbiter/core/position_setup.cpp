// Position::from_setup (the validation rules), to_setup and FEN printing.
#include <string>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::core {

namespace {

constexpr int push(Color c) noexcept { return c == Color::White ? 8 : -8; }
const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }

// The rook a 'K'/'Q' letter names: the outermost rook on that side of the king (X-FEN).
Square outermost_rook(const Setup& s, Color c, CastlingSide side, Square king) {
  const Rank back = relative_rank(c, Rank::R1);
  const Piece rook = make_piece(c, PieceType::Rook);
  if (side == CastlingSide::King) {
    for (int f = 7; f > index(file_of(king)); --f)
      if (s.board[index(make_square(static_cast<File>(f), back))] == rook)
        return make_square(static_cast<File>(f), back);
  } else {
    for (int f = 0; f < index(file_of(king)); ++f)
      if (s.board[index(make_square(static_cast<File>(f), back))] == rook)
        return make_square(static_cast<File>(f), back);
  }
  return Square::None;
}

}  // namespace

Position Position::startpos() {
  auto p = from_fen(kStartFen);
  ARB_ASSERT(p.has_value());
  return *p;
}

Result<Position> Position::from_fen(std::string_view fen, FenOptions options) {
  auto setup = parse_fen(fen, FenParseOptions{options.strict});
  if (!setup) return tl::unexpected(setup.error());
  setup->chess960 = setup->chess960 || options.chess960;
  return build(*setup, true, !options.any_material);
}

Result<Position> Position::from_setup(const Setup& s) { return build(s, true); }

Result<Position> Position::from_setup_unvalidated(const Setup& s) { return build(s, false); }

Result<Position> Position::build(const Setup& s, bool validate, bool material) {
  Position pos;
  int count[12] = {};
  for (int i = 0; i < 64; ++i) {
    const Piece p = s.board[i];
    if (p == Piece::None) continue;
    ++count[index(p)];
    // Art. 3.7: a pawn never stands on its own first rank nor stays on the last.
    if (validate && type_of(p) == PieceType::Pawn && (i < 8 || i >= 56))
      return make_error(ErrorCode::kSetupPawnOnBackRank,
                        std::string(color_name(color_of(p))) + " pawn on " +
                            square_name(square_at(i)) + ": pawns cannot stand on rank 1 or 8",
                        {0, 0, "placement"});
    pos.put_piece(p, square_at(i));
  }
  for (Color c : {Color::White, Color::Black}) {
    const int kings = count[index(make_piece(c, PieceType::King))];
    if (kings != 1)
      return make_error(ErrorCode::kSetupKingCount,
                        std::string(color_name(c)) + " has " + std::to_string(kings) +
                            " kings; each side has exactly one (Art. 2.3)",
                        {0, 0, "placement"});
  }
  // Piece counts that no game can produce: 16 men a side, 8 pawns, and every piece beyond
  // the initial set must be a promoted pawn (Art. 3.7.5).
  for (Color c : {Color::White, Color::Black}) {
    if (!validate || !material) break;
    int total = 0;
    for (int t = 0; t < kPieceTypeCount; ++t) total += count[index(make_piece(c, PieceType(t)))];
    const auto n = [&](PieceType t) { return count[index(make_piece(c, t))]; };
    if (total > 16)
      return make_error(ErrorCode::kSetupTooManyPieces,
                        std::string(color_name(c)) + " has " + std::to_string(total) +
                            " men; at most 16 are possible",
                        {0, 0, "placement"});
    if (n(PieceType::Pawn) > 8)
      return make_error(ErrorCode::kSetupTooManyPawns,
                        std::string(color_name(c)) + " has " + std::to_string(n(PieceType::Pawn)) +
                            " pawns; at most 8 are possible",
                        {0, 0, "placement"});
    const auto extra = [](int have, int initial) { return have > initial ? have - initial : 0; };
    const int promoted = extra(n(PieceType::Queen), 1) + extra(n(PieceType::Rook), 2) +
                         extra(n(PieceType::Bishop), 2) + extra(n(PieceType::Knight), 2);
    if (promoted > 8 - n(PieceType::Pawn))
      return make_error(ErrorCode::kSetupImpossiblePromotions,
                        std::string(color_name(c)) + " has at least " + std::to_string(promoted) +
                            " promoted pieces but only " + std::to_string(8 - n(PieceType::Pawn)) +
                            " pawns are missing",
                        {0, 0, "placement"});
  }

  pos.side_ = s.side_to_move;
  pos.halfmove_clock_ =
      static_cast<std::int16_t>(s.halfmove_clock > 30000 ? 30000 : s.halfmove_clock);
  pos.fullmove_ = s.fullmove_number;
  pos.notation_ = s.castling_notation;
  pos.chess960_ = s.chess960;

  // Castling rights (Art. 3.8.2.1, Guideline II.3.2): the king on its first rank and a
  // rook of the same colour on that side of it, on the same rank.
  // Unvalidated, a right that does not fit is dropped.
  for (const CastlingToken& t : s.castling) {
    const Square king = pos.king_square(t.color);
    const Rank back = relative_rank(t.color, Rank::R1);
    const Location where{0, t.column, "castling"};
    if (rank_of(king) != back) {
      if (!validate) continue;
      return make_error(ErrorCode::kSetupCastlingNoKing,
                        std::string(color_name(t.color)) + " may not castle: the king is on " +
                            square_name(king) + ", not on its first rank",
                        where);
    }
    Square rook = Square::None;
    CastlingSide side = CastlingSide::King;
    if (t.kind == CastlingToken::Kind::RookFile) {
      rook = make_square(t.file, back);
      if (s.board[index(rook)] != make_piece(t.color, PieceType::Rook) || rook == king) {
        if (!validate) continue;
        return make_error(ErrorCode::kSetupCastlingNoRook,
                          std::string(color_name(t.color)) + " castling right names " +
                              square_name(rook) + " but no " + color_name(t.color) +
                              " rook stands there",
                          where);
      }
      side = index(t.file) > index(file_of(king)) ? CastlingSide::King : CastlingSide::Queen;
    } else {
      side = t.kind == CastlingToken::Kind::KingSide ? CastlingSide::King : CastlingSide::Queen;
      rook = outermost_rook(s, t.color, side, king);
      if (rook == Square::None) {
        if (!validate) continue;
        return make_error(ErrorCode::kSetupCastlingNoRook,
                          std::string(color_name(t.color)) + " has no rook on the " +
                              (side == CastlingSide::King ? "king" : "queen") +
                              " side of the king to castle with",
                          where);
      }
    }
    if (pos.can_castle(t.color, side)) {
      if (!validate) continue;
      return make_error(ErrorCode::kSetupCastlingDuplicate,
                        std::string(color_name(t.color)) + " has two castling rights on the " +
                            (side == CastlingSide::King ? "king" : "queen") + " side",
                        where);
    }
    pos.add_castling_right(t.color, side, rook);
    const bool standard_squares = file_of(king) == File::E &&
                                  file_of(rook) == (side == CastlingSide::King ? File::H : File::A);
    if (!standard_squares) pos.chess960_ = true;
  }

  // Art. 3.7.4.1: the e.p. square is the one the opponent's pawn has just passed over.
  // Unvalidated, an e.p. square that does not fit is dropped.
  auto check_en_passant = [&]() -> Result<void> {
    if (s.en_passant == Square::None) return {};
    const Color mover = ~s.side_to_move;  // who made the double step
    const Square ep = s.en_passant;
    const Location where{0, 0, "en-passant"};
    if (rank_of(ep) != relative_rank(mover, Rank::R3)) {
      if (!validate) return {};  // dropped
      return make_error(ErrorCode::kSetupEnPassantWrongRank,
                        "en passant square " + square_name(ep) + " must be on rank " +
                            (mover == Color::White ? "3" : "6") + " when " +
                            color_name(s.side_to_move) + " is to move",
                        where);
    }
    if (s.board[index(ep + push(mover))] != make_piece(mover, PieceType::Pawn)) {
      if (!validate) return {};  // dropped
      return make_error(ErrorCode::kSetupEnPassantNoPawn,
                        "en passant square " + square_name(ep) + " but no " + color_name(mover) +
                            " pawn on " + square_name(ep + push(mover)) +
                            " that has just made a double step",
                        where);
    }
    if (s.board[index(ep)] != Piece::None || s.board[index(ep - push(mover))] != Piece::None) {
      if (!validate) return {};  // dropped
      return make_error(ErrorCode::kSetupEnPassantNotEmpty,
                        "en passant square " + square_name(ep) + " and " +
                            square_name(ep - push(mover)) + " must be empty after a double step",
                        where);
    }
    pos.ep_ = ep;
    return {};
  };
  if (auto ep_ok = check_en_passant(); !ep_ok) return tl::unexpected(ep_ok.error());

  // Art. 3.9 / 1.2: the player who has just moved cannot have left his king in check.
  const Color waiting = ~s.side_to_move;
  if (validate && (pos.attackers_to(pos.king_square(waiting)) & pos.pieces(s.side_to_move)))
    return make_error(ErrorCode::kSetupOpponentInCheck,
                      std::string(color_name(waiting)) + " is not to move but is in check on " +
                          square_name(pos.king_square(waiting)),
                      {0, 0, "side"});

  pos.key_ = pos.compute_key();
  return pos;
}

Setup Position::to_setup() const {
  Setup s;
  for (int i = 0; i < 64; ++i) s.board[i] = board_[i];
  s.side_to_move = side_;
  s.en_passant = ep_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_;
  s.castling_notation = notation_;
  s.chess960 = chess960_;
  for (Color c : {Color::White, Color::Black})
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (!can_castle(c, side)) continue;
      CastlingToken t;
      t.color = c;
      t.kind = CastlingToken::Kind::RookFile;
      t.file = file_of(castling_rook(c, side));
      s.castling.push_back(t);
    }
  return s;
}

std::string Position::fen() const { return fen(notation_); }

std::string Position::fen(CastlingNotation notation) const {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty_run = 0;
    for (int f = 0; f < 8; ++f) {
      const Piece p = board_[r * 8 + f];
      if (p == Piece::None) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += static_cast<char>('0' + empty_run);
      empty_run = 0;
      out += piece_char(p);
    }
    if (empty_run) out += static_cast<char>('0' + empty_run);
    if (r) out += '/';
  }
  out += side_ == Color::White ? " w " : " b ";
  if (!castling_) out += '-';
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (!can_castle(c, side)) continue;
      const Square rook = castling_rook(c, side);
      char letter;
      bool by_file = notation == CastlingNotation::Shredder;
      if (notation != CastlingNotation::Shredder) {
        // KQkq names the outermost rook; an inner rook must be named by its file.
        Setup probe = to_setup();
        by_file = rook != outermost_rook(probe, c, side, king_square(c));
      }
      if (by_file)
        letter = static_cast<char>('A' + index(file_of(rook)));
      else
        letter = side == CastlingSide::King ? 'K' : 'Q';
      if (c == Color::Black) letter = static_cast<char>(letter - 'A' + 'a');
      out += letter;
    }
  }
  out += ' ';
  out += square_name(ep_);
  out += ' ';
  out += std::to_string(halfmove_clock_);
  out += ' ';
  out += std::to_string(fullmove_);
  return out;
}

Result<void> Position::is_possible() const {
  // Checks beyond from_setup; each finds a position no game can reach (Art. 3.10.3).
  const Bitboard check = checkers();
  if (popcount(check) > 2)
    return make_error(ErrorCode::kSetupTooManyCheckers,
                      "the side to move is in check from " + std::to_string(popcount(check)) +
                          " pieces; one move can give at most a double check");
  if (popcount(check) == 2 && !(check & pieces(PieceType::Bishop, PieceType::Rook)) &&
      !(check & pieces(PieceType::Queen)))
    return make_error(ErrorCode::kSetupTooManyCheckers,
                      "a double check by two pawns or knights cannot arise: one of the checkers "
                      "must be a line piece uncovered by the other");
  if (ep_ != Square::None && halfmove_clock_ != 0)
    return make_error(ErrorCode::kSetupHalfmoveClock,
                      "an en passant square means a pawn has just moved, so the halfmove clock "
                      "must be 0, not " +
                          std::to_string(halfmove_clock_),
                      {0, 0, "halfmove"});
  constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard bishops = pieces(c, PieceType::Bishop);
    const int light = popcount(bishops & ~kDark);
    const int dark = popcount(bishops & kDark);
    const auto extra = [](int have, int initial) { return have > initial ? have - initial : 0; };
    const int promoted = extra(count(c, PieceType::Queen), 1) +
                         extra(count(c, PieceType::Rook), 2) +
                         extra(count(c, PieceType::Knight), 2) + extra(light, 1) + extra(dark, 1);
    if (promoted > 8 - count(c, PieceType::Pawn))
      return make_error(ErrorCode::kSetupImpossiblePromotions,
                        std::string(color_name(c)) +
                            " has more promoted pieces (counting bishops by square colour) than "
                            "missing pawns");
  }
  return {};
}

}  // namespace arbiter::core
