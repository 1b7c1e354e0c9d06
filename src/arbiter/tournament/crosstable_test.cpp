#include "arbiter/tournament/crosstable.hpp"

#include <gtest/gtest.h>

#include "arbiter/tournament/trf.hpp"
#include "arbiter/tournament/trf_fixture.hpp"

namespace arbiter::tournament {
namespace {

TEST(Crosstable, ACellShowsOpponentColourAndResult) {
  EXPECT_EQ(crosstable_cell(RoundEntry{3, Colour::White, ResultCode::Win}, 4), " 3w1");
  EXPECT_EQ(crosstable_cell(RoundEntry{12, Colour::Black, ResultCode::Draw}, 5), " 12b=");
  EXPECT_EQ(crosstable_cell(RoundEntry{0, Colour::None, ResultCode::PairingBye}, 4), " - U");
  EXPECT_EQ(crosstable_cell(RoundEntry{7, Colour::White, ResultCode::ForfeitWin}, 3), "7w+");
}

TEST(Crosstable, RowsFollowTheStandingsAndColumnsTheRounds) {
  // trf_fixture.hpp: 1 and 2 have 1.5, 4 has 1.0, 3 has 0.0.
  auto t = read_trf(testing::join(testing::small_event_lines()));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  Standings s;
  s.rows = {
      {2, 1, 15, {}, false}, {1, 2, 15, {}, false}, {4, 3, 10, {}, false}, {3, 4, 0, {}, false}};
  const std::string text = crosstable_text(*t, s);
  const std::string expected =
      "Rank   SNo  Name            Pts   R1   R2\n"
      "   1     2  Beta, Two       1.5  4b1  1w=\n"
      "   2     1  Alpha, One      1.5  3w1  2b=\n"
      "   3     4  Delta, Four     1.0  2w0  3b1\n"
      "   4     3  Gamma, Three    0.0  1b0  4w0\n";
  EXPECT_EQ(text, expected);
}

}  // namespace
}  // namespace arbiter::tournament
