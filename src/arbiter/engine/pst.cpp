#include "arbiter/engine/pst.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "arbiter/engine/eval_params.hpp"

namespace arbiter::engine {

using core::Color;
using core::PieceType;
using core::Square;

namespace {

// Manhattan distance to the nearest of d4, e4, d5, e5 (0..6).
int centre_distance(int file, int rank) noexcept {
  const int df = file < 4 ? 3 - file : file - 4;
  const int dr = rank < 4 ? 3 - rank : rank - 4;
  return df + dr;
}

Score pawn_rule(int f, int r) noexcept {
  Score s{4 * (r - 1), 9 * (r - 1)};
  const bool centre = f == 3 || f == 4;
  const bool near_centre = f == 2 || f == 5;
  if (centre && (r == 3 || r == 4)) s.mg += 12;
  if (near_centre && (r == 3 || r == 4)) s.mg += 5;
  if (centre && r == 1) s.mg -= 6;  // the d/e pawns should leave their start square
  return s;
}

Score king_rule(int f, int r, int cd) noexcept {
  // Midgame: shelter on the wings of the back rank; leaving it costs more each rank.
  static constexpr int kBackRank[8] = {18, 26, 12, -4, -8, 0, 28, 20};
  const int mg = r == 0 ? kBackRank[f] : -std::min(70, 22 * r + (f >= 2 && f <= 5 ? 10 : 0));
  // Endgame: the king belongs in the centre.
  const int eg = 28 - 9 * cd;
  return {mg, eg};
}

Score rule(PieceType t, int f, int r) noexcept {
  const int cd = centre_distance(f, r);
  switch (t) {
    case PieceType::Pawn: return pawn_rule(f, r);
    case PieceType::Knight: return {22 - 9 * cd + (r >= 2 && r <= 5 ? 4 : 0), 16 - 7 * cd};
    case PieceType::Bishop: return {10 - 4 * cd + (f == r || f + r == 7 ? 6 : 0), 8 - 3 * cd};
    case PieceType::Rook: {
      const int file_bonus = (f == 3 || f == 4) ? 6 : (f == 2 || f == 5) ? 3 : 0;
      return {file_bonus + (r == 6 ? 16 : 0), r == 6 ? 10 : 0};
    }
    case PieceType::Queen: return {4 - 2 * cd, 12 - 4 * cd};
    case PieceType::King: return king_rule(f, r, cd);
    default: return {};
  }
}

struct Tables {
  std::array<std::array<Score, 64>, 6> white{};
};

Tables build() noexcept {
  Tables t;
  for (int p = 0; p < 6; ++p)
    for (int s = 0; s < 64; ++s)
      t.white[p][s] = rule(static_cast<PieceType>(p), s & 7, s >> 3) + params::kPieceValue[p];
  return t;
}

const Tables kTables = build();

}  // namespace

Score pst_rule(PieceType t, Square white_square) noexcept {
  const int s = core::index(white_square);
  return rule(t, s & 7, s >> 3);
}

Score pst(Color c, PieceType t, Square s) noexcept {
  return kTables.white[core::index(t)][core::index(core::relative_square(c, s))];
}

}  // namespace arbiter::engine
