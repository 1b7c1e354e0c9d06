#include "arbiter/engine/eval.hpp"

#include <algorithm>
#include <cstdlib>
#include <type_traits>

#include "arbiter/core/attacks.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/eval_trace.hpp"
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
    v += pos.count(c, static_cast<PieceType>(t)) * params::kScaleValue[t];
  return v;
}

struct Context {
  const core::Position& pos;
  const EvalParams& p;
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
template <typename Trace>
Score pieces_term(Context& ctx, Color c, Trace& trace) noexcept {
  const core::Position& pos = ctx.pos;
  const EvalParams& p = ctx.p;
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
      const int mobility = param::kMobility + param::kMobilityOffset[t - 1] + n;
      s += p[mobility];
      trace.add(mobility, c, 1);
      if (att & zone) {
        ctx.attack_units[core::index(them)] +=
            params::kAttackWeight[t] + core::popcount(att & zone);
        ++ctx.attackers[core::index(them)];
      }
      if (type == PieceType::Rook) {
        const int f = core::index(core::file_of(sq));
        const bool own_open = ctx.pawns.semi_open[core::index(c)] & (1u << f);
        const bool their_open = ctx.pawns.semi_open[core::index(them)] & (1u << f);
        if (own_open) {
          const int i = their_open ? param::kRookOpenFile : param::kRookSemiOpenFile;
          s += p[i];
          trace.add(i, c, 1);
        }
      } else if (type == PieceType::Knight) {
        const int rr = core::index(core::relative_rank(c, core::rank_of(sq)));
        if (rr >= 3 && rr <= 5 && (core::bb(sq) & ctx.pawns.attacks[core::index(c)]) &&
            !(passed_span(c, sq) & adjacent_files(sq) & pos.pieces(them, PieceType::Pawn))) {
          s += p[param::kKnightOutpost];
          trace.add(param::kKnightOutpost, c, 1);
        }
      }
    }
  }
  if (pos.count(c, PieceType::Bishop) >= 2) {
    s += p[param::kBishopPair];
    trace.add(param::kBishopPair, c, 1);
  }
  return s;
}

// Pawn shelter and the attack computed by pieces_term against the king of `c`.
template <typename Trace>
int king_safety_mg(const Context& ctx, Color c, Trace& trace) noexcept {
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
    const int shield = near ? param::kShieldNear : far ? param::kShieldFar : param::kShieldMissing;
    v += ctx.p[shield].mg;
    trace.add_mg(shield, c, 1);
    if (!file_pawns) {
      v += ctx.p[param::kOpenFileNearKing].mg;
      trace.add_mg(param::kOpenFileNearKing, c, 1);
    }
  }
  const int units = ctx.attack_units[core::index(c)];
  if (ctx.attackers[core::index(c)] >= 2) {
    const int danger = param::kKingDanger + std::min(units, param::kDangerUnits - 1) +
                       (pos.pieces(~c, PieceType::Queen) ? 0 : param::kDangerUnits);
    v += ctx.p[danger].mg;
    trace.add_mg(danger, c, 1);
  }
  return v;
}

// King-dependent passed-pawn terms (endgame): escorts, blockade, the rule of the square.
template <typename Trace>
Score passed_term(const core::Position& pos, const EvalParams& p, const PawnEntry& pawns, Color c,
                  Trace& trace) noexcept {
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
    const int far = w * std::min(square_distance(their_king, stop), 5);
    s.eg += p[param::kPassedKingProximity].eg * far -
            w * 2 * std::min(square_distance(our_king, stop), 5);
    trace.add_eg(param::kPassedKingProximity, c, far);
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
    if (strong_npm - weak_npm <= params::kScaleValue[2])
      return strong_npm < params::kScaleValue[3] ? 0 : 12;
  }
  // Opposite-coloured bishops with nothing else are notoriously drawish.
  if (strong_npm == params::kScaleValue[2] && weak_npm == params::kScaleValue[2]) {
    const Bitboard wb = pos.pieces(Color::White, PieceType::Bishop);
    const Bitboard bb = pos.pieces(Color::Black, PieceType::Bishop);
    if (wb && bb && (((wb & kDarkSquares) != 0) != ((bb & kDarkSquares) != 0))) return 28;
  }
  return 64;
}

namespace {

template <typename Trace>
Value evaluate_impl(const core::Position& pos, const PawnEntry& pawns, Trace& trace) noexcept {
  const EvalParams& p = eval_params();
  Context ctx{pos, p, pawns, pos.pieces()};

  Score s = pawns.score;
  for (Color c : {Color::White, Color::Black}) {
    Score side;
    for (int t = 0; t < 6; ++t) {
      Bitboard b = pos.pieces(c, static_cast<PieceType>(t));
      while (b) {
        const Square sq = core::pop_lsb(b);
        side += pst(c, static_cast<PieceType>(t), sq);
        trace.add(param::kPieceValue + t, c, 1);
        trace.add(param::kPst + 64 * t + core::index(core::relative_square(c, sq)), c, 1);
      }
    }
    side += pieces_term(ctx, c, trace);
    side += passed_term(pos, p, pawns, c, trace);
    s += c == Color::White ? side : -side;
  }
  s.mg += king_safety_mg(ctx, Color::White, trace) - king_safety_mg(ctx, Color::Black, trace);

  const int phase = game_phase(pos);
  const Color strong = s.eg >= 0 ? Color::White : Color::Black;
  const int scale = endgame_scale(pos, strong);
  if constexpr (std::is_same_v<Trace, EvalTrace>) {
    trace.total = s;
    trace.phase = phase;
    trace.scale = scale;
    trace.white_to_move = pos.side_to_move() == Color::White;
  }
  const int eg = s.eg * scale / 64;
  int v = (s.mg * phase + eg * (params::kMaxPhase - phase)) / params::kMaxPhase;
  if (scale == 0 && phase == 0) v = 0;
  v = pos.side_to_move() == Color::White ? v : -v;
  return v + params::kTempo;
}

}  // namespace

Value evaluate(const core::Position& pos, PawnTable& pawn_table) noexcept {
  if (is_insufficient_material(pos)) return kDraw;
  NoTrace none;
  return evaluate_impl(pos, pawn_table.probe(pos), none);
}

Value evaluate_traced(const core::Position& pos, EvalTrace& trace) noexcept {
  trace = EvalTrace{};
  trace.white_to_move = pos.side_to_move() == Color::White;
  if (is_insufficient_material(pos)) {
    trace.insufficient = true;
    return kDraw;
  }
  PawnEntry pawns;
  evaluate_pawns(pos, pawns, trace);
  return evaluate_impl(pos, pawns, trace);
}

}  // namespace arbiter::engine
