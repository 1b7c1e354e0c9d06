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

StrengthProfile strength_for_elo(int elo) noexcept {
  elo = std::clamp(elo, kMinElo, kMaxElo);
  const double x = (elo - kMinElo) / static_cast<double>(kMaxElo - kMinElo);  // 0..1
  StrengthProfile p;
  // Nodes grow geometrically: 400 at 800 Elo to about 400k at 2600 (x1000, ~2x per 180 Elo).
  p.max_nodes = static_cast<std::uint64_t>(400.0 * std::pow(1000.0, x));
  p.max_depth = 2 + static_cast<int>(x * 14.0);  // 2..16 plies
  p.lines = elo < 2200 ? 4 : elo < 2500 ? 3 : 2;
  // The margin shrinks from 2.5 pawns (beginners miss a lot) to 0.1 pawn.
  p.margin_cp = static_cast<int>(250.0 - 240.0 * x);
  p.temperature = std::max(2, p.margin_cp / 3);
  return p;
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
