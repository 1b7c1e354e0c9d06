#include "arbiter/core/position.hpp"

#include <gtest/gtest.h>

#include <random>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"

namespace arbiter::core {
namespace {

// Random games: after every do_move the incremental key equals the key computed from
// scratch, and undo_move restores the exact position (FEN, key, clocks).
TEST(Position, DoUndoRestoresAndKeysStayIncremental) {
  std::mt19937 rng(12345);
  const char* starts[] = {
      kStartFen.data(),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  int plies = 0;
  for (const char* fen : starts) {
    for (int game = 0; game < 40; ++game) {
      Position pos = *Position::from_fen(fen);
      for (int ply = 0; ply < 200; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
        const std::string before = pos.fen();
        const Key key_before = pos.key();
        Undo undo;
        pos.do_move(m, undo);
        ASSERT_EQ(pos.key(), pos.compute_key()) << before << " " << to_uci(pos, m);
        Position copy = pos;
        copy.undo_move(m, undo);
        ASSERT_EQ(copy.fen(), before) << to_uci(copy, m);
        ASSERT_EQ(copy.key(), key_before);
        ++plies;
      }
    }
  }
  EXPECT_GT(plies, 10000);
}

TEST(Position, HalfmoveClockAndMoveNumber) {
  // Art. 9.3: the count restarts with a pawn move or a capture.
  Position pos = Position::startpos();
  pos = pos.after(*parse_uci(pos, "g1f3"));
  EXPECT_EQ(pos.halfmove_clock(), 1);
  EXPECT_EQ(pos.fullmove_number(), 1);
  pos = pos.after(*parse_uci(pos, "e7e5"));
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 2);
  pos = pos.after(*parse_uci(pos, "f3e5"));
  EXPECT_EQ(pos.halfmove_clock(), 0);
}

TEST(Position, EnPassantSquareIsSetAfterEveryDoubleStep) {
  Position pos = Position::startpos().after(*parse_uci(Position::startpos(), "e2e4"));
  EXPECT_EQ(pos.en_passant_square(), Square::E3);
  EXPECT_FALSE(pos.has_legal_en_passant());  // no black pawn can take
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

TEST(Position, CastlingRightsLostByKingOrRookMoveOrCapture) {
  // Art. 3.8.2.1.1-3.8.2.1.2: a king or rook that has moved; a captured rook loses the right too.
  Position pos = *Position::from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
  pos = pos.after(*parse_uci(pos, "g2h1"));
  EXPECT_FALSE(pos.can_castle(Color::White, CastlingSide::King));
  EXPECT_TRUE(pos.can_castle(Color::White, CastlingSide::Queen));
  pos = pos.after(*parse_uci(pos, "e1d1"));
  EXPECT_FALSE(pos.can_castle(Color::White, CastlingSide::Queen));
  EXPECT_TRUE(pos.can_castle(Color::Black, CastlingSide::King));
  pos = pos.after(*parse_uci(pos, "a8b8"));
  EXPECT_FALSE(pos.can_castle(Color::Black, CastlingSide::Queen));
  EXPECT_TRUE(pos.can_castle(Color::Black, CastlingSide::King));
}

TEST(Position, SamePositionIgnoresIllegalEnPassantRight) {
  // Art. 9.2.2: the e.p. right matters only when the capture is actually legal. After
  // e2-e4 nothing can take, so the position equals the same placement without "e3".
  const Position a = *Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  const Position b = *Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(a.same_position(b));
  // Pawn on d4 could take, but it is pinned by the rook on the fourth rank... it is not:
  // the capture d4xe3 is legal here, so the positions differ.
  const Position c = *Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  const Position d = *Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(c.has_legal_en_passant());
  EXPECT_FALSE(c.same_position(d));
  // A pinned pawn makes the capture illegal: the positions are the same (Art. 9.2.2).
  const Position e = *Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
  const Position f = *Position::from_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(e.has_legal_en_passant());
  EXPECT_TRUE(e.same_position(f));
}

TEST(Position, NullMoveFlipsSideAndDropsEnPassant) {
  Position pos = *Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  const std::string before = pos.fen();
  Undo u;
  pos.do_null_move(u);
  EXPECT_EQ(pos.side_to_move(), Color::White);
  EXPECT_EQ(pos.en_passant_square(), Square::None);
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_null_move(u);
  EXPECT_EQ(pos.fen(), before);
}

// The fast is_legal and gives_check agree with their definitions (membership in the
// generated list; playing the move) for every 16-bit move value of the kinds that can
// occur, over positions from the perft suites' kind of material.
TEST(Position, FastLegalityAndCheckAgreeWithDefinitions) {
  std::mt19937 rng(99);
  const char* starts[] = {
      kStartFen.data(),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
  };
  int positions = 0;
  for (const char* fen : starts) {
    Position pos = *Position::from_fen(fen);
    for (int ply = 0; ply < 120; ++ply) {
      const MoveList legal = legal_moves(pos);
      if (legal.empty()) break;
      for (int from = 0; from < 64; ++from) {
        for (int to = 0; to < 64; ++to) {
          for (int kind = 0; kind < 4; ++kind) {
            for (PieceType promo : {PieceType::Knight, PieceType::Queen}) {
              const Move m =
                  Move::make(square_at(from), square_at(to), static_cast<MoveKind>(kind), promo);
              ASSERT_EQ(pos.is_legal(m), legal.contains(m)) << pos.fen() << " " << to_uci(pos, m);
            }
          }
        }
      }
      for (Move m : legal) {
        ASSERT_EQ(pos.gives_check(m), pos.after(m).in_check())
            << pos.fen() << " " << to_uci(pos, m);
      }
      Undo u;
      pos.do_move(legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))], u);
      ++positions;
    }
  }
  EXPECT_GT(positions, 200);
}

// Hand-picked cases: e.p. and castling with check, promotions, discovered checks.
TEST(Position, GivesCheckOnSpecialMoves) {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",  // e.p., castling with check
      "3k4/8/8/8/8/8/1p6/R3K3 b - - 0 1",      // promotions
      "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",     // discovered checks by the knight
  };
  int checks = 0;
  for (const char* f : fens) {
    const Position p = *Position::from_fen(f);
    for (Move m : legal_moves(p)) {
      const bool expected = p.after(m).in_check();
      EXPECT_EQ(p.gives_check(m), expected) << f << " " << int(m.raw());
      checks += expected;
    }
  }
  EXPECT_GT(checks, 10);
}

TEST(Position, CapturedAndMovedPiece) {
  const Position pos = *Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  const Move ep = *parse_uci(pos, "e5d6");
  EXPECT_EQ(pos.captured_piece(ep), PieceType::Pawn);
  EXPECT_EQ(pos.moved_piece(ep), PieceType::Pawn);
  EXPECT_TRUE(pos.is_capture(ep));
  EXPECT_FALSE(pos.is_legal(Move(Square::E5, Square::E7)));
  EXPECT_TRUE(pos.is_legal(ep));
}

}  // namespace
}  // namespace arbiter::core
