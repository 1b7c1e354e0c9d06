// Win At Chess (300 positions) at a fixed node budget: at least 60% must be solved.
#include <gtest/gtest.h>

#include <cstdio>

#include "arbiter/engine/engine.hpp"
#include "epd_match.hpp"

namespace arbiter::test {
namespace {

constexpr std::uint64_t kWacNodes = 200000;

TEST(WinAtChess, SolvesAtLeastSixtyPercentAtFixedNodes) {
  const auto records = read_epd(std::string(ARB_TESTDATA_DIR) + "/epd/wac.epd");
  ASSERT_EQ(records.size(), 300u);
  engine::Engine eng;
  engine::EngineOptions o;
  o.hash_mb = 16;
  eng.set_options(o);
  int solved = 0;
  for (const EpdRecord& rec : records) {
    auto pos = core::Position::from_fen(rec.fen);
    ASSERT_TRUE(pos.has_value()) << rec.id;
    eng.new_game();
    eng.set_position(*pos);
    engine::SearchLimits limits;
    limits.nodes = kWacNodes;
    const engine::SearchResult r = eng.search(limits);
    bool ok = false;
    for (const std::string& bm : rec.best) ok = ok || san_matches(*pos, r.best, bm);
    if (ok)
      ++solved;
    else
      std::printf("  missed %s\n", rec.id.c_str());
  }
  std::printf("WAC: %d/300 solved at %llu nodes per position\n", solved,
              static_cast<unsigned long long>(kWacNodes));
  EXPECT_GE(solved, 180);
}

}  // namespace
}  // namespace arbiter::test
