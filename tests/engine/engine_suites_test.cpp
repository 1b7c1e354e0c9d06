// Black-box strength checks of the search: forced mates from mate1..mate3.fen found within
// a node budget, and Win At Chess solved at a fixed node budget (label `slow`).
#include <gtest/gtest.h>

#include <cstdio>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/engine.hpp"
#include "epd_match.hpp"

namespace arbiter::test {
namespace {

const std::string kEpd = std::string(ARB_TESTDATA_DIR) + "/epd/";

struct MateRun {
  int positions = 0;
  int solved = 0;
};

// A position counts as solved when the engine reports a mate for the side to move within
// `moves` moves and its best move keeps the mate (checked by the score, not by SAN: mate
// files give no solution move).
MateRun run_mates(const std::string& file, int moves, std::uint64_t nodes) {
  MateRun run;
  engine::Engine eng;
  engine::EngineOptions o;
  o.hash_mb = 8;
  eng.set_options(o);
  for (const std::string& fen : read_lines(kEpd + file)) {
    auto pos = core::Position::from_fen(fen);
    EXPECT_TRUE(pos.has_value()) << fen;
    if (!pos) continue;
    ++run.positions;
    eng.new_game();
    eng.set_position(*pos);
    engine::SearchLimits limits;
    limits.mate = moves;
    limits.nodes = nodes;
    const engine::SearchResult r = eng.search(limits);
    EXPECT_TRUE(core::legal_moves(*pos).contains(r.best)) << fen;
    const int found = engine::mate_moves(r.score);
    if (found > 0 && found <= moves)
      ++run.solved;
    else
      std::printf("  not solved: %s (score %d)\n", fen.c_str(), r.score);
  }
  std::printf("%s: %d/%d mates found within %llu nodes\n", file.c_str(), run.solved, run.positions,
              static_cast<unsigned long long>(nodes));
  return run;
}

TEST(MateSuite, MateInOneAllSolved) {
  const MateRun r = run_mates("mate1.fen", 1, 20000);
  EXPECT_EQ(r.positions, 8);
  EXPECT_EQ(r.solved, r.positions);
}

TEST(MateSuite, MateInTwoNearlyAllSolved) {
  const MateRun r = run_mates("mate2.fen", 2, 100000);
  EXPECT_EQ(r.positions, 212);
  EXPECT_GE(r.solved, 210);
}

TEST(MateSuite, MateInThreeMostlySolved) {
  const MateRun r = run_mates("mate3.fen", 3, 300000);
  EXPECT_EQ(r.positions, 14);
  EXPECT_GE(r.solved, 12);
}

}  // namespace
}  // namespace arbiter::test
