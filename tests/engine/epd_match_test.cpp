#include "epd_match.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::test {
namespace {

core::Move uci(const core::Position& pos, std::string_view text) {
  auto m = core::parse_uci(pos, text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : core::Move::none();
}

TEST(EpdMatch, MatchesPieceMovesWithDisambiguationAndCaptures) {
  auto pos = core::Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(pos);
  EXPECT_TRUE(san_matches(*pos, uci(*pos, "e1g1"), "O-O"));
  EXPECT_FALSE(san_matches(*pos, uci(*pos, "e1c1"), "O-O"));
  EXPECT_TRUE(san_matches(*pos, uci(*pos, "e1c1"), "O-O-O+"));
  EXPECT_FALSE(san_matches(*pos, uci(*pos, "a1a8"), "Rxa7"));
  EXPECT_TRUE(san_matches(*pos, uci(*pos, "a1a8"), "Ra8+"));
  auto two = core::Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  ASSERT_TRUE(two);
  EXPECT_TRUE(san_matches(*two, uci(*two, "a1d1"), "Rad1"));
  EXPECT_FALSE(san_matches(*two, uci(*two, "h1d1"), "Rad1"));
  EXPECT_TRUE(san_matches(*two, uci(*two, "h1d1"), "Rhd1"));
}

TEST(EpdMatch, MatchesPawnCapturesAndPromotions) {
  auto pos = core::Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pos);
  EXPECT_TRUE(san_matches(*pos, uci(*pos, "a7b8q"), "axb8=Q"));
  EXPECT_FALSE(san_matches(*pos, uci(*pos, "a7b8n"), "axb8=Q"));
  EXPECT_TRUE(san_matches(*pos, uci(*pos, "a7a8r"), "a8=R+"));
}

TEST(EpdMatch, ReadsWacRecords) {
  const auto records = read_epd(std::string(ARB_TESTDATA_DIR) + "/epd/wac.epd");
  ASSERT_EQ(records.size(), 300u);
  EXPECT_EQ(records[0].best, std::vector<std::string>{"Qg6"});
  EXPECT_EQ(records[0].id, "\"WAC.001\"");
}

}  // namespace
}  // namespace arbiter::test
