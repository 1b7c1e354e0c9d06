#include "arbiter/analysis/annotate.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"

namespace arbiter::analysis {
namespace {

using core::Color;

pgn::Game game_of(const core::Position& start, std::initializer_list<std::string_view> sans) {
  pgn::Game g;
  g.start = start;
  g.tags.set("White", "Anna");
  g.tags.set("Black", "Boris");
  core::Position pos = start;
  for (const std::string_view san : sans) {
    auto m = notation::parse_move(pos, san);
    EXPECT_TRUE(m) << san;
    g.push(*m);
    pos = pos.after(*m);
  }
  g.result = "*";
  return g;
}

PlyAnalysis ply(std::string san, Evaluation eval, std::vector<std::string> best) {
  PlyAnalysis p;
  p.move = std::move(san);
  p.eval = eval;
  p.depth = 9;
  p.best_line = std::move(best);
  return p;
}

// 1. e4 e5 2. Qh5 (0.30 → −1.50, a blunder; 2. Nf3 Nc6 was the engine's line) Nc6.
GameAnalysis analysis_of_qh5() {
  GameAnalysis a;
  a.nodes = 5000;
  a.start_eval = Evaluation::centipawns(20);
  a.plies.push_back(ply("e4", Evaluation::centipawns(30), {"e4", "e5"}));
  a.plies.push_back(ply("e5", Evaluation::centipawns(30), {"e5", "Nf3"}));
  a.plies.push_back(ply("Qh5", Evaluation::centipawns(-150), {"Nf3", "Nc6"}));
  a.plies.push_back(ply("Nc6", Evaluation::mate(Color::Black, 3), {"Nc6"}));
  summarise(a);
  return a;
}

pgn::Game read_back(const std::string& text) {
  std::istringstream in(text);
  pgn::Reader reader(in);
  pgn::GameBuilder builder;
  EXPECT_TRUE(reader.next(builder));
  EXPECT_EQ(reader.error_count(), 0);
  return builder.game();
}

std::string one_decimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

const pgn::Node& nth(const pgn::Game& g, int ply) {
  const pgn::Node* n = &g.root;
  for (int i = 0; i < ply; ++i) n = n->main_child();
  return *n;
}

TEST(Annotate, EvalsJudgementsAndTheBestLine) {
  const pgn::Game g = game_of(core::Position::startpos(), {"e4", "e5", "Qh5", "Nc6"});
  auto out = annotate(g, analysis_of_qh5());
  ASSERT_TRUE(out) << out.error().describe();
  const std::string text = pgn::write_game(*out);
  EXPECT_NE(text.find("[%eval 0.30]"), std::string::npos) << text;
  EXPECT_NE(text.find("[%eval -1.50]"), std::string::npos) << text;
  EXPECT_NE(text.find("[%eval #-3]"), std::string::npos) << text;
  EXPECT_NE(text.find("Qh5 $4 {(0.30 -> -1.50) Blunder. Nf3 was best."), std::string::npos) << text;
  EXPECT_NE(text.find("(2. Nf3 Nc6)"), std::string::npos) << text;

  // What a PGN reader makes of it.
  const pgn::Game back = read_back(text);
  const pgn::Node& qh5 = nth(back, 3);
  ASSERT_TRUE(qh5.annotations.eval);
  EXPECT_EQ(*qh5.annotations.eval, (pgn::Eval{false, -150, -1}));
  EXPECT_EQ(qh5.nags, std::vector<std::uint8_t>{4});
  ASSERT_NE(qh5.sibling, nullptr);  // the variation replacing 2. Qh5
  const core::Position before = back.start.after(nth(back, 1).move).after(nth(back, 2).move);
  EXPECT_EQ(notation::san(before, qh5.sibling->move), "Nf3");
  ASSERT_NE(qh5.sibling->main_child(), nullptr);
  const pgn::Node& e4 = nth(back, 1);
  EXPECT_TRUE(e4.nags.empty());
  EXPECT_EQ(e4.sibling, nullptr);
  EXPECT_EQ(*e4.annotations.eval, (pgn::Eval{false, 30, -1}));
  EXPECT_EQ(*nth(back, 4).annotations.eval, (pgn::Eval{true, -3, -1}));
}

TEST(Annotate, SummaryTagsAndComment) {
  const pgn::Game g = game_of(core::Position::startpos(), {"e4", "e5", "Qh5", "Nc6"});
  const GameAnalysis a = analysis_of_qh5();
  auto out = annotate(g, a);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->tags.get("Annotator", ""), "Arbiter");
  EXPECT_EQ(out->tags.get("WhiteAccuracy", ""), one_decimal(*a.white.accuracy));
  EXPECT_EQ(out->tags.get("BlackAccuracy", ""), one_decimal(*a.black.accuracy));
  EXPECT_NE(out->root.comment.find("Arbiter analysis, 5000 nodes a position."), std::string::npos);
  EXPECT_NE(out->root.comment.find("White: accuracy"), std::string::npos);
  EXPECT_NE(out->root.comment.find("1 blunder, average centipawn loss 90."), std::string::npos)
      << out->root.comment;
  EXPECT_NE(out->root.comment.find("Black: accuracy"), std::string::npos);
  EXPECT_NE(out->root.comment.find("0 inaccuracies, 0 mistakes, 0 blunders"), std::string::npos)
      << out->root.comment;

  AnnotateOptions bare;
  bare.summary = false;
  auto plain = annotate(g, a, bare);
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->tags.contains("WhiteAccuracy"));
  EXPECT_TRUE(plain->root.comment.empty());
}

TEST(Annotate, KeepsWhatTheGameHad) {
  pgn::Game g = game_of(core::Position::startpos(), {"e4", "e5", "Qh5", "Nc6"});
  pgn::Node& qh5 = *g.root.main_child()->main_child()->main_child();
  qh5.nags = {1, 14};  // "!" and "+=": the judgement replaces the first only
  qh5.comment = "Bold.";
  qh5.annotations.clock_ms = 59'000;
  g.root.comment = "A casual game.";
  auto out = annotate(g, analysis_of_qh5());
  ASSERT_TRUE(out);
  const pgn::Node& n = nth(*out, 3);
  EXPECT_EQ(n.nags, (std::vector<std::uint8_t>{4, 14}));
  EXPECT_EQ(n.comment, "(0.30 -> -1.50) Blunder. Nf3 was best. Bold.");
  EXPECT_EQ(n.annotations.clock_ms, 59'000);
  EXPECT_NE(out->root.comment.find("A casual game."), std::string::npos);
}

TEST(Annotate, NoVariationWhenTheBestMoveWasPlayedOrWhenAskedNot) {
  const pgn::Game g = game_of(core::Position::startpos(), {"e4", "e5", "Qh5", "Nc6"});
  GameAnalysis a = analysis_of_qh5();
  AnnotateOptions no_lines;
  no_lines.variations = false;
  auto out = annotate(g, a, no_lines);
  ASSERT_TRUE(out);
  EXPECT_EQ(nth(*out, 3).sibling, nullptr);
  EXPECT_EQ(nth(*out, 3).nags, std::vector<std::uint8_t>{4});

  a.plies[2].best_line = {"Qh5", "Nc6"};
  auto same = annotate(g, a);
  ASSERT_TRUE(same);
  EXPECT_EQ(nth(*same, 3).sibling, nullptr);
  EXPECT_EQ(nth(*same, 3).comment, "(0.30 -> -1.50) Blunder.");
}

TEST(Annotate, CheckmateOnTheBoardIsMateZero) {
  auto start = core::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40");
  ASSERT_TRUE(start);
  GameAnalysis a;
  a.start = *start;
  a.start_eval = Evaluation::mate(Color::White, 1);
  a.plies.push_back(ply("Ra8#", Evaluation::mate(Color::White, 0), {"Ra8#"}));
  summarise(a);
  auto out = annotate(game_of(*start, {"Ra8#"}), a);
  ASSERT_TRUE(out);
  EXPECT_NE(pgn::write_game(*out).find("Ra8# {[%eval #0]}"), std::string::npos);
  EXPECT_FALSE(out->tags.contains("BlackAccuracy"));  // Black made no move
}

TEST(Annotate, MateRulesGiveLichesssWords) {
  auto start = core::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 40");
  ASSERT_TRUE(start);
  GameAnalysis a;  // 1. Rb1 throws the mate in one away
  a.start = *start;
  a.start_eval = Evaluation::mate(Color::White, 1);
  a.plies.push_back(ply("Rb1", Evaluation::centipawns(150), {"Ra8#"}));
  summarise(a);
  auto out = annotate(game_of(*start, {"Rb1"}), a);
  ASSERT_TRUE(out);
  EXPECT_EQ(nth(*out, 1).comment,
            "(Mate in 1 -> 1.50) Lost forced checkmate sequence. Ra8# was best.");
}

TEST(Annotate, RefusesAnotherGame) {
  const GameAnalysis a = analysis_of_qh5();
  auto other_move = annotate(game_of(core::Position::startpos(), {"e4", "e5", "Nf3", "Nc6"}), a);
  ASSERT_FALSE(other_move);
  EXPECT_EQ(other_move.error().where.field, "ply 3");
  auto shorter = annotate(game_of(core::Position::startpos(), {"e4", "e5"}), a);
  ASSERT_FALSE(shorter);
  EXPECT_EQ(shorter.error().where.field, "ply 3");
  auto longer = annotate(game_of(core::Position::startpos(), {"e4", "e5", "Qh5", "Nc6", "Bc4"}), a);
  ASSERT_FALSE(longer);
  EXPECT_EQ(longer.error().where.field, "ply 5");
  auto start = core::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
  ASSERT_TRUE(start);
  auto moved_on = annotate(game_of(*start, {"e4", "e5", "Qh5", "Nc6"}), a);
  ASSERT_FALSE(moved_on);
  EXPECT_EQ(moved_on.error().where.field, "start");
  EXPECT_EQ(moved_on.error().code, ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arbiter::analysis
