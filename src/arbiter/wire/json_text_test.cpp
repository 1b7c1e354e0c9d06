#include "arbiter/wire/json_text.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

namespace arbiter::wire {
namespace {

using nlohmann::ordered_json;

// What the protocol wrote before JsonText, and still the reference.
std::string nlohmann_dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

std::string literal(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

TEST(JsonText, EscapesWhatJsonRequiresAndNothingElse) {
  EXPECT_EQ(literal("plain"), "\"plain\"");
  EXPECT_EQ(literal("a\"b\\c"), R"("a\"b\\c")");
  EXPECT_EQ(literal("\b\f\n\r\t"), R"("\b\f\n\r\t")");
  EXPECT_EQ(literal(std::string("\x00\x01\x1f", 3)), R"("\u0000\u0001\u001f")");
  EXPECT_EQ(literal("\x7f/"), "\"\x7f/\"");  // DEL and the solidus stay as they are
  EXPECT_EQ(literal("L\xC3\xA4ufer \xE2\x99\x9E \xF0\x9F\x98\x80"),
            "\"L\xC3\xA4ufer \xE2\x99\x9E \xF0\x9F\x98\x80\"");
}

TEST(JsonText, ReplacesEachIllFormedSequenceByOneReplacementCharacter) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(literal("a\x80z"), "\"a" + fffd + "z\"");         // a lone continuation byte
  EXPECT_EQ(literal("\xC0\xAF"), "\"" + fffd + fffd + "\"");  // C0 never begins a sequence
  EXPECT_EQ(literal("\xE0\x80\x80"), "\"" + fffd + fffd + fffd + "\"");  // overlong
  EXPECT_EQ(literal("\xED\xA0\x80"), "\"" + fffd + fffd + fffd + "\"");  // a surrogate
  EXPECT_EQ(literal("\xE2\x99z"), "\"" + fffd + "z\"");    // a truncated sequence, then ASCII
  EXPECT_EQ(literal("\xF0\x9F\x98"), "\"" + fffd + "\"");  // truncated by the end
  EXPECT_EQ(literal("\xF4\x90\x80\x80"), "\"" + fffd + fffd + fffd + fffd + "\"");  // > U+10FFFF
}

// Random byte strings, biased towards the bytes where UTF-8 decoding branches: the
// output must be nlohmann's, byte for byte.
TEST(JsonText, StringsAreWrittenAsNlohmannWritesThem) {
  std::mt19937 rng{20261127};
  constexpr unsigned char kInteresting[] = {
      0x00, 0x08, 0x1f, '"',  '\\', 'a',  0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
      0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff};
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    const int len = static_cast<int>(rng() % 12);
    for (int k = 0; k < len; ++k) {
      s += rng() % 2 == 0 ? static_cast<char>(kInteresting[rng() % sizeof kInteresting])
                          : static_cast<char>(rng() % 256);
    }
    ASSERT_EQ(literal(s), nlohmann_dump(ordered_json(s))) << "case " << n;
  }
}

TEST(JsonText, ValuesAndCommasAsNlohmannWritesThem) {
  JsonText j;
  j.open()
      .field("t", "move")
      .field("seq", std::int64_t{8})
      .key("d")
      .open()
      .field("ply", 3)
      .field("check", false)
      .null_field("draw_offer")
      .key("dests")
      .open()
      .key("e2")
      .open_array()
      .value("e3")
      .value("e4")
      .close_array()
      .key("g1")
      .open_array()
      .close_array()
      .close()
      .key("empty")
      .open()
      .close()
      .field("min", std::numeric_limits<std::int64_t>::min())
      .field("max", std::numeric_limits<std::int64_t>::max())
      .close()
      .close();
  ordered_json d;
  d["ply"] = 3;
  d["check"] = false;
  d["draw_offer"] = nullptr;
  d["dests"] = {{"e2", {"e3", "e4"}}, {"g1", ordered_json::array()}};
  d["empty"] = ordered_json::object();
  d["min"] = std::numeric_limits<std::int64_t>::min();
  d["max"] = std::numeric_limits<std::int64_t>::max();
  ordered_json expected;
  expected["t"] = "move";
  expected["seq"] = 8;
  expected["d"] = d;
  EXPECT_EQ(j.text(), nlohmann_dump(expected));
}

TEST(JsonText, AnArrayOfObjects) {
  JsonText j;
  j.open_array().open().field("a", 1).close().open().field("b", true).close().close_array();
  EXPECT_EQ(j.take(), R"([{"a":1},{"b":true}])");
}

}  // namespace
}  // namespace arbiter::wire
