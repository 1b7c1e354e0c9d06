#include "arbiter/uci/uci_command.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::uci {
namespace {

using core::Position;

TEST(UciTokenize, SplitsOnAnyWhitespace) {
  const auto t = tokenize("  go\twtime 100   btime 200\r");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0], "go");
  EXPECT_EQ(t[4], "200");
  EXPECT_TRUE(tokenize("   ").empty());
}

TEST(UciPosition, StartposWithMovesKeepsTheHistory) {
  auto cmd = parse_position(tokenize("position startpos moves e2e4 e7e5 g1f3"), false);
  ASSERT_TRUE(cmd) << cmd.error().message;
  EXPECT_EQ(cmd->position.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  ASSERT_EQ(cmd->history.size(), 3u);
  EXPECT_EQ(cmd->history[0], Position::startpos().key());
}

TEST(UciPosition, FenWithAndWithoutMoves) {
  auto a = parse_position(tokenize("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1"), false);
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->history.empty());
  auto b =
      parse_position(tokenize("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1"), false);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->position.piece_on(core::Square::G1), core::Piece::WKing);
}

TEST(UciPosition, RejectsMalformedCommands) {
  EXPECT_FALSE(parse_position(tokenize("position"), false));
  EXPECT_FALSE(parse_position(tokenize("position nonsense"), false));
  EXPECT_FALSE(parse_position(tokenize("position fen"), false));
  EXPECT_FALSE(parse_position(tokenize("position fen 8/8/8 w - - 0 1"), false));
  EXPECT_FALSE(parse_position(tokenize("position startpos e2e4"), false));
  const auto illegal = parse_position(tokenize("position startpos moves e2e5"), false);
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().code, ErrorCode::kProtocolSyntax);
  EXPECT_NE(illegal.error().message.find("e2e5"), std::string::npos);
}

TEST(UciPosition, Chess960CastlingInBothConventions) {
  // King b1, rooks a1 and h1: castling king side is b1h1 (king takes rook) or b1g1.
  const std::string fen = "position fen 4k3/8/8/8/8/8/8/RK5R w HA - 0 1 moves ";
  for (const char* move : {"b1h1", "b1g1"}) {
    auto cmd = parse_position(tokenize(fen + move), true);
    ASSERT_TRUE(cmd) << move << ": " << cmd.error().message;
    EXPECT_EQ(cmd->position.piece_on(core::Square::G1), core::Piece::WKing) << move;
    EXPECT_EQ(cmd->position.piece_on(core::Square::F1), core::Piece::WRook) << move;
    EXPECT_EQ(cmd->position.piece_on(core::Square::H1), core::Piece::None) << move;
  }
}

TEST(UciGo, ParsesEveryParameter) {
  const Position pos = Position::startpos();
  const GoCommand go = parse_go(tokenize("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 "
                                         "depth 7 nodes 12345 mate 3 movetime 500 ponder "
                                         "infinite searchmoves e2e4 d2d4"),
                                pos);
  EXPECT_TRUE(go.warnings.empty());
  const auto& l = go.limits;
  EXPECT_EQ(l.time[0], 1000);
  EXPECT_EQ(l.time[1], 2000);
  EXPECT_EQ(l.inc[0], 10);
  EXPECT_EQ(l.inc[1], 20);
  EXPECT_EQ(l.movestogo, 5);
  EXPECT_EQ(l.depth, 7);
  EXPECT_EQ(l.nodes, 12345u);
  EXPECT_EQ(l.mate, 3);
  EXPECT_EQ(l.movetime, 500);
  EXPECT_TRUE(l.ponder);
  EXPECT_TRUE(l.infinite);
  ASSERT_EQ(l.searchmoves.size(), 2u);
  EXPECT_EQ(core::to_uci(l.searchmoves[1], false), "d2d4");
}

TEST(UciGo, WarnsAboutBadValuesAndKeepsTheRest) {
  const GoCommand go =
      parse_go(tokenize("go depth x wtime -50 frobnicate movetime 20 searchmoves e2e5 e2e4 nodes"),
               Position::startpos());
  EXPECT_EQ(go.limits.depth, 0);
  EXPECT_EQ(go.limits.time[0], 0);  // negative clocks are read as 0
  EXPECT_EQ(go.limits.movetime, 20);
  ASSERT_EQ(go.limits.searchmoves.size(), 1u);
  EXPECT_EQ(go.warnings.size(), 4u);  // depth x, frobnicate, e2e5, nodes without value
}

TEST(UciSetOption, NamesWithSpacesAndValues) {
  auto o = parse_setoption(tokenize("setoption name Move Overhead value 100"));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->name, "Move Overhead");
  EXPECT_EQ(o->value, "100");
  auto button = parse_setoption(tokenize("setoption name Clear Hash"));
  ASSERT_TRUE(button);
  EXPECT_EQ(button->value, "");
  EXPECT_FALSE(parse_setoption(tokenize("setoption value 3")));
  EXPECT_FALSE(parse_setoption(tokenize("setoption name")));
}

TEST(UciInfo, FormatsScoresAndLines) {
  EXPECT_EQ(format_score(35, engine::Bound::Exact), "score cp 35");
  EXPECT_EQ(format_score(-12, engine::Bound::Upper), "score cp -12 upperbound");
  EXPECT_EQ(format_score(engine::mate_in(3), engine::Bound::Exact), "score mate 2");
  EXPECT_EQ(format_score(engine::mated_in(2), engine::Bound::Lower), "score mate -1 lowerbound");
  engine::SearchInfo info;
  info.depth = 5;
  info.seldepth = 9;
  info.score = 20;
  info.nodes = 1000;
  info.nps = 50000;
  info.time_ms = 20;
  info.hashfull = 3;
  info.pv = {core::Move(core::Square::E2, core::Square::E4)};
  EXPECT_EQ(format_info(info, false),
            "info depth 5 seldepth 9 multipv 1 score cp 20 nodes 1000 nps 50000 hashfull 3 "
            "time 20 pv e2e4");
}

}  // namespace
}  // namespace arbiter::uci
