// Article 3 rules, one test each, on small positions where the answer is known by hand.
#include "arbiter/core/movegen.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "arbiter/core/position.hpp"
#include "arbiter/core/uci_move.hpp"

namespace arbiter::core {
namespace {

Position pos_of(const char* fen, bool chess960 = false) {
  auto p = Position::from_fen(fen, FenOptions{chess960, false});
  EXPECT_TRUE(p.has_value()) << fen << ": " << (p ? "" : p.error().describe());
  return *p;
}

std::set<std::string> uci_moves(const Position& pos, GenType type = GenType::All) {
  std::set<std::string> out;
  for (Move m : legal_moves(pos, type)) out.insert(to_uci(pos, m));
  return out;
}

bool has(const Position& pos, const std::string& uci) { return uci_moves(pos).count(uci) > 0; }

TEST(MoveGen, StartPositionHasTwentyMoves) {
  EXPECT_EQ(legal_moves(Position::startpos()).size(), 20);
  EXPECT_EQ(count_legal_moves(Position::startpos()), 20u);
}

TEST(MoveGen, CapturesAndQuietsPartitionAllMoves) {
  const Position pos =
      pos_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto all = uci_moves(pos);
  const auto captures = uci_moves(pos, GenType::Captures);
  const auto quiets = uci_moves(pos, GenType::Quiets);
  EXPECT_EQ(all.size(), 48u);
  EXPECT_EQ(captures.size() + quiets.size(), all.size());
  for (const auto& m : captures) EXPECT_EQ(quiets.count(m), 0u) << m;
  for (Move m : legal_moves(pos, GenType::Captures)) EXPECT_TRUE(pos.is_capture(m));
  for (Move m : legal_moves(pos, GenType::Quiets)) EXPECT_FALSE(pos.is_capture(m));
}

TEST(MoveGen, EnPassantCaptureIsGenerated) {
  // Art. 3.7.4.1: the pawn on e5 may take d5 e.p. right after d7-d5.
  const Position pos = pos_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_TRUE(has(pos, "e5d6"));
  Move ep = *parse_uci(pos, "e5d6");
  EXPECT_TRUE(ep.is_en_passant());
  EXPECT_TRUE(pos.has_legal_en_passant());
  Position after = pos.after(ep);
  EXPECT_EQ(after.piece_on(Square::D5), Piece::None);
  EXPECT_EQ(after.piece_on(Square::D6), Piece::WPawn);
}

TEST(MoveGen, EnPassantHorizontalPinIsIllegal) {
  // Both pawns leave the fifth rank: the rook on a5 would then attack the king on h5.
  const Position pos = pos_of("4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 2");
  EXPECT_FALSE(has(pos, "e5d6"));
  EXPECT_FALSE(pos.has_legal_en_passant());
  EXPECT_TRUE(has(pos, "e5e6"));
}

TEST(MoveGen, EnPassantDiagonalPinIsIllegal) {
  // Bishop b8 - c7 - d6 - e5 - f4 - g3 - h2: the e5 pawn is pinned. Capturing onto d6
  // stays on the line, so e.p. is legal here, but e5-e6 is not.
  const Position pos = pos_of("1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 2");
  EXPECT_TRUE(has(pos, "e5d6"));
  EXPECT_FALSE(has(pos, "e5e6"));
}

TEST(MoveGen, EnPassantResolvesCheckByThePawn) {
  // The d5 pawn, just arrived, gives check; e.p. removes the checker.
  const Position pos = pos_of("8/8/8/3pP3/4K3/8/8/7k w - d6 0 2");
  EXPECT_TRUE(has(pos, "e5d6"));
}

TEST(MoveGen, PromotionToFourPieces) {
  // Art. 3.7.5.1: queen, rook, bishop or knight.
  const Position pos = pos_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  for (const char* m : {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}) EXPECT_TRUE(has(pos, m)) << m;
  EXPECT_FALSE(has(pos, "e7e8"));
}

TEST(MoveGen, PinnedPieceMovesOnlyAlongThePin) {
  const Position pos = pos_of("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
  EXPECT_TRUE(has(pos, "e2e7"));
  EXPECT_TRUE(has(pos, "e2e5"));
  EXPECT_FALSE(has(pos, "e2d2"));
}

TEST(MoveGen, DoubleCheckAllowsOnlyKingMoves) {
  const Position pos = pos_of("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", false);
  for (Move m : legal_moves(pos)) EXPECT_EQ(m.from(), Square::E1);
}

TEST(MoveGen, KingCannotRetreatAlongCheckingRay) {
  const Position pos = pos_of("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
  EXPECT_FALSE(has(pos, "e1f1"));
  EXPECT_TRUE(has(pos, "e1e2"));
}

TEST(MoveGen, CastlingRules) {
  // Art. 3.8.2.2.2: squares between empty; 3.8.2.2.1: king not in check, not crossing or
  // landing on an attacked square. Rights lost permanently are not restored.
  EXPECT_TRUE(has(pos_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
  EXPECT_TRUE(has(pos_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1"), "e1g1"));   // blocked
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1c1"));   // b1 occupied
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"), "e1g1"));  // f1 attacked
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1"), "e1g1"));  // g1 attacked
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"), "e1g1"));  // in check
  EXPECT_TRUE(has(pos_of("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1"), "e1c1"));   // b1 attacked: allowed
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1"), "e1g1"));     // no right
}

TEST(MoveGen, Chess960CastlingForms) {
  // Guideline II.3.2: after castling the king is on g1/c1 and the rook on f1/d1.
  struct Case {
    const char* fen;
    const char* uci;       // king takes rook
    const char* expected;  // placement of rank 1 after castling
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "e1g1", "1R3RK1"},  // two-step, king and rook
      {"4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", "f1g1", "1R3RK1"},   // exchange of king and rook
      {"4k3/8/8/8/8/8/8/1R2KR2 w FB - 0 1", "e1f1", "1R3RK1"},   // king only (rook on f1)
      {"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", "1R3RK1"},    // rook only (king on g1)
      {"4k3/8/8/8/8/8/8/1RK3R1 w GB - 0 1", "c1b1", "2KR2R1"},   // queen side, king stays
  };
  for (const Case& c : cases) {
    const Position pos = pos_of(c.fen, true);
    ASSERT_TRUE(pos.is_chess960()) << c.fen;
    auto m = parse_uci(pos, c.uci);
    ASSERT_TRUE(m.has_value()) << c.fen << " " << c.uci << ": " << m.error().describe();
    ASSERT_TRUE(m->is_castling()) << c.fen;
    const std::string fen = pos.after(*m).fen();
    const std::string rank1 = fen.substr(fen.rfind('/', fen.find(' ')) + 1,
                                         fen.find(' ') - fen.rfind('/', fen.find(' ')) - 1);
    EXPECT_EQ(rank1, c.expected) << c.fen << " " << c.uci;
  }
}

TEST(MoveGen, Chess960CastlingNeedsEmptySquaresExceptKingAndRook) {
  // II.3.2.7.4: every square the king or rook crosses must be empty. Queen side from e1
  // with the rook on a1: the rook crosses b1 and c1, so a knight on b1 forbids it; one
  // on f1 does not matter.
  EXPECT_FALSE(has(pos_of("4k3/8/8/8/8/8/8/RN2K3 w A - 0 1", true), "e1a1"));
  EXPECT_TRUE(has(pos_of("4k3/8/8/8/8/8/8/R3KN2 w A - 0 1", true), "e1a1"));
}

TEST(MoveGen, Chess960CastlingFinalSquareExposedByRook) {
  // King c8 with rook b8: queen-side castling leaves the king on c8 and lifts the rook,
  // exposing c8 to the queen on a8 (found by the fischer.epd perft suite).
  const Position pos = pos_of("Qrk1rqnn/p1ppbppp/1p6/8/P2P4/8/1PPKPP1P/BR1BR1NN b eb - 2 10", true);
  EXPECT_FALSE(has(pos, "c8b8"));
}

TEST(MoveGen, LineBlockedByTwoSlidersIsNotAPin) {
  // The queen on e5 gives check. The diagonal d6-e5-f4-g3 holds two black queens, so the
  // f4 pawn is not pinned and may capture the checker (found by random.perft).
  const Position pos = pos_of("5k2/6p1/3K4/4q3/b3pP1R/6qn/7P/1N6 w - - 3 3");
  EXPECT_TRUE(has(pos, "f4e5"));
}

TEST(MoveGen, StalemateAndCheckmateHaveNoMoves) {
  EXPECT_EQ(count_legal_moves(pos_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), 0u);  // stalemate
  const Position mate = pos_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(mate.in_check());
  EXPECT_FALSE(has_legal_moves(mate));
}

}  // namespace
}  // namespace arbiter::core
