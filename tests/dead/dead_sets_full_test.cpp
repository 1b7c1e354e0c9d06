// The three labelled sets in full (label `slow`: several minutes).
#include <gtest/gtest.h>

#include "dead_sets_check.hpp"

namespace arbiter::testing {
namespace {

TEST(DeadSetsFull, ChasolverHardPositions) {
  const SetReport r = check_dead_set("chasolver-positions.txt", SetFormat::LabelThenFen, 1,
                                     game::SearchLimits{20'000, 64});
  EXPECT_EQ(r.wrong, 0u);
}

TEST(DeadSetsFull, Lichess) {
  const SetReport r = check_dead_set("chasolver-lichess.txt", SetFormat::LabelThenFen, 1,
                                     game::SearchLimits{5'000, 64});
  EXPECT_EQ(r.wrong, 0u);
}

TEST(DeadSetsFull, UnfairTimeouts) {
  const SetReport r = check_dead_set("cha-unfair-timeouts-2022.txt", SetFormat::FenThenGameId, 1,
                                     game::SearchLimits{2'000, 64});
  EXPECT_EQ(r.wrong, 0u);
}

}  // namespace
}  // namespace arbiter::testing
