// Rating categories from time controls: A.1 and B.1 decide rapid and blitz by the time for
// 60 moves; bullet is blitz under 3 minutes; no clock is correspondence.
#include "arbiter/rating/speed.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::rating {
namespace {

struct SpeedCase {
  const char* name;
  const char* control;  // the grammar of spec/game-events.md, in seconds
  Speed speed;
};

class SpeedOf : public ::testing::TestWithParam<SpeedCase> {};

TEST_P(SpeedOf, TheCategoryOfATimeControl) {
  auto control = clock::TimeControl::parse(GetParam().control);
  ASSERT_TRUE(control) << control.error().describe();
  EXPECT_EQ(to_string(speed_of(*control)), to_string(GetParam().speed));
}

INSTANTIATE_TEST_SUITE_P(
    Controls, SpeedOf,
    ::testing::Values(SpeedCase{"OneMinute", "60", Speed::Bullet},
                      SpeedCase{"OnePlusOne", "60+1", Speed::Bullet},  // 2 min for 60 moves
                      SpeedCase{"TwoPlusZero", "120", Speed::Bullet},
                      SpeedCase{"TwoPlusOne", "120+1", Speed::Blitz},  // exactly 3 min
                      SpeedCase{"ThreePlusZero", "180", Speed::Blitz},
                      SpeedCase{"ThreePlusTwo", "180+2", Speed::Blitz},
                      SpeedCase{"TenPlusZero", "600", Speed::Blitz},     // B.1: 10 min or less
                      SpeedCase{"FivePlusFive", "300+5", Speed::Blitz},  // 5 + 5 = 10 min
                      SpeedCase{"FivePlusSix", "300+6", Speed::Rapid},   // 5 + 6 min: A.1
                      SpeedCase{"TenPlusFive", "600+5", Speed::Rapid},
                      SpeedCase{"FifteenPlusTen", "900+10", Speed::Rapid},
                      SpeedCase{"FiftyNine", "3540", Speed::Rapid},         // under 60 min
                      SpeedCase{"SixtyMinutes", "3600", Speed::Classical},  // A.1: less than 60
                      SpeedCase{"NinetyPlusThirty", "5400+30", Speed::Classical},
                      SpeedCase{"TwoPeriods", "40/5400:1800+30", Speed::Classical},
                      SpeedCase{"WithDelay", "120d2", Speed::Blitz},  // delay counts too
                      SpeedCase{"NoClock", "-", Speed::Correspondence},
                      SpeedCase{"OneDayAMove", "0d86400", Speed::Correspondence},
                      SpeedCase{"FourteenDaysAMove", "0d1209600", Speed::Correspondence},
                      // A delay of a day and a half is no correspondence control: a
                      // standard game (A.1), however slow.
                      SpeedCase{"ADayAndAHalf", "0d129600", Speed::Classical},
                      SpeedCase{"DaysWithABase", "60d86400", Speed::Classical}),
    [](const auto& info_) { return std::string(info_.param.name); });

TEST(Speed, NamesRoundTripAndUnknownNamesAreRefused) {
  for (Speed speed : kAllSpeeds) {
    auto back = parse_speed(to_string(speed));
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, speed);
  }
  auto bad = parse_speed("ultrabullet");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().where.field, "speed");
}

}  // namespace
}  // namespace arbiter::rating
