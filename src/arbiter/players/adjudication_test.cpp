// Optional score adjudication: the syntax, the rules, and a game ended by them through the
// runner, whose event log re-adjudicates to the same result (an arbiter decision).
#include "arbiter/players/adjudication.hpp"

#include <gtest/gtest.h>
#include <sstream>

#include "arbiter/players/fake_engine.hpp"
#include "arbiter/players/game_runner.hpp"
#include "arbiter/players/uci_player.hpp"
#include "arbiter/wire/adjudicate.hpp"
#include "arbiter/wire/event_log_writer.hpp"

namespace arbiter::players {
namespace {

using competition::GameResult;
using competition::Termination;
using core::Color;

TEST(AdjudicationSyntax, RulesWithTheirSettingsOrDefaults) {
  Adjudication a;
  ASSERT_TRUE(parse_adjudication("draw=movenumber:40,movecount:8,score:10", a).has_value());
  ASSERT_TRUE(a.draw.has_value());
  EXPECT_EQ(a.draw->move_number, 40);
  EXPECT_EQ(a.draw->move_count, 8);
  EXPECT_EQ(a.draw->score, 10);
  EXPECT_FALSE(a.resign.has_value());
  ASSERT_TRUE(parse_adjudication("resign=score:700", a).has_value());
  ASSERT_TRUE(a.resign.has_value());
  EXPECT_EQ(a.resign->score, 700);
  EXPECT_EQ(a.resign->move_count, 3);  // the default
  EXPECT_EQ(describe(*a.resign), "resign: score >= 700 cp for 3 moves");
  Adjudication b;
  ASSERT_TRUE(parse_adjudication("draw", b).has_value());
  EXPECT_EQ(b.draw->move_number, 40);
}

TEST(AdjudicationSyntax, ErrorsNameTheRuleAndTheWord) {
  Adjudication a;
  const auto message = [&a](const char* text) {
    auto r = parse_adjudication(text, a);
    EXPECT_FALSE(r.has_value()) << text;
    return r ? std::string{} : r.error().message;
  };
  EXPECT_EQ(message("draw=movenumber:x"),
            "--adjudicate draw: movenumber needs a positive integer, got 'x'");
  EXPECT_EQ(message("resign=movecount:0"),
            "--adjudicate resign: movecount needs a positive integer, got '0'");
  EXPECT_EQ(message("resign=depth:3"), "--adjudicate resign: unknown key 'depth'");
  EXPECT_EQ(message("draw=score"), "--adjudicate draw: expected KEY:NUMBER, got 'score'");
  EXPECT_NE(message("tb=/syzygy").find("no tablebases"), std::string::npos);
  EXPECT_NE(message("mercy=1").find("draw=... or resign=..."), std::string::npos);
}

TEST(AdjudicationRules, ResignNeedsBothEnginesToAgreeForEveryMoveOfTheRun) {
  Adjudication a;
  a.resign = ResignRule{2, 500};
  // Plies alternate White, Black; each score is from the mover's side.
  EXPECT_FALSE(adjudicate(a, {600, -600, 600}, Color::White, 1));  // 2 of White, 1 of Black
  auto d = adjudicate(a, {600, -600, 600, -550}, Color::White, 1);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->result, "1-0");
  EXPECT_EQ(d->loser, Color::Black);
  EXPECT_FALSE(adjudicate(a, {600, -600, 600, -450}, Color::White, 1));          // not below -500
  EXPECT_FALSE(adjudicate(a, {600, -600, 600, std::nullopt}, Color::White, 1));  // no score
  EXPECT_FALSE(adjudicate(a, {600, -600, 300, -600}, Color::White, 1));          // White doubts it
  auto black = adjudicate(a, {-900, 800, -900, 800}, Color::White, 1);
  ASSERT_TRUE(black.has_value());
  EXPECT_EQ(black->result, "0-1");
}

TEST(AdjudicationRules, DrawWaitsForTheMoveNumber) {
  Adjudication a;
  a.draw = DrawRule{3, 2, 10};
  // Plies of moves 1, 1, 2, 2: move 3 not reached.
  EXPECT_FALSE(adjudicate(a, {0, 5, -5, 10}, Color::White, 1));
  auto d = adjudicate(a, {0, 5, -5, 10, 3}, Color::White, 1);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->result, "1/2-1/2");
  EXPECT_FALSE(d->loser.has_value());
  EXPECT_FALSE(adjudicate(a, {0, 5, -5, 11, 3}, Color::White, 1));
  // A game from a position with Black to move at move 2: plies of moves 2, 3, 3, 4.
  EXPECT_TRUE(adjudicate(a, {1, 1, 1, 1}, Color::Black, 2).has_value());
}

// A UCI engine that plays `moves` with the score given after each (`e2e4:950`).
std::string scored_engine(const std::string& moves) {
  return testing::write_script(
      "MOVES='" + moves +
      "'\n"
      "n=0\n"
      "while read -r cmd rest; do\n"
      "  case \"$cmd\" in\n"
      "    uci) echo uciok;;\n"
      "    isready) echo readyok;;\n"
      "    go) n=$((n+1)); w=$(echo \"$MOVES\" | cut -d' ' -f$n)\n"
      "      echo \"info depth 5 score cp ${w#*:}\"; echo \"bestmove ${w%%:*}\";;\n"
      "    quit) exit 0;;\n"
      "  esac\n"
      "done\n");
}

PlayedGame play(const std::string& white, const std::string& black, const Adjudication& rules) {
  EngineConfig w;
  w.name = "W";
  w.argv = {scored_engine(white)};
  w.grace = Millis{50};
  EngineConfig b = w;
  b.name = "B";
  b.argv = {scored_engine(black)};
  UciPlayer wp(w);
  UciPlayer bp(b);
  competition::StartEvent start;
  start.white = "W";
  start.black = "B";
  start.time_control = *clock::TimeControl::parse("60+1");
  RunOptions options;
  options.adjudication = rules;
  ManualTimeSource time;
  auto g = run_game(start, wp, bp, time, options);
  EXPECT_TRUE(g.has_value());
  return g ? std::move(*g) : PlayedGame{};
}

void expect_log_replays(const PlayedGame& g) {
  std::istringstream log(wire::event_log_text(g.start, g.events));
  auto again = wire::adjudicate(log);
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  EXPECT_EQ(again->result, g.verdict.result);
  EXPECT_EQ(again->termination, g.verdict.termination);
  EXPECT_EQ(again->moves, g.verdict.moves);
}

TEST(AdjudicationGame, ResignRuleEndsTheGameByAnArbiterDecisionThatReplays) {
  Adjudication rules;
  rules.resign = ResignRule{2, 900};
  const auto g = play("g1f3:950 f3g1:950 g1f3:950", "g8f6:-920 f6g8:-990 g8f6:-990", rules);
  EXPECT_EQ(g.verdict.result, GameResult::WhiteWins);
  EXPECT_EQ(g.verdict.termination, Termination::ArbiterDecision);
  EXPECT_EQ(g.verdict.moves.size(), 4u);  // two moves of each side
  ASSERT_TRUE(g.adjudication.has_value());
  EXPECT_EQ(*g.adjudication, "resign: score >= 900 cp for 2 moves");
  ASSERT_FALSE(g.events.empty());  // the decision is in the log, for the replay
  const auto* decision = std::get_if<competition::ArbiterEvent>(&g.events.back().body);
  ASSERT_NE(decision, nullptr);
  EXPECT_EQ(decision->action, competition::ArbiterAction::DeclareResult);
  EXPECT_EQ(decision->result, "1-0");
  const std::string pgn = pgn_with_adjudication(g.verdict.pgn, *g.adjudication);
  EXPECT_NE(pgn.find("[Termination \"adjudication\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Adjudication \"resign: score >= 900 cp for 2 moves\"]"), std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("{arbiter: adjudication (resign: score >= 900 cp for"), std::string::npos)
      << pgn;
  expect_log_replays(g);
}

TEST(AdjudicationGame, DrawRuleFromItsMoveNumber) {
  Adjudication rules;
  rules.draw = DrawRule{2, 1, 20};
  const auto g = play("g1f3:5 f3g1:5 g1f3:5 f3g1:5", "g8f6:-30 f6g8:-30 g8f6:0 f6g8:0", rules);
  // Every pair of plies up to Black's third move holds his -30 (not within 20 cp).
  EXPECT_EQ(g.verdict.result, GameResult::Draw);
  EXPECT_EQ(g.verdict.termination, Termination::ArbiterDecision);
  EXPECT_EQ(g.verdict.moves.size(), 6u);
  ASSERT_TRUE(g.adjudication.has_value());
  expect_log_replays(g);
}

TEST(AdjudicationGame, WithoutRulesOnlyTheLawsEndTheGame) {
  // Both engines see White lost after one move each; by default that ends nothing, and
  // the game goes on to Fool's mate (Art. 5.1.1).
  const std::string white = "f2f3:-950 g2g4:-990";
  const std::string black = "e7e5:950 d8h4:29999";
  const auto laws = play(white, black, Adjudication{});
  EXPECT_FALSE(laws.adjudication.has_value());
  EXPECT_EQ(laws.verdict.termination, Termination::Checkmate);
  Adjudication rules;
  rules.resign = ResignRule{1, 900};
  const auto adjudicated = play(white, black, rules);
  EXPECT_EQ(adjudicated.verdict.result, GameResult::BlackWins);
  EXPECT_EQ(adjudicated.verdict.termination, Termination::ArbiterDecision);
  EXPECT_EQ(adjudicated.verdict.moves.size(), 2u);
}

}  // namespace
}  // namespace arbiter::players
