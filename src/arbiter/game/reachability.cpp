#include "arbiter/game/reachability.hpp"

#include "arbiter/core/attacks.hpp"

namespace arbiter::game {

using namespace core;

namespace {

constexpr Bitboard kNotA = ~kFileA;
constexpr Bitboard kNotH = ~kFileH;
constexpr Bitboard kNotAB = ~(kFileA | (kFileA << 1));
constexpr Bitboard kNotGH = ~(kFileH | (kFileH >> 1));

Bitboard orthogonal_steps(Bitboard b) noexcept {
  return shift<kNorth>(b) | shift<kSouth>(b) | shift<kEast>(b) | shift<kWest>(b);
}
Bitboard diagonal_steps(Bitboard b) noexcept {
  return shift<kNorthEast>(b) | shift<kNorthWest>(b) | shift<kSouthEast>(b) | shift<kSouthWest>(b);
}
Bitboard king_steps(Bitboard b) noexcept { return orthogonal_steps(b) | diagonal_steps(b); }
Bitboard knight_steps(Bitboard b) noexcept {
  const Bitboard one = ((b << 1) & kNotA) | ((b >> 1) & kNotH);
  const Bitboard two = ((b << 2) & kNotAB) | ((b >> 2) & kNotGH);
  return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}
Bitboard pawn_pushes(Color c, Bitboard b) noexcept {
  return c == Color::White ? shift<kNorth>(b) : shift<kSouth>(b);
}
Bitboard pawn_captures(Color c, Bitboard b) noexcept {
  return c == Color::White ? pawn_attacks_bb<Color::White>(b) : pawn_attacks_bb<Color::Black>(b);
}
Bitboard last_rank(Color c) noexcept { return c == Color::White ? kRank8 : kRank1; }
// The squares of s's file from s onward in the direction colour c's pawns move.
Bitboard ahead_from(Color c, Square s) noexcept {
  const Bitboard b = bb(s);
  return file_bb(s) & (c == Color::White ? ~(b - 1) : (b | (b - 1)));
}

// One step of a man of this type from any square of `b` (sliders one square at a time; a
// promoted pawn as any piece).
Bitboard steps(const ManReach& m, Bitboard b) noexcept {
  if (m.promotes) return king_steps(b) | knight_steps(b);
  switch (m.type) {
    case PieceType::Knight: return knight_steps(b);
    case PieceType::Bishop: return diagonal_steps(b);
    case PieceType::Rook: return orthogonal_steps(b);
    case PieceType::Queen:
    case PieceType::King: return king_steps(b);
    default: return 0;
  }
}

// Grows the squares of one man with the sets of the last round; true when they grew.
bool grow(ManReach& m, Bitboard free, Bitboard push_free, Bitboard enemy_stand,
          Bitboard king_forbidden, Bitboard never_pushed_onto) noexcept {
  const Bitboard squares_before = m.squares;
  const Bitboard captures_before = m.captures;
  const bool promotes_before = m.promotes;
  if (m.type == PieceType::Pawn && !m.promotes) {
    for (Bitboard frontier = m.squares; frontier;) {
      const Bitboard caps = pawn_captures(m.colour, frontier) & enemy_stand;
      const Bitboard pushes = pawn_pushes(m.colour, frontier) & push_free & ~never_pushed_onto;
      const Bitboard next = (pushes | caps) & ~m.squares;
      m.captures |= caps;
      m.squares |= next;
      frontier = next;
    }
    if (m.squares & last_rank(m.colour)) m.promotes = true;
  }
  if (m.type != PieceType::Pawn || m.promotes) {
    // A promoted pawn goes on from the squares of its last rank.
    const Bitboard allowed = m.type == PieceType::King ? free & ~king_forbidden : free;
    Bitboard frontier = m.type == PieceType::Pawn ? m.squares & last_rank(m.colour) : m.squares;
    while (frontier) {
      const Bitboard next = steps(m, frontier) & allowed & ~m.squares;
      m.squares |= next;
      frontier = next;
    }
    m.captures |= m.squares & ~bb(m.from);  // a piece captures wherever it may step
  }
  return m.squares != squares_before || m.captures != captures_before ||
         m.promotes != promotes_before;
}

}  // namespace

Bitboard attack_potential(const ManReach& m, Bitboard blockers) noexcept {
  if (m.promotes) return ~Bitboard{0};
  switch (m.type) {
    case PieceType::Pawn: return pawn_captures(m.colour, m.squares);
    case PieceType::Knight: return knight_steps(m.squares);
    case PieceType::King: return king_steps(m.squares);
    default: break;
  }
  Bitboard out = 0;
  for (Bitboard b = m.squares; b;) {
    const Square s = pop_lsb(b);
    if (m.type != PieceType::Rook) out |= bishop_attacks(s, blockers);
    if (m.type != PieceType::Bishop) out |= rook_attacks(s, blockers);
  }
  return out;
}

Reachability reachability(const Position& pos) noexcept {
  Reachability r;
  const Bitboard occupied = pos.pieces();
  for (Bitboard b = occupied; b;) {
    const Square s = pop_lsb(b);
    ManReach& m = r.men[static_cast<std::size_t>(r.count++)];
    m.from = s;
    m.colour = color_of(pos.piece_on(s));
    m.type = type_of(pos.piece_on(s));
    m.squares = bb(s);
  }
  const Bitboard kings = pos.pieces(PieceType::King);
  for (bool changed = true; changed; ++r.passes) {
    changed = false;
    // What the men may do so far: leave their squares, stand, capture.
    r.mobile = 0;
    r.stand = {0, 0};
    r.capture = {0, 0};
    for (int i = 0; i < r.count; ++i) {
      const ManReach& m = r.men[static_cast<std::size_t>(i)];
      const int c = index(m.colour);
      if (m.squares != bb(m.from) || m.promotes) r.mobile |= bb(m.from);
      if (m.type != PieceType::King) r.stand[static_cast<std::size_t>(c)] |= m.squares;
      r.capture[static_cast<std::size_t>(c)] |= m.captures;
    }
    for (int i = 0; i < r.count; ++i) {
      const ManReach& m = r.men[static_cast<std::size_t>(i)];
      const auto c = static_cast<std::size_t>(index(m.colour));
      if (m.type != PieceType::King && (r.capture[1 - c] & bb(m.from))) r.mobile |= bb(m.from);
    }
    // Squares some man may ever stand on: a slider's ray over none of them stays open.
    Bitboard ever = 0;
    for (int i = 0; i < r.count; ++i) ever |= r.men[static_cast<std::size_t>(i)].squares;
    // The attacks of the men that never leave their squares (a slider's only over rays no
    // man can ever block): a king never steps there.
    std::array<Bitboard, 2> fixed_attacks{0, 0};
    for (int i = 0; i < r.count; ++i) {
      const ManReach& m = r.men[static_cast<std::size_t>(i)];
      if (r.mobile & bb(m.from)) continue;
      fixed_attacks[static_cast<std::size_t>(index(m.colour))] |=
          attack_potential(m, ever & ~bb(m.from));
    }
    // A pawn that never captures stays on its file; it never passes an enemy pawn ahead
    // on that file which never captures and is never captured (that one only comes
    // closer): it never reaches that pawn's square.
    std::array<Bitboard, 32> never_pushed_onto{};
    for (int i = 0; i < r.count; ++i) {
      const ManReach& m = r.men[static_cast<std::size_t>(i)];
      if (m.type != PieceType::Pawn || m.promotes || m.captures) continue;
      const Bitboard ahead = ahead_from(m.colour, m.from) & ~bb(m.from);
      for (int j = 0; j < r.count; ++j) {
        const ManReach& e = r.men[static_cast<std::size_t>(j)];
        if (e.type != PieceType::Pawn || e.colour == m.colour || e.promotes || e.captures ||
            !(ahead & bb(e.from)) ||
            (e.squares & r.capture[static_cast<std::size_t>(index(m.colour))]))
          continue;
        never_pushed_onto[static_cast<std::size_t>(i)] |= ahead_from(m.colour, e.from);
      }
    }
    const Bitboard push_free = ~occupied | r.mobile;
    for (int i = 0; i < r.count; ++i) {
      ManReach& m = r.men[static_cast<std::size_t>(i)];
      const auto c = static_cast<std::size_t>(index(m.colour));
      // Empty, an enemy man that can be taken (not the king), or a man that may leave.
      const Bitboard free = ~occupied | (pos.pieces(~m.colour) & ~kings) | r.mobile;
      if (grow(m, free, push_free, r.stand[1 - c], fixed_attacks[1 - c],
               never_pushed_onto[static_cast<std::size_t>(i)]))
        changed = true;
    }
  }
  for (int i = 0; i < r.count; ++i) {
    const ManReach& m = r.men[static_cast<std::size_t>(i)];
    if (m.type == PieceType::King) r.king[static_cast<std::size_t>(index(m.colour))] = m.squares;
  }
  return r;
}

}  // namespace arbiter::game
