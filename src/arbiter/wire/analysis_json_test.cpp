// The JSON of a game's analysis (issue #18 item 3): its state, and once done every ply's
// evaluation (centipawns or mate, White's win chance), best line, judgement, and each
// side's figures.
#include "arbiter/wire/analysis_json.hpp"

#include <gtest/gtest.h>

#include "arbiter/wire/protocol.hpp"

namespace arbiter::wire {
namespace {

TEST(AnalysisJson, AQueuedStateSaysHowManyAreAhead) {
  AnalysisStateView v;
  v.status = "queued";
  v.total = 41;
  v.queued_before = 3;
  const std::string text = write_analysis_state(v);
  EXPECT_EQ(json_at(text, "/status"), "queued");
  EXPECT_EQ(json_at(text, "/total"), "41");
  EXPECT_EQ(json_at(text, "/queued_before"), "3");
  EXPECT_FALSE(json_at(text, "/analysis"));
  EXPECT_FALSE(json_at(text, "/reason"));
}

TEST(AnalysisJson, ADoneAnalysisHasEveryPlyAndBothSides) {
  analysis::GameAnalysis a;
  a.nodes = 1000;
  a.start_eval = analysis::Evaluation::centipawns(0);
  analysis::PlyAnalysis p1;
  p1.move = "f3";
  p1.eval = analysis::Evaluation::centipawns(-80);
  p1.depth = 9;
  p1.best_line = {"e4", "e5"};
  p1.judgement = analysis::Judgement::Inaccuracy;
  analysis::PlyAnalysis p2;
  p2.move = "Qh4#";
  p2.eval = analysis::Evaluation::mate(core::Color::Black, 0);
  a.plies = {p1, p2};
  a.white.accuracy = 61.25;
  a.white.inaccuracies = 1;
  a.white.average_centipawn_loss = 80;
  AnalysisStateView v;
  v.status = "done";
  v.done = v.total = 3;
  v.analysis = &a;
  const std::string text = write_analysis_state(v);
  EXPECT_EQ(json_at(text, "/analysis/start/cp"), "0");
  EXPECT_EQ(json_at(text, "/analysis/start/win"), "50.0");
  EXPECT_EQ(json_at(text, "/analysis/plies/0/san"), "f3");
  EXPECT_EQ(json_at(text, "/analysis/plies/0/eval/cp"), "-80");
  EXPECT_EQ(json_at(text, "/analysis/plies/0/best/1"), "e5");
  EXPECT_EQ(json_at(text, "/analysis/plies/0/judgement"), "inaccuracy");
  EXPECT_EQ(json_at(text, "/analysis/plies/1/eval/mate"), "0");
  EXPECT_EQ(json_at(text, "/analysis/plies/1/eval/mated"), "white");
  EXPECT_EQ(json_at(text, "/analysis/plies/1/judgement"), "null");
  EXPECT_EQ(json_at(text, "/analysis/white/accuracy"), "61.3");
  EXPECT_EQ(json_at(text, "/analysis/white/acpl"), "80");
  EXPECT_EQ(json_at(text, "/analysis/black/accuracy"), "null");
}

TEST(AnalysisJson, ALiveLineHasItsRankEvaluationAndMoves) {
  LiveLine l;
  l.depth = 14;
  l.multipv = 2;
  l.eval = analysis::Evaluation::mate(core::Color::Black, 3);
  l.nodes = 123456;
  l.pv = {"Qh4+", "g3", "Qxg3#"};
  const std::string text = write_live_line(l);
  EXPECT_EQ(json_at(text, "/multipv"), "2");
  EXPECT_EQ(json_at(text, "/eval/mate"), "-3");
  EXPECT_EQ(json_at(text, "/pv/2"), "Qxg3#");
  EXPECT_EQ(json_at(text, "/nodes"), "123456");
}

}  // namespace
}  // namespace arbiter::wire
