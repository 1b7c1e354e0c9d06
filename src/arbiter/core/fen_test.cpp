// FEN syntax (parse_fen) and setup validation (Position::from_setup): every rule has its
// own error code and a location (issue #2: a corpus of at least 40 malformed FENs).
#include "arbiter/core/fen.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::core {
namespace {

struct BadFen {
  const char* fen;
  ErrorCode code;
  const char* field;  // expected Location::field
  int column;         // expected column, 0 = not checked
};

// clang-format off
const BadFen kBadFens[] = {
  // field count
  {"", ErrorCode::kFenFieldCount, "fen", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ErrorCode::kFenFieldCount, "fen", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ErrorCode::kFenFieldCount, "fen", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", ErrorCode::kFenFieldCount, "fen", 0},
  // placement
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrorCode::kFenRankCount, "placement", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kFenRankCount, "placement", 0},
  {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kFenRankTooLong, "placement", 18},
  {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kFenBadPieceChar, "placement", 19},
  {"rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kFenRankTooLong, "placement", 21},
  {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kFenRankTooShort, "placement", 17},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", ErrorCode::kFenRankTooShort, "placement", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", ErrorCode::kFenBadPieceChar, "placement", 43},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1", ErrorCode::kFenBadPieceChar, "placement", 43},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP//RNBQKBNR w KQkq - 0 1", ErrorCode::kFenRankTooShort, "placement", 0},
  // side to move
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ErrorCode::kFenBadSideToMove, "side", 45},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", ErrorCode::kFenBadSideToMove, "side", 45},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", ErrorCode::kFenBadSideToMove, "side", 45},
  // castling syntax
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", ErrorCode::kFenBadCastling, "castling", 49},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", ErrorCode::kFenBadCastling, "castling", 48},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1", ErrorCode::kFenBadCastling, "castling", 47},
  // en passant syntax
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", ErrorCode::kFenBadEnPassant, "en-passant", 52},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i3 0 1", ErrorCode::kFenBadEnPassant, "en-passant", 52},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e33 0 1", ErrorCode::kFenBadEnPassant, "en-passant", 52},
  // clocks
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ErrorCode::kFenBadHalfmoveClock, "halfmove", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ErrorCode::kFenBadHalfmoveClock, "halfmove", 54},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5a 1", ErrorCode::kFenBadHalfmoveClock, "halfmove", 55},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1", ErrorCode::kFenBadHalfmoveClock, "halfmove", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", ErrorCode::kFenBadFullmoveNumber, "fullmove", 56},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", ErrorCode::kFenBadFullmoveNumber, "fullmove", 0},
  // setup: kings (Art. 2.3)
  {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ErrorCode::kSetupKingCount, "placement", 0},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", ErrorCode::kSetupKingCount, "placement", 0},
  {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1", ErrorCode::kSetupKingCount, "placement", 0},
  {"8/8/8/8/8/8/8/8 w - - 0 1", ErrorCode::kSetupKingCount, "placement", 0},
  // setup: pawns (Art. 3.7)
  {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", ErrorCode::kSetupPawnOnBackRank, "placement", 0},
  {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", ErrorCode::kSetupPawnOnBackRank, "placement", 0},
  // setup: piece counts
  {"4k3/8/8/8/8/8/PPPPPPPP/PNBQKBNR w - - 0 1", ErrorCode::kSetupPawnOnBackRank, "placement", 0},
  {"4k3/8/8/8/8/P7/PPPPPPPP/RNBQKBNR w - - 0 1", ErrorCode::kSetupTooManyPieces, "placement", 0},
  {"4k3/8/8/8/P7/P7/PPPPPPPP/4K3 w - - 0 1", ErrorCode::kSetupTooManyPawns, "placement", 0},
  {"4k3/8/8/8/8/QQ6/PPPPPPPP/RNBQKBNR w - - 0 1", ErrorCode::kSetupTooManyPieces, "placement", 0},
  {"4k3/8/8/8/8/Q7/PPPPPPPP/RNBQKBN1 w - - 0 1", ErrorCode::kSetupImpossiblePromotions, "placement", 0},
  {"4k3/8/8/8/NNNN4/8/PPPPPPP1/4K3 w - - 0 1", ErrorCode::kSetupImpossiblePromotions, "placement", 0},
  // setup: the side not to move is in check (Art. 3.9)
  {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", ErrorCode::kSetupOpponentInCheck, "side", 0},
  {"4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", ErrorCode::kSetupOpponentInCheck, "side", 0},
  // setup: en passant (Art. 3.7.4.1)
  {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", ErrorCode::kSetupEnPassantWrongRank, "en-passant", 0},
  {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", ErrorCode::kSetupEnPassantWrongRank, "en-passant", 0},
  {"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq e3 0 1", ErrorCode::kSetupEnPassantNoPawn, "en-passant", 0},
  {"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", ErrorCode::kSetupEnPassantNotEmpty, "en-passant", 0},
  {"rnbqkb1r/ppppnppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", ErrorCode::kSetupEnPassantNotEmpty, "en-passant", 0},
  // setup: castling rights (Art. 3.8.2.1)
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ErrorCode::kSetupCastlingNoRook, "castling", 47},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", ErrorCode::kSetupCastlingNoRook, "castling", 48},
  {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrorCode::kSetupCastlingNoRook, "castling", 49},
  {"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ErrorCode::kSetupCastlingNoKing, "castling", 49},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqD - 0 1", ErrorCode::kSetupCastlingNoRook, "castling", 51},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HKkq - 0 1", ErrorCode::kSetupCastlingDuplicate, "castling", 48},
  {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqE - 0 1", ErrorCode::kSetupCastlingNoRook, "castling", 51},
};
// clang-format on

TEST(FenErrors, EachMalformedFenGetsItsCodeAndLocation) {
  EXPECT_GE(std::size(kBadFens), 40u);
  for (const BadFen& b : kBadFens) {
    auto pos = Position::from_fen(b.fen, FenOptions{false, true});
    ASSERT_FALSE(pos.has_value()) << b.fen;
    EXPECT_EQ(pos.error().code, b.code) << b.fen << " -> " << pos.error().describe();
    EXPECT_EQ(pos.error().where.field, b.field) << b.fen << " -> " << pos.error().describe();
    if (b.column) {
      EXPECT_EQ(pos.error().where.column, b.column) << b.fen << " -> " << pos.error().describe();
    }
    EXPECT_FALSE(pos.error().message.empty());
  }
}

TEST(FenParse, LenientReadsEpdStyleFourFields) {
  auto pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->halfmove_clock(), 0);
  EXPECT_EQ(pos->fullmove_number(), 1);
  EXPECT_FALSE(Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                                  FenOptions{false, true}));
}

TEST(FenParse, FullmoveZeroIsReadAsOneUnlessStrict) {
  // epd/mate2.fen has "... 1 0": accepted leniently (as python-chess and Stockfish do).
  auto pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 1 0");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->fullmove_number(), 1);
  auto strict = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 1 0", FenOptions{false, true});
  ASSERT_FALSE(strict.has_value());
  EXPECT_EQ(strict.error().code, ErrorCode::kFenBadFullmoveNumber);
}

TEST(FenPrint, StartPositionRoundTrips) { EXPECT_EQ(Position::startpos().fen(), kStartFen); }

TEST(FenPrint, XFenNamesInnerRooksByFile) {
  // Two white rooks on the king side: the inner one (f1) must be written "F".
  auto pos = Position::from_fen("4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1");
  ASSERT_TRUE(pos.has_value()) << pos.error().describe();
  EXPECT_TRUE(pos->is_chess960());
  EXPECT_EQ(pos->castling_rook(Color::White, CastlingSide::King), Square::F1);
  EXPECT_EQ(pos->fen(), "4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1");
  EXPECT_EQ(pos->fen(CastlingNotation::Shredder), "4k3/8/8/8/8/8/8/R3KR1R w FA - 0 1");
}

TEST(FenPrint, ShredderLettersResolveToRooks) {
  auto pos =
      Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(pos.has_value());
  EXPECT_EQ(pos->castling_rook(Color::White, CastlingSide::King), Square::H1);
  EXPECT_EQ(pos->castling_rook(Color::White, CastlingSide::Queen), Square::F1);
  EXPECT_EQ(pos->castling_rook(Color::Black, CastlingSide::Queen), Square::F8);
  EXPECT_EQ(pos->fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  EXPECT_EQ(pos->fen(CastlingNotation::XFen),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
}

TEST(IsPossible, AcceptsLegalButUnreachableAndReportsSimpleImpossibilities) {
  // Art. 3.10.3: legal but unreachable positions are accepted by from_fen...
  auto triple = Position::from_fen("4k3/8/8/8/7b/3n4/8/r3K3 w - - 0 1");
  ASSERT_TRUE(triple.has_value());
  // ...and is_possible names the impossibility (three checkers).
  auto possible = triple->is_possible();
  ASSERT_FALSE(possible.has_value());
  EXPECT_EQ(possible.error().code, ErrorCode::kSetupTooManyCheckers);

  auto knights = Position::from_fen("4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1");
  ASSERT_TRUE(knights.has_value());
  EXPECT_EQ(knights->is_possible().error().code, ErrorCode::kSetupTooManyCheckers);

  auto ep_clock = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1");
  ASSERT_TRUE(ep_clock.has_value());
  EXPECT_EQ(ep_clock->is_possible().error().code, ErrorCode::kSetupHalfmoveClock);

  // Two light-squared bishops with all eight pawns still on the board.
  auto bishops = Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1");
  ASSERT_TRUE(bishops.has_value());
  EXPECT_TRUE(bishops->is_possible().has_value());
  auto same_colour = Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/3BKB2 w - - 0 1");
  ASSERT_TRUE(same_colour.has_value());
  EXPECT_EQ(same_colour->is_possible().error().code, ErrorCode::kSetupImpossiblePromotions);

  EXPECT_TRUE(Position::startpos().is_possible().has_value());
}

// FenOptions::any_material: men no game can produce are accepted (composed positions, the
// analyzers' test sets); every other check stays.
TEST(FromFen, AnyMaterialAcceptsMenNoGameCanProduce) {
  const char* five_knights = "4k3/8/8/8/NNNN4/8/PPPPPPP1/4K3 w - - 0 1";
  EXPECT_EQ(Position::from_fen(five_knights).error().code, ErrorCode::kSetupImpossiblePromotions);
  FenOptions any;
  any.any_material = true;
  auto p = Position::from_fen(five_knights, any);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->count(Color::White, PieceType::Knight), 4);
  // Still refused: the side not to move in check, a pawn on its first rank.
  EXPECT_FALSE(Position::from_fen("4k3/4R3/8/8/NNNN4/8/PPPPPPP1/4K3 w - - 0 1", any));
  EXPECT_FALSE(Position::from_fen("4k3/8/8/8/NNNN4/8/PPPPPPP1/P3K3 w - - 0 1", any));
}

TEST(FromSetupUnvalidated, KeepsAnIllegalBoardButNeedsTheKings) {
  // A.4.2: a pawn left unpromoted on the last rank and the mover's king left in check.
  core::Setup s = *parse_fen("P3k3/8/8/8/8/8/8/K3r3 b - - 0 1");
  EXPECT_EQ(Position::from_setup(s).error().code, ErrorCode::kSetupPawnOnBackRank);
  auto board = Position::from_setup_unvalidated(s);
  ASSERT_TRUE(board.has_value()) << board.error().describe();
  EXPECT_EQ(board->piece_on(Square::A8), Piece::WPawn);
  EXPECT_EQ(board->fen(), "P3k3/8/8/8/8/8/8/K3r3 b - - 0 1");
  // Black's moves are generated as usual; none of them is a move of the white pawn.
  for (Move m : legal_moves(*board)) EXPECT_NE(m.from(), Square::A8);
  // Castling rights and e.p. squares that do not fit are dropped, not errors.
  core::Setup odd = *parse_fen("4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1");
  EXPECT_FALSE(Position::from_setup(odd).has_value());
  auto kept = Position::from_setup_unvalidated(odd);
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // Without both kings there is no position at all.
  core::Setup no_king = *parse_fen("8/8/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(Position::from_setup_unvalidated(no_king).error().code, ErrorCode::kSetupKingCount);
}

TEST(Square, NamesRoundTrip) {
  for (int s = 0; s < 64; ++s) EXPECT_EQ(parse_square(square_name(square_at(s))), square_at(s));
  EXPECT_EQ(parse_square("i1"), Square::None);
  EXPECT_EQ(parse_square("a0"), Square::None);
  EXPECT_EQ(parse_square("a"), Square::None);
}

}  // namespace
}  // namespace arbiter::core
