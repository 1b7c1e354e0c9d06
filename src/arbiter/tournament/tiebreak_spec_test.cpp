// Parsing tie-break lists as the TRF-2026 202 line writes them (C.07 names, Article 14
// modifiers), and the errors that name the bad item and its position.
#include "arbiter/tournament/tiebreak_spec.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace arbiter::tournament {
namespace {

TEST(TieBreakSpec, ParsesTheBriefsExample) {
  auto list = parse_tiebreaks("BH/C1,BH,SB,DE");
  ASSERT_TRUE(list.has_value()) << list.error().describe();
  ASSERT_EQ(list->size(), 4u);
  EXPECT_EQ((*list)[0], (TieBreakSpec{TieBreakKind::BH, 1, 0, 0, false}));
  EXPECT_EQ((*list)[1], (TieBreakSpec{TieBreakKind::BH, 0, 0, 0, false}));
  EXPECT_EQ((*list)[2].kind, TieBreakKind::SB);
  EXPECT_EQ((*list)[3].kind, TieBreakKind::DE);
}

TEST(TieBreakSpec, EveryNameRoundTrips) {
  for (const char* n : {"DE",  "WIN", "WON", "BPG", "BWG", "PS",  "REP", "STD",  "TPN",  "BH",
                        "AOB", "FB",  "SB",  "KS",  "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}) {
    auto spec = parse_tiebreak(n);
    ASSERT_TRUE(spec.has_value()) << n;
    EXPECT_EQ(to_string(*spec), n);
  }
}

TEST(TieBreakSpec, Modifiers) {
  EXPECT_EQ(parse_tiebreak("BH/M2")->cut_low, 2);
  EXPECT_EQ(parse_tiebreak("BH/M2")->cut_high, 2);
  EXPECT_EQ(parse_tiebreak("bh-c2")->cut_low, 2);  // C.07 14 prints "BH-C2"
  EXPECT_EQ(parse_tiebreak("BH-C2")->cut_high, 0);
  EXPECT_EQ(parse_tiebreak("KS/L-1")->limit_shift, -10);
  EXPECT_EQ(parse_tiebreak("KS/L+0.5")->limit_shift, 5);
  EXPECT_TRUE(parse_tiebreak("DE/P")->forfeits_as_played);
  EXPECT_TRUE(parse_tiebreak("BH/C1/P")->forfeits_as_played);
  EXPECT_EQ(parse_tiebreak("BH/C1/P")->cut_low, 1);
  EXPECT_EQ(to_string(*parse_tiebreak("bh/p/c1")), "BH/C1/P");
  EXPECT_EQ(to_string(*parse_tiebreak("SB/C1")), "SB/C1");
  EXPECT_EQ(to_string(*parse_tiebreak("ARO/M1")), "ARO/M1");
  EXPECT_EQ(to_string(*parse_tiebreak("KS/L-1")), "KS/L-1");
  EXPECT_EQ(to_string(*parse_tiebreak("DE/P")), "DE/P");
}

TEST(TieBreakSpec, SeparatorsAreCommasOrBlanks) {
  auto list = parse_tiebreaks(" BH/C1  BH,, SB ");
  ASSERT_TRUE(list.has_value());
  EXPECT_EQ(list->size(), 3u);
  EXPECT_TRUE(parse_tiebreaks("")->empty());
}

struct BadItem {
  const char* list;
  const char* message;  // a part of the message
  int position;
};

void PrintTo(const BadItem& b, std::ostream* os) { *os << '"' << b.list << '"'; }

class TieBreakSpecError : public ::testing::TestWithParam<BadItem> {};

TEST_P(TieBreakSpecError, NamesTheItemAndItsPosition) {
  auto list = parse_tiebreaks(GetParam().list);
  ASSERT_FALSE(list.has_value());
  EXPECT_EQ(list.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(list.error().where.column, GetParam().position);
  EXPECT_NE(list.error().message.find(GetParam().message), std::string::npos)
      << list.error().message;
}

// "BH,XYZ,SB" → "BH_XYZ_SB": the list itself names the case.
std::string item_name(const ::testing::TestParamInfo<BadItem>& param_info) {
  std::string name;
  for (const char* c = param_info.param.list; *c != '\0'; ++c)
    name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    Items, TieBreakSpecError,
    ::testing::Values(BadItem{"BH,XYZ,SB", "tie-break 2 'XYZ': unknown tie-break 'XYZ'", 2},
                      BadItem{"BH/C3", "unknown modifier 'C3'", 1},
                      BadItem{"BH,SB,WIN/C1", "tie-break 3 'WIN/C1': /C1 applies only", 3},
                      BadItem{"BH/C1/C2", "more than one cut", 1},
                      BadItem{"WIN/P", "/P applies only to DE, BH, FB and SB", 1},
                      BadItem{"SB/M1", "/M1 applies only to BH, FB and ARO", 1},
                      BadItem{"APRO/C1", "/C1 applies only to BH, FB, SB, PS and ARO", 1},
                      BadItem{"SB/L+1", "/L±n applies only to KS", 1},
                      BadItem{"KS/L+x", "/L needs a number", 1},
                      BadItem{"DE,/C1", "empty tie-break name", 2}),
    item_name);

}  // namespace
}  // namespace arbiter::tournament
