#include "arbiter/engine/texel.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "arbiter/engine/datagen.hpp"
#include "arbiter/engine/eval.hpp"
#include "arbiter/engine/eval_trace.hpp"

namespace arbiter::engine {
namespace {

using core::Position;

Position fen(const std::string& text) {
  auto p = Position::from_fen(text);
  EXPECT_TRUE(p.has_value()) << text;
  return p ? *p : Position::startpos();
}

// Positions with pawns for both sides and no bishops of opposite colours only, so the
// endgame scale stays 64 whatever the weights.
const char* const kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 2 8",
    "2r3k1/5pp1/p3p2p/1p1nP3/3P4/P1R2N1P/1P3PP1/6K1 b - - 0 28",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 w - - 0 50",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/1P3pp1/4p2p/8/3r4/6P1/5PKP/1R6 w - - 0 40",
};

int taper(Score s, int phase, int scale, bool white_to_move) {
  const int eg = s.eg * scale / 64;
  int v = (s.mg * phase + eg * (params::kMaxPhase - phase)) / params::kMaxPhase;
  v = white_to_move ? v : -v;
  return v + params::kTempo;
}

TEST(Texel, TracedEvaluationEqualsTheEvaluation) {
  PawnTable pawns;
  for (const char* text : kFens) {
    EvalTrace trace;
    const Position pos = fen(text);
    EXPECT_EQ(evaluate_traced(pos, trace), evaluate(pos, pawns)) << text;
    EXPECT_EQ(taper(trace.total, trace.phase, trace.scale, trace.white_to_move),
              evaluate(pos, pawns))
        << text;
  }
}

// The trace is complete: changing every weight changes the evaluation exactly as the
// recorded counts predict, to the centipawn.
TEST(Texel, TraceIsTheLinearModelOfTheEvaluation) {
  const EvalParams base = eval_params();
  EvalParams changed = base;
  for (int i = 0; i < param::kCount; ++i) changed[i] += Score{(i * 7) % 11 - 5, (i * 5) % 13 - 6};
  for (const char* text : kFens) {
    const Position pos = fen(text);
    EvalTrace trace;
    (void)evaluate_traced(pos, trace);
    Score predicted = trace.total;
    for (int i = 0; i < param::kCount; ++i) {
      predicted.mg += trace.mg[static_cast<std::size_t>(i)] * (changed[i].mg - base[i].mg);
      predicted.eg += trace.eg[static_cast<std::size_t>(i)] * (changed[i].eg - base[i].eg);
    }
    set_eval_params(changed);
    PawnTable pawns;
    const Value actual = evaluate(pos, pawns);
    set_eval_params(base);
    ASSERT_EQ(trace.scale, 64) << text;
    EXPECT_EQ(taper(predicted, trace.phase, trace.scale, trace.white_to_move), actual) << text;
  }
  EXPECT_EQ(eval_params(), base);
}

TEST(Texel, LinearEvalMatchesTheEngineUpToRounding) {
  TexelData data;
  for (const char* text : kFens) ASSERT_TRUE(add_position(data, fen(text), 0.5F));
  const Weights w = to_weights(eval_params());
  PawnTable pawns;
  for (std::size_t i = 0; i < data.positions.size(); ++i) {
    const Position pos = fen(kFens[i]);
    const Value v = evaluate(pos, pawns);
    const double white = pos.side_to_move() == core::Color::White ? v : -v;
    EXPECT_NEAR(linear_eval(data, data.positions[i], w), white, 1.0) << kFens[i];
  }
  EXPECT_EQ(to_params(w), eval_params());
}

TEST(Texel, TuningLowersTheErrorOnItsData) {
  TexelData data;
  const float results[] = {0.5F, 1.0F, 0.0F, 0.5F, 1.0F, 0.0F};
  for (std::size_t i = 0; i < std::size(kFens); ++i)
    ASSERT_TRUE(add_position(data, fen(kFens[i]), results[i]));
  Weights w = to_weights(eval_params());
  const double k = fit_k(data, w);
  EXPECT_GT(k, 0.05);
  EXPECT_LT(k, 4.0);
  const double before = texel_error(data, w, k);
  TuneOptions options;
  options.epochs = 50;
  tune_weights(data, TexelData{}, w, k, options, nullptr);
  EXPECT_LT(texel_error(data, w, k), before);
}

TEST(Texel, FrozenGroupsKeepTheirWeights) {
  TexelData data;
  const float results[] = {1.0F, 0.0F, 1.0F, 0.0F, 1.0F, 0.0F};
  for (std::size_t i = 0; i < std::size(kFens); ++i)
    ASSERT_TRUE(add_position(data, fen(kFens[i]), results[i]));
  TuneOptions options;
  options.epochs = 20;
  ASSERT_TRUE(freeze_groups("material,pst", options));
  EXPECT_FALSE(freeze_groups("material,nonsense", options));
  ASSERT_TRUE(freeze_groups("material,pst", options));
  const Weights start = to_weights(eval_params());
  Weights w = start;
  tune_weights(data, TexelData{}, w, 1.0, options, nullptr);
  for (int i = param::kPieceValue; i < param::kMobility; ++i)
    EXPECT_EQ(w[static_cast<std::size_t>(2 * i)], start[static_cast<std::size_t>(2 * i)]) << i;
  EXPECT_NE(w, start);
}

TEST(Texel, WeightsSourceNamesEveryWeight) {
  const std::string source = weights_source(eval_params(), "// test\n");
  EXPECT_NE(source.find("default_eval_params"), std::string::npos);
  EXPECT_NE(source.find("// pst[Knight][e4]"), std::string::npos);
  EXPECT_NE(source.find("// open_file_near_king"), std::string::npos);
  std::size_t lines = 0;
  for (char c : source) lines += c == '\n';
  EXPECT_GT(lines, static_cast<std::size_t>(param::kCount));
}

TEST(Datagen, QuietLeafResolvesCaptures) {
  PawnTable pawns;
  Position leaf;
  // White's queen can take the undefended rook on d5: the leaf is after the capture.
  const Position pos = fen("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1");
  ASSERT_TRUE(quiet_leaf(pos, pawns, leaf));
  EXPECT_EQ(leaf.fen(), "4k3/8/8/3Q4/8/8/8/4K3 b - - 0 1");
  // Nothing to take: the position itself.
  const Position quiet = Position::startpos();
  ASSERT_TRUE(quiet_leaf(quiet, pawns, leaf));
  EXPECT_EQ(leaf.fen(), quiet.fen());
  // In check: no sample.
  EXPECT_FALSE(quiet_leaf(fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), pawns, leaf));
}

TEST(Datagen, WritesWellFormedDeterministicLines) {
  const std::vector<std::string> book = {
      "rn2kb1r/pp3ppp/2p1pn2/3p3b/8/1P1P1NPP/PBPqPPB1/RN2K2R w KQkq - 0 9",
      "rn1qk2r/pb1pbppp/1p2pn2/8/Q1P5/5NP1/PP2PPBP/RNB2RK1 w kq - 2 9"};
  DatagenOptions options;
  options.games = 2;
  options.nodes = 200;
  options.max_plies = 40;
  options.hash_mb = 1;
  std::ostringstream first;
  std::ostringstream second;
  const DatagenStats stats = generate_selfplay(options, book, first, nullptr);
  (void)generate_selfplay(options, book, second, nullptr);
  EXPECT_EQ(first.str(), second.str());
  EXPECT_EQ(stats.games, 2);
  EXPECT_EQ(stats.white_wins + stats.draws + stats.black_wins, 2);
  EXPECT_GT(stats.positions, 0u);
  std::istringstream in(first.str());
  std::string line;
  std::uint64_t lines = 0;
  const std::string path = testing::TempDir() + "datagen_lines.txt";
  std::ofstream(path) << first.str();
  while (std::getline(in, line)) {
    ++lines;
    const auto bar = line.find(" | ");
    ASSERT_NE(bar, std::string::npos) << line;
    const std::string result = line.substr(bar + 3);
    EXPECT_TRUE(result == "1.0" || result == "0.5" || result == "0.0") << line;
    const auto pos = Position::from_fen(line.substr(0, bar));
    ASSERT_TRUE(pos.has_value()) << line;
    EXPECT_FALSE(pos->in_check()) << line;
  }
  EXPECT_EQ(lines, stats.positions);
  auto data = load_texel_data(path, true);
  ASSERT_TRUE(data.has_value());
  EXPECT_EQ(data->rejected, 0);
  EXPECT_EQ(data->positions.size(), stats.positions);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace arbiter::engine
