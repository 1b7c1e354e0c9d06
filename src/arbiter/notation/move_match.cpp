// Matching a parsed move text against the legal moves, and explaining a mismatch by the
// rule that forbids the move (Art. 3.1-3.9).
#include "arbiter/core/fen.hpp"
#include "arbiter/notation/move_spec.hpp"

namespace arbiter::notation::detail {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Square;

namespace {

bool fits_from(const MoveSpec& spec, Square from) noexcept {
  return (spec.from_file < 0 || core::index(core::file_of(from)) == spec.from_file) &&
         (spec.from_rank < 0 || core::index(core::rank_of(from)) == spec.from_rank);
}

// Everything but the promotion piece.
bool fits_ordinary(const core::Position& pos, const MoveSpec& spec, Move m) noexcept {
  if (m.is_castling() || m.to() != spec.to || !fits_from(spec, m.from())) return false;
  const PieceType moved = pos.moved_piece(m);
  if (spec.type != PieceType::None && moved != spec.type) return false;
  // A pawn written without its file ("d5", "Pd5") moves straight ahead unless a capture
  // sign says otherwise (C.9.3: a pawn capture names the file it leaves).
  if (moved == PieceType::Pawn && spec.from_file < 0) {
    const bool diagonal = core::file_of(m.from()) != core::file_of(m.to());
    if (diagonal != spec.capture) return false;
  }
  if (spec.en_passant && !m.is_en_passant()) return false;
  return true;
}

bool fits_castling_as_king_move(const core::Position& pos, const MoveSpec& spec, Move m) noexcept {
  if (!m.is_castling() || !spec.has_from_square()) return false;
  if (spec.type != PieceType::None && spec.type != PieceType::King) return false;
  if (spec.promotion != PieceType::None || !fits_from(spec, m.from())) return false;
  const Square king_to = core::castling_king_to(pos.side_to_move(), castling_side(m));
  return spec.to == king_to || spec.to == m.to();
}

std::string side_name(Color c) { return c == Color::White ? "white" : "black"; }

std::string sq(Square s) { return core::square_name(s); }

// Could a piece on `from` reach spec.to by its movement rules alone (Art. 3.2-3.8.1),
// ignoring what that does to its own king?
bool reaches(const core::Position& pos, Square from, const MoveSpec& spec) noexcept {
  const PieceType type = core::type_of(pos.piece_on(from));
  const Color us = pos.side_to_move();
  const Bitboard to = core::bb(spec.to);
  if (type != PieceType::Pawn)
    return (core::attacks_of(type, from, pos.pieces()) & to & ~pos.pieces(us)) != 0;
  const int up = us == Color::White ? 8 : -8;
  const int f = core::index(from);
  const int t = core::index(spec.to);
  if (core::file_of(from) == core::file_of(spec.to)) {
    if (t == f + up) return pos.empty(spec.to);
    const bool start = core::relative_rank(us, core::rank_of(from)) == core::Rank::R2;
    return start && t == f + 2 * up && pos.empty(spec.to) && pos.empty(core::square_at(f + up));
  }
  if (!(core::pawn_attacks(us, from) & to)) return false;
  return (pos.pieces(~us) & to) || spec.to == pos.en_passant_square();
}

Error illegal(std::string_view text, const std::string& why) {
  return Error{ErrorCode::kMoveIllegal, quote(text) + " is illegal: " + why,
               Location{0, 0, "move"}};
}

Error explain_castling(const core::Position& pos, const MoveSpec& spec, std::string_view text) {
  const Color us = pos.side_to_move();
  const char* wing = spec.side == core::CastlingSide::King ? "king's side" : "queen's side";
  if (!pos.can_castle(us, spec.side))
    return illegal(text, std::string("no castling right on the ") + wing +
                             ": the king or that rook has already moved (Art. 3.8.2.1)");
  if (pos.in_check())
    return illegal(text, "the king is in check, castling is not possible now (Art. 3.8.2.2.1)");
  const Square rook = pos.castling_rook(us, spec.side);
  const Square king = pos.king_square(us);
  const Bitboard path = pos.castling_path(core::castling_index(us, spec.side)) & pos.pieces() &
                        ~core::bb(king) & ~core::bb(rook);
  if (path)
    return illegal(text, "a piece stands between the king and the rook, on " + sq(core::lsb(path)) +
                             " (Art. 3.8.2.2.2)");
  return illegal(text,
                 "the king would pass through or land on an attacked square (Art. 3.8.2.2.1)");
}

}  // namespace

void match_spec(const core::Position& pos, const core::MoveList& legal, const MoveSpec& spec,
                core::MoveList& out) noexcept {
  out.clear();
  if (spec.castling) {
    for (Move m : legal)
      if (m.is_castling() && castling_side(m) == spec.side) out.push(m);
    return;
  }
  for (Move m : legal) {
    if (!fits_ordinary(pos, spec, m)) continue;
    if (m.is_promotion() && m.promotion() != spec.promotion) continue;
    if (!m.is_promotion() && spec.promotion != PieceType::None) continue;
    out.push(m);
  }
  if (!out.empty()) return;
  // The castling move written as the king's own move; an ordinary king move wins.
  for (Move m : legal)
    if (fits_castling_as_king_move(pos, spec, m)) out.push(m);
}

Error explain_no_match(const core::Position& pos, const core::MoveList& legal, const MoveSpec& spec,
                       std::string_view text) {
  if (spec.castling) return explain_castling(pos, spec, text);
  const Color us = pos.side_to_move();
  if (spec.en_passant) {
    MoveSpec plain = spec;
    plain.en_passant = false;
    core::MoveList without;
    match_spec(pos, legal, plain, without);
    if (!without.empty())
      return illegal(text, "it is marked e.p., but the capture on " + sq(spec.to) +
                               " is not an en passant capture (Art. 3.7.4.1)");
  }
  // Promotion (Art. 3.7.5.1).
  if (spec.promotion == PieceType::King || spec.promotion == PieceType::Pawn)
    return illegal(text,
                   "a pawn is promoted to a queen, rook, bishop or knight only (Art. 3.7.5.1)");
  bool needs_promotion = false;
  bool any_unpromoted = false;
  for (Move m : legal) {
    if (!fits_ordinary(pos, spec, m)) continue;
    (m.is_promotion() ? needs_promotion : any_unpromoted) = true;
  }
  if (needs_promotion && spec.promotion == PieceType::None)
    return illegal(text,
                   "a pawn reaching the last rank must be exchanged for a new piece; name it, "
                   "e.g. =Q (Art. 3.7.5.1)");
  if (any_unpromoted && spec.promotion != PieceType::None)
    return illegal(text, "only a pawn reaching the last rank is promoted (Art. 3.7.5.1)");

  // Which of our pieces could get there by their movement rules alone?
  Bitboard own = spec.type == PieceType::None ? pos.pieces(us) : pos.pieces(us, spec.type);
  const std::string what =
      spec.type == PieceType::None ? std::string("piece") : std::string(piece_name(spec.type));
  if (spec.has_from_square()) {
    const Square from = core::make_square(static_cast<core::File>(spec.from_file),
                                          static_cast<core::Rank>(spec.from_rank));
    if (pos.empty(from)) return illegal(text, "there is no piece on " + sq(from));
    if (core::color_of(pos.piece_on(from)) != us)
      return illegal(text, "the piece on " + sq(from) + " is not " + side_name(us) + "'s, and " +
                               side_name(us) + " is to move (Art. 1.2)");
    if (!(own & core::bb(from)))
      return illegal(text, "the piece on " + sq(from) + " is not a " + what);
  }
  Bitboard candidates = 0;
  for (Bitboard b = own; b;) {
    const Square from = core::pop_lsb(b);
    if (fits_from(spec, from) && reaches(pos, from, spec)) candidates |= core::bb(from);
  }
  if (!own)
    return illegal(text,
                   side_name(us) + " has no " + what + " (it is " + side_name(us) + "'s move)");
  if (!candidates) {
    if (pos.pieces(us) & core::bb(spec.to))
      return illegal(text,
                     sq(spec.to) + " is occupied by a " + side_name(us) + " piece (Art. 3.1)");
    if (spec.en_passant)
      return illegal(text,
                     "no en passant capture on " + sq(spec.to) + " is possible now (Art. 3.7.4.2)");
    if (spec.type == PieceType::King &&
        (spec.to == core::castling_king_to(us, core::CastlingSide::King) ||
         spec.to == core::castling_king_to(us, core::CastlingSide::Queen)))
      return illegal(text, "the king cannot move to " + sq(spec.to) +
                               "; castling is written O-O or O-O-O (Art. 3.8.2)");
    return illegal(text, "no " + side_name(us) + " " + what + " can move to " + sq(spec.to) +
                             " (Art. 3.2-3.8)");
  }
  // Some piece gets there, but its own king would be in check afterwards (Art. 3.9.2).
  const Square from = core::lsb(candidates);
  const PieceType mover_type = core::type_of(pos.piece_on(from));
  const std::string mover = std::string(piece_name(mover_type)) + " on " + sq(from);
  if (mover_type == PieceType::King)
    return illegal(text, "the king would be in check on " + sq(spec.to) + " (Art. 3.9.2)");
  if (is_pinned(pos, from) && !(core::line_bb(pos.king_square(us), from) & core::bb(spec.to)))
    return illegal(text, "the " + mover + " is pinned: moving it would expose the " +
                             side_name(us) + " king to check (Art. 3.9.2)");
  if (pos.in_check())
    return illegal(text, "the " + side_name(us) +
                             " king is in check and this move does not parry it (Art. 3.9.2)");
  return illegal(text, "the king would be left in check (Art. 3.9.2)");
}

}  // namespace arbiter::notation::detail
