// Strength levels (UCI_LimitStrength / UCI_Elo): an Elo between kMinElo and kMaxElo maps to
// a node and depth budget, a number of candidate lines and a margin within which a weaker
// but plausible move may be chosen at random (seeded, so tests are deterministic).
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/move.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

constexpr int kMinElo = 800;
constexpr int kMaxElo = 2600;

struct StrengthProfile {
  int max_depth = kMaxPly - 1;
  std::uint64_t max_nodes = 0;
  int lines = 1;        // candidate moves searched with MultiPV
  int margin_cp = 0;    // candidates this far below the best may be chosen
  int temperature = 1;  // cp; larger = flatter choice among candidates
};

[[nodiscard]] StrengthProfile strength_for_elo(int elo) noexcept;

// A small deterministic generator (SplitMix64).
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) noexcept : state_(seed) {}
  std::uint64_t next() noexcept;
  // Uniform in [0, n).
  std::uint64_t below(std::uint64_t n) noexcept { return n ? next() % n : 0; }

 private:
  std::uint64_t state_;
};

struct Candidate {
  core::Move move;
  Value score;
};

// Index into `candidates` (sorted best first) of the move to play. Mate scores and moves
// outside the margin are never chosen over the best.
[[nodiscard]] std::size_t pick_candidate(const std::vector<Candidate>& candidates,
                                         const StrengthProfile& profile, Rng& rng) noexcept;

}  // namespace arbiter::engine
