// Accuracy: how much of the win chance a player kept, move by move and over a game
// (lichess's "Accuracy", lila modules/analyse AccuracyPercent.scala; docs/analysis.md),
// and the older average centipawn loss (lila AccuracyCP.scala).
#pragma once

#include <optional>
#include <vector>

#include "arbiter/analysis/evaluation.hpp"

namespace arbiter::analysis {

// One move's accuracy in percent from the mover's win chance before and after it (both
// from the mover's view, 0-100): 100 when nothing was lost, else
//   103.1668100711649 · exp(−0.04354415386753951 · drop) − 3.166924740191411 + 1,
// clamped to [0, 100]. The curve is lichess's fit through (0, 100), (5, 75), (10, 60),
// (20, 42), (40, 20), (60, 5), (80, 0); the "+ 1" is lichess's allowance for the
// imperfection of the analysis itself.
[[nodiscard]] double move_accuracy(double win_before, double win_after) noexcept;

struct GameAccuracy {
  std::optional<double> white;  // none when that side made no move
  std::optional<double> black;
};

// Each side's accuracy over a game. `evals[0]` is the evaluation of the start position,
// `evals[i]` the one after ply i; `first` is the side that made ply 1. As lichess does:
//  - every evaluation becomes a win chance (capped, mates at the cap);
//  - each move gets a weight, the volatility of the game around it: the standard
//    deviation (population) of the win chances in a window of w = clamp(plies / 10, 2, 8)
//    consecutive positions, clamped to [0.5, 12]. The windows are the w − 2 copies of
//    the first window followed by every window of w positions, one per move; so a move
//    in a calm stretch weighs little and one in a sharp stretch a lot;
//  - a side's accuracy is the mean of (the volatility-weighted mean of its move
//    accuracies) and (their harmonic mean, each taken at least 1), so that one blunder
//    pulls the figure down more than an average would.
// Fewer than two evaluations: both none.
[[nodiscard]] GameAccuracy game_accuracy(const std::vector<Evaluation>& evals, core::Color first);

// The centipawns a move lost for its mover: before − after from the mover's view, each
// capped at ±1000 (a mate at the cap), at least 0.
[[nodiscard]] int centipawn_loss(const Evaluation& before, const Evaluation& after,
                                 core::Color mover) noexcept;

// Each side's average centipawn loss, rounded to the nearest integer (none without moves),
// over the same `evals` as game_accuracy.
struct AverageLoss {
  std::optional<int> white;
  std::optional<int> black;
};
[[nodiscard]] AverageLoss average_centipawn_loss(const std::vector<Evaluation>& evals,
                                                 core::Color first);

}  // namespace arbiter::analysis
