// The verdict JSON (spec/game-events.md, "Verdict").
#include "arbiter/wire/verdict_json.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "arbiter/wire/adjudicate.hpp"

namespace arbiter::wire {
namespace {

using namespace competition;
using namespace std::chrono_literals;

TEST(VerdictJson, KeysInSpecOrder) {
  Verdict v;
  v.fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
  const std::string json = verdict_to_json(v);
  const char* keys[] = {"\"result\"",  "\"termination\"", "\"ended_at_ms\"", "\"clocks_ms\"",
                        "\"fen\"",     "\"moves\"",       "\"score\"",       "\"penalties\"",
                        "\"refused\"", "\"pgn\""};
  std::size_t last = 0;
  for (const char* key : keys) {
    const std::size_t at = json.find(key);
    ASSERT_NE(at, std::string::npos) << key;
    EXPECT_GE(at, last) << key;
    last = at;
  }
  EXPECT_NE(json.find("\"result\":\"*\""), std::string::npos);
  EXPECT_NE(json.find("\"ended_at_ms\":null"), std::string::npos);
  EXPECT_NE(json.find("\"clocks_ms\":{\"white\":null,\"black\":null}"), std::string::npos);
  EXPECT_EQ(json.find('\n'), std::string::npos);  // one line
}

TEST(VerdictJson, ValuesAndEntries) {
  Verdict v;
  v.result = GameResult::Draw;
  v.termination = Termination::Agreement;
  v.ended_at = 812345ms;
  v.clocks = std::array<Millis, 2>{1234ms, 56789ms};
  v.moves = {"e4", "e5"};
  v.score = {0.5, 0.5};
  v.penalties.push_back(
      Penalty{12000ms, Color::White, "7.5.3", "add_time", 120000ms, Color::Black});
  v.penalties.push_back(
      Penalty{12000ms, Color::White, "7.5.3", "warn", std::nullopt, Color::White});
  v.refused.push_back(Refusal{9, "accept_draw", "5.2.3", "both must have moved"});
  v.refused.push_back(Refusal{10, "dance", "", "unknown event type"});
  const std::string json = verdict_to_json(v);
  EXPECT_NE(json.find("\"result\":\"1/2-1/2\""), std::string::npos);
  EXPECT_NE(json.find("\"termination\":\"agreement\""), std::string::npos);
  EXPECT_NE(json.find("\"ended_at_ms\":812345"), std::string::npos);
  EXPECT_NE(json.find("\"clocks_ms\":{\"white\":1234,\"black\":56789}"), std::string::npos);
  EXPECT_NE(json.find("\"moves\":[\"e4\",\"e5\"]"), std::string::npos);
  EXPECT_NE(json.find("\"score\":{\"white\":0.5,\"black\":0.5}"), std::string::npos);
  EXPECT_NE(
      json.find(
          R"({"t":12000,"side":"white","article":"7.5.3","action":"add_time","ms":120000,"to":"black"})"),
      std::string::npos);
  EXPECT_NE(json.find(R"({"t":12000,"side":"white","article":"7.5.3","action":"warn"})"),
            std::string::npos);
  EXPECT_NE(
      json.find(
          R"({"line":9,"event":"accept_draw","article":"5.2.3","reason":"both must have moved"})"),
      std::string::npos);
  EXPECT_NE(json.find(R"("article":null)"), std::string::npos);
}

TEST(VerdictJson, WholePointsPrintAsIntegers) {
  Verdict v;
  v.result = GameResult::WhiteWins;
  v.score = {1.0, 0.0};
  EXPECT_NE(verdict_to_json(v).find("\"score\":{\"white\":1,\"black\":0}"), std::string::npos);
}

TEST(Adjudicate, EndToEnd) {
  std::istringstream log(
      "{\"type\":\"start\",\"time_control\":\"300\"}\n"
      "{\"t\":1000,\"type\":\"move\",\"side\":\"white\",\"move\":\"f3\"}\n"
      "{\"t\":2000,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\"}\n"
      "{\"t\":3000,\"type\":\"move\",\"side\":\"white\",\"move\":\"g4\"}\n"
      "{\"t\":4000,\"type\":\"move\",\"side\":\"black\",\"move\":\"Qh4#\"}\n");
  auto v = adjudicate(log);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->result, GameResult::BlackWins);
  EXPECT_EQ(v->termination, Termination::Checkmate);  // Art. 5.1.1
}

TEST(Adjudicate, UnusableStart) {
  std::istringstream log("{\"type\":\"start\",\"fen\":\"nonsense\"}\n");
  auto v = adjudicate(log);
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().where.line, 1);
}

}  // namespace
}  // namespace arbiter::wire
