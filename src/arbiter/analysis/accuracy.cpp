#include "arbiter/analysis/accuracy.hpp"

#include <algorithm>
#include <cmath>

#include "arbiter/analysis/win_chance.hpp"

namespace arbiter::analysis {

namespace {

// The coefficients of lichess's fit a·exp(−k·x) + b (AccuracyPercent.fromWinPercents).
constexpr double kAccuracyA = 103.1668100711649;
constexpr double kAccuracyK = 0.04354415386753951;
constexpr double kAccuracyB = -3.166924740191411;
constexpr double kAnalysisAllowance = 1.0;

// The weights' bounds: no move counts less than 0.5 or more than 12 points of deviation.
constexpr double kMinWeight = 0.5;
constexpr double kMaxWeight = 12.0;

double population_deviation(const std::vector<double>& xs, std::size_t from, std::size_t n) {
  double mean = 0;
  for (std::size_t i = from; i < from + n; ++i) mean += xs[i];
  mean /= static_cast<double>(n);
  double sum = 0;
  for (std::size_t i = from; i < from + n; ++i) sum += (xs[i] - mean) * (xs[i] - mean);
  return std::sqrt(sum / static_cast<double>(n));
}

struct Means {
  double weighted_sum = 0, weight_sum = 0, reciprocal_sum = 0;
  int count = 0;

  void add(double accuracy, double weight) {
    weighted_sum += accuracy * weight;
    weight_sum += weight;
    // lila Maths.harmonicMean: a 0 % move counts as 1 %, so one move cannot make it 0.
    reciprocal_sum += 1.0 / std::max(1.0, accuracy);
    ++count;
  }
  [[nodiscard]] std::optional<double> accuracy() const {
    if (count == 0 || weight_sum == 0) return std::nullopt;
    const double weighted = weighted_sum / weight_sum;
    const double harmonic = count / reciprocal_sum;
    return (weighted + harmonic) / 2;
  }
};

core::Color mover_of_ply(std::size_t ply, core::Color first) {
  return ply % 2 == 1 ? first : ~first;  // ply 1 is `first`'s
}

}  // namespace

double move_accuracy(double win_before, double win_after) noexcept {
  if (win_after >= win_before) return 100.0;
  const double drop = win_before - win_after;
  const double raw = kAccuracyA * std::exp(-kAccuracyK * drop) + kAccuracyB + kAnalysisAllowance;
  return std::clamp(raw, 0.0, 100.0);
}

GameAccuracy game_accuracy(const std::vector<Evaluation>& evals, core::Color first) {
  GameAccuracy out;
  if (evals.size() < 2) return out;
  const std::size_t plies = evals.size() - 1;
  std::vector<double> wins;  // White's win chance of each position
  wins.reserve(evals.size());
  for (const Evaluation& e : evals) wins.push_back(win_chance(e));

  // One window per move: w − 2 copies of the first window, then each run of w positions.
  // (plies + 1 >= w always holds, since w <= max(2, plies / 10).)
  const std::size_t w = std::clamp<std::size_t>(plies / 10, 2, 8);
  std::vector<double> weights;
  weights.reserve(plies);
  const double first_weight = std::clamp(population_deviation(wins, 0, w), kMinWeight, kMaxWeight);
  for (std::size_t i = 0; i + 2 < w; ++i) weights.push_back(first_weight);
  for (std::size_t start = 0; start + w <= wins.size(); ++start)
    weights.push_back(std::clamp(population_deviation(wins, start, w), kMinWeight, kMaxWeight));

  Means sides[2];
  for (std::size_t ply = 1; ply <= plies; ++ply) {
    const core::Color mover = mover_of_ply(ply, first);
    const bool white = mover == core::Color::White;
    const double before = white ? wins[ply - 1] : 100.0 - wins[ply - 1];
    const double after = white ? wins[ply] : 100.0 - wins[ply];
    sides[core::index(mover)].add(move_accuracy(before, after), weights[ply - 1]);
  }
  out.white = sides[core::index(core::Color::White)].accuracy();
  out.black = sides[core::index(core::Color::Black)].accuracy();
  return out;
}

int centipawn_loss(const Evaluation& before, const Evaluation& after, core::Color mover) noexcept {
  const int sign = mover == core::Color::White ? 1 : -1;
  const int loss = sign * (capped_centipawns(before) - capped_centipawns(after));
  return std::max(loss, 0);
}

AverageLoss average_centipawn_loss(const std::vector<Evaluation>& evals, core::Color first) {
  long sums[2] = {0, 0};
  int counts[2] = {0, 0};
  for (std::size_t ply = 1; ply < evals.size(); ++ply) {
    const core::Color mover = mover_of_ply(ply, first);
    sums[core::index(mover)] += centipawn_loss(evals[ply - 1], evals[ply], mover);
    ++counts[core::index(mover)];
  }
  const auto mean = [&](core::Color c) -> std::optional<int> {
    const int i = core::index(c);
    if (counts[i] == 0) return std::nullopt;
    return static_cast<int>(std::lround(static_cast<double>(sums[i]) / counts[i]));
  };
  return {mean(core::Color::White), mean(core::Color::Black)};
}

}  // namespace arbiter::analysis
