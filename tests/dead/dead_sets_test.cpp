// Samples of the three labelled sets in the default run (a few seconds). The full sets run
// in dead_sets_full_test (label `slow`). Budgets are stated here and the number of
// Unknown answers is printed; a regression that makes many more answers Unknown fails.
#include <gtest/gtest.h>

#include "dead_sets_check.hpp"

namespace arbiter::testing {
namespace {

TEST(DeadSets, ChasolverHardPositionsSample) {
  const SetReport r = check_dead_set("chasolver-positions.txt", SetFormat::LabelThenFen,
                                     8 * kSlowdown, game::SearchLimits{5'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 40u);
  EXPECT_LE(r.unknown * 100, r.answers * 50);  // hard composed positions
}

TEST(DeadSets, LichessSample) {
  const SetReport r = check_dead_set("chasolver-lichess.txt", SetFormat::LabelThenFen,
                                     64 * kSlowdown, game::SearchLimits{5'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 100u);
  EXPECT_LE(r.unknown * 100, r.answers * 3);
}

TEST(DeadSets, UnfairTimeoutsSample) {
  // Art. 6.9: in each position the side that just moved cannot mate.
  const SetReport r = check_dead_set("cha-unfair-timeouts-2022.txt", SetFormat::FenThenGameId,
                                     16 * kSlowdown, game::SearchLimits{2'000, 64});
  EXPECT_EQ(r.wrong, 0u);
  EXPECT_GT(r.positions, 600u);
  EXPECT_LE(r.unknown * 100, r.answers * 4);
}

}  // namespace
}  // namespace arbiter::testing
