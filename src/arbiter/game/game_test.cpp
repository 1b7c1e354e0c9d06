// Game: history, repetition identity (Art. 9.2.2) and automatic endings (5.1.1, 5.2.1,
// 9.6.1, 9.6.2).
#include "arbiter/game/game.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/repetition.hpp"

namespace arbiter::game {
namespace {

using core::Color;
using core::Position;

Game from_fen(std::string_view fen, bool chess960 = false) {
  auto g = Game::from_fen(fen, core::FenOptions{chess960, false});
  EXPECT_TRUE(g.has_value()) << fen;
  return g ? *g : Game{};
}

void play(Game& g, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) ASSERT_TRUE(g.push_uci(m).has_value()) << m;
}

TEST(Game, StartsFromTheInitialPosition) {
  Game g;
  EXPECT_EQ(g.ply(), 0);
  EXPECT_EQ(g.position().fen(), Position::startpos().fen());
  EXPECT_EQ(g.repetition_count(), 1);
  EXPECT_FALSE(g.outcome().is_over());
}

TEST(Game, PushAndPopRestoreThePosition) {
  Game g;
  play(g, {"e2e4", "e7e5", "g1f3"});
  EXPECT_EQ(g.ply(), 3);
  EXPECT_EQ(core::to_uci(g.moves()[2], false), "g1f3");
  g.pop();
  g.pop();
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(g.position().fen(),
            Position::startpos().after(*core::parse_uci(Position::startpos(), "e2e4")).fen());
}

TEST(Game, RejectsIllegalMoves) {
  Game g;
  EXPECT_FALSE(g.push_uci("e2e5").has_value());
  EXPECT_FALSE(g.try_push(core::Move{core::Square::E1, core::Square::E2}));
  EXPECT_EQ(g.ply(), 0);
}

TEST(Game, ReplayReportsTheFirstIllegalMove) {
  const std::string_view good[] = {"e2e4", "e7e5"};
  auto g = Game::replay(Position::startpos(), good);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->ply(), 2);
  const std::string_view bad[] = {"e2e4", "e2e4"};
  auto b = Game::replay(Position::startpos(), bad);
  ASSERT_FALSE(b.has_value());
  EXPECT_NE(b.error().message.find("move 2"), std::string::npos);
}

TEST(Game, Chess960StartPosition) {
  auto g = Game::chess960(0);
  ASSERT_TRUE(g.has_value());
  EXPECT_TRUE(g->position().is_chess960());
  EXPECT_FALSE(Game::chess960(960).has_value());
}

// Art. 9.2.2 / 9.2.2.1: "the same possible moves": an e.p. right that exists on paper
// (the d6 square is attacked by the e5 pawn) but whose capture is illegal (the pawn is
// pinned on the fifth rank) does not make the position different.
TEST(Repetition, IllegalEnPassantRightDoesNotDistinguish) {
  Game g = from_fen("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1");
  play(g, {"d7d5"});
  EXPECT_EQ(g.position().en_passant_square(), core::Square::D6);
  EXPECT_FALSE(g.position().has_legal_en_passant());
  play(g, {"a5b4", "e8d8", "b4a5", "d8e8"});
  EXPECT_EQ(g.position().en_passant_square(), core::Square::None);
  EXPECT_EQ(repetition_key(g.position()), repetition_key(g.start().after(g.moves()[0])));
  EXPECT_EQ(g.repetition_count(), 2);
  play(g, {"a5b4", "e8d8", "b4a5", "d8e8"});
  EXPECT_EQ(g.repetition_count(), 3);
  EXPECT_TRUE(g.can_claim_threefold());  // Art. 9.2.1.2
}

// ...whereas a legal e.p. capture does distinguish it (same moves, no rook: exd6 legal).
TEST(Repetition, LegalEnPassantRightDistinguishes) {
  Game g = from_fen("4k3/3p4/8/K3P3/8/8/8/8 b - - 0 1");
  play(g, {"d7d5"});
  EXPECT_TRUE(g.position().has_legal_en_passant());
  play(g, {"a5b4", "e8d8", "b4a5", "d8e8"});
  EXPECT_EQ(g.repetition_count(), 1);
  play(g, {"a5b4", "e8d8", "b4a5", "d8e8"});
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_FALSE(g.can_claim_threefold());
}

// Art. 9.2.2.2: castling rights are lost by the king move, so the same placement after
// Ke2/Ke1 is a different position; the repeats start counting from there.
TEST(Repetition, CastlingRightsLostByKingMove) {
  Game g;
  play(g, {"e2e4", "e7e5"});
  const Position before = g.position();
  play(g, {"e1e2", "e8e7", "e2e1", "e7e8"});
  EXPECT_EQ(g.position().pieces(), before.pieces());
  EXPECT_FALSE(g.position().same_position(before));
  EXPECT_EQ(g.repetition_count(), 1);
  play(g, {"e1e2", "e8e7", "e2e1", "e7e8"});
  EXPECT_EQ(g.repetition_count(), 2);
  play(g, {"e1e2", "e8e7", "e2e1", "e7e8"});
  EXPECT_EQ(g.repetition_count(), 3);
}

// Promotion: a queen and a knight on a8 are different pieces on the same square.
TEST(Repetition, PromotionPieceIdentityMatters) {
  Game queen = from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  Game knight = queen;
  play(queen, {"a7a8q"});
  play(knight, {"a7a8n"});
  EXPECT_NE(repetition_key(queen.position()), repetition_key(knight.position()));
  EXPECT_FALSE(queen.position().same_position(knight.position()));
  // The queen leaving and returning repeats the queen position.
  play(queen, {"h7g6", "a8b8", "g6h7", "b8a8"});
  EXPECT_EQ(queen.repetition_count(), 2);
}

// Chess960 (Guideline II): the castling right belongs to a particular rook, so two
// positions with the same placement and the same rights bits but different rooks differ.
TEST(Repetition, Chess960CastlingRightsNameTheRook) {
  auto a = Position::from_fen("r3k2r/8/8/8/8/8/8/R2RK2R w HAha - 0 1", {true, false});
  auto d = Position::from_fen("r3k2r/8/8/8/8/8/8/R2RK2R w HDha - 0 1", {true, false});
  ASSERT_TRUE(a && d);
  EXPECT_EQ(a->castling_rights(), d->castling_rights());
  EXPECT_FALSE(a->same_position(*d));
}

TEST(Repetition, Chess960RookMoveAndBackLosesTheRight) {
  Game g = from_fen("1r2k1rn/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true);
  play(g, {"b1a1", "h8f7", "a1b1", "f7h8"});
  EXPECT_EQ(g.position().pieces(), g.start().pieces());
  EXPECT_FALSE(g.position().can_castle(Color::White, core::CastlingSide::Queen));
  EXPECT_EQ(g.repetition_count(), 1);  // the b1 rook lost its right (Art. 9.2.2.2)
  play(g, {"b1a1", "h8f7", "a1b1", "f7h8"});
  EXPECT_EQ(g.repetition_count(), 2);
}

// Art. 9.2.1 / 9.6.1: threefold is only claimable; fivefold ends the game.
TEST(Outcome, ThreefoldIsClaimableFivefoldIsAutomatic) {
  Game g;
  for (int i = 0; i < 2; ++i) play(g, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(g.repetition_count(), 3);
  EXPECT_TRUE(g.can_claim_threefold());
  EXPECT_FALSE(g.outcome().is_over());
  play(g, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(g.repetition_count(), 4);
  EXPECT_FALSE(g.outcome().is_over());
  play(g, {"g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(g.outcome().is_over());
  play(g, {"f6g8"});
  EXPECT_EQ(g.repetition_count(), 5);
  EXPECT_EQ(g.outcome(), (Outcome{Termination::FivefoldRepetition, std::nullopt}));
}

TEST(Outcome, CheckmateWins) {  // Art. 5.1.1
  Game g;
  play(g, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_EQ(g.outcome(), (Outcome{Termination::Checkmate, Color::Black}));
  EXPECT_EQ(result_text(g.outcome()), "0-1");
}

TEST(Outcome, StalemateDraws) {  // Art. 5.2.1
  Game g = from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
  play(g, {"f1f7"});
  EXPECT_EQ(g.outcome(), (Outcome{Termination::Stalemate, std::nullopt}));
  EXPECT_EQ(result_text(g.outcome()), "1/2-1/2");
}

TEST(Outcome, DeadPositionByMaterialEndsTheGame) {  // Art. 5.2.2
  Game g = from_fen("7k/8/6K1/8/8/8/1r6/2B5 w - - 3 80");
  EXPECT_FALSE(g.outcome().is_over());
  play(g, {"c1b2"});
  EXPECT_EQ(g.outcome().termination, Termination::DeadPosition);
}

TEST(Outcome, FullDeadCheckFindsAForcedDeadPosition) {
  // Kings and one bishop: dead by material already (Fast).
  Game h = from_fen("k7/8/1K6/8/8/8/8/2B5 b - - 0 1");
  EXPECT_EQ(h.outcome().termination, Termination::DeadPosition);
  // A fixed pawn wall with kings only: found by the full decision, not by Fast.
  Game w = from_fen("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
  EXPECT_FALSE(w.outcome(DeadCheck::Fast).is_over());
  EXPECT_EQ(w.outcome(DeadCheck::Full).termination, Termination::DeadPosition);
}

// Art. 9.6.2: 75 moves of each player without pawn move or capture.
TEST(SeventyFive, ReachedByAQuietMove) {
  Game g = from_fen("7k/8/6K1/8/8/8/1r6/1R6 w - - 149 100");
  EXPECT_FALSE(g.outcome().is_over());
  play(g, {"g6f6"});
  EXPECT_EQ(g.outcome(), (Outcome{Termination::SeventyFiveMoves, std::nullopt}));
}

TEST(SeventyFive, CheckmateOnTheLastMoveTakesPrecedence) {
  Game g = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 100");
  play(g, {"a1a8"});
  EXPECT_EQ(g.position().halfmove_clock(), 150);
  EXPECT_EQ(g.outcome(), (Outcome{Termination::Checkmate, Color::White}));
}

TEST(SeventyFive, StalemateOnTheLastMoveIsStalemate) {
  Game g = from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 149 100");
  play(g, {"f1f7"});
  EXPECT_EQ(g.outcome().termination, Termination::Stalemate);
}

TEST(SeventyFive, CaptureOnTheLastMoveResetsTheCount) {
  Game g = from_fen("7k/8/6K1/8/8/8/1r5p/1R6 w - - 149 100");
  play(g, {"b1b2"});
  EXPECT_EQ(g.position().halfmove_clock(), 0);
  EXPECT_FALSE(g.outcome().is_over());
}

TEST(OutcomeText, Names) {
  EXPECT_EQ(to_string(Termination::SeventyFiveMoves), "75-move rule");
  EXPECT_EQ(to_string(Claim::Threefold), "threefold repetition");
  EXPECT_EQ(result_text(Outcome{}), "*");
}

}  // namespace
}  // namespace arbiter::game
