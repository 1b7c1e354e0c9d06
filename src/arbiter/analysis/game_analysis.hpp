// The analysis of one game by the built-in engine (issue #18 item 3): an evaluation of
// every position, the engine's best line where each move was made, a judgement of each
// move, and each side's accuracy, mistakes and average centipawn loss.
//
// Art. 11.3.1 forbids a player to use analysis of any kind during their own game: this
// module knows nothing of games in progress; the server decides when an analysis may be
// shown (docs/analysis.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/analysis/evaluation.hpp"
#include "arbiter/analysis/win_chance.hpp"
#include "arbiter/base/error.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::analysis {

// One move of the game and what the analysis says of it.
struct PlyAnalysis {
  std::string move;  // the move played, SAN
  Evaluation eval;   // of the position after the move, White's view
  int depth = 0;     // of the search that gave `eval`; 0 when exact (the game is over)
  // The engine's line from the position before the move, SAN; its first move is the
  // engine's best move there (the move the played one is measured against).
  std::vector<std::string> best_line;
  Judgement judgement = Judgement::None;  // summarise() sets it from the evaluations

  [[nodiscard]] std::string_view best_move() const noexcept {
    return best_line.empty() ? std::string_view{} : std::string_view{best_line.front()};
  }
  friend bool operator==(const PlyAnalysis&, const PlyAnalysis&) = default;
};

// One side's figures; summarise() computes them.
struct SideSummary {
  std::optional<double> accuracy;  // game_accuracy (accuracy.hpp); none without a move
  int inaccuracies = 0;
  int mistakes = 0;
  int blunders = 0;
  std::optional<int> average_centipawn_loss;  // none without a move
  friend bool operator==(const SideSummary&, const SideSummary&) = default;
};

struct GameAnalysis {
  core::Position start = core::Position::startpos();  // Chess960 flag included
  Evaluation start_eval;                              // of `start`, White's view
  int start_depth = 0;
  std::uint64_t nodes = 0;  // the node limit of each search (0: unknown)
  std::vector<PlyAnalysis> plies;
  SideSummary white;
  SideSummary black;

  [[nodiscard]] const SideSummary& side(core::Color c) const noexcept {
    return c == core::Color::White ? white : black;
  }
  // The evaluation before ply `ply` (1-based): the start's for ply 1.
  [[nodiscard]] const Evaluation& eval_before(std::size_t ply) const noexcept {
    return ply <= 1 ? start_eval : plies[ply - 2].eval;
  }
  // start_eval, then each ply's eval: what game_accuracy reads.
  [[nodiscard]] std::vector<Evaluation> evaluations() const;
  friend bool operator==(const GameAnalysis& a, const GameAnalysis& b) noexcept;
};

// Sets every ply's judgement and both sides' summaries from the evaluations: the one
// place where they are derived, used by analyse() and by parse_analysis().
void summarise(GameAnalysis& analysis);

// The default node limit of one position's search: 0.17 s of one core per position on the
// development machine, depth 12-21 in a middlegame (docs/analysis.md, "Speed").
inline constexpr std::uint64_t kDefaultNodes = 300'000;

struct AnalysisOptions {
  std::uint64_t nodes = kDefaultNodes;  // per position, >= 1
  std::size_t hash_mb = 16;
  // Called after each position with the number of positions done and the total (the
  // moves plus one); from the calling thread.
  std::function<void(std::size_t done, std::size_t total)> progress;
  // Checked between positions and every few milliseconds during a search; when it
  // becomes true the analysis ends with a kCapacity error ("try again later").
  const std::atomic<bool>* stop = nullptr;
};

// Analyses the game from `start` through `moves` with the built-in engine: one search of
// `options.nodes` nodes (one thread, the hand-written evaluation) per position; a
// position where the game is over (checkmate, Art. 5.1.1; stalemate, 5.2.1) gets its
// exact value without one. The same game and options give the same analysis on any run
// (the engine is cleared first and the node count, not the clock, ends each search).
// Errors: a move that is not legal where it is played (kMoveIllegal, naming the ply), a
// node limit of 0 (kInvalidArgument), a stop (kCapacity).
[[nodiscard]] Result<GameAnalysis> analyse(const core::Position& start,
                                           const std::vector<core::Move>& moves,
                                           const AnalysisOptions& options = {});

}  // namespace arbiter::analysis
