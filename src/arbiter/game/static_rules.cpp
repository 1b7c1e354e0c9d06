#include "arbiter/game/static_rules.hpp"

#include <array>
#include <cstdint>

#include "arbiter/core/attacks.hpp"
#include "arbiter/game/reachability.hpp"

namespace arbiter::game {

using namespace core;

namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

// Squares of one colour only (or none)?
bool one_colour(Bitboard b) noexcept { return !(b & kDarkSquares) || !(b & ~kDarkSquares); }

Bitboard pawn_attack_set(Color c, Bitboard pawns) noexcept {
  return c == Color::White ? pawn_attacks_bb<Color::White>(pawns)
                           : pawn_attacks_bb<Color::Black>(pawns);
}

// Squares a piece of type t on any square of `from` can move to (or attack), with only the
// pawns as obstacles.
Bitboard step_set(PieceType t, Bitboard from, Bitboard pawns) noexcept {
  Bitboard out = 0;
  while (from) {
    const Square s = pop_lsb(from);
    switch (t) {
      case PieceType::King: out |= king_attacks(s); break;
      case PieceType::Knight: out |= knight_attacks(s); break;
      case PieceType::Bishop: out |= bishop_attacks(s, pawns); break;
      case PieceType::Rook: out |= rook_attacks(s, pawns); break;
      case PieceType::Queen: out |= queen_attacks(s, pawns); break;
      default: break;
    }
  }
  return out;
}

// Flood fill from `start` through `allowed` squares by moves of a piece of type t.
Bitboard region(PieceType t, Bitboard start, Bitboard allowed, Bitboard pawns) noexcept {
  Bitboard reached = start;
  Bitboard frontier = start;
  while (frontier) {
    const Bitboard next = step_set(t, frontier, pawns) & allowed & ~reached;
    reached |= next;
    frontier = next;
  }
  return reached;
}

}  // namespace

bool cannot_mate_by_material(const Position& pos, Color winner) noexcept {
  const Color loser = ~winner;
  const Bitboard mine = pos.pieces(winner) & ~pos.pieces(PieceType::King);
  if (!mine) return true;  // a lone king cannot give check
  const Bitboard theirs = pos.pieces(loser) & ~pos.pieces(PieceType::King);
  const Bitboard my_knights = pos.pieces(winner, PieceType::Knight);
  const Bitboard my_bishops = pos.pieces(winner, PieceType::Bishop);
  // King and one knight against a lone king.
  if (!theirs && mine == my_knights && !more_than_one(my_knights)) return true;
  // Bishops of one colour only, against at most bishops of that same colour.
  if (mine == my_bishops && theirs == pos.pieces(loser, PieceType::Bishop) &&
      one_colour(my_bishops | theirs))
    return true;
  // One knight, against a king whose only men are queens. Put the king on k = (0, 0) and
  // the checking knight on (1, 2) (every other case is a reflection of it). The king's
  // neighbours (1, 1), (0, 1) and (1, 0) are always on the board; the knight attacks none
  // of them, and no square next to all three is away from k, so the winner's king leaves
  // one open. A queen there takes the knight: from (1, 1) and (0, 1) at once, from (1, 0)
  // over (1, 1), which is empty or holds a queen that takes it itself. So no mate.
  if (mine == my_knights && !more_than_one(my_knights) && theirs &&
      theirs == pos.pieces(loser, PieceType::Queen))
    return true;
  // Bishops of one colour, against no pawn, no knight and no bishop of the other colour.
  // Two bishops never give check together: a bishop that uncovers another's line leaves
  // that diagonal along the parallel to the other diagonal through the king, which never
  // meets it; a pawn promoting to a bishop would have to stand on one diagonal through the
  // king and land on the other, one square forward or diagonally forward, which no square
  // allows. So a mate is a check by one bishop; say it comes through d = k + (1, 1). The
  // king's neighbours k + (1, 0) and k + (0, 1) are on the board (d is) and of the other
  // colour: no bishop attacks them, and their only common neighbours are k and d, so the
  // winner's king covers at most one. The other holds a man of the loser, on the other
  // colour: a rook or a queen, next to d, which takes the bishop there or steps in between
  // (nothing of the winner can pin it). So the check is never mate.
  // (A position set up in such a double check, which no game reaches, is left alone.)
  if (mine == my_bishops && !pos.pieces(loser, PieceType::Pawn) &&
      !pos.pieces(loser, PieceType::Knight) &&
      one_colour(my_bishops | pos.pieces(loser, PieceType::Bishop)) &&
      !(pos.side_to_move() == loser && more_than_one(pos.checkers())))
    return true;
  return false;
}

bool all_pawns_blocked(const Position& pos) noexcept {
  const Bitboard pawns = pos.pieces(PieceType::Pawn);
  const Bitboard white = pos.pieces(Color::White, PieceType::Pawn);
  const Bitboard black = pos.pieces(Color::Black, PieceType::Pawn);
  return (shift<kNorth>(white) & ~pawns) == 0 && (shift<kSouth>(black) & ~pawns) == 0;
}

bool cannot_mate_fixed_pawns(const Position& pos, Color winner) noexcept {
  if (!pos.pieces(PieceType::Pawn) || !all_pawns_blocked(pos)) return false;
  if (pos.castling_rights() != 0 || pos.has_legal_en_passant()) return false;
  const Bitboard pawns = pos.pieces(PieceType::Pawn);
  Bitboard loser_king_region = 0;
  Bitboard winner_reach = 0;  // squares some winner piece could ever attack
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard enemy_pawns = pos.pieces(~c, PieceType::Pawn);
    const Bitboard enemy_attacks = pawn_attack_set(~c, enemy_pawns);
    // Pawns never capture: no enemy pawn stands where one of ours could take it.
    if (pawn_attack_set(c, pos.pieces(c, PieceType::Pawn)) & enemy_pawns) return false;
    const Bitboard allowed = ~pawns & ~enemy_attacks;
    for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                        PieceType::King}) {
      const Bitboard start = pos.pieces(c, t);
      if (!start) continue;
      if (start & enemy_attacks) return false;  // a pawn could capture it now
      const Bitboard reach = region(t, start, allowed, pawns);
      const Bitboard moves = step_set(t, reach, pawns);
      if (t == PieceType::King) {
        // The king may take an enemy pawn that no other enemy pawn protects.
        if (moves & enemy_pawns & ~enemy_attacks) return false;
        if (c == ~winner) loser_king_region = reach;
      } else {
        // Any other piece must never capture a pawn nor step where a pawn captures it.
        if (moves & (enemy_pawns | (enemy_attacks & ~pawns))) return false;
        if (c == winner) winner_reach |= moves;
      }
    }
  }
  // The winner's pawns never check (the losing king never stands on their attacks), the
  // winner's king never gives check: only pieces can, and none reaches the king's region.
  return (winner_reach & loser_king_region) == 0;
}

namespace {

// Squares from `pawn` forward up to (excluding) the first square in `stop`; 0 when the
// file is open to the last rank (the pawn could promote).
Bitboard file_path(Color c, Square pawn, Bitboard stop) noexcept {
  Bitboard path = 0;
  Bitboard b = bb(pawn);
  for (;;) {
    b = c == Color::White ? shift<kNorth>(b) : shift<kSouth>(b);
    if (!b) return 0;  // reached the edge: promotion possible
    if (b & stop) return path;
    path |= b;
  }
}

}  // namespace

bool cannot_mate_locked_pawns(const Position& pos, Color winner) noexcept {
  const Color loser = ~winner;
  const Bitboard wp = pos.pieces(winner, PieceType::Pawn);
  if (!wp || (pos.pieces(winner) & ~wp & ~pos.pieces(PieceType::King))) return false;
  if (pos.has_legal_en_passant()) return false;
  const Bitboard lp = pos.pieces(loser, PieceType::Pawn);
  const auto ahead = [](Color c, Bitboard b) {
    return c == Color::White ? shift<kNorth>(b) : shift<kSouth>(b);
  };
  const auto behind = [](Color c, Bitboard b) {
    return c == Color::White ? shift<kSouth>(b) : shift<kNorth>(b);
  };
  // Held pairs: a winner pawn with a loser pawn right in front of it.
  Bitboard held_w = wp & behind(winner, lp);
  const Bitboard held_l = lp & ahead(winner, held_w);
  // Winner pawns behind held winner pawns are held too.
  for (Bitboard more = wp & behind(winner, held_w) & ~held_w; more;
       more = wp & behind(winner, held_w) & ~held_w)
    held_w |= more;
  if (held_w != wp) return false;
  const Bitboard fixed = held_w | held_l;
  const Bitboard w_attacks = pawn_attack_set(winner, wp);
  // Winner pawns never capture a loser pawn now (they are fixed, so never later either).
  if (w_attacks & lp) return false;
  if (pawn_attack_set(loser, held_l) & wp) return false;
  // Every other loser pawn walks its file up to a fixed pawn, never onto a square the
  // winner's pawns attack, never next to a winner pawn it could take, never promoting.
  for (Bitboard b = lp & ~held_l; b;) {
    const Square s = pop_lsb(b);
    const Bitboard path = file_path(loser, s, fixed);
    if (!path && !(ahead(loser, bb(s)) & fixed)) return false;  // could promote
    const Bitboard squares = path | bb(s);
    if (squares & w_attacks) return false;
    if (pawn_attack_set(loser, squares) & wp) return false;
  }
  // The loser's pieces never reach a square where a winner pawn could take them.
  const Bitboard l_pawn_attacks = pawn_attack_set(loser, held_l);
  for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
    const Bitboard start = pos.pieces(loser, t);
    if (!start) continue;
    const Bitboard reach = region(t, start, ~fixed, fixed);
    if ((reach | step_set(t, reach, fixed)) & (w_attacks | wp)) return false;
  }
  // The losing king never takes a winner pawn that no other winner pawn guards.
  const Bitboard loser_king = pos.pieces(loser, PieceType::King);
  const Bitboard loser_reach =
      region(PieceType::King, loser_king, ~fixed & ~w_attacks, fixed) | loser_king;
  if (step_set(PieceType::King, loser_reach, fixed) & wp & ~w_attacks) return false;
  // The winner's king never takes a held loser pawn (unless another held pawn guards it).
  const Bitboard king = pos.pieces(winner, PieceType::King);
  const Bitboard king_reach = region(PieceType::King, king, ~fixed & ~l_pawn_attacks, fixed);
  if (step_set(PieceType::King, king_reach, fixed) & held_l & ~l_pawn_attacks) return false;
  return true;
}

bool cannot_mate_by_reachability(const Position& pos, Color winner) noexcept {
  if (pos.has_legal_en_passant()) return false;
  return cannot_mate_within(reachability(pos), pos, winner);
}

bool cannot_mate_within(const Reachability& r, const Position& pos, Color winner) noexcept {
  if (pos.has_legal_en_passant()) return false;
  const Color loser = ~winner;
  const Bitboard region = r.king[static_cast<std::size_t>(index(loser))];
  // Sliders see through every man that may ever leave its square.
  const Bitboard blockers = pos.pieces() & ~r.mobile;
  Bitboard checks = 0;  // squares the winner's men may ever attack (its king gives no check)
  Bitboard cover = 0;   // ... and its king
  for (int i = 0; i < r.count; ++i) {
    const ManReach& m = r.men[static_cast<std::size_t>(i)];
    if (m.colour != winner) continue;
    (m.type == PieceType::King ? cover : checks) |= attack_potential(m, blockers);
  }
  cover |= checks;
  // A mate on k needs a check there, and each flight square of k covered by the winner or
  // filled by a man of the loser. A flight that nothing of the winner may ever attack
  // needs a filler; too few fillers for such flights: no mate on k. (Bishops of one
  // colour never attack the flights of the other colour, the classic case.)
  for (Bitboard ks = region & checks; ks;) {
    const Square k = pop_lsb(ks);
    const Bitboard flights = king_attacks(k) & region & ~cover;
    if (!flights) return false;
    std::uint32_t fillers = 0;  // the loser's men that may fill some flight
    bool every_flight = true;
    for (Bitboard f = flights; f && every_flight;) {
      const Square e = pop_lsb(f);
      std::uint32_t can_fill = 0;
      for (int i = 0; i < r.count; ++i) {
        const ManReach& m = r.men[static_cast<std::size_t>(i)];
        if (m.colour == loser && m.type != PieceType::King && (m.squares & bb(e)))
          can_fill |= std::uint32_t{1} << i;
      }
      every_flight = can_fill != 0;
      fillers |= can_fill;
    }
    if (every_flight && popcount(fillers) >= popcount(flights)) return false;
  }
  return true;
}

}  // namespace arbiter::game
