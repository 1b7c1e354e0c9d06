// The legal move generator, as templates. Internal to core: movegen.cpp and perft.cpp
// instantiate it; everyone else uses movegen.hpp.
//
// Strict legality comes from masks, never from trying moves (issue #2): the checkers of
// our king restrict non-king moves to capturing the checker or blocking the line
// (Art. 3.9); pinned pieces move only along the line through their king; king moves
// are tested against attacks computed with the king removed from the board. En passant
// (Art. 3.7.4) is the one move whose legality is checked by recomputing slider attacks,
// which also covers the horizontal pin of both pawns.
//
// A Sink receives the moves. ListSink stores them; CountSink only counts (perft bulk
// counting at the leaves uses popcount instead of writing moves).
#pragma once

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::core::detail {

struct ListSink {
  MoveList& list;
  void piece(Square from, Bitboard targets) noexcept {
    while (targets) list.push(Move(from, pop_lsb(targets)));
  }
  template <int Delta>
  void pawns(Bitboard targets) noexcept {
    while (targets) {
      const Square to = pop_lsb(targets);
      list.push(Move(to - Delta, to));
    }
  }
  template <int Delta>
  void promotions(Bitboard targets) noexcept {
    while (targets) {
      const Square to = pop_lsb(targets);
      // Art. 3.7.5.1: queen, rook, bishop or knight of the same colour.
      list.push(Move::make(to - Delta, to, MoveKind::Promotion, PieceType::Queen));
      list.push(Move::make(to - Delta, to, MoveKind::Promotion, PieceType::Rook));
      list.push(Move::make(to - Delta, to, MoveKind::Promotion, PieceType::Bishop));
      list.push(Move::make(to - Delta, to, MoveKind::Promotion, PieceType::Knight));
    }
  }
  void single(Move m) noexcept { list.push(m); }
};

struct CountSink {
  std::uint64_t count = 0;
  void piece(Square, Bitboard targets) noexcept { count += popcount(targets); }
  template <int Delta>
  void pawns(Bitboard targets) noexcept {
    count += popcount(targets);
  }
  template <int Delta>
  void promotions(Bitboard targets) noexcept {
    count += 4 * popcount(targets);
  }
  void single(Move) noexcept { ++count; }
};

// Is square s attacked by colour `by` with the given occupancy?
template <Color By>
inline bool attacked(const Position& pos, Square s, Bitboard occupied) noexcept {
  return (pawn_attacks(~By, s) & pos.pieces(By, PieceType::Pawn)) ||
         (knight_attacks(s) & pos.pieces(By, PieceType::Knight)) ||
         (king_attacks(s) & pos.pieces(By, PieceType::King)) ||
         (bishop_attacks(s, occupied) & pos.pieces(By, PieceType::Bishop, PieceType::Queen)) ||
         (rook_attacks(s, occupied) & pos.pieces(By, PieceType::Rook, PieceType::Queen));
}

template <Color Us, GenType G, class Sink>
inline void generate_pawn_moves(const Position& pos, Sink& sink, Bitboard check_mask,
                                Bitboard pinned, Square ksq, bool in_check) noexcept {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == Color::White ? kNorth : kSouth;
  constexpr int UpLeft = Us == Color::White ? kNorthWest : kSouthEast;
  constexpr int UpRight = Us == Color::White ? kNorthEast : kSouthWest;
  constexpr Bitboard Rank7 = Us == Color::White ? rank_bb(Rank::R7) : rank_bb(Rank::R2);
  constexpr Bitboard Rank3 = Us == Color::White ? rank_bb(Rank::R3) : rank_bb(Rank::R6);
  constexpr bool Quiets = G != GenType::Captures;
  constexpr bool Captures = G != GenType::Quiets;

  const Bitboard occupied = pos.pieces();
  const Bitboard empty = ~occupied;
  const Bitboard enemies = pos.pieces(Them);
  const Bitboard pawns = pos.pieces(Us, PieceType::Pawn);

  // Unpinned pawns, in bulk.
  const Bitboard free = pawns & ~pinned;
  const Bitboard free7 = free & Rank7;
  const Bitboard free_other = free & ~Rank7;
  if constexpr (Quiets) {
    const Bitboard one = shift<Up>(free_other) & empty;
    const Bitboard two = shift<Up>(one & Rank3) & empty;  // Art. 3.7.2
    sink.template pawns<Up>(one & check_mask);
    sink.template pawns<Up + Up>(two & check_mask);
    sink.template promotions<Up>(shift<Up>(free7) & empty & check_mask);
  }
  if constexpr (Captures) {
    const Bitboard targets = enemies & check_mask;
    sink.template pawns<UpLeft>(shift<UpLeft>(free_other) & targets);
    sink.template pawns<UpRight>(shift<UpRight>(free_other) & targets);
    sink.template promotions<UpLeft>(shift<UpLeft>(free7) & targets);
    sink.template promotions<UpRight>(shift<UpRight>(free7) & targets);
  }

  // Pinned pawns move only along the pin line, and never while in check.
  if (!in_check) {
    Bitboard p = pawns & pinned;
    while (p) {
      const Square from = pop_lsb(p);
      const Bitboard pin_line = line_bb(ksq, from);
      const Bitboard b = bb(from);
      const bool seventh = (b & Rank7) != 0;
      if constexpr (Quiets) {
        const Bitboard one = shift<Up>(b) & empty & pin_line;
        if (seventh) {
          sink.template promotions<Up>(one);
        } else {
          sink.template pawns<Up>(one);
          sink.template pawns<Up + Up>(shift<Up>(one & Rank3) & empty);
        }
      }
      if constexpr (Captures) {
        const Bitboard left = shift<UpLeft>(b) & enemies & pin_line;
        const Bitboard right = shift<UpRight>(b) & enemies & pin_line;
        if (seventh) {
          sink.template promotions<UpLeft>(left);
          sink.template promotions<UpRight>(right);
        } else {
          sink.template pawns<UpLeft>(left);
          sink.template pawns<UpRight>(right);
        }
      }
    }
  }

  // En passant (Art. 3.7.4): legal iff our king is not attacked afterwards.
  if constexpr (Captures) {
    const Square ep = pos.en_passant_square();
    if (ep != Square::None) {
      const Square victim = ep - Up;
      Bitboard candidates = pawn_attacks(Them, ep) & pawns;
      while (candidates) {
        const Square from = pop_lsb(candidates);
        const Bitboard after = (occupied ^ bb(from) ^ bb(victim)) | bb(ep);
        // Any non-slider checker other than the captured pawn still gives check.
        const Bitboard other_checkers = pos.attackers_to(ksq, occupied) & enemies & ~bb(victim) &
                                        ~pos.pieces(PieceType::Bishop, PieceType::Rook) &
                                        ~pos.pieces(PieceType::Queen);
        if (other_checkers) continue;
        if (bishop_attacks(ksq, after) & pos.pieces(Them, PieceType::Bishop, PieceType::Queen) &
            ~bb(victim))
          continue;
        if (rook_attacks(ksq, after) & pos.pieces(Them, PieceType::Rook, PieceType::Queen))
          continue;
        sink.single(Move::make(from, ep, MoveKind::EnPassant));
      }
    }
  }
}

template <Color Us, GenType G, class Sink>
inline void generate_castling(const Position& pos, Sink& sink, Square ksq) noexcept {
  constexpr Color Them = ~Us;
  const Bitboard occupied = pos.pieces();
  for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
    if (!pos.can_castle(Us, side)) continue;
    const int right = castling_index(Us, side);
    const Square rook = pos.castling_rook(Us, side);
    // Art. 3.8.2.2.2 / Guideline II.3.2.7.4: every square between the king's and rook's
    // start and final squares is empty, except for the king and the castling rook.
    if (pos.castling_path(right) & occupied) continue;
    // Art. 3.8.2.2.1: the king is not in check and does not cross or land on an attacked square;
    // the rook is lifted too, so that it cannot shield the king's final square.
    const Bitboard without = occupied ^ bb(ksq) ^ bb(rook);
    Bitboard path = pos.castling_king_path(right);
    bool safe = true;
    while (path && safe) safe = !attacked<Them>(pos, pop_lsb(path), without);
    if (safe) sink.single(Move::make(ksq, rook, MoveKind::Castling));
  }
}

template <Color Us, GenType G, class Sink>
inline void generate(const Position& pos, Sink& sink) noexcept {
  constexpr Color Them = ~Us;
  const Bitboard ours = pos.pieces(Us);
  const Bitboard theirs = pos.pieces(Them);
  const Bitboard occupied = ours | theirs;
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.attackers_to(ksq, occupied) & theirs;

  Bitboard target = G == GenType::Captures ? theirs : G == GenType::Quiets ? ~occupied : ~ours;

  // King moves, tested with the king lifted off the board (a slider's ray goes through).
  {
    Bitboard k = king_attacks(ksq) & target;
    const Bitboard without_king = occupied ^ bb(ksq);
    Bitboard legal = 0;
    while (k) {
      const Square to = pop_lsb(k);
      if (!attacked<Them>(pos, to, without_king)) legal |= bb(to);
    }
    sink.piece(ksq, legal);
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  const bool in_check = checkers != 0;
  const Bitboard check_mask = in_check ? (between_bb(ksq, lsb(checkers)) | checkers) : ~Bitboard{0};
  target &= check_mask;
  const Bitboard pinned = pos.blockers_for_king(Us, Them) & ours;

  Bitboard knights = pos.pieces(Us, PieceType::Knight) & ~pinned;  // a pinned knight never moves
  while (knights) {
    const Square from = pop_lsb(knights);
    sink.piece(from, knight_attacks(from) & target);
  }
  Bitboard diagonal = pos.pieces(Us, PieceType::Bishop, PieceType::Queen);
  while (diagonal) {
    const Square from = pop_lsb(diagonal);
    Bitboard a = bishop_attacks(from, occupied) & target;
    if (pinned & bb(from)) a &= line_bb(ksq, from);
    sink.piece(from, a);
  }
  Bitboard straight = pos.pieces(Us, PieceType::Rook, PieceType::Queen);
  while (straight) {
    const Square from = pop_lsb(straight);
    Bitboard a = rook_attacks(from, occupied) & target;
    if (pinned & bb(from)) a &= line_bb(ksq, from);
    sink.piece(from, a);
  }
  generate_pawn_moves<Us, G>(pos, sink, check_mask, pinned, ksq, in_check);
  if constexpr (G != GenType::Captures) {
    if (!in_check && pos.castling_rights()) generate_castling<Us, G>(pos, sink, ksq);
  }
}

template <GenType G, class Sink>
inline void generate(const Position& pos, Sink& sink) noexcept {
  if (pos.side_to_move() == Color::White)
    generate<Color::White, G>(pos, sink);
  else
    generate<Color::Black, G>(pos, sink);
}

}  // namespace arbiter::core::detail
