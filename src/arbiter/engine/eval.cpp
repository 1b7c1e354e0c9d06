#include "arbiter/engine/eval.hpp"

#include <algorithm>
#include <cstdlib>

#include "arbiter/core/attacks.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/pst.hpp"

namespace arbiter::engine {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Square;

namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

int square_distance(Square a, Square b) noexcept {
  const int df = std::abs(core::index(core::file_of(a)) - core::index(core::file_of(b)));
  const int dr = std::abs(core::index(core::rank_of(a)) - core::index(core::rank_of(b)));
  return std::max(df, dr);
}

int non_pawn_material(const core::Position& pos, Color c) noexcept {
  int v = 0;
  for (int t = 1; t <= 4; ++t)
    v += pos.count(c, static_cast<PieceType>(t)) * params::kPieceValue[t].mg;
  return v;
}

struct Context {
  const core::Position& pos;
  const PawnEntry& pawns;
  Bitboard occupied;
  int attack_units[2] = {};  // against the king of the given colour
  int attackers[2] = {};
};

Bitboard king_zone(const core::Position& pos, Color c) noexcept {
  const Square k = pos.king_square(c);
  return core::king_attacks(k) | core::bb(k);
}

// Mobility, outposts, open files and attacks on the enemy king for the pieces of `c`.
Score pieces_term(Context& ctx, Color c) noexcept {
  const core::Position& pos = ctx.pos;
  const Color them = ~c;
  const Bitboard mobility_area = ~pos.pieces(c) & ~ctx.pawns.attacks[core::index(them)];
  const Bitboard zone = king_zone(pos, them);
  Score s;
  for (int t = 1; t <= 4; ++t) {
    const PieceType type = static_cast<PieceType>(t);
    Bitboard b = pos.pieces(c, type);
    while (b) {
      const Square sq = core::pop_lsb(b);
      const Bitboard att = core::attacks_of(type, sq, ctx.occupied);
      const int n = core::popcount(att & mobility_area);
      s += params::kMobilityPerSquare[t - 1] * (n - params::kMobilityBase[t - 1]);
      if (att & zone) {
        ctx.attack_units[core::index(them)] +=
            params::kAttackWeight[t] + core::popcount(att & zone);
        ++ctx.attackers[core::index(them)];
      }
      if (type == PieceType::Rook) {
        const int f = core::index(core::file_of(sq));
        const bool own_open = ctx.pawns.semi_open[core::index(c)] & (1u << f);
        const bool their_open = ctx.pawns.semi_open[core::index(them)] & (1u << f);
        if (own_open) s += their_open ? params::kRookOpenFile : params::kRookSemiOpenFile;
      } else if (type == PieceType::Knight) {
        const int rr = core::index(core::relative_rank(c, core::rank_of(sq)));
        if (rr >= 3 && rr <= 5 && (core::bb(sq) & ctx.pawns.attacks[core::index(c)]) &&
            !(passed_span(c, sq) & adjacent_files(sq) & pos.pieces(them, PieceType::Pawn)))
          s += params::kKnightOutpost;
      }
    }
  }
  if (pos.count(c, PieceType::Bishop) >= 2) s += params::kBishopPair;
  return s;
}

// Pawn shelter and the attack computed by pieces_term against the king of `c`.
int king_safety_mg(const Context& ctx, Color c) noexcept {
  const core::Position& pos = ctx.pos;
  const Square k = pos.king_square(c);
  const int kf = core::index(core::file_of(k));
  const Bitboard ours = pos.pieces(c, PieceType::Pawn);
  int v = 0;
  for (int f = std::max(0, kf - 1); f <= std::min(7, kf + 1); ++f) {
    const Bitboard file_pawns = ours & core::file_bb(static_cast<core::File>(f));
    const int kr = core::index(core::relative_rank(c, core::rank_of(k)));
    bool near = false;
    bool far = false;
    Bitboard b = file_pawns;
    while (b) {
      const int pr = core::index(core::relative_rank(c, core::rank_of(core::pop_lsb(b))));
      near |= pr == kr + 1;
      far |= pr == kr + 2;
    }
    v += near ? params::kShieldNear : far ? params::kShieldFar : params::kShieldMissing;
    if (!file_pawns) v += params::kOpenFileNearKing;
  }
  const int units = ctx.attack_units[core::index(c)];
  if (ctx.attackers[core::index(c)] >= 2) {
    int danger = units * units * 3 / 4;
    if (!pos.pieces(~c, PieceType::Queen)) danger /= 2;
    v -= std::min(danger, 600);
  }
  return v;
}

// King-dependent passed-pawn terms (endgame): escorts, blockade, the rule of the square.
Score passed_term(const core::Position& pos, const PawnEntry& pawns, Color c) noexcept {
  const Color them = ~c;
  Score s;
  Bitboard b = pawns.passed[core::index(c)];
  const Square our_king = pos.king_square(c);
  const Square their_king = pos.king_square(them);
  const bool pawn_ending = non_pawn_material(pos, them) == 0;
  while (b) {
    const Square sq = core::pop_lsb(b);
    const int rr = core::index(core::relative_rank(c, core::rank_of(sq)));
    const int w = std::max(0, rr - 2);
    const Square stop = c == Color::White ? sq + 8 : sq - 8;
    s.eg += w * (params::kPassedKingProximity * std::min(square_distance(their_king, stop), 5) -
                 2 * std::min(square_distance(our_king, stop), 5));
    if (pos.empty(stop)) s.eg += 3 * w;
    if (pawn_ending) {
      const Square promo =
          core::make_square(core::file_of(sq), c == Color::White ? core::Rank::R8 : core::Rank::R1);
      const int pawn_moves = 7 - rr - (rr == 1 ? 1 : 0);
      const int king_moves =
          square_distance(their_king, promo) - (pos.side_to_move() == them ? 1 : 0);
      if (king_moves > pawn_moves && !(forward_file(c, sq) & pos.pieces())) s.eg += 500;
    }
  }
  return s;
}

}  // namespace

int game_phase(const core::Position& pos) noexcept {
  int phase = 0;
  for (int t = 1; t <= 4; ++t)
    phase += params::kPhaseWeight[t] * core::popcount(pos.pieces(static_cast<PieceType>(t)));
  return std::min(phase, params::kMaxPhase);
}

bool is_insufficient_material(const core::Position& pos) noexcept {
  if (pos.pieces(PieceType::Pawn, PieceType::Rook) || pos.pieces(PieceType::Queen)) return false;
  const Bitboard minors = pos.pieces(PieceType::Knight, PieceType::Bishop);
  return core::popcount(minors) <= 1;
}

int endgame_scale(const core::Position& pos, Color strong) noexcept {
  const Color weak = ~strong;
  const int strong_npm = non_pawn_material(pos, strong);
  const int weak_npm = non_pawn_material(pos, weak);
  if (!pos.pieces(strong, PieceType::Pawn)) {
    // Without pawns, a minor piece more is not enough to win; two knights cannot force mate.
    const bool only_knights = pos.pieces(strong) == (pos.pieces(strong, PieceType::Knight) |
                                                     pos.pieces(strong, PieceType::King));
    if (only_knights && pos.count(strong, PieceType::Knight) <= 2) return 0;
    if (strong_npm - weak_npm <= params::kPieceValue[2].mg)
      return strong_npm < params::kPieceValue[3].mg ? 0 : 12;
  }
  // Opposite-coloured bishops with nothing else are notoriously drawish.
  if (strong_npm == params::kPieceValue[2].mg && weak_npm == params::kPieceValue[2].mg) {
    const Bitboard wb = pos.pieces(Color::White, PieceType::Bishop);
    const Bitboard bb = pos.pieces(Color::Black, PieceType::Bishop);
    if (wb && bb && (((wb & kDarkSquares) != 0) != ((bb & kDarkSquares) != 0))) return 28;
  }
  return 64;
}

Value evaluate(const core::Position& pos, PawnTable& pawn_table) noexcept {
  if (is_insufficient_material(pos)) return kDraw;
  const PawnEntry& pawns = pawn_table.probe(pos);
  Context ctx{pos, pawns, pos.pieces()};

  Score s = pawns.score;
  for (Color c : {Color::White, Color::Black}) {
    Score side;
    for (int t = 0; t < 6; ++t) {
      Bitboard b = pos.pieces(c, static_cast<PieceType>(t));
      while (b) side += pst(c, static_cast<PieceType>(t), core::pop_lsb(b));
    }
    side += pieces_term(ctx, c);
    side += passed_term(pos, pawns, c);
    s += c == Color::White ? side : -side;
  }
  s.mg += king_safety_mg(ctx, Color::White) - king_safety_mg(ctx, Color::Black);

  const int phase = game_phase(pos);
  const Color strong = s.eg >= 0 ? Color::White : Color::Black;
  const int scale = endgame_scale(pos, strong);
  const int eg = s.eg * scale / 64;
  int v = (s.mg * phase + eg * (params::kMaxPhase - phase)) / params::kMaxPhase;
  if (scale == 0 && phase == 0) v = 0;
  v = pos.side_to_move() == Color::White ? v : -v;
  return v + params::kTempo;
}

}  // namespace arbiter::engine
