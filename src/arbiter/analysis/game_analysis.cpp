#include "arbiter/analysis/game_analysis.hpp"

#include "arbiter/analysis/accuracy.hpp"

namespace arbiter::analysis {

std::vector<Evaluation> GameAnalysis::evaluations() const {
  std::vector<Evaluation> out;
  out.reserve(plies.size() + 1);
  out.push_back(start_eval);
  for (const PlyAnalysis& p : plies) out.push_back(p.eval);
  return out;
}

bool operator==(const GameAnalysis& a, const GameAnalysis& b) noexcept {
  // Position's == leaves out the Chess960 flag, which changes how castling is written.
  return a.start == b.start && a.start.is_chess960() == b.start.is_chess960() &&
         a.start_eval == b.start_eval && a.start_depth == b.start_depth && a.nodes == b.nodes &&
         a.plies == b.plies && a.white == b.white && a.black == b.black;
}

void summarise(GameAnalysis& analysis) {
  const core::Color first = analysis.start.side_to_move();
  SideSummary sides[2];
  core::Color mover = first;
  for (std::size_t i = 0; i < analysis.plies.size(); ++i) {
    PlyAnalysis& ply = analysis.plies[i];
    ply.judgement = judge(analysis.eval_before(i + 1), ply.eval, mover);
    SideSummary& s = sides[core::index(mover)];
    switch (ply.judgement) {
      case Judgement::Inaccuracy: ++s.inaccuracies; break;
      case Judgement::Mistake: ++s.mistakes; break;
      case Judgement::Blunder: ++s.blunders; break;
      case Judgement::None: break;
    }
    mover = ~mover;
  }
  const std::vector<Evaluation> evals = analysis.evaluations();
  const GameAccuracy accuracy = game_accuracy(evals, first);
  const AverageLoss loss = average_centipawn_loss(evals, first);
  sides[core::index(core::Color::White)].accuracy = accuracy.white;
  sides[core::index(core::Color::Black)].accuracy = accuracy.black;
  sides[core::index(core::Color::White)].average_centipawn_loss = loss.white;
  sides[core::index(core::Color::Black)].average_centipawn_loss = loss.black;
  analysis.white = sides[core::index(core::Color::White)];
  analysis.black = sides[core::index(core::Color::Black)];
}

}  // namespace arbiter::analysis
