// User names: the rules of a new name with the column of the first offence, and the
// case-insensitive key.
#include "arbiter/account/user_name.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::account {
namespace {

struct NameCase {
  const char* name;
  const char* text;
  int column;  // -1: accepted
};

class UserName : public ::testing::TestWithParam<NameCase> {};

TEST_P(UserName, Rules) {
  auto checked = check_user_name(GetParam().text);
  if (GetParam().column < 0) {
    EXPECT_TRUE(checked) << checked.error().describe();
    return;
  }
  ASSERT_FALSE(checked);
  EXPECT_EQ(checked.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(checked.error().where.field, "name");
  EXPECT_EQ(checked.error().where.column, GetParam().column) << checked.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, UserName,
    ::testing::Values(
        NameCase{"Plain", "Magnus", -1}, NameCase{"TwoCharacters", "ab", -1},
        NameCase{"TwentyCharacters", "abcdefghij0123456789", -1},
        NameCase{"UnderscoreAndHyphen", "a_b-c", -1}, NameCase{"Digits", "2700chess", -1},
        NameCase{"OneCharacter", "a", 0}, NameCase{"Empty", "", 0},
        NameCase{"TwentyOneCharacters", "abcdefghij0123456789x", 0}, NameCase{"Space", "ab cd", 3},
        NameCase{"NonAscii", "Петров", 1}, NameCase{"LeadingHyphen", "-abc", 1},
        NameCase{"TrailingUnderscore", "abc_", 4}, NameCase{"TwoSeparators", "ab_-cd", 4},
        NameCase{"Slash", "a/b", 2}, NameCase{"ReservedAnyCase", "ArBiTeR", 1},
        NameCase{"ReservedComputer", "computer", 1}),
    [](const auto& info_) { return std::string(info_.param.name); });

TEST(UserNameKey, IsTheNameInLowerCase) {
  EXPECT_EQ(name_key("MagnusC"), "magnusc");
  EXPECT_EQ(name_key("a_B-9"), "a_b-9");
  EXPECT_EQ(name_key("magnusc"), name_key("MAGNUSC"));
}

}  // namespace
}  // namespace arbiter::account
