// Touched pieces, Art. 4.3–4.5.
#include "arbiter/competition/touch.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::competition {
namespace {

using core::Square;

core::Position pos(const char* fen) {
  auto p = core::Position::from_fen(fen);
  EXPECT_TRUE(p.has_value()) << fen;
  return p ? *p : core::Position::startpos();
}

core::Move uci(const core::Position& p, const char* text) {
  auto m = core::parse_uci(p, text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : core::Move::none();
}

// The constraint after touching `squares` in this order.
std::optional<TouchConstraint> touched(const core::Position& p,
                                       std::initializer_list<Square> squares) {
  TouchState t;
  for (Square s : squares) t.add(p, s);
  return t.constraint(p);
}

TEST(TouchState, NothingTouchedIsFree) {
  TouchState t;
  EXPECT_TRUE(t.empty());
  EXPECT_FALSE(t.constraint(core::Position::startpos()).has_value());
}

TEST(TouchState, OwnPieceMustMove) {
  // Art. 4.3.1
  const auto p = core::Position::startpos();
  auto c = touched(p, {Square::G1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.1");
  EXPECT_EQ(c->allowed.size(), 2);
  EXPECT_TRUE(c->allowed.contains(uci(p, "g1f3")));
  EXPECT_TRUE(c->allowed.contains(uci(p, "g1h3")));
  EXPECT_NE(c->reason.find("knight on g1"), std::string::npos);
}

TEST(TouchState, RepeatedTouchCountsOnce) {
  const auto p = core::Position::startpos();
  auto c = touched(p, {Square::A1, Square::A1, Square::B1});
  ASSERT_TRUE(c.has_value());
  EXPECT_TRUE(c->allowed.contains(uci(p, "b1c3")));
}

TEST(TouchState, OpponentPieceMustBeCaptured) {
  // Art. 4.3.2
  const auto p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  auto c = touched(p, {Square::D5});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.2");
  EXPECT_EQ(c->allowed.size(), 1);
  EXPECT_TRUE(c->allowed.contains(uci(p, "e4d5")));
}

TEST(TouchState, EnPassantCapturesTheTouchedPawn) {
  // Art. 4.3.2 with 3.7.4.1: the pawn captured en passant stands beside the capturer.
  const auto p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  auto c = touched(p, {Square::D5});
  ASSERT_TRUE(c.has_value());
  EXPECT_TRUE(c->allowed.contains(uci(p, "e5d6")));
}

TEST(TouchState, OwnAndOpponentCaptureTogether) {
  // Art. 4.3.3: capture the touched opponent piece with the touched own piece.
  const auto p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2");
  auto c = touched(p, {Square::C3, Square::D5});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.3");
  EXPECT_EQ(c->allowed.size(), 1);
  EXPECT_TRUE(c->allowed.contains(uci(p, "c3d5")));
}

TEST(TouchState, OwnAndOpponentWithoutCaptureFallsBackToFirst) {
  // Art. 4.3.3, second clause: if that capture is illegal, the first touched piece that can
  // be moved or captured.
  const auto p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  auto c = touched(p, {Square::G1, Square::D5});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.3");
  EXPECT_TRUE(c->allowed.contains(uci(p, "g1f3")));
  EXPECT_FALSE(c->allowed.contains(uci(p, "e4d5")));
}

TEST(TouchState, OnlyTheFirstOwnAndFirstOpponentPieceMustCaptureTogether) {
  // Art. 4.3.3: "the first touched opponent's piece with his first touched piece". The
  // knight on g1 (touched first) cannot take d5; the pawn on e4 (touched second) could, but
  // the rule falls back to the first touched piece that can move: the knight.
  const auto p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  auto c = touched(p, {Square::G1, Square::E4, Square::D5});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.3");
  EXPECT_TRUE(c->allowed.contains(uci(p, "g1f3")));
  EXPECT_FALSE(c->allowed.contains(uci(p, "e4d5")));
  // The pawn touched first, then the knight and d5: the pawn must take.
  auto d = touched(p, {Square::E4, Square::G1, Square::D5});
  ASSERT_TRUE(d.has_value());
  ASSERT_EQ(d->allowed.size(), 1);
  EXPECT_TRUE(d->allowed.contains(uci(p, "e4d5")));
}

TEST(TouchState, KingThenRookMeansCastling) {
  // Art. 4.4.1
  const auto p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  auto c = touched(p, {Square::E1, Square::A1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.4.1");
  ASSERT_EQ(c->allowed.size(), 1);
  EXPECT_TRUE(c->allowed[0].is_castling());
  EXPECT_EQ(c->allowed[0].to(), Square::A1);
}

TEST(TouchState, RookThenKingForbidsCastling) {
  // Art. 4.4.2: the rook was touched first, so it must move; castling is a king move.
  const auto p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  auto c = touched(p, {Square::H1, Square::E1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.1");
  for (core::Move m : c->allowed) EXPECT_EQ(m.from(), Square::H1);
}

TEST(TouchState, IllegalCastlingLeavesKingMoves) {
  // Art. 4.4.3: castling with the touched rook is illegal: another king move.
  const auto p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K1NR w KQkq - 0 1");
  auto c = touched(p, {Square::E1, Square::H1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.4.3");
  EXPECT_TRUE(c->allowed.contains(uci(p, "e1f1")));
  for (core::Move m : c->allowed) EXPECT_EQ(m.from(), Square::E1);
  // "(which may include castling with the other rook)"
  bool long_castling = false;
  for (core::Move m : c->allowed) long_castling |= m.is_castling() && m.to() == Square::A1;
  EXPECT_TRUE(long_castling);
}

TEST(TouchState, IllegalCastlingWithAKingThatCannotMoveLeavesAnyMove) {
  // Art. 4.4.3: "If the king has no legal move, the player is free to make any legal move."
  // The rook on h1 could move, but it does not bind: the touches were meant as castling.
  const auto p = pos("4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1");
  EXPECT_FALSE(touched(p, {Square::E1, Square::H1}).has_value());
}

TEST(TouchState, RookThenKingForbidsChess960CastlingEvenWhenTheRookCannotMove) {
  // Art. 4.4.2 then 4.3.1: the rook on h1 has no move, so the king must move, but not by
  // castling with that rook (Chess960: king g1, rook h1, castling legal).
  auto p960 = core::Position::from_fen("6k1/6pp/8/8/8/8/7P/6KR w H - 0 1",
                                       core::FenOptions{.chess960 = true});
  ASSERT_TRUE(p960.has_value());
  auto c = touched(*p960, {Square::H1, Square::G1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->article, "4.3.1");
  EXPECT_FALSE(c->allowed.empty());
  for (core::Move m : c->allowed) {
    EXPECT_EQ(m.from(), Square::G1);
    EXPECT_FALSE(m.is_castling());
  }
  EXPECT_NE(c->reason.find("4.4.2"), std::string::npos) << c->reason;
  // Without the rook touched first, castling is one of the king's moves.
  auto kc = touched(*p960, {Square::G1});
  ASSERT_TRUE(kc.has_value());
  bool castling = false;
  for (core::Move m : kc->allowed) castling |= m.is_castling();
  EXPECT_TRUE(castling);
}

TEST(TouchState, NothingMovableLeavesPlayerFree) {
  // Art. 4.5
  const auto p = core::Position::startpos();
  TouchState t;
  t.add(p, Square::A1);
  t.add(p, Square::C1);
  EXPECT_FALSE(t.constraint(p).has_value());
  t.clear();
  EXPECT_TRUE(t.empty());
}

}  // namespace
}  // namespace arbiter::competition
