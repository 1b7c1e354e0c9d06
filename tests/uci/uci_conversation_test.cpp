// Conversations with the arbiter-engine binary over pipes, as a GUI would have them.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "engine_process.hpp"

namespace arbiter::test {
namespace {

const std::string kEngine = ARB_ENGINE_PATH;

std::string second_token(const std::string& line) {
  std::istringstream in(line);
  std::string a, b;
  in >> a >> b;
  return b;
}

core::Position after_moves(const std::string& fen, const std::vector<std::string>& moves) {
  auto pos = fen.empty() ? core::Position::startpos() : *core::Position::from_fen(fen);
  for (const auto& m : moves) pos = pos.after(*core::parse_uci(pos, m));
  return pos;
}

void expect_legal(const core::Position& pos, const std::string& uci) {
  auto m = core::parse_uci(pos, uci);
  ASSERT_TRUE(m.has_value()) << uci;
  EXPECT_TRUE(core::legal_moves(pos).contains(*m)) << uci;
}

TEST(UciConversation, Handshake) {
  EngineProcess e(kEngine);
  ASSERT_TRUE(e.running());
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.read_until("uciok", &lines));
  EXPECT_EQ(lines.front(), "id name Arbiter 0.1");
  EXPECT_EQ(lines[1].rfind("id author ", 0), 0u);
  e.send("isready");
  EXPECT_EQ(e.read_line(), "readyok");
  e.send("quit");
  EXPECT_EQ(e.wait_exit(), 0);
}

TEST(UciConversation, OptionsAreAccepted) {
  EngineProcess e(kEngine);
  for (const char* o : {"Hash value 32", "Threads value 2", "MultiPV value 2", "Ponder value true",
                        "UCI_Chess960 value false", "UCI_LimitStrength value false",
                        "UCI_Elo value 2000", "Move Overhead value 50"})
    e.send(std::string("setoption name ") + o);
  e.send("isready");
  EXPECT_EQ(e.read_line(), "readyok");  // no error line in between
}

TEST(UciConversation, GoDepthSixReturnsALegalMove) {
  EngineProcess e(kEngine);
  e.send("ucinewgame");
  e.send("position startpos moves d2d4 g8f6 c2c4 e7e6");
  e.send("go depth 6");
  std::vector<std::string> lines;
  const auto bm = e.read_until("bestmove ", &lines);
  ASSERT_TRUE(bm);
  expect_legal(after_moves("", {"d2d4", "g8f6", "c2c4", "e7e6"}), second_token(*bm));
  bool depth6 = false;
  for (const auto& l : lines) depth6 |= l.rfind("info depth 6 seldepth ", 0) == 0;
  EXPECT_TRUE(depth6);
  for (const char* field : {" score ", " nodes ", " nps ", " time ", " hashfull ", " pv "})
    EXPECT_NE(lines[lines.size() - 2].find(field), std::string::npos) << field;
}

TEST(UciConversation, StopDuringInfiniteAnswersPromptly) {
  EngineProcess e(kEngine);
  e.send("position startpos");
  e.send("go infinite");
  ASSERT_TRUE(e.read_until("info depth 3 "));  // it is thinking
  e.send("isready");                           // input is read while searching
  ASSERT_TRUE(e.read_until("readyok"));
  e.send("stop");
  const auto bm = e.read_until("bestmove ", nullptr, 3000);
  ASSERT_TRUE(bm) << "no bestmove within 3 s of stop";
  expect_legal(core::Position::startpos(), second_token(*bm));
}

TEST(UciConversation, PonderThenPonderhit) {
  EngineProcess e(kEngine);
  e.send("setoption name Ponder value true");
  e.send("position startpos moves e2e4 e7e5");
  e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
  ASSERT_TRUE(e.read_until("info depth 2 "));
  e.send("ponderhit");
  const auto bm = e.read_until("bestmove ");
  ASSERT_TRUE(bm);
  expect_legal(after_moves("", {"e2e4", "e7e5"}), second_token(*bm));
}

TEST(UciConversation, Chess960CastlingInBothConventions) {
  EngineProcess e(kEngine);
  e.send("setoption name UCI_Chess960 value true");
  const std::string fen = "4k3/8/8/8/8/8/8/RK5R w HA - 0 1";
  // Input in either convention reaches the same position.
  for (const char* castle : {"b1h1", "b1g1"}) {
    e.send("position fen " + fen + " moves " + castle);
    e.send("d");
    EXPECT_EQ(e.read_line(), "info string fen 4k3/8/8/8/8/8/8/R4RK1 b - - 1 1") << castle;
  }
  // Output in Chess960 mode is king-takes-rook, in standard mode king-two-squares.
  e.send("position fen " + fen);
  e.send("go depth 1 searchmoves b1g1");
  EXPECT_EQ(second_token(*e.read_until("bestmove ")), "b1h1");
  e.send("setoption name UCI_Chess960 value false");
  e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  e.send("go depth 1 searchmoves e1h1");
  EXPECT_EQ(second_token(*e.read_until("bestmove ")), "e1g1");
}

TEST(UciConversation, MalformedCommandsGetErrorsNotCrashes) {
  EngineProcess e(kEngine);
  const char* bad[] = {"xyzzy",
                       "position",
                       "position fen 9/9/9 w - - 0 1",
                       "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
                       "position startpos moves e2e4 e7e5 e1e3",
                       "setoption name Hash value -5",
                       "setoption name",
                       "go wtime abc",
                       "\x01\x02\x7f garbage \xff"};
  for (const char* b : bad) {
    e.send(b);
    if (std::string(b).rfind("go", 0) == 0) {
      e.send("stop");
      std::vector<std::string> lines;
      ASSERT_TRUE(e.read_until("bestmove ", &lines)) << b;
      EXPECT_EQ(lines.front().rfind("info string error: ", 0), 0u) << b;
      continue;
    }
    const auto line = e.read_line();
    ASSERT_TRUE(line) << b;
    EXPECT_EQ(line->rfind("info string error: ", 0), 0u) << b << " -> " << *line;
  }
  e.send("isready");
  EXPECT_EQ(e.read_line(), "readyok");
  e.send("quit");
  EXPECT_EQ(e.wait_exit(), 0);
}

TEST(UciConversation, EndOfInputEndsTheEngine) {
  EngineProcess e(kEngine);
  e.send("position startpos");
  e.send("go infinite");
  ASSERT_TRUE(e.read_until("info depth 1 "));
  e.close_input();
  EXPECT_TRUE(e.read_until("bestmove "));
  EXPECT_EQ(e.wait_exit(), 0);
}

// A short game at a fast clock: every answer arrives and is legal.
TEST(UciConversation, PlaysAFastGameOnTheClock) {
  EngineProcess e(kEngine);
  e.send("ucinewgame");
  std::vector<std::string> moves;
  core::Position pos = core::Position::startpos();
  for (int ply = 0; ply < 16 && core::has_legal_moves(pos); ++ply) {
    std::string cmd = "position startpos";
    if (!moves.empty()) {
      cmd += " moves";
      for (const auto& m : moves) cmd += " " + m;
    }
    e.send(cmd);
    e.send("go wtime 400 btime 400 winc 5 binc 5 movestogo 3");
    const auto bm = e.read_until("bestmove ");
    ASSERT_TRUE(bm);
    const std::string mv = second_token(*bm);
    expect_legal(pos, mv);
    pos = pos.after(*core::parse_uci(pos, mv));
    moves.push_back(mv);
  }
}

TEST(Bench, NodeCountMatchesTheRecordedSignature) {
  std::ifstream in(std::string(ARB_SOURCE_DIR) + "/bench/signature.txt");
  ASSERT_TRUE(in) << "bench/signature.txt missing";
  std::string expected;
  in >> expected;
  EngineProcess e(kEngine, {"bench"});
  std::string last;
  while (auto line = e.read_line(120000)) last = *line;
  EXPECT_EQ(e.wait_exit(), 0);
  EXPECT_EQ(last, expected + " nodes");
}

}  // namespace
}  // namespace arbiter::test
