#include "arbiter/engine/pawns.hpp"

#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/eval_trace.hpp"

namespace arbiter::engine {

using core::Bitboard;
using core::Color;
using core::PieceType;
using core::Square;

namespace {

Bitboard ranks_ahead(Color c, Square s) noexcept {
  const int r = core::index(core::rank_of(s));
  if (c == Color::White) return r >= 7 ? 0 : ~Bitboard{0} << (8 * (r + 1));
  return r <= 0 ? 0 : ~Bitboard{0} >> (8 * (8 - r));
}

}  // namespace

Bitboard adjacent_files(Square s) noexcept {
  const Bitboard f = core::file_bb(s);
  return ((f & ~core::kFileH) << 1) | ((f & ~core::kFileA) >> 1);
}

Bitboard forward_file(Color c, Square s) noexcept { return ranks_ahead(c, s) & core::file_bb(s); }

Bitboard passed_span(Color c, Square s) noexcept {
  return ranks_ahead(c, s) & (core::file_bb(s) | adjacent_files(s));
}

template <typename Trace>
void evaluate_pawns_impl(const core::Position& pos, PawnEntry& e, Trace& trace) noexcept {
  const EvalParams& p = eval_params();
  e.score = {};
  for (Color c : {Color::White, Color::Black}) {
    const Color them = ~c;
    const Bitboard ours = pos.pieces(c, PieceType::Pawn);
    const Bitboard theirs = pos.pieces(them, PieceType::Pawn);
    const Bitboard their_attacks = c == Color::White ? core::pawn_attacks_bb<Color::Black>(theirs)
                                                     : core::pawn_attacks_bb<Color::White>(theirs);
    e.pawns[core::index(c)] = ours;
    e.attacks[core::index(c)] = c == Color::White ? core::pawn_attacks_bb<Color::White>(ours)
                                                  : core::pawn_attacks_bb<Color::Black>(ours);
    e.passed[core::index(c)] = 0;
    std::uint8_t semi_open = 0xFF;
    Score s;
    Bitboard b = ours;
    while (b) {
      const Square sq = core::pop_lsb(b);
      const int f = core::index(core::file_of(sq));
      semi_open = static_cast<std::uint8_t>(semi_open & ~(1u << f));
      const int rr = core::index(core::relative_rank(c, core::rank_of(sq)));
      const Bitboard neighbours = ours & adjacent_files(sq);
      const Square stop = c == Color::White ? sq + 8 : sq - 8;

      const auto term = [&](int i) {
        s += p[i];
        trace.add(i, c, 1);
      };
      if (forward_file(c, sq) & ours) term(param::kDoubled);
      if (!neighbours) {
        term(param::kIsolated);
      } else if (!(neighbours & ~ranks_ahead(c, sq)) && (core::bb(stop) & their_attacks)) {
        // Every neighbour is further up the board and the stop square is controlled.
        term(param::kBackward);
      }
      if (core::pawn_attacks(them, sq) & ours) term(param::kSupported);
      if (!(passed_span(c, sq) & theirs) && !(forward_file(c, sq) & ours)) {
        e.passed[core::index(c)] |= core::bb(sq);
        term(param::kPassed + rr);
      }
    }
    e.semi_open[core::index(c)] = semi_open;
    e.score += c == Color::White ? s : -s;
  }
}

void evaluate_pawns(const core::Position& pos, PawnEntry& entry) noexcept {
  NoTrace none;
  evaluate_pawns_impl(pos, entry, none);
}

void evaluate_pawns(const core::Position& pos, PawnEntry& entry, EvalTrace& trace) noexcept {
  evaluate_pawns_impl(pos, entry, trace);
}

PawnTable::PawnTable(std::size_t entries) : table_(entries), mask_(entries - 1) {}

const PawnEntry& PawnTable::probe(const core::Position& pos) noexcept {
  const Bitboard w = pos.pieces(Color::White, PieceType::Pawn);
  const Bitboard k = pos.pieces(Color::Black, PieceType::Pawn);
  std::uint64_t h = w * 0x9E3779B97F4A7C15ULL ^ ((k * 0xC2B2AE3D27D4EB4FULL) >> 7);
  h ^= h >> 29;
  PawnEntry& e = table_[h & mask_];
  if (e.pawns[0] != w || e.pawns[1] != k) evaluate_pawns(pos, e);
  return e;
}

}  // namespace arbiter::engine
