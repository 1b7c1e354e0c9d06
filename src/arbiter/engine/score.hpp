// Search values, mate encoding and the (midgame, endgame) pair used by the evaluation.
#pragma once

#include <cstdint>

namespace arbiter::engine {

using Value = int;

constexpr int kMaxPly = 128;
constexpr Value kInfinite = 32000;
constexpr Value kMate = 31000;
constexpr Value kMateBound = kMate - 2 * kMaxPly;  // |v| >= kMateBound means a forced mate
constexpr Value kNoValue = 32001;
constexpr Value kDraw = 0;

constexpr Value mate_in(int ply) noexcept { return kMate - ply; }
constexpr Value mated_in(int ply) noexcept { return -kMate + ply; }
constexpr bool is_mate_score(Value v) noexcept { return v >= kMateBound || v <= -kMateBound; }
// Full moves until mate (positive: we mate, negative: we are mated); 0 if not a mate score.
constexpr int mate_moves(Value v) noexcept {
  if (v >= kMateBound) return (kMate - v + 1) / 2;
  if (v <= -kMateBound) return -(kMate + v) / 2;
  return 0;
}

// A midgame/endgame pair of centipawn values (tapered evaluation).
struct Score {
  int mg = 0;
  int eg = 0;
  constexpr Score() noexcept = default;
  constexpr Score(int m, int e) noexcept : mg(m), eg(e) {}
  constexpr Score& operator+=(Score o) noexcept {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  constexpr Score& operator-=(Score o) noexcept {
    mg -= o.mg;
    eg -= o.eg;
    return *this;
  }
  friend constexpr Score operator+(Score a, Score b) noexcept { return {a.mg + b.mg, a.eg + b.eg}; }
  friend constexpr Score operator-(Score a, Score b) noexcept { return {a.mg - b.mg, a.eg - b.eg}; }
  friend constexpr Score operator-(Score a) noexcept { return {-a.mg, -a.eg}; }
  friend constexpr Score operator*(Score a, int k) noexcept { return {a.mg * k, a.eg * k}; }
  friend constexpr bool operator==(Score a, Score b) noexcept = default;
};

}  // namespace arbiter::engine
