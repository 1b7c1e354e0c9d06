// Numbers out of range (security issue #14, part 7): every integer field is checked for
// type and range before it is converted; each case here was undefined behaviour (a double
// such as 1e300 converted to an integer) or a silent wrap before json_number.hpp.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "arbiter/wire/event_json.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::wire {
namespace {

// Values no integer field accepts: beyond int64, a float, huge doubles, a string.
const char* const kBadIntegers[] = {
    "1e300", "-1e300", "1.5", "18446744073709551615", "9223372036854775808", "-9223372036854775809",
    "\"7\""};

TEST(WireNumbers, EventTimeOutOfRangeIsAnErrorNamingT) {
  for (const char* v : kBadIntegers) {
    const std::string text = std::string(R"({"t":)") + v + R"(,"type":"resume"})";
    auto e = parse_event(text, 4);
    ASSERT_FALSE(e.has_value()) << text;
    EXPECT_EQ(e.error().code, ErrorCode::kEventSyntax) << text;
    EXPECT_EQ(e.error().where.field, "t") << text;
    EXPECT_EQ(e.error().where.line, 4) << text;
  }
  // A whole number written as a float is still read.
  auto ok = parse_event(R"({"t":1500.0,"type":"resume"})", 1);
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->t.count(), 1500);
}

TEST(WireNumbers, EventFieldOutOfRangeMakesTheEventUnusable) {
  for (const char* v : kBadIntegers) {
    const std::string text =
        std::string(R"({"t":1,"type":"arbiter","action":"add_time","side":"white","ms":)") + v +
        "}";
    auto e = parse_event(text, 2);
    ASSERT_TRUE(e.has_value()) << text;
    EXPECT_TRUE(std::holds_alternative<competition::UnusableEvent>(e->body)) << text;
  }
}

TEST(WireNumbers, StartRulesOutOfRangeNameTheField) {
  for (const char* v : {"1e300", "-1e300", "9223372036854775808", "0.5"}) {
    const std::string text =
        std::string(R"({"type":"start","rules":{"draw_offers_from_move":)") + v + "}}";
    auto s = parse_start(text, 1);
    ASSERT_FALSE(s.has_value()) << text;
    EXPECT_EQ(s.error().where.field, "rules.draw_offers_from_move") << text;
  }
  auto s = parse_start(R"({"type":"start","rules":{"scoring":[1e300,0.5,0]}})", 1);
  ASSERT_FALSE(s.has_value());
  EXPECT_EQ(s.error().where.field, "rules.scoring");
}

TEST(WireNumbers, StoredEventIntegersNameTheField) {
  for (const char* v : kBadIntegers) {
    const std::string sv(v);
    struct Case {
      std::string text, field;
    };
    for (const Case& c : {
             Case{R"({"t":"resume","seq":)" + sv + R"(,"d":{}})", "seq"},
             Case{R"({"t":"resume","seq":1,"d":{"t":)" + sv + "}}", "t"},
             Case{R"({"t":"move","seq":1,"d":{"side":"white","uci":"e2e4","ply":)" + sv + "}}",
                  "ply"},
             Case{R"({"t":"penalty","seq":1,"d":{"side":"white","ms":)" + sv + "}}", "ms"},
         }) {
      auto e = read_stored_event(c.text);
      ASSERT_FALSE(e.has_value()) << c.text;
      EXPECT_EQ(e.error().code, ErrorCode::kProtocolSyntax) << c.text;
      EXPECT_EQ(e.error().where.field, c.field) << c.text;
    }
  }
  EXPECT_FALSE(read_stored_event(R"({"t":"resume","seq":-1,"d":{}})").has_value());
  EXPECT_FALSE(
      read_stored_event(R"({"t":"move","seq":1,"d":{"uci":"e2e4","ply":4294967296}})").has_value());
  auto ok = read_stored_event(R"({"t":"move","seq":3,"d":{"uci":"e2e4","ply":7,"t":90}})");
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->seq, 3);
  EXPECT_EQ(ok->ply, 7);
  EXPECT_EQ(ok->t, 90);
}

TEST(WireNumbers, ExtraIntegersNameTheField) {
  for (const char* v : kBadIntegers) {
    for (const std::string field : {"level", "chess960"}) {
      const std::string text = "{\"" + field + "\":" + v + "}";
      auto e = read_extra(text);
      ASSERT_FALSE(e.has_value()) << text;
      EXPECT_EQ(e.error().where.field, field) << text;
    }
  }
  EXPECT_FALSE(read_extra(R"({"level":9})").has_value());
  EXPECT_FALSE(read_extra(R"({"chess960":960})").has_value());
  EXPECT_FALSE(read_extra(R"({"chess960":4294967814})").has_value());
  auto ok = read_extra(R"({"level":3,"chess960":959})");
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->level, 3);
  EXPECT_EQ(ok->chess960, std::optional<int>(959));
}

TEST(WireNumbers, CreateRequestIntegersNameTheField) {
  for (const char* v : kBadIntegers) {
    const std::string sv(v);
    for (const auto& [body, field] :
         {std::pair{R"({"variant":"chess960","chess960":)" + sv + "}", "chess960"},
          std::pair{R"({"opponent":{"type":"computer","level":)" + sv + "}}", "level"}}) {
      auto r = parse_create_request(body);
      ASSERT_FALSE(r.has_value()) << body;
      EXPECT_EQ(r.error().where.field, field) << body;
    }
  }
}

}  // namespace
}  // namespace arbiter::wire
