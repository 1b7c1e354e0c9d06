// The event log codec (spec/game-events.md, "Format").
#include "arbiter/wire/event_json.hpp"
#include "arbiter/wire/event_log_writer.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace arbiter::wire {
namespace {

using namespace competition;
using namespace std::chrono_literals;

TEST(ParseStart, DefaultsOfTheSpec) {
  auto s = parse_start(R"({"type":"start"})", 1);
  ASSERT_TRUE(s.has_value()) << s.error().describe();
  EXPECT_TRUE(s->time_control.is_unlimited());
  EXPECT_FALSE(s->category.has_value());
  EXPECT_FALSE(s->fen.has_value());
  EXPECT_EQ(s->rules.illegal_moves, IllegalMovePolicy::Penalize);
  EXPECT_EQ(s->rules.flag, FlagPolicy::Automatic);
  EXPECT_EQ(s->rules.supervision, Supervision::Adequate);
  EXPECT_EQ(s->rules.draw_offers_from_move, 0);
  EXPECT_TRUE(s->rules.add_time_on_first_illegal);
  EXPECT_FALSE(s->rules.quickplay_finish);
  EXPECT_EQ(s->rules.scoring, (std::array<double, 3>{1.0, 0.5, 0.0}));
}

TEST(ParseStart, TimeOddsExtension) {
  // Arbiter extension: "time_control_black" gives Black his own control (time odds).
  auto s = parse_start(R"({"type":"start","time_control":"60+1","time_control_black":"30"})", 1);
  ASSERT_TRUE(s.has_value()) << s.error().describe();
  EXPECT_EQ(s->control_of(Color::White).to_string(), "60+1");
  EXPECT_EQ(s->control_of(Color::Black).to_string(), "30");
  EXPECT_TRUE(s->has_time_odds());
  // Without it both sides have "time_control" (the spec's meaning).
  auto plain = parse_start(R"({"type":"start","time_control":"60+1"})", 1);
  ASSERT_TRUE(plain.has_value());
  EXPECT_FALSE(plain->has_time_odds());
  EXPECT_EQ(plain->control_of(Color::Black).to_string(), "60+1");
}

TEST(ParseStart, TimeOddsErrorsNameTheField) {
  auto bad = parse_start(R"({"type":"start","time_control":"60","time_control_black":"6x"})", 3);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().where.line, 3);
  EXPECT_EQ(bad.error().where.field, "time_control_black");
  EXPECT_NE(bad.error().message.find("time_control_black \"6x\""), std::string::npos);
  auto mixed = parse_start(R"({"type":"start","time_control":"60","time_control_black":"-"})", 1);
  ASSERT_FALSE(mixed.has_value());
  EXPECT_EQ(mixed.error().where.field, "time_control_black");
  auto wrong_type = parse_start(R"({"type":"start","time_control_black":30})", 1);
  ASSERT_FALSE(wrong_type.has_value());
  EXPECT_EQ(wrong_type.error().where.field, "time_control_black");
}

TEST(ParseStart, EveryField) {
  auto s = parse_start(
      R"({"type":"start","white":"Anna","black":"Boris","time_control":"40/5400+30:1800+30",
          "category":"rapid","fen":"8/8/8/4k3/8/8/8/4K3 w - - 0 1",
          "rules":{"illegal_moves":"reject","flag":"claim","supervision":"inadequate",
                   "draw_offers_from_move":30,"add_time_on_first_illegal":false,
                   "quickplay_finish":true,"scoring":[3,1,0]},"unknown":"ignored"})",
      1);
  ASSERT_TRUE(s.has_value()) << s.error().describe();
  EXPECT_EQ(s->white, "Anna");
  EXPECT_EQ(s->black, "Boris");
  EXPECT_EQ(s->time_control.to_string(), "40/5400+30:1800+30");
  EXPECT_EQ(s->category, clock::Category::Rapid);
  EXPECT_EQ(s->fen, "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(s->rules.illegal_moves, IllegalMovePolicy::Reject);
  EXPECT_EQ(s->rules.flag, FlagPolicy::Claim);
  EXPECT_EQ(s->rules.supervision, Supervision::Inadequate);
  EXPECT_EQ(s->rules.draw_offers_from_move, 30);
  EXPECT_FALSE(s->rules.add_time_on_first_illegal);
  EXPECT_TRUE(s->rules.quickplay_finish);
  EXPECT_EQ(s->rules.scoring, (std::array<double, 3>{3.0, 1.0, 0.0}));
}

TEST(ParseStart, Errors) {
  struct Case {
    const char* text;
    ErrorCode code;
    const char* field;
  };
  for (const Case& c : {
           Case{R"({"type":"move"})", ErrorCode::kEventOrder, "type"},
           Case{R"([1,2])", ErrorCode::kEventSyntax, ""},
           Case{R"({"type":"start","white":7})", ErrorCode::kEventSyntax, "white"},
           Case{R"({"type":"start","category":"bullet"})", ErrorCode::kEventSyntax, "category"},
           Case{R"({"type":"start","chess960":960})", ErrorCode::kEventSyntax, "chess960"},
           Case{R"({"type":"start","time_control":"3+"})", ErrorCode::kTimeControlSyntax,
                "time_control"},
           Case{R"({"type":"start","time_control":"40/300"})", ErrorCode::kTimeControlValue,
                "time_control"},
           Case{R"({"type":"start","rules":[]})", ErrorCode::kEventSyntax, "rules"},
           Case{R"({"type":"start","rules":{"flag":"never"}})", ErrorCode::kEventSyntax,
                "rules.flag"},
           Case{R"({"type":"start","rules":{"quickplay_finish":"yes"}})", ErrorCode::kEventSyntax,
                "rules.quickplay_finish"},
           Case{R"({"type":"start","rules":{"scoring":[1,0]}})", ErrorCode::kEventSyntax,
                "rules.scoring"},
           Case{R"({"type":"start","rules":{"draw_offers_from_move":-1}})", ErrorCode::kEventSyntax,
                "rules.draw_offers_from_move"},
       }) {
    auto s = parse_start(c.text, 1);
    ASSERT_FALSE(s.has_value()) << c.text;
    EXPECT_EQ(s.error().code, c.code) << c.text << ": " << s.error().describe();
    EXPECT_EQ(s.error().where.field, c.field) << c.text;
    EXPECT_EQ(s.error().where.line, 1);
  }
}

TEST(ParseEvent, KnownTypes) {
  auto m =
      parse_event(R"({"t":3000,"type":"move","side":"white","move":"e4","offer_draw":true})", 2);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->line, 2);
  EXPECT_EQ(m->t, 3000ms);
  const auto& mv = std::get<MoveEvent>(m->body);
  EXPECT_EQ(mv.side, Color::White);
  EXPECT_EQ(mv.move, "e4");
  EXPECT_TRUE(mv.offer_draw);

  auto touch = parse_event(R"({"t":1,"type":"touch","side":"black","square":"g8"})", 3);
  ASSERT_TRUE(touch.has_value());
  EXPECT_EQ(std::get<TouchEvent>(touch->body).square, core::Square::G8);

  auto claim =
      parse_event(R"({"t":1,"type":"claim","side":"black","kind":"fifty","move":"Ra3"})", 4);
  ASSERT_TRUE(claim.has_value());
  const auto& c = std::get<ClaimEvent>(claim->body);
  EXPECT_EQ(c.kind, ClaimKind::Fifty);
  EXPECT_EQ(c.move, "Ra3");

  auto arb =
      parse_event(R"({"t":1,"type":"arbiter","action":"add_time","side":"white","ms":60000})", 5);
  ASSERT_TRUE(arb.has_value());
  const auto& a = std::get<ArbiterEvent>(arb->body);
  EXPECT_EQ(a.action, ArbiterAction::AddTime);
  EXPECT_EQ(a.side, Color::White);
  EXPECT_EQ(a.ms, 60000ms);

  auto adj = parse_event(R"({"t":1,"type":"adjourn","sealed_move":"Nf3"})", 6);
  ASSERT_TRUE(adj.has_value());
  EXPECT_EQ(std::get<AdjournEvent>(adj->body).sealed_move, "Nf3");
  EXPECT_TRUE(
      std::holds_alternative<ResumeEvent>(parse_event(R"({"t":1,"type":"resume"})", 7)->body));
}

TEST(ParseEvent, TheInterruptionExtension) {
  // Art. 6.11.1 (docs/competition.md): the arbiter pauses and restarts the clocks.
  for (const auto& [text, action] :
       {std::pair{R"({"t":7,"type":"arbiter","action":"pause_clocks"})",
                  ArbiterAction::PauseClocks},
        std::pair{R"({"t":9,"type":"arbiter","action":"resume_clocks"})",
                  ArbiterAction::ResumeClocks}}) {
    auto e = parse_event(text, 3);
    ASSERT_TRUE(e) << e.error().describe();
    const auto* a = std::get_if<ArbiterEvent>(&e->body);
    ASSERT_NE(a, nullptr) << text;
    EXPECT_EQ(a->action, action);
    EXPECT_EQ(event_line(*e), text);  // written back as read
  }
}

TEST(ParseEvent, UnusableEventsAreNotErrors) {
  // spec: unknown event types (and unusable fields) are refused, not fatal.
  for (const char* text : {
           R"({"t":1,"type":"dance"})",
           R"({"t":1,"type":"move","side":"green","move":"e4"})",
           R"({"t":1,"type":"move","side":"white"})",
           R"({"t":1,"type":"touch","side":"white","square":"z9"})",
           R"({"t":1,"type":"claim","side":"white","kind":"boredom"})",
           R"({"t":1,"type":"arbiter","action":"add_time","side":"white"})",
           R"({"t":1,"type":"arbiter","action":"sing"})",
           R"({"t":1})",
           R"({"t":1,"type":"start"})",
       }) {
    auto e = parse_event(text, 9);
    ASSERT_TRUE(e.has_value()) << text;
    ASSERT_TRUE(std::holds_alternative<UnusableEvent>(e->body)) << text;
    EXPECT_FALSE(std::get<UnusableEvent>(e->body).reason.empty());
  }
}

TEST(ParseEvent, UnusableLogs) {
  for (const char* text : {R"({"type":"move"})", R"({"t":"soon","type":"move"})",
                           R"({"t":-5,"type":"resign","side":"white"})", R"({"t":1.5})", "not json",
                           R"("a string")"}) {
    auto e = parse_event(text, 4);
    ASSERT_FALSE(e.has_value()) << text;
    EXPECT_EQ(e.error().code, ErrorCode::kEventSyntax) << text;
    EXPECT_EQ(e.error().where.line, 4);
  }
}

TEST(ReadEventLog, OrderAndLines) {
  std::istringstream good(
      "{\"type\":\"start\"}\r\n\n{\"t\":5,\"type\":\"resign\",\"side\":\"white\"}\n"
      "{\"t\":5,\"type\":\"resign\",\"side\":\"black\"}\n");
  auto log = read_event_log(good);
  ASSERT_TRUE(log.has_value()) << log.error().describe();
  ASSERT_EQ(log->events.size(), 2u);
  EXPECT_EQ(log->events[0].line, 3);  // blank lines count for line numbers
  EXPECT_EQ(log->events[1].line, 4);

  std::istringstream backwards(
      "{\"type\":\"start\"}\n{\"t\":5,\"type\":\"resume\"}\n{\"t\":4,\"type\":\"resume\"}\n");
  auto bad = read_event_log(backwards);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kEventOrder);
  EXPECT_EQ(bad.error().where.line, 3);

  std::istringstream empty("");
  auto none = read_event_log(empty);
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error().code, ErrorCode::kEventOrder);
}

}  // namespace
}  // namespace arbiter::wire
