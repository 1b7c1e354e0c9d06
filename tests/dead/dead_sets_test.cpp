// Samples of the three labelled sets in the default run (a few seconds). The full sets run
// in dead_sets_full_test (label `slow`). Budgets are stated here and the number of
// Unknown answers is printed; a regression that makes many more answers Unknown fails.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "arbiter/game/static_rules.hpp"
#include "dead_sets_check.hpp"

namespace arbiter::testing {
namespace {

TEST(DeadSets, ChasolverHardPositionsSample) {
  const SetReport r = check_dead_set("chasolver-positions.txt", SetFormat::LabelThenFen,
                                     8 * kSlowdown, game::SearchLimits{5'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 40u);
  EXPECT_LE(r.unknown * 100, r.answers * 30);  // hard composed positions
}

TEST(DeadSets, LichessSample) {
  const SetReport r = check_dead_set("chasolver-lichess.txt", SetFormat::LabelThenFen,
                                     64 * kSlowdown, game::SearchLimits{5'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 100u);
  EXPECT_LE(r.unknown * 100, r.answers * 1);
}

TEST(DeadSets, UnfairTimeoutsSample) {
  // Art. 6.9: in each position the side that just moved cannot mate.
  const SetReport r = check_dead_set("cha-unfair-timeouts-2022.txt", SetFormat::FenThenGameId,
                                     16 * kSlowdown, game::SearchLimits{2'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 600u);
  EXPECT_LE(r.unknown * 100, r.answers * 1);
}

// The reachability rule is a proof: over every position of the three sets it never says
// "cannot mate" where the label says a mate exists, and it proves a share of the rest.
TEST(DeadSets, ReachabilityNeverDeniesALabelledMate) {
  for (const auto& [name, format] :
       {std::pair{"chasolver-positions.txt", SetFormat::LabelThenFen},
        std::pair{"chasolver-lichess.txt", SetFormat::LabelThenFen},
        std::pair{"cha-unfair-timeouts-2022.txt", SetFormat::FenThenGameId}}) {
    std::size_t answers = 0;
    std::size_t proved = 0;
    std::size_t positions = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const LabelledPosition& lp : load_dead_set(dead_set_path(name), format)) {
      auto pos = set_position(lp.fen);
      if (!pos) continue;
      ++positions;
      for (core::Color c : {core::Color::White, core::Color::Black}) {
        const auto& expect = c == core::Color::White ? lp.white_can_mate : lp.black_can_mate;
        if (!expect) continue;
        ++answers;
        const bool cannot = game::cannot_mate_by_reachability(*pos, c);
        if (cannot) ++proved;
        EXPECT_FALSE(cannot && *expect)
            << name << ": " << lp.fen << " side " << (c == core::Color::White ? "w" : "b");
      }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %zu positions, reachability proves %zu of %zu answers (%.0f positions/s)\n",
                name, positions, proved, answers, static_cast<double>(positions) / secs);
    EXPECT_GT(proved, 0u) << name;
  }
}

}  // namespace
}  // namespace arbiter::testing
