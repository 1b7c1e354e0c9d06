#include "arbiter/engine/pst.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

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

using Tables = std::array<std::array<Score, 64>, 6>;

Tables build(const EvalParams& p) noexcept {
  Tables t{};
  for (int type = 0; type < 6; ++type)
    for (int s = 0; s < 64; ++s)
      t[type][s] = p[param::kPst + 64 * type + s] + p[param::kPieceValue + type];
  return t;
}

// One translation unit holds the weights and the tables built from them, so they are
// initialised in this order.
EvalParams g_params = default_eval_params();
Tables g_tables = build(g_params);

constexpr const char* kTypeNames[6] = {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

}  // namespace

EvalParams rule_eval_params() noexcept {
  EvalParams p;
  constexpr Score kPieceValue[6] = {{90, 115},  {330, 300},   {345, 320},
                                    {470, 540}, {1000, 1000}, {0, 0}};
  constexpr Score kMobility[4] = {{4, 4}, {5, 5}, {2, 4}, {1, 2}};
  constexpr Score kPassed[8] = {{0, 0},   {4, 10},  {8, 16},   {14, 28},
                                {30, 55}, {55, 95}, {90, 150}, {0, 0}};
  for (int t = 0; t < 6; ++t) {
    p[param::kPieceValue + t] = kPieceValue[t];
    for (int s = 0; s < 64; ++s)
      p[param::kPst + 64 * t + s] = rule(static_cast<PieceType>(t), s & 7, s >> 3);
  }
  // Mobility: linear in the squares beyond a typical count.
  constexpr int kMobilityBase[4] = {4, 6, 7, 13};
  for (int i = 0; i < 4; ++i)
    for (int n = 0; n < param::kMobilityOffset[i + 1] - param::kMobilityOffset[i]; ++n)
      p[param::kMobility + param::kMobilityOffset[i] + n] = kMobility[i] * (n - kMobilityBase[i]);
  // King danger: quadratic in the attack units, halved without the queen, capped at 600.
  for (int u = 0; u < param::kDangerUnits; ++u) {
    const int danger = u * u * 3 / 4;
    p[param::kKingDanger + u] = {-std::min(danger, 600), 0};
    p[param::kKingDanger + param::kDangerUnits + u] = {-std::min(danger / 2, 600), 0};
  }
  for (int r = 0; r < 8; ++r) p[param::kPassed + r] = kPassed[r];
  p[param::kDoubled] = {-10, -22};
  p[param::kIsolated] = {-12, -14};
  p[param::kBackward] = {-8, -10};
  p[param::kSupported] = {6, 5};
  p[param::kPassedKingProximity] = {0, 4};
  p[param::kBishopPair] = {28, 50};
  p[param::kRookOpenFile] = {24, 10};
  p[param::kRookSemiOpenFile] = {11, 6};
  p[param::kKnightOutpost] = {16, 8};
  p[param::kShieldNear] = {12, 0};
  p[param::kShieldFar] = {6, 0};
  p[param::kShieldMissing] = {-16, 0};
  p[param::kOpenFileNearKing] = {-12, 0};
  return p;
}

const EvalParams& eval_params() noexcept { return g_params; }

void set_eval_params(const EvalParams& p) noexcept {
  g_params = p;
  g_tables = build(p);
}

std::string param_name(int i) {
  using namespace param;
  const auto indexed = [](const char* name, int k) {
    return std::string(name) + "[" + std::to_string(k) + "]";
  };
  if (i < kPst) return std::string("piece_value[") + kTypeNames[i - kPieceValue] + "]";
  if (i < kMobility) {
    const int s = (i - kPst) % 64;
    const std::string sq{static_cast<char>('a' + (s & 7)), static_cast<char>('1' + (s >> 3))};
    return std::string("pst[") + kTypeNames[(i - kPst) / 64] + "][" + sq + "]";
  }
  if (i < kDoubled) {
    int t = 0;
    while (i - kMobility >= kMobilityOffset[t + 1]) ++t;
    return std::string("mobility[") + kTypeNames[t + 1] + "][" +
           std::to_string(i - kMobility - kMobilityOffset[t]) + "]";
  }
  if (i >= kKingDanger) {
    const int u = i - kKingDanger;
    return u < kDangerUnits ? indexed("king_danger", u)
                            : indexed("king_danger_no_queen", u - kDangerUnits);
  }
  if (i >= kPassed && i < kPassedKingProximity) return indexed("passed", i - kPassed);
  switch (i) {
    case kDoubled: return "doubled";
    case kIsolated: return "isolated";
    case kBackward: return "backward";
    case kSupported: return "supported";
    case kPassedKingProximity: return "passed_king_proximity";
    case kBishopPair: return "bishop_pair";
    case kRookOpenFile: return "rook_open_file";
    case kRookSemiOpenFile: return "rook_semi_open_file";
    case kKnightOutpost: return "knight_outpost";
    case kShieldNear: return "shield_near";
    case kShieldFar: return "shield_far";
    case kShieldMissing: return "shield_missing";
    case kOpenFileNearKing: return "open_file_near_king";
    default: return indexed("param", i);
  }
}

Score pst_rule(PieceType t, Square white_square) noexcept {
  const int s = core::index(white_square);
  return rule(t, s & 7, s >> 3);
}

Score pst(Color c, PieceType t, Square s) noexcept {
  return g_tables[core::index(t)][core::index(core::relative_square(c, s))];
}

}  // namespace arbiter::engine
