#include "arbiter/core/uci_move.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/chess960.hpp"

namespace arbiter::core {
namespace {

TEST(UciMove, StandardCastlingIsKingToDestination) {
  const Position pos = *Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  const Move m = *parse_uci(pos, "e1g1");
  EXPECT_TRUE(m.is_castling());
  EXPECT_EQ(to_uci(pos, m), "e1g1");
  // The king-takes-rook form is read too (some GUIs send it).
  EXPECT_EQ(*parse_uci(pos, "e1h1"), m);
  EXPECT_EQ(to_uci(m, true), "e1h1");
}

TEST(UciMove, Chess960UsesKingTakesRook) {
  // King g1, rooks a1 and h1 (a rook on f1 would block the king-side castling: f1 is
  // the rook's final square, II.3.2.7.4).
  const Position ready = *Position::from_fen("4k3/8/8/8/8/8/8/R5KR w HA - 0 1", {true, false});
  const Move oo = *parse_uci(ready, "g1h1");
  EXPECT_TRUE(oo.is_castling());
  EXPECT_EQ(to_uci(ready, oo), "g1h1");
  EXPECT_EQ(ready.after(oo).fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
  // Queen side: king-takes-rook g1a1, or king-to-destination g1c1.
  const Move ooo = *parse_uci(ready, "g1a1");
  EXPECT_TRUE(ooo.is_castling());
  EXPECT_EQ(to_uci(ready, ooo), "g1a1");
  EXPECT_EQ(ready.after(ooo).fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
  EXPECT_EQ(*parse_uci(ready, "g1c1"), ooo);
}

TEST(UciMove, OrdinaryKingMoveWinsOverCastlingReading) {
  // King f1, rook h1: "f1g1" is the ordinary king step; castling is "f1h1".
  const Position pos = *Position::from_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1", {true, false});
  const Move step = *parse_uci(pos, "f1g1");
  EXPECT_FALSE(step.is_castling());
  EXPECT_TRUE(parse_uci(pos, "f1h1")->is_castling());
}

TEST(UciMove, Promotions) {
  const Position pos = *Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  const Move m = *parse_uci(pos, "e7e8n");
  EXPECT_EQ(m.promotion(), PieceType::Knight);
  EXPECT_EQ(to_uci(pos, m), "e7e8n");
  EXPECT_EQ(parse_uci(pos, "e7e8").error().code, ErrorCode::kMoveIllegal);
}

TEST(UciMove, Errors) {
  const Position pos = Position::startpos();
  EXPECT_EQ(parse_uci(pos, "e2").error().code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(parse_uci(pos, "e2e9").error().code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(parse_uci(pos, "e7e8x").error().code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(parse_uci(pos, "e2e5").error().code, ErrorCode::kMoveIllegal);
  EXPECT_EQ(parse_uci(pos, "e3e4").error().code, ErrorCode::kMoveIllegal);
  EXPECT_EQ(parse_uci(pos, "e7e5").error().code, ErrorCode::kMoveIllegal);
}

}  // namespace
}  // namespace arbiter::core
