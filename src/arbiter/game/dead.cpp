#include "arbiter/game/dead.hpp"

#include <algorithm>
#include <optional>

#include "arbiter/game/closed_search.hpp"
#include "arbiter/game/helpmate.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

using core::Color;
using core::Move;
using core::PieceType;
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
  // The tree search finds most mates in its first nodes; it never completes a proof where
  // the lines go round in circles, yet the positions may be few, and enumerating the
  // positions reachable proves those. So, in turn: a short tree search, a short
  // enumeration, the tree search with half the budget, the enumeration with the rest (it
  // goes on from where it stopped).
  const std::uint64_t budget = limits.max_nodes;
  std::uint64_t used = 0;
  const auto done = [&](SideAnalysis a) {
    a.nodes = std::min(used, budget);
    return a;
  };
  const auto tree = [&](std::uint64_t nodes) {
    SearchLimits l = limits;
    l.max_nodes = std::max<std::uint64_t>(nodes, 1);
    SideAnalysis a = search_->run(pos, winner, l);
    used += a.nodes;
    return a;
  };
  std::optional<ClosedSearch> enumeration;
  const auto closed = [&](std::uint64_t nodes) {
    if (!enumeration) enumeration.emplace(pos, winner);
    const std::uint64_t before = enumeration->nodes();
    SideAnalysis a = enumeration->resume(std::max<std::uint64_t>(nodes, 1));
    used += enumeration->nodes() - before;
    return a;
  };
  // A sixteenth each for the short ones (measured on the lichess set: 4,260 positions a
  // second and its slowest position 71 ms, against 3,620 and 130 ms with no short
  // enumeration; a 32nd or a 64th did worse).
  // Under 1,000 positions a short enumeration seldom closes anything and only delays the
  // tree search (a game's check after each move, 1,000 nodes in all: median 150 us with
  // it, 44 us without), so small budgets go straight to the long phases.
  const std::uint64_t pre = budget / 16;
  if (pre >= 1'000) {
    const SideAnalysis a = tree(pre);
    if (a.can_mate != Tristate::Unknown) return done(a);
    const SideAnalysis c = closed(pre);
    if (c.can_mate != Tristate::Unknown || used >= budget) return done(c);
  }
  const SideAnalysis a = tree(budget / 2);
  if (a.can_mate != Tristate::Unknown || used >= budget) return done(a);
  return done(closed(budget - used));
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

bool proved_dead(const Position& pos, const SearchLimits& limits, std::vector<Move>* witness) {
  if (witness != nullptr) witness->clear();
  const FastCheck fast = fast_check(pos);
  if (fast.dead()) return true;
  auto material = [&](Color c) {
    int sum = 0;
    for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                        PieceType::Queen}) {
      sum += core::popcount(pos.pieces(c, t)) * (t == PieceType::Pawn ? 1 : 3);
    }
    return sum;
  };
  Color first = material(Color::White) >= material(Color::Black) ? Color::White : Color::Black;
  for (Color side : {first, ~first}) {
    const Tristate known = side == Color::White ? fast.white_can_mate : fast.black_can_mate;
    if (known == Tristate::No) continue;
    SideAnalysis found = can_checkmate(pos, side, limits);
    if (found.can_mate == Tristate::No) continue;
    if (witness != nullptr && found.can_mate == Tristate::Yes) *witness = std::move(found.witness);
    return false;
  }
  return true;
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
