#include "arbiter/pgn/encoding.hpp"

#include <gtest/gtest.h>

namespace arbiter::pgn {
namespace {

TEST(PgnEncoding, AcceptsAsciiAndWellFormedUtf8) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain ASCII text that is longer than eight bytes"));
  EXPECT_TRUE(is_valid_utf8("\xD0\x9A\xD1\x80"));  // "Кр"
  EXPECT_TRUE(
      is_valid_utf8("\xE2\x99\x98"
                    "f3"));                        // "♘f3"
  EXPECT_TRUE(is_valid_utf8("\xF0\x9F\x98\x80"));  // U+1F600
}

TEST(PgnEncoding, RejectsMalformedUtf8) {
  EXPECT_FALSE(is_valid_utf8("J\xF6rg"));           // Latin-1 ö
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xE2\x99"));          // truncated
  EXPECT_FALSE(is_valid_utf8("\x80"));              // lone continuation
}

TEST(PgnEncoding, ConvertsLatin1ToUtf8) {
  std::string out;
  append_latin1_as_utf8("J\xF6rg \xA9", out);
  EXPECT_EQ(out, "J\xC3\xB6rg \xC2\xA9");
  std::string scratch;
  bool converted = true;
  EXPECT_EQ(as_utf8("abc", scratch, converted), "abc");
  EXPECT_FALSE(converted);
  EXPECT_EQ(as_utf8("\xE9t\xE9", scratch, converted), "\xC3\xA9t\xC3\xA9");
  EXPECT_TRUE(converted);
}

}  // namespace
}  // namespace arbiter::pgn
