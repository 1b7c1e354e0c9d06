// Reading illegal moves (Art. 7.5.1, 7.5.2, A.4.2).
#include "arbiter/competition/move_intent.hpp"

#include <gtest/gtest.h>

namespace arbiter::competition {
namespace {

using core::PieceType;
using core::Square;

core::Position pos(const char* fen) {
  auto p = core::Position::from_fen(fen);
  EXPECT_TRUE(p.has_value()) << fen;
  return p ? *p : core::Position::startpos();
}

TEST(MoveIntent, UniqueKingIsFound) {
  const auto p = core::Position::startpos();
  auto i = read_intent(p, "Ke3");
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->from, Square::E1);
  EXPECT_EQ(i->to, Square::E3);
}

TEST(MoveIntent, TwoKnightsLeaveOriginUnknown) {
  const auto p = core::Position::startpos();
  auto i = read_intent(p, "Nd5");
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->from, Square::None);
  EXPECT_EQ(i->to, Square::D5);
  auto j = read_intent(p, "Ngd5");  // the file letter disambiguates
  ASSERT_TRUE(j.has_value());
  EXPECT_EQ(j->from, Square::G1);
}

TEST(MoveIntent, CoordinateForms) {
  const auto p = core::Position::startpos();
  for (const char* text : {"e2e5", "e2-e5", "Pe2e5", "e2xe5"}) {
    auto i = read_intent(p, text);
    ASSERT_TRUE(i.has_value()) << text;
    EXPECT_EQ(i->from, Square::E2) << text;
    EXPECT_EQ(i->to, Square::E5) << text;
  }
}

TEST(MoveIntent, PawnMoveStaysOnItsFile) {
  const auto p = core::Position::startpos();
  auto i = read_intent(p, "e5+");
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->from, Square::E2);
}

TEST(MoveIntent, PromotionPieceRead) {
  const auto p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(read_intent(p, "b8=R")->promotion, PieceType::Rook);
  EXPECT_EQ(read_intent(p, "b7b8q")->promotion, PieceType::Queen);
  EXPECT_EQ(read_intent(p, "b7b8b")->promotion, PieceType::Bishop);
  EXPECT_EQ(read_intent(p, "b8")->promotion, PieceType::None);
}

TEST(MoveIntent, CastlingNamesTheKing) {
  const auto p = core::Position::startpos();
  auto i = read_intent(p, "0-0-0");
  ASSERT_TRUE(i.has_value());
  EXPECT_TRUE(i->castling);
  EXPECT_EQ(i->from, Square::E1);
}

TEST(MoveIntent, NotAMove) {
  const auto p = core::Position::startpos();
  EXPECT_FALSE(read_intent(p, "hello").has_value());
  EXPECT_FALSE(read_intent(p, "").has_value());
  EXPECT_FALSE(read_intent(p, "N").has_value());
  EXPECT_FALSE(read_intent(p, "e9").has_value());
}

TEST(IncompletePromotion, BecomesAQueen) {
  // Art. 7.5.2
  const auto p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  auto m = incomplete_promotion(p, "b8");
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(m->is_promotion());
  EXPECT_EQ(m->promotion(), PieceType::Queen);
  EXPECT_EQ(m->to(), Square::B8);
  EXPECT_TRUE(incomplete_promotion(p, "b7b8").has_value());
  EXPECT_FALSE(incomplete_promotion(p, "b8=N").has_value());  // completed: not 7.5.2
  EXPECT_FALSE(incomplete_promotion(core::Position::startpos(), "e4").has_value());
}

TEST(PlayIllegal, KingMoveStandsAndLosesCastling) {
  // A.4.2: the illegal move stands.
  const auto p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  auto i = read_intent(p, "Ke3");
  ASSERT_TRUE(i.has_value());
  auto after = play_illegal(p, *i);
  ASSERT_TRUE(after.has_value()) << after.error().describe();
  EXPECT_EQ(after->fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR b kq - 1 2");
}

TEST(PlayIllegal, KingLeftInCheckIsAnIllegalPosition) {
  // A.4.4: the result is not a legal position.
  const auto p = pos("4k3/8/8/8/8/8/8/K3r3 w - - 0 1");
  auto i = read_intent(p, "Kb1");
  ASSERT_TRUE(i.has_value());
  EXPECT_FALSE(play_illegal(p, *i).has_value());
}

TEST(PlayIllegal, PawnOnLastRankWithoutPieceIsIllegal) {
  const auto p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  auto i = read_intent(p, "b8");
  ASSERT_TRUE(i.has_value());
  EXPECT_FALSE(play_illegal(p, *i).has_value());
  auto q = read_intent(p, "b8=Q");
  ASSERT_TRUE(q.has_value());
  auto after = play_illegal(p, *q);
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->piece_on(Square::B8), core::Piece::WQueen);
}

TEST(PlayIllegal, UnknownOriginCannotStand) {
  const auto p = core::Position::startpos();
  auto i = read_intent(p, "Nd5");
  ASSERT_TRUE(i.has_value());
  EXPECT_FALSE(play_illegal(p, *i).has_value());
}

}  // namespace
}  // namespace arbiter::competition
