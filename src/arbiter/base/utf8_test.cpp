// Well-formed UTF-8 (base/utf8.hpp): what the store and the passwords take and refuse.
#include "arbiter/base/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

namespace arbiter {
namespace {

TEST(Utf8, TakesTextInAnyScript) {
  EXPECT_TRUE(is_utf8(""));
  EXPECT_TRUE(is_utf8("Club Swiss"));
  EXPECT_TRUE(is_utf8("\xd0\xa8\xd0\xb0\xd1\x85\xd0\xbc\xd0\xb0\xd1\x82\xd1\x8b"));  // Шахматы
  EXPECT_TRUE(is_utf8("\xe2\x99\x94"));                                              // ♔
  EXPECT_TRUE(is_utf8("\xf0\x9f\x98\x80"));                                          // U+1F600
  EXPECT_TRUE(is_utf8("\xf4\x8f\xbf\xbf"));                                          // U+10FFFF
}

TEST(Utf8, RefusesWhatIsNotWellFormed) {
  EXPECT_FALSE(is_utf8("\xc0\xaf"));          // an overlong '/'
  EXPECT_FALSE(is_utf8("\xe0\x80\xaf"));      // overlong in three bytes
  EXPECT_FALSE(is_utf8("\xed\xa0\x80"));      // a surrogate, U+D800
  EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_utf8("\xe2\x99"));          // cut short
  EXPECT_FALSE(is_utf8("\x80"));              // a continuation alone
  EXPECT_FALSE(is_utf8("\xff"));
  EXPECT_FALSE(is_utf8(std::string("ok\xc3", 3)));
}

}  // namespace
}  // namespace arbiter
