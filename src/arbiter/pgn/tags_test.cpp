#include "arbiter/pgn/tags.hpp"

#include <gtest/gtest.h>

#include "arbiter/pgn/writer.hpp"

namespace arbiter::pgn {
namespace {

TEST(PgnTags, SetReplacesAndKeepsOrder) {
  Tags t;
  t.set("White", "A");
  t.set("Event", "E");
  t.set("White", "B");
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t.pairs()[0].first, "White");
  EXPECT_EQ(t.get("White"), "B");
  EXPECT_EQ(t.get("Missing", "dflt"), "dflt");
  EXPECT_TRUE(t.erase("White"));
  EXPECT_FALSE(t.contains("White"));
}

TEST(PgnTags, ExportOrderPutsTheSevenTagRosterFirst) {
  // PGN standard 8.1.1: Event Site Date Round White Black Result, missing ones filled in.
  Tags t;
  t.set("ECO", "C20");
  t.set("Black", "B");
  t.set("White", "W");
  t.set("Result", "1-0");
  const auto out = t.export_order();
  ASSERT_EQ(out.size(), 8u);
  for (std::size_t i = 0; i < kSevenTagRoster.size(); ++i)
    EXPECT_EQ(out[i].first, kSevenTagRoster[i]);
  EXPECT_EQ(out[0].second, "?");
  EXPECT_EQ(out[2].second, "????.??.??");
  EXPECT_EQ(out[4].second, "W");
  EXPECT_EQ(out[7].first, "ECO");
}

TEST(PgnTags, ClassifiesVariants) {
  EXPECT_EQ(classify_variant(""), VariantKind::Standard);
  EXPECT_EQ(classify_variant("Standard"), VariantKind::Standard);
  EXPECT_EQ(classify_variant("From Position"), VariantKind::Standard);
  for (const char* v :
       {"chess960", "Chess960", "chess 960", "fischerandom", "Fischer Random", "FRC"})
    EXPECT_EQ(classify_variant(v), VariantKind::Chess960) << v;
  for (const char* v :
       {"Crazyhouse", "Antichess", "Atomic", "King of the Hill", "Three-check", "Horde"})
    EXPECT_EQ(classify_variant(v), VariantKind::Unsupported) << v;
}

TEST(PgnTags, ResultMarkers) {
  for (const char* r : {"1-0", "0-1", "1/2-1/2", "*"}) EXPECT_TRUE(is_result_marker(r));
  for (const char* r : {"", "1-1", "0-0", "1/2", "½-½"}) EXPECT_FALSE(is_result_marker(r));
}

TEST(PgnTags, EscapesQuotesAndBackslashes) {
  EXPECT_EQ(escape_tag_value(R"(a "b" \c)"), R"(a \"b\" \\c)");
}

}  // namespace
}  // namespace arbiter::pgn
