#include "arbiter/pgn/annotations.hpp"

#include <gtest/gtest.h>

namespace arbiter::pgn {
namespace {

TEST(PgnAnnotations, ParsesAndFormatsClocks) {
  EXPECT_EQ(parse_clock("1:23:45").value(), (3600 + 23 * 60 + 45) * 1000);
  EXPECT_EQ(parse_clock("0:03:00.5").value(), 180500);
  EXPECT_EQ(parse_clock("12:30").value(), 750000);
  EXPECT_EQ(parse_clock(" 0:00:07 ").value(), 7000);
  for (const char* bad : {"", "1", "1:2:3:4", "0:61:00", "0:00:60", "a:00:00", "0:00:01.1234"})
    EXPECT_FALSE(parse_clock(bad).has_value()) << bad;
  EXPECT_EQ(format_clock(5025000), "1:23:45");
  EXPECT_EQ(format_clock(180500), "0:03:00.5");
  EXPECT_EQ(format_clock(7), "0:00:00.007");
}

TEST(PgnAnnotations, ParsesAndFormatsEvaluations) {
  EXPECT_EQ(parse_eval("0.17").value(), (Eval{false, 17, -1}));
  EXPECT_EQ(parse_eval("-1.5").value(), (Eval{false, -150, -1}));
  EXPECT_EQ(parse_eval("+3").value(), (Eval{false, 300, -1}));
  EXPECT_EQ(parse_eval("#-2").value(), (Eval{true, -2, -1}));
  EXPECT_EQ(parse_eval("0.254,20").value(), (Eval{false, 25, 20}));
  for (const char* bad : {"", "#", "x", "1..2", "#a", "0.1,x"})
    EXPECT_FALSE(parse_eval(bad).has_value()) << bad;
  EXPECT_EQ(format_eval(Eval{false, -150, -1}), "-1.50");
  EXPECT_EQ(format_eval(Eval{false, 5, 12}), "0.05,12");
  EXPECT_EQ(format_eval(Eval{true, 3, -1}), "#3");
}

TEST(PgnAnnotations, ExtractsKnownCommandsAndKeepsTheRest) {
  Annotations a;
  const std::string rest = extract_commands(
      "good move [%eval 0.35] [%clk 0:01:02] [%cal Ge2e4] [%emt 0:00:03] [%draw offer]", a);
  EXPECT_EQ(rest, "good move   [%cal Ge2e4]  ");
  EXPECT_EQ(a.clock_ms, 62000);
  EXPECT_EQ(a.elapsed_ms, 3000);
  EXPECT_EQ(a.eval, (Eval{false, 35, -1}));
  EXPECT_TRUE(a.draw_offer);
  EXPECT_EQ(format_commands(a), "[%draw offer] [%eval 0.35] [%clk 0:01:02] [%emt 0:00:03]");
}

TEST(PgnAnnotations, BadCommandStaysInTheText) {
  Annotations a;
  EXPECT_EQ(extract_commands("[%clk soon]", a), "[%clk soon]");
  EXPECT_TRUE(a.empty());
}

}  // namespace
}  // namespace arbiter::pgn
