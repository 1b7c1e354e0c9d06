// Test-only: runs the full dead-position decision over a labelled set and checks every
// answer (Art. 5.2.2, 6.9). A "can mate" answer must come with a witness that replays to
// checkmate; a "cannot mate" answer must match the label; Unknown is counted.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "arbiter/base/sanitizers.hpp"
#include "arbiter/core/movegen.hpp"
#include "dead_sets.hpp"

namespace arbiter::testing {

struct SetReport {
  std::size_t positions = 0;
  std::size_t rejected = 0;  // FENs core refuses (impossible setups)
  std::size_t answers = 0;
  std::size_t unknown = 0;
  std::size_t wrong = 0;
};

inline bool witness_mates(const core::Position& start, const game::SideAnalysis& a,
                          core::Color winner) {
  core::Position pos = start;
  for (core::Move m : a.witness) {
    if (!core::legal_moves(pos).contains(m)) return false;
    pos = pos.after(m);
  }
  return pos.side_to_move() == ~winner && pos.in_check() && !core::has_legal_moves(pos);
}

// Checks every `stride`-th position of the set (offset 0).
inline SetReport check_dead_set(const std::string& name, SetFormat format, std::size_t stride,
                                const game::SearchLimits& limits) {
  SetReport r;
  const auto set = load_dead_set(dead_set_path(name), format);
  EXPECT_FALSE(set.empty()) << name;
  game::DeadSolver solver;
  for (std::size_t i = 0; i < set.size(); i += stride) {
    const LabelledPosition& lp = set[i];
    auto pos = set_position(lp.fen);
    if (!pos) {
      ++r.rejected;
      continue;
    }
    ++r.positions;
    for (core::Color c : {core::Color::White, core::Color::Black}) {
      const auto& expect = c == core::Color::White ? lp.white_can_mate : lp.black_can_mate;
      if (!expect) continue;
      ++r.answers;
      const game::SideAnalysis a = solver.can_checkmate(*pos, c, limits);
      if (a.can_mate == game::Tristate::Unknown) {
        ++r.unknown;
        continue;
      }
      const bool yes = a.can_mate == game::Tristate::Yes;
      const bool ok = yes == *expect && (!yes || witness_mates(*pos, a, c));
      if (!ok) {
        ++r.wrong;
        ADD_FAILURE() << name << ": " << lp.fen << " side " << (c == core::Color::White ? 'w' : 'b')
                      << " answered " << game::to_string(a.can_mate);
      }
    }
  }
  std::printf(
      "[ dead set ] %s: %zu positions (stride %zu, %zu rejected by core), %zu answers, "
      "%zu unknown within %llu nodes, %zu wrong\n",
      name.c_str(), r.positions, stride, r.rejected, r.answers, r.unknown,
      static_cast<unsigned long long>(limits.max_nodes), r.wrong);
  return r;
}

// Sanitizer builds run about ten times slower: sample less there.
#if ARB_ASAN
inline constexpr std::size_t kSlowdown = 8;
#else
inline constexpr std::size_t kSlowdown = 1;
#endif

}  // namespace arbiter::testing
