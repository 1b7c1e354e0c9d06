#include "arbiter/game/dead.hpp"

#include "arbiter/game/helpmate.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

using core::Color;
using core::Position;

Tristate DeadAnalysis::dead() const noexcept {
  // Art. 5.2.2: dead when neither player can checkmate by any series of legal moves.
  if (white.can_mate == Tristate::Yes || black.can_mate == Tristate::Yes) return Tristate::No;
  if (white.can_mate == Tristate::No && black.can_mate == Tristate::No) return Tristate::Yes;
  return Tristate::Unknown;
}

FastCheck fast_check(const Position& pos) noexcept {
  FastCheck out;
  if (cannot_mate_by_material(pos, Color::White)) out.white_can_mate = Tristate::No;
  if (cannot_mate_by_material(pos, Color::Black)) out.black_can_mate = Tristate::No;
  return out;
}

DeadSolver::DeadSolver(int tt_bits) : search_(std::make_unique<HelpmateSearch>(tt_bits)) {}
DeadSolver::~DeadSolver() = default;

SideAnalysis DeadSolver::can_checkmate(const Position& pos, Color winner,
                                       const SearchLimits& limits) {
  return search_->run(pos, winner, limits);
}

DeadAnalysis DeadSolver::analyze(const Position& pos, const SearchLimits& limits) {
  DeadAnalysis out;
  out.white = can_checkmate(pos, Color::White, limits);
  out.black = can_checkmate(pos, Color::Black, limits);
  return out;
}

namespace {
DeadSolver& thread_solver() {
  thread_local DeadSolver solver;
  return solver;
}
}  // namespace

SideAnalysis can_checkmate(const Position& pos, Color winner, const SearchLimits& limits) {
  return thread_solver().can_checkmate(pos, winner, limits);
}

DeadAnalysis analyze(const Position& pos, const SearchLimits& limits) {
  return thread_solver().analyze(pos, limits);
}

const char* to_string(Tristate t) noexcept {
  switch (t) {
    case Tristate::No: return "no";
    case Tristate::Yes: return "yes";
    case Tristate::Unknown: return "unknown";
  }
  return "unknown";
}

}  // namespace arbiter::game
