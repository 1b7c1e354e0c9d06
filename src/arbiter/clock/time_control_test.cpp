// TimeControl: the grammar of spec/game-events.md and the categories of A.1 / B.1.
#include "arbiter/clock/time_control.hpp"

#include <gtest/gtest.h>

namespace arbiter::clock {
namespace {

using namespace std::chrono_literals;

TEST(TimeControlParse, TwoPeriodsWithIncrement) {
  // Art. 6.3.1: 40 moves in 90 min, then the rest in 30 min, 30 s added before each move.
  auto tc = TimeControl::parse("40/5400+30:1800+30");
  ASSERT_TRUE(tc.has_value()) << tc.error().describe();
  ASSERT_EQ(tc->periods().size(), 2u);
  EXPECT_EQ(tc->periods()[0], (Period{40, 5400s, 30s, 0s}));
  EXPECT_EQ(tc->periods()[1], (Period{0, 1800s, 30s, 0s}));
  EXPECT_FALSE(tc->is_unlimited());
}

TEST(TimeControlParse, IncrementOnly) {
  auto tc = TimeControl::parse("180+2");
  ASSERT_TRUE(tc.has_value());
  ASSERT_EQ(tc->periods().size(), 1u);
  EXPECT_EQ(tc->periods()[0], (Period{0, 180s, 2s, 0s}));
}

TEST(TimeControlParse, DelayMode) {
  // Art. 6.3.2: delay mode.
  auto tc = TimeControl::parse("900d5");
  ASSERT_TRUE(tc.has_value());
  EXPECT_EQ(tc->periods()[0], (Period{0, 900s, 0s, 5s}));
}

TEST(TimeControlParse, FractionalSecondsToTheMillisecond) {
  // An extension of the spec's whole seconds: engine matches are played at "10+0.1".
  auto tc = TimeControl::parse("10+0.1");
  ASSERT_TRUE(tc.has_value()) << tc.error().describe();
  EXPECT_EQ(tc->periods()[0], (Period{0, 10s, 100ms, 0s}));
  auto odd = TimeControl::parse("40/2.5+0.05d0.125:1.001");
  ASSERT_TRUE(odd.has_value()) << odd.error().describe();
  EXPECT_EQ(odd->periods()[0], (Period{40, 2500ms, 50ms, 125ms}));
  EXPECT_EQ(odd->periods()[1], (Period{0, 1001ms, 0s, 0s}));
  EXPECT_EQ(odd->to_string(), "40/2.5+0.05d0.125:1.001");
}

TEST(TimeControlParse, IncrementAndDelayTogether) {
  auto tc = TimeControl::parse("600+3d2");
  ASSERT_TRUE(tc.has_value());
  EXPECT_EQ(tc->periods()[0], (Period{0, 600s, 3s, 2s}));
}

TEST(TimeControlParse, ThreePeriods) {
  auto tc = TimeControl::parse("40/7200:20/3600:900+30");
  ASSERT_TRUE(tc.has_value());
  ASSERT_EQ(tc->periods().size(), 3u);
  EXPECT_EQ(tc->periods()[1], (Period{20, 3600s, 0s, 0s}));
  EXPECT_EQ(tc->periods()[2], (Period{0, 900s, 30s, 0s}));
}

TEST(TimeControlParse, DashMeansNoClock) {
  auto tc = TimeControl::parse("-");
  ASSERT_TRUE(tc.has_value());
  EXPECT_TRUE(tc->is_unlimited());
  EXPECT_EQ(tc->to_string(), "-");
}

TEST(TimeControlParse, ZeroBaseWithIncrementIsAllowed) {
  auto tc = TimeControl::parse("0+1");
  ASSERT_TRUE(tc.has_value());
  EXPECT_EQ(tc->periods()[0].base, 0s);
}

struct BadCase {
  const char* name;
  const char* text;
  ErrorCode code;
  int column;
};

void PrintTo(const BadCase& c, std::ostream* out) { *out << '"' << c.text << '"'; }

class TimeControlBad : public ::testing::TestWithParam<BadCase> {};

TEST_P(TimeControlBad, ReportsCodeAndColumn) {
  const BadCase& c = GetParam();
  auto tc = TimeControl::parse(c.text);
  ASSERT_FALSE(tc.has_value()) << c.text;
  EXPECT_EQ(tc.error().code, c.code) << c.text << ": " << tc.error().describe();
  EXPECT_EQ(tc.error().where.column, c.column) << c.text << ": " << tc.error().describe();
  EXPECT_FALSE(tc.error().message.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Grammar, TimeControlBad,
    ::testing::Values(
        BadCase{"Empty", "", ErrorCode::kTimeControlSyntax, 1},
        BadCase{"Letters", "abc", ErrorCode::kTimeControlSyntax, 1},
        BadCase{"NoIncrement", "180+", ErrorCode::kTimeControlSyntax, 5},
        BadCase{"UnknownSeparator", "180x2", ErrorCode::kTimeControlSyntax, 4},
        BadCase{"NoPeriodTime", "40/", ErrorCode::kTimeControlSyntax, 4},
        BadCase{"NothingAfterColon", "40/5400+30:", ErrorCode::kTimeControlSyntax, 12},
        BadCase{"TwoColons", "40/5400::1800", ErrorCode::kTimeControlSyntax, 9},
        BadCase{"NoFraction", "180.", ErrorCode::kTimeControlSyntax, 5},
        BadCase{"NoIncrementFraction", "10+0.", ErrorCode::kTimeControlSyntax, 6},
        BadCase{"FractionalMoveCount", "40.5/300", ErrorCode::kTimeControlSyntax, 5},
        BadCase{"IncrementBelowAMillisecond", "10+0.1234", ErrorCode::kTimeControlValue, 9},
        BadCase{"DelayAndIncrement", "180d2+3", ErrorCode::kTimeControlSyntax, 6},
        BadCase{"TwoIncrements", "180+2+2", ErrorCode::kTimeControlSyntax, 6},
        BadCase{"NoDelay", "180d", ErrorCode::kTimeControlSyntax, 5},
        BadCase{"LeadingSpace", " 180", ErrorCode::kTimeControlSyntax, 1},
        BadCase{"TwoDashes", "--", ErrorCode::kTimeControlSyntax, 1},
        BadCase{"ZeroMoves", "0/300", ErrorCode::kTimeControlValue, 1},
        BadCase{"ZeroTime", "0", ErrorCode::kTimeControlValue, 1},
        BadCase{"NoFinalPeriod", "40/5400", ErrorCode::kTimeControlValue, 1},
        BadCase{"PeriodAfterSuddenDeath", "5400:1800", ErrorCode::kTimeControlValue, 1},
        BadCase{"LastPeriodCountsMoves", "40/5400:20/1800", ErrorCode::kTimeControlValue, 9},
        BadCase{"HugeBase", "99999999999999999999", ErrorCode::kTimeControlValue, 1},
        BadCase{"HugeIncrement", "60+9999999", ErrorCode::kTimeControlValue, 4},
        BadCase{"HugeDelay", "40/300:1800d99999999", ErrorCode::kTimeControlValue, 13}),
    [](const ::testing::TestParamInfo<BadCase>& info_) { return std::string(info_.param.name); });

TEST(TimeControlPrint, RoundTrips) {
  for (const char* text : {"40/5400+30:1800+30", "180+2", "900d5", "600+3d2",
                           "40/7200:20/3600:900+30", "-", "0+1", "300", "10+0.1", "0.5"}) {
    auto tc = TimeControl::parse(text);
    ASSERT_TRUE(tc.has_value()) << text;
    EXPECT_EQ(tc->to_string(), text);
    auto again = TimeControl::parse(tc->to_string());
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(*again, *tc);
  }
}

TEST(TimeControlPrint, CanonicalisesLeadingZeros) {
  auto tc = TimeControl::parse("0180+02");
  ASSERT_TRUE(tc.has_value());
  EXPECT_EQ(tc->to_string(), "180+2");
}

Category category_of(const char* text) {
  auto tc = TimeControl::parse(text);
  EXPECT_TRUE(tc.has_value()) << text;
  return tc ? tc->category() : Category::Standard;
}

TEST(TimeControlCategory, BlitzIsTenMinutesOrLess) {
  // B.1: 10 minutes or less, counting base + 60 × increment.
  EXPECT_EQ(category_of("180+2"), Category::Blitz);  // 3 + 2 = 5 min
  EXPECT_EQ(category_of("600"), Category::Blitz);    // exactly 10 min
  EXPECT_EQ(category_of("300+5"), Category::Blitz);  // 5 + 5 = 10 min
  EXPECT_EQ(category_of("0+10"), Category::Blitz);   // 0 + 10 = 10 min
}

TEST(TimeControlCategory, RapidIsMoreThanTenLessThanSixty) {
  // A.1: more than 10 and less than 60 minutes.
  EXPECT_EQ(category_of("601"), Category::Rapid);
  EXPECT_EQ(category_of("300+6"), Category::Rapid);   // 5 + 6 = 11 min
  EXPECT_EQ(category_of("900+10"), Category::Rapid);  // 15 + 10 = 25 min
  EXPECT_EQ(category_of("3540"), Category::Rapid);    // 59 min
  EXPECT_EQ(category_of("3000+9"), Category::Rapid);  // 50 + 9 = 59 min
}

TEST(TimeControlCategory, StandardIsSixtyMinutesOrMore) {
  // A.1 (by exclusion): 60 minutes or more is a standard game.
  EXPECT_EQ(category_of("3600"), Category::Standard);
  EXPECT_EQ(category_of("3000+10"), Category::Standard);  // 50 + 10 = 60 min
  EXPECT_EQ(category_of("40/5400+30:1800+30"), Category::Standard);
  EXPECT_EQ(category_of("-"), Category::Standard);
}

TEST(TimeControlCategory, DelayCountsAsAdditionalTime) {
  // Glossary 'additional time' (6.3.2): delay or cumulative mode, both count × 60.
  EXPECT_EQ(category_of("900d5"), Category::Rapid);  // 15 + 5 = 20 min
  EXPECT_EQ(category_of("300d5"), Category::Blitz);  // 5 + 5 = 10 min
  EXPECT_EQ(category_of("300d6"), Category::Rapid);  // 5 + 6 = 11 min
}

TEST(TimeControlCategory, AllPeriodsCount) {
  // Every base time of a multi-period control is time the game can use.
  EXPECT_EQ(category_of("20/300:300"), Category::Blitz);  // 10 min
  EXPECT_EQ(category_of("20/300:301"), Category::Rapid);  // 10 min 1 s
  EXPECT_EQ(category_of("20/1800:1800"), Category::Standard);
}

TEST(TimeControlCategory, NominalTime) {
  auto tc = TimeControl::parse("40/5400+30:1800+30");
  ASSERT_TRUE(tc.has_value());
  EXPECT_EQ(tc->nominal_time(), Millis{(5400 + 1800 + 60 * 30) * 1000});
}

TEST(TimeControlCategory, NamesParseAndPrint) {
  for (Category c : {Category::Standard, Category::Rapid, Category::Blitz}) {
    auto back = parse_category(to_string(c));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, c);
  }
  EXPECT_FALSE(parse_category("bullet").has_value());
}

// Issue #17 item 5: correspondence as the delay mode of Art. 6.3.2 with no base time.
TEST(TimeControlDaysPerMove, WholeDaysOfDelayAndNothingElse) {
  const auto days = [](std::string_view text) {
    auto tc = TimeControl::parse(text);
    EXPECT_TRUE(tc) << text;
    return tc ? tc->days_per_move() : -1;
  };
  EXPECT_EQ(days("0d86400"), 1);
  EXPECT_EQ(days("0d259200"), 3);
  EXPECT_EQ(days("0d1209600"), 14);
  EXPECT_EQ(days("0d3600"), 0);     // an hour: not a day
  EXPECT_EQ(days("0d129600"), 0);   // a day and a half
  EXPECT_EQ(days("1d86400"), 0);    // with base time
  EXPECT_EQ(days("0+5d86400"), 0);  // with an increment
  EXPECT_EQ(days("180+2"), 0);
  EXPECT_EQ(days("-"), 0);
  EXPECT_EQ(days("40/0d86400:0d86400"), 0);  // two periods
}

}  // namespace
}  // namespace arbiter::clock
