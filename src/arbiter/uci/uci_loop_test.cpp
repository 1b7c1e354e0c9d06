#include "arbiter/uci/uci_loop.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/uci/uci_command.hpp"

namespace arbiter::uci {
namespace {

struct Session {
  std::istringstream in;
  std::ostringstream out;
  UciLoop loop{in, out};

  std::vector<std::string> run(std::initializer_list<const char*> lines) {
    for (const char* l : lines) loop.handle(l);
    loop.wait_for_search();
    std::vector<std::string> result;
    std::istringstream text(out.str());
    std::string line;
    while (std::getline(text, line)) result.push_back(line);
    out.str("");
    return result;
  }
};

bool has_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string bestmove(const std::vector<std::string>& lines) {
  for (const auto& l : lines)
    if (l.rfind("bestmove ", 0) == 0) return std::string(tokenize(l).at(1));
  return "";
}

TEST(UciLoop, HandshakeListsTheOptions) {
  Session s;
  const auto lines = s.run({"uci", "isready"});
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "id name Arbiter 0.1");
  for (const char* o : {"Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "UCI_LimitStrength",
                        "UCI_Elo", "Move Overhead", "EvalFile"})
    EXPECT_TRUE(has_prefix(lines, std::string("option name ") + o + " type")) << o;
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(UciLoop, SetsOptionsAndRejectsBadOnes) {
  Session s;
  auto lines =
      s.run({"setoption name Hash value 8", "setoption name threads value 2",
             "setoption name MultiPV value 2", "setoption name UCI_LimitStrength value true",
             "setoption name UCI_Elo value 1500", "setoption name Move Overhead value 10",
             "setoption name Ponder value true"});
  EXPECT_TRUE(lines.empty());
  lines = s.run({"setoption name Hash value lots", "setoption name UCI_Elo value 100",
                 "setoption name Nonexistent value 1", "setoption name Ponder value maybe",
                 "setoption"});
  ASSERT_EQ(lines.size(), 5u);
  for (const auto& l : lines) EXPECT_EQ(l.rfind("info string error: ", 0), 0u) << l;
}

TEST(UciLoop, EvalFileLoadsANetworkOrReportsWhyNot) {
  Session s;
  const std::string path = ::testing::TempDir() + "arbiter_uci_evalfile.nnue";
  const auto net = engine::nnue::random_network(32, 1, 3);
  ASSERT_TRUE(engine::nnue::save_network(net, path).has_value());
  auto lines = s.run({("setoption name EvalFile value " + path).c_str()});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("info string NNUE evaluation from " + path + ": 768->32x2->1, hash ", 0),
            0u)
      << lines[0];
  lines = s.run({"position startpos", "go depth 4"});
  EXPECT_FALSE(bestmove(lines).empty());
  lines = s.run({"setoption name EvalFile value /nonexistent.nnue"});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("info string error: setoption: EvalFile: cannot open", 0), 0u)
      << lines[0];
  lines = s.run({"setoption name EvalFile value <empty>"});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "info string hand-written evaluation");
}

TEST(UciLoop, GoDepthReturnsALegalMoveAfterInfoLines) {
  Session s;
  const auto lines = s.run({"position startpos moves e2e4 c7c5", "go depth 6"});
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(has_prefix(lines, "info depth 6 "));
  auto pos = parse_position(tokenize("position startpos moves e2e4 c7c5"), false);
  ASSERT_TRUE(pos);
  const std::string bm = bestmove(lines);
  auto m = core::parse_uci(pos->position, bm);
  ASSERT_TRUE(m) << bm;
  EXPECT_TRUE(core::legal_moves(pos->position).contains(*m));
  EXPECT_EQ(lines.back().rfind("bestmove ", 0), 0u);
}

TEST(UciLoop, MultiPvPrintsSeveralLines) {
  Session s;
  const auto lines = s.run({"setoption name MultiPV value 3", "position startpos", "go depth 4"});
  EXPECT_TRUE(has_prefix(lines, "info depth 4 seldepth"));
  int at_depth4 = 0;
  for (const auto& l : lines)
    if (l.rfind("info depth 4 ", 0) == 0) ++at_depth4;
  EXPECT_EQ(at_depth4, 3);
}

TEST(UciLoop, MateAndNoMoveAnswers) {
  Session s;
  auto lines = s.run({"position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", "go mate 1"});
  EXPECT_EQ(bestmove(lines), "b1b8");
  EXPECT_NE(lines.front().find(" score mate 1 "), std::string::npos) << lines.front();
  lines = s.run({"position fen Q6k/8/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"});
  EXPECT_EQ(lines.back(), "bestmove 0000");
}

TEST(UciLoop, MalformedInputGetsAnErrorAndNoCrash) {
  Session s;
  const auto lines = s.run({"bogus", "position fen not-a-fen", "position startpos moves e2e4 e2e4",
                            "go depth banana nodes 3000", "isready"});
  int errors = 0;
  for (const auto& l : lines) errors += l.rfind("info string error: ", 0) == 0;
  EXPECT_EQ(errors, 4);
  EXPECT_TRUE(has_prefix(lines, "bestmove "));  // the go still ran, from the start position
  EXPECT_TRUE(has_prefix(lines, "readyok"));
  EXPECT_FALSE(s.loop.handle("quit"));
}

TEST(UciLoop, Chess960OutputUsesKingTakesRook) {
  Session s;
  // Restrict the search to castling and check how it is spelled in each mode.
  const char* fen = "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1";
  auto lines = s.run({fen, "go depth 2 searchmoves e1g1"});
  EXPECT_EQ(bestmove(lines), "e1g1");
  lines = s.run({"setoption name UCI_Chess960 value true", fen, "go depth 2 searchmoves e1g1"});
  EXPECT_EQ(bestmove(lines), "e1h1");
  lines = s.run({fen, "go depth 2 searchmoves e1h1"});
  EXPECT_EQ(bestmove(lines), "e1h1");
  // A Chess960 start: king b1, rooks a1 and h1; both spellings are accepted as input.
  const char* fen960 = "position fen 4k3/8/8/8/8/8/8/RK5R w HA - 0 1";
  lines = s.run({fen960, "go depth 2 searchmoves b1g1"});
  EXPECT_EQ(bestmove(lines), "b1h1");
  lines = s.run({"position fen 4k3/8/8/8/8/8/8/RK5R w HA - 0 1 moves b1g1 e8d8", "d"});
  EXPECT_EQ(lines.back(), "info string fen 3k4/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

}  // namespace
}  // namespace arbiter::uci
