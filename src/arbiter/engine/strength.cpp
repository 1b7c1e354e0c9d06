#include "arbiter/engine/strength.hpp"

#include <algorithm>
#include <cmath>

namespace arbiter::engine {

std::uint64_t Rng::next() noexcept {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace {

// The search of an internal strength `s`, on the scale of the first, uncalibrated table
// (800 = 400 nodes and 2.5 pawns of margin, 2600 = 400k nodes and 0.1 pawn). Outside
// 800..2600 the same curves go on: below, fewer nodes, depth 1 and a wider margin; above,
// more nodes and, once the margin reaches zero, a single line (no randomness at all).
StrengthProfile profile_for(double s) noexcept {
  const double x = (s - 800.0) / 1800.0;
  StrengthProfile p;
  // Nodes grow geometrically: x1000 from 800 to 2600, about 2x per 180 points.
  p.max_nodes = static_cast<std::uint64_t>(std::max(64.0, 400.0 * std::pow(1000.0, x)));
  p.max_depth = std::clamp(2 + static_cast<int>(x * 14.0), 1, kMaxPly - 2);
  p.margin_cp = std::max(0, static_cast<int>(250.0 - 240.0 * x));
  p.lines = p.margin_cp == 0 ? 1 : s < 2200 ? 4 : s < 2500 ? 3 : 2;
  p.temperature = std::max(2, p.margin_cp / 3);
  return p;
}

// Calibration (bench/strength.md, "Calibration of the UCI_Elo levels"): the internal
// strengths 1000, 1400, 2200 and 2600 scored like players of 1135, 1489, 1802 and 2281 on
// the scale of Stockfish 15.1's own UCI_Elo levels (anchored by its authors to CCRL 40/4).
// Least squares through the four: rating = kRatingAt1800 + kSlope * (s - 1800). A UCI_Elo
// is turned into the internal strength that rates so.
constexpr double kRatingAt1800 = 1677.0;
constexpr double kSlope = 0.651;

}  // namespace

StrengthProfile strength_for_elo(int elo) noexcept {
  elo = std::clamp(elo, kMinElo, kMaxElo);
  return profile_for(1800.0 + (elo - kRatingAt1800) / kSlope);
}

std::size_t pick_candidate(const std::vector<Candidate>& candidates, const StrengthProfile& profile,
                           Rng& rng) noexcept {
  if (candidates.size() <= 1) return 0;
  const Value best = candidates[0].score;
  if (is_mate_score(best) && best > 0) return 0;  // never miss a forced mate found
  // Weight each candidate within the margin by exp(-(loss / temperature)) in permille.
  std::uint64_t weights[16] = {};
  std::uint64_t total = 0;
  const std::size_t n = std::min<std::size_t>(candidates.size(), 16);
  for (std::size_t i = 0; i < n; ++i) {
    const Value s = candidates[i].score;
    if (s == -kInfinite || is_mate_score(s)) continue;
    const int loss = best - s;
    if (loss > profile.margin_cp) continue;
    const double w = std::exp(-static_cast<double>(loss) / std::max(1, profile.temperature));
    weights[i] = static_cast<std::uint64_t>(1000.0 * w) + 1;
    total += weights[i];
  }
  if (total == 0) return 0;
  std::uint64_t r = rng.below(total);
  for (std::size_t i = 0; i < n; ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return 0;
}

}  // namespace arbiter::engine
