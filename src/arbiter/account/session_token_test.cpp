// Session secrets: their shape, that they differ, their hash, and the comparison.
#include "arbiter/account/session_token.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace arbiter::account {
namespace {

TEST(SessionToken, SecretsAre43Base64UrlCharactersAndDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string secret = new_session_secret();
    EXPECT_EQ(secret.size(), 43u);
    EXPECT_TRUE(is_session_secret(secret)) << secret;
    seen.insert(secret);
  }
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_TRUE(is_session_secret(new_csrf_token()));
}

TEST(SessionToken, OtherShapesAreNotSecrets) {
  EXPECT_FALSE(is_session_secret(""));
  EXPECT_FALSE(is_session_secret(std::string(42, 'a')));
  EXPECT_FALSE(is_session_secret(std::string(44, 'a')));
  EXPECT_FALSE(is_session_secret(std::string(42, 'a') + "="));
  EXPECT_FALSE(is_session_secret(std::string(42, 'a') + "+"));
  EXPECT_TRUE(is_session_secret(std::string(43, 'a')));
}

TEST(SessionToken, TheHashIsBlake2b256InHex) {
  // BLAKE2b-256 of the empty string (RFC 7693's parameters, digest length 32).
  EXPECT_EQ(session_hash(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
  const std::string secret = new_session_secret();
  EXPECT_EQ(session_hash(secret), session_hash(secret));
  EXPECT_NE(session_hash(secret), session_hash(new_session_secret()));
  EXPECT_EQ(session_hash(secret).size(), 64u);
}

TEST(SessionToken, ComparisonNeedsTheSameNonEmptyToken) {
  EXPECT_TRUE(same_token("abc", "abc"));
  EXPECT_FALSE(same_token("abc", "abd"));
  EXPECT_FALSE(same_token("abc", "abcd"));
  EXPECT_FALSE(same_token("", ""));
}

}  // namespace
}  // namespace arbiter::account
