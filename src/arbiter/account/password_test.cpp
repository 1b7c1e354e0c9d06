// Passwords: Argon2id hashes that verify, salts that differ, the rules of a new password,
// the decoy verification for unknown names, and the rehash check.
#include "arbiter/account/password.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arbiter::account {
namespace {

TEST(Password, AHashVerifiesItsPasswordAndNoOther) {
  auto hash = hash_password("correct horse battery", test_cost());
  ASSERT_TRUE(hash) << hash.error().describe();
  EXPECT_TRUE(hash->starts_with("$argon2id$"));
  EXPECT_EQ(hash->find("correct horse"), std::string::npos);
  EXPECT_TRUE(verify_password(*hash, "correct horse battery"));
  EXPECT_FALSE(verify_password(*hash, "correct horse batterY"));
  EXPECT_FALSE(verify_password(*hash, ""));
}

TEST(Password, TheSamePasswordHashesDifferentlyEachTime) {
  auto a = hash_password("same password", test_cost());
  auto b = hash_password("same password", test_cost());
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);  // a fresh salt each time
  EXPECT_TRUE(verify_password(*a, "same password"));
  EXPECT_TRUE(verify_password(*b, "same password"));
}

TEST(Password, AMalformedHashMatchesNothing) {
  EXPECT_FALSE(verify_password("", "anything"));
  EXPECT_FALSE(verify_password("$argon2id$v=19$garbage", "anything"));
  EXPECT_FALSE(verify_password(std::string(500, 'x'), "anything"));
}

TEST(Password, TheInteractiveCostIsArgon2idWith64MiB) {
  auto hash = hash_password("a real password", interactive_cost());
  ASSERT_TRUE(hash);
  EXPECT_NE(hash->find("$argon2id$v=19$m=65536,t=2,p=1$"), std::string::npos) << *hash;
  EXPECT_TRUE(verify_password(*hash, "a real password"));
  EXPECT_FALSE(needs_rehash(*hash, interactive_cost()));
  auto cheap = hash_password("a real password", test_cost());
  ASSERT_TRUE(cheap);
  EXPECT_TRUE(needs_rehash(*cheap, interactive_cost()));
  EXPECT_TRUE(needs_rehash("not a hash", interactive_cost()));
}

TEST(Password, TheDecoyNeverAccepts) {
  EXPECT_FALSE(verify_against_no_account("whatever", test_cost()));
  EXPECT_FALSE(verify_against_no_account("", test_cost()));
}

struct PasswordRule {
  const char* name;
  std::string password;
  bool ok;
};

class NewPassword : public ::testing::TestWithParam<PasswordRule> {};

TEST_P(NewPassword, Rules) {
  auto checked = check_new_password(GetParam().password, "Magnus_C");
  EXPECT_EQ(checked.has_value(), GetParam().ok);
  if (!checked) {
    EXPECT_EQ(checked.error().where.field, "password");
    EXPECT_EQ(checked.error().message.find(GetParam().password), std::string::npos)
        << "the message repeats the password";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, NewPassword,
    ::testing::Values(PasswordRule{"EightLetters", "abcdefgh", true},
                      PasswordRule{"SevenLetters", "abcdefg", false},
                      PasswordRule{"Cyrillic", "пароль-шахматы", true},
                      PasswordRule{"Spaces", "two words here", true},
                      PasswordRule{"MaxBytes", std::string(128, 'p'), true},
                      PasswordRule{"TooLong", std::string(129, 'p'), false},
                      PasswordRule{"TheNameInOtherCase", "magnus_c", false},
                      PasswordRule{"ControlCharacter", std::string("abc\ndefgh"), false},
                      PasswordRule{"InvalidUtf8", std::string("abcdefg\xff"), false},
                      PasswordRule{"Surrogate", std::string("abcdefg\xed\xa0\x80"), false},
                      PasswordRule{"Overlong", std::string("abcdefg\xc0\xaf"), false},
                      PasswordRule{"TruncatedSequence", std::string("abcdefgh\xe2\x82"), false}),
    [](const auto& info_) { return std::string(info_.param.name); });

TEST(Password, HashingRefusesAnOverlongPassword) {
  auto hash = hash_password(std::string(129, 'x'), test_cost());
  ASSERT_FALSE(hash);
  EXPECT_EQ(hash.error().where.field, "password");
}

}  // namespace
}  // namespace arbiter::account
