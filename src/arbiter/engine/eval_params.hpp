// Evaluation weights (centipawns, midgame/endgame). The tunable ones live in one flat array
// of Score pairs, EvalParams, addressed by the offsets in namespace `param`; the engine reads
// them from a global that starts as default_eval_params() (the Texel-tuned values, see
// docs/engine.md) and that only tools (the tuner, tests) replace. Structural constants that
// are not tuned stay constexpr in namespace `params`.
#pragma once

#include <array>
#include <string>

#include "arbiter/core/types.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

namespace param {
constexpr int kPieceValue = 0;            // by PieceType, Pawn..King (King unused)
constexpr int kPst = kPieceValue + 6;     // [type][White's square], material excluded
constexpr int kMobility = kPst + 6 * 64;  // by piece (N..Q) and count, see kMobilityOffset
constexpr int kMobilityOffset[5] = {0, 9, 9 + 14, 9 + 14 + 15, 9 + 14 + 15 + 28};
constexpr int kDoubled = kMobility + kMobilityOffset[4];  // pawn structure
constexpr int kIsolated = kDoubled + 1;
constexpr int kBackward = kIsolated + 1;
constexpr int kSupported = kBackward + 1;
constexpr int kPassed = kSupported + 1;            // passed pawn by relative rank
constexpr int kPassedKingProximity = kPassed + 8;  // eg: rank weight × enemy king distance
constexpr int kBishopPair = kPassedKingProximity + 1;
constexpr int kRookOpenFile = kBishopPair + 1;
constexpr int kRookSemiOpenFile = kRookOpenFile + 1;
constexpr int kKnightOutpost = kRookSemiOpenFile + 1;
constexpr int kShieldNear = kKnightOutpost + 1;  // king shelter, mg only
constexpr int kShieldFar = kShieldNear + 1;
constexpr int kShieldMissing = kShieldFar + 1;
constexpr int kOpenFileNearKing = kShieldMissing + 1;
// King danger (mg) by attack units (capped at kDangerUnits − 1), with and without the
// attacker's queen; applies from two attackers on.
constexpr int kDangerUnits = 64;
constexpr int kKingDanger = kOpenFileNearKing + 1;
constexpr int kCount = kKingDanger + 2 * kDangerUnits;
}  // namespace param

struct EvalParams {
  std::array<Score, param::kCount> w{};
  constexpr Score& operator[](int i) noexcept { return w[static_cast<std::size_t>(i)]; }
  constexpr const Score& operator[](int i) const noexcept { return w[static_cast<std::size_t>(i)]; }
  friend bool operator==(const EvalParams&, const EvalParams&) = default;
};

// The hand-set starting point: values and piece-square tables derived from rules (pst.cpp).
[[nodiscard]] EvalParams rule_eval_params() noexcept;
// The weights the engine uses by default.
[[nodiscard]] EvalParams default_eval_params() noexcept;
// The weights in use. set_eval_params replaces them (and the piece-square tables built from
// them); it is for tools and tests, must not run during a search, and pawn hash tables filled
// before it are stale.
[[nodiscard]] const EvalParams& eval_params() noexcept;
void set_eval_params(const EvalParams& p) noexcept;
// A readable name for weight i, such as "pst[Knight][e4]" or "doubled".
[[nodiscard]] std::string param_name(int i);

namespace params {

// Simple values for SEE and move ordering.
constexpr int kSeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};
// Non-pawn material used to recognise drawish endings (fixed, independent of tuning).
constexpr int kScaleValue[6] = {0, 330, 345, 470, 1000, 0};

// Game phase: contribution of each piece type to a full 24-point middlegame.
constexpr int kPhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int kMaxPhase = 24;

constexpr int kTempo = 12;

// King attack units: weight of each attacker type (plus the zone squares it hits).
constexpr int kAttackWeight[6] = {0, 2, 2, 3, 5, 0};

}  // namespace params

}  // namespace arbiter::engine
