#include "arbiter/analysis/game_analysis.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "arbiter/analysis/accuracy.hpp"
#include "arbiter/analysis/text_form.hpp"
#include "arbiter/core/chess960.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::analysis {
namespace {

using core::Color;

// Small searches keep the suite fast; the positions below need no more.
constexpr std::uint64_t kTestNodes = 20'000;

std::vector<core::Move> moves_of(core::Position pos, std::initializer_list<std::string_view> sans) {
  std::vector<core::Move> out;
  for (const std::string_view san : sans) {
    auto m = notation::parse_move(pos, san);
    EXPECT_TRUE(m) << san;
    if (!m) break;
    out.push_back(*m);
    core::Undo undo;
    pos.do_move(*m, undo);
  }
  return out;
}

AnalysisOptions small() {
  AnalysisOptions o;
  o.nodes = kTestNodes;
  return o;
}

// 3...Nf6?? allows 4. Qxf7# (the scholar's mate).
const std::initializer_list<std::string_view> kScholar = {"e4",  "e5",  "Bc4",  "Nc6",
                                                          "Qh5", "Nf6", "Qxf7#"};

TEST(Analyse, FindsTheBlunderThatAllowsMate) {
  const core::Position start = core::Position::startpos();
  auto a = analyse(start, moves_of(start, kScholar), small());
  ASSERT_TRUE(a) << a.error().describe();
  ASSERT_EQ(a->plies.size(), 7u);
  EXPECT_EQ(a->nodes, kTestNodes);
  EXPECT_EQ(a->plies[0].move, "e4");
  EXPECT_EQ(a->plies[6].move, "Qxf7#");
  // 3...Nf6: White mates in one after it; Black walked into the mate.
  const PlyAnalysis& nf6 = a->plies[5];
  EXPECT_EQ(nf6.eval, Evaluation::mate(Color::White, 1));
  EXPECT_EQ(nf6.judgement, Judgement::Blunder);
  EXPECT_EQ(judgement_reason(a->eval_before(6), nf6.eval, Color::Black),
            "Checkmate is now unavoidable");
  EXPECT_NE(nf6.best_move(), "Nf6");
  // 4. Qxf7#: the engine's best move where it was played, and the exact value after it.
  const PlyAnalysis& mate = a->plies[6];
  EXPECT_EQ(mate.best_move(), "Qxf7#");
  EXPECT_EQ(mate.eval, Evaluation::mate(Color::White, 0));
  EXPECT_EQ(mate.depth, 0);
  EXPECT_EQ(mate.judgement, Judgement::None);
  EXPECT_GE(a->black.blunders, 1);
  EXPECT_EQ(a->white.blunders, 0);
  ASSERT_TRUE(a->white.accuracy && a->black.accuracy);
  EXPECT_GT(*a->white.accuracy, *a->black.accuracy);
  // The best lines are legal SAN from the position before each move, at most 12 plies.
  core::Position pos = start;
  for (const PlyAnalysis& p : a->plies) {
    ASSERT_FALSE(p.best_line.empty());
    EXPECT_LE(p.best_line.size(), 12u);
    core::Position line = pos;
    for (const std::string& san : p.best_line) {
      auto m = notation::parse_move(line, san);
      ASSERT_TRUE(m) << san;
      EXPECT_EQ(notation::san(line, *m), san);
      line = line.after(*m);
    }
    EXPECT_EQ(p.depth > 0, &p != &a->plies.back());  // the last one is mate: exact
    pos = pos.after(*notation::parse_move(pos, p.move));
  }
}

TEST(Analyse, TheSameGameGivesTheSameAnalysis) {
  const core::Position start = core::Position::startpos();
  const auto moves = moves_of(start, {"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7"});
  auto first = analyse(start, moves, small());
  auto second = analyse(start, moves, small());
  ASSERT_TRUE(first && second);
  EXPECT_EQ(*first, *second);
  EXPECT_EQ(to_text(*first), to_text(*second));
}

TEST(Analyse, LinesAreCutAtTwelvePlies) {
  // 200,000 nodes reach depth 14 or so from the start: the engine's line is longer than
  // lichess's 12 plies and is cut there.
  const core::Position start = core::Position::startpos();
  AnalysisOptions o;
  o.nodes = 200'000;
  auto a = analyse(start, moves_of(start, {"e4"}), o);
  ASSERT_TRUE(a);
  EXPECT_GT(a->start_depth, 12);
  EXPECT_EQ(a->plies[0].best_line.size(), 12u);
}

TEST(Analyse, StalemateGetsItsExactValue) {
  // 1. Qf7 stalemates the king on h8 (Art. 5.2.1): a draw thrown away from a won position.
  auto start = core::Position::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
  ASSERT_TRUE(start);
  auto a = analyse(*start, moves_of(*start, {"Qf7"}), small());
  ASSERT_TRUE(a) << a.error().describe();
  EXPECT_EQ(a->plies[0].eval, Evaluation::centipawns(0));
  EXPECT_EQ(a->plies[0].depth, 0);
  EXPECT_EQ(a->plies[0].judgement, Judgement::Blunder);
  EXPECT_GT(a->start_depth, 0);
  EXPECT_TRUE(a->start_eval.is_mate() || a->start_eval.value > 700);
}

TEST(Analyse, AFinishedPositionAlone) {
  // Fool's mate played: the start is already checkmate; nothing to search.
  auto start =
      core::Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  ASSERT_TRUE(start);
  auto a = analyse(*start, {}, small());
  ASSERT_TRUE(a);
  EXPECT_EQ(a->start_eval, Evaluation::mate(Color::Black, 0));
  EXPECT_EQ(a->start_depth, 0);
  EXPECT_TRUE(a->plies.empty());
  EXPECT_FALSE(a->white.accuracy);
}

TEST(Analyse, Chess960Castling) {
  // BQNBRKRN: the king on f1 castles short with the rook on g1, the two swap squares
  // (Guideline II.3).
  auto number = core::chess960::number_of("BQNBRKRN");
  ASSERT_TRUE(number);
  auto start = core::chess960::start_position(*number);
  ASSERT_TRUE(start);
  ASSERT_TRUE(start->is_chess960());
  auto a = analyse(*start, moves_of(*start, {"O-O", "O-O", "e4"}), small());
  ASSERT_TRUE(a) << a.error().describe();
  EXPECT_EQ(a->plies[0].move, "O-O");
  EXPECT_EQ(a->plies[1].move, "O-O");
  auto back = parse_analysis(to_text(*a));
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_TRUE(back->start.is_chess960());
  EXPECT_EQ(*back, *a);
}

TEST(Analyse, ReportsProgressPositionByPosition) {
  const core::Position start = core::Position::startpos();
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  AnalysisOptions o = small();
  o.nodes = 2'000;
  o.progress = [&calls](std::size_t done, std::size_t total) { calls.emplace_back(done, total); };
  auto a = analyse(start, moves_of(start, {"e4", "e5", "Nf3"}), o);
  ASSERT_TRUE(a);
  ASSERT_EQ(calls.size(), 4u);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(calls[i].first, i + 1);
    EXPECT_EQ(calls[i].second, 4u);
  }
}

TEST(Analyse, RefusesIllegalMovesAndBadOptions) {
  const core::Position start = core::Position::startpos();
  auto moves = moves_of(start, {"e4", "e5"});
  moves.push_back(moves[0]);  // e2-e4 again: no pawn on e2
  auto a = analyse(start, moves, small());
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, ErrorCode::kMoveIllegal);
  EXPECT_EQ(a.error().where.field, "ply 3");
  auto null_move = analyse(start, {core::Move::null()}, small());
  ASSERT_FALSE(null_move);
  EXPECT_EQ(null_move.error().code, ErrorCode::kMoveIllegal);

  AnalysisOptions zero = small();
  zero.nodes = 0;
  EXPECT_EQ(analyse(start, {}, zero).error().code, ErrorCode::kInvalidArgument);
  AnalysisOptions huge = small();
  huge.hash_mb = 1 << 20;
  EXPECT_EQ(analyse(start, {}, huge).error().code, ErrorCode::kInvalidArgument);
}

TEST(Analyse, StopsBetweenPositions) {
  const core::Position start = core::Position::startpos();
  std::atomic<bool> stop{false};
  AnalysisOptions o = small();
  o.nodes = 2'000;
  o.stop = &stop;
  o.progress = [&stop](std::size_t done, std::size_t) {
    if (done == 2) stop = true;
  };
  auto a = analyse(start, moves_of(start, {"e4", "e5", "Nf3", "Nc6"}), o);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, ErrorCode::kCapacity);
  EXPECT_NE(a.error().message.find("after 2 of 5 positions"), std::string::npos)
      << a.error().message;
}

TEST(Analyse, StopsARunningSearch) {
  // A search of 10^12 nodes would take days; the flag ends it within milliseconds.
  const core::Position start = core::Position::startpos();
  std::atomic<bool> stop{false};
  AnalysisOptions o;
  o.nodes = 1'000'000'000'000;
  o.stop = &stop;
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  auto a = analyse(start, moves_of(start, {"e4"}), o);
  const auto elapsed = std::chrono::steady_clock::now() - t0;
  stopper.join();
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, ErrorCode::kCapacity);
  EXPECT_LT(elapsed, std::chrono::seconds(5));
}

TEST(Summarise, CountsAndFiguresFromTheEvaluations) {
  GameAnalysis a;  // 1. e4 (+0.30) e5 (+0.30) 2. Qh5 (−1.50: a blunder) Nc6 (+3.00: a blunder)
  a.start_eval = Evaluation::centipawns(20);
  const std::pair<const char*, int> plies[] = {{"e4", 30}, {"e5", 30}, {"Qh5", -150}, {"Nc6", 300}};
  for (const auto& [san, cp] : plies) {
    PlyAnalysis p;
    p.move = san;
    p.eval = Evaluation::centipawns(cp);
    a.plies.push_back(p);
  }
  summarise(a);
  EXPECT_EQ(a.plies[2].judgement, Judgement::Blunder);  // 0.30 → −1.50: drop 0.325
  EXPECT_EQ(a.plies[3].judgement, Judgement::Blunder);  // −1.50 → +3.00 for Black
  EXPECT_EQ(a.white.blunders, 1);
  EXPECT_EQ(a.black.blunders, 1);
  EXPECT_EQ(a.white.average_centipawn_loss, 90);   // (0 + 180) / 2
  EXPECT_EQ(a.black.average_centipawn_loss, 225);  // (0 + 450) / 2
  const GameAccuracy acc = game_accuracy(a.evaluations(), Color::White);
  EXPECT_EQ(a.white.accuracy, acc.white);
  EXPECT_EQ(a.black.accuracy, acc.black);
}

}  // namespace
}  // namespace arbiter::analysis
