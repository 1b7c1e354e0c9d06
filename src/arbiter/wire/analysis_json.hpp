// The JSON of a game's analysis (issue #18 item 3, web-protocol.md §1.9): its state while
// queued or running, and once done the evaluation of every position, the best lines, the
// judgements and each side's figures, as the game page draws them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/analysis/game_analysis.hpp"

namespace arbiter::wire {

struct AnalysisStateView {
  std::string status;  // "none" | "queued" | "running" | "done" | "failed"
  int done = 0;
  int total = 0;
  int queued_before = 0;                             // analyses ahead of it in the queue
  std::string reason;                                // a failure's
  const analysis::GameAnalysis* analysis = nullptr;  // when done
};

// {"status", "done", "total", "queued_before", "reason"?, "analysis"?: {"nodes", "start":
// Eval, "plies": [{"san", "eval": Eval, "depth", "best": [SAN...], "judgement": null |
// "inaccuracy" | "mistake" | "blunder"}], "white": Side, "black": Side}} where Eval is
// {"cp": N} or {"mate": ±N} (White's view; 0 with "mated": "white"|"black" on the board)
// and "win": White's win chance in percent; Side is {"accuracy", "inaccuracies",
// "mistakes", "blunders", "acpl"} (null figures without a move).
[[nodiscard]] std::string write_analysis_state(const AnalysisStateView& view);

// One line of the analysis board's live search (GET /api/analysis, issue #18 item 4).
struct LiveLine {
  int depth = 0;
  int multipv = 1;            // 1-based
  analysis::Evaluation eval;  // White's view
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;  // SAN
};
// {"depth", "multipv", "eval": Eval, "nodes", "nps", "pv": [SAN...]}
[[nodiscard]] std::string write_live_line(const LiveLine& line);

}  // namespace arbiter::wire
