// Tests of the game-tree builder: moves played on a board, variations, comments,
// annotations, setups, and recovery from bad moves.
#include "arbiter/pgn/builder.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "arbiter/pgn/test_util.hpp"

namespace arbiter::pgn {
namespace {

using testing::read_games;
using testing::uci_line;

TEST(PgnBuilder, PlaysTheMainLine) {
  const auto games = read_games("[White \"A\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(uci_line(games[0].game), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
  EXPECT_EQ(games[0].game.result, "1-0");
  EXPECT_EQ(games[0].game.tags.get("White"), "A");
  EXPECT_TRUE(games[0].errors.empty());
}

TEST(PgnBuilder, BuildsNestedVariationsAsSiblings) {
  // PGN standard 8.2.5: a RAV replaces the move before it.
  const auto g = read_games("1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3 *")[0].game;
  EXPECT_EQ(uci_line(g), "e2e4 e7e5 g1f3");
  const Node* e5 = g.root.main_child()->main_child();
  ASSERT_NE(e5->sibling, nullptr);
  const Node* c5 = e5->sibling.get();
  ASSERT_NE(c5->sibling, nullptr);
  EXPECT_EQ(c5->sibling->move, core::Move(core::Square::E7, core::Square::E6));
  EXPECT_EQ(c5->move, core::Move(core::Square::C7, core::Square::C5));
  const Node* nf3 = c5->main_child();
  EXPECT_EQ(nf3->move, core::Move(core::Square::G1, core::Square::F3));
  ASSERT_NE(nf3->sibling, nullptr);
  EXPECT_EQ(nf3->sibling->move, core::Move(core::Square::C2, core::Square::C3));
  EXPECT_EQ(nf3->main_child()->move, core::Move(core::Square::D7, core::Square::D6));
  EXPECT_EQ(g.node_count(), 8u);
}

TEST(PgnBuilder, PlacesCommentsAndNags) {
  const auto g =
      read_games(
          "{Before the game} 1. e4 {King's pawn} $1 e5 ({A variation starts} 1... c5 {Sicilian}) *")
          [0]
              .game;
  EXPECT_EQ(g.root.comment, "Before the game");
  const Node* e4 = g.root.main_child();
  EXPECT_EQ(e4->comment, "King's pawn");
  EXPECT_EQ(e4->nags, (std::vector<std::uint8_t>{1}));
  const Node* c5 = e4->main_child()->sibling.get();
  ASSERT_NE(c5, nullptr);
  EXPECT_EQ(c5->comment_before, "A variation starts");
  EXPECT_EQ(c5->comment, "Sicilian");
}

TEST(PgnBuilder, DecodesClockEvalAndDrawOfferCommands) {
  const auto g =
      read_games(
          "1. e4 { [%eval 0.3] [%clk 0:02:59] } e5 {[%emt 0:00:04] solid} 2. Nf3 {[%draw offer]} *")
          [0]
              .game;
  const Node* e4 = g.root.main_child();
  EXPECT_EQ(e4->annotations.clock_ms, 179000);
  EXPECT_EQ(e4->annotations.eval, (Eval{false, 30, -1}));
  EXPECT_EQ(normalize_space(e4->comment), "");
  const Node* e5 = e4->main_child();
  EXPECT_EQ(e5->annotations.elapsed_ms, 4000);
  EXPECT_EQ(normalize_space(e5->comment), "solid");
  EXPECT_TRUE(e5->main_child()->draw_offer());  // Art. 9.1.2.2
}

TEST(PgnBuilder, IllegalMoveDropsTheRestOfItsLineOnly) {
  const auto games =
      read_games("1. e4 (1. Ke2 d5 2. d4) e5 2. Ke3 Nc6 (2... Nf6) 3. Nf3 *\n\n1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  const auto& first = games[0];
  EXPECT_EQ(uci_line(first.game), "e2e4 e7e5");
  ASSERT_EQ(first.errors.size(), 2u);
  EXPECT_EQ(first.errors[0].code, ErrorCode::kPgnIllegalMove);  // Ke2: e2 is not free
  EXPECT_EQ(first.errors[0].where.column, 11);
  EXPECT_EQ(first.errors[1].code, ErrorCode::kPgnIllegalMove);  // Ke3
  EXPECT_EQ(first.errors[1].where.column, 31);
  EXPECT_EQ(uci_line(games[1].game), "d2d4");
}

TEST(PgnBuilder, AmbiguousMoveIsRejected) {
  // After 3. Ne4 the knights on e4 and f3 both reach g5: "Ng5" names no single move
  // (Appendix C.10 asks for Neg5 or Nfg5). It is rejected, never guessed.
  const auto r = read_games("1. Nc3 a6 2. Nf3 a5 3. Ne4 a4 4. Ng5 a3 *")[0];
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].code, ErrorCode::kPgnAmbiguousMove);
  EXPECT_EQ(r.errors[0].where.column, 34);
  EXPECT_EQ(uci_line(r.game), "b1c3 a7a6 g1f3 a6a5 c3e4 a5a4");
  const auto ok = read_games("1. Nc3 a6 2. Nf3 a5 3. Ne4 a4 4. Neg5 a3 *")[0];
  EXPECT_TRUE(ok.errors.empty());
}

TEST(PgnBuilder, StartsFromTheFenTag) {
  // PGN standard 9.7: SetUp/FEN; Black to move, movetext starts "12...".
  const auto r = read_games(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n"
      "2... Nc6 3. Bb5 *")[0];
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(uci_line(r.game), "b8c6 f1b5");
  EXPECT_EQ(r.game.start.side_to_move(), core::Color::Black);
}

TEST(PgnBuilder, BadFenIsReportedAtTheFenTag) {
  const auto r = read_games("[Event \"x\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n1. d4 *");
  ASSERT_EQ(r.size(), 2u);
  ASSERT_EQ(r[0].errors.size(), 1u);
  EXPECT_EQ(r[0].errors[0].code, ErrorCode::kPgnBadFen);
  EXPECT_EQ(r[0].errors[0].where.line, 2);
  EXPECT_EQ(uci_line(r[1].game), "d2d4");
}

TEST(PgnBuilder, Chess960CastlingFromXFen) {
  // Guideline II.3.2: with rooks on b1 and g1, O-O puts the king on g1 and the rook on f1.
  const auto r = read_games(
      "[Variant \"fischerandom\"]\n[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 "
      "1\"]\n"
      "1. O-O O-O-O *")[0];
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].message;
  EXPECT_TRUE(r.game.start.is_chess960());
  const core::Position end = r.game.final_position();
  EXPECT_EQ(end.piece_on(core::Square::G1), core::Piece::WKing);
  EXPECT_EQ(end.piece_on(core::Square::F1), core::Piece::WRook);
  EXPECT_EQ(end.piece_on(core::Square::C8), core::Piece::BKing);
  EXPECT_EQ(end.piece_on(core::Square::D8), core::Piece::BRook);
}

TEST(PgnBuilder, NullMovesArePlayed) {
  const auto r = read_games("1. e4 -- 2. d4 Z0 3. c4 *")[0];
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(uci_line(r.game), "e2e4 -- d2d4 -- c2c4");
}

TEST(PgnBuilder, OtherNotationFormsAreRead) {
  const auto r = read_games("1. e2e4 e7-e5 2. Ng1f3 Nb8c6 3. 0-0? *")[0];
  ASSERT_EQ(r.errors.size(), 1u);  // castling through the bishop on f1 is illegal
  EXPECT_EQ(uci_line(r.game), "e2e4 e7e5 g1f3 b8c6");
}

TEST(PgnBuilder, NonEnglishPieceLettersAreRejectedByDefault) {
  // PGN standard 8.2.3; the German "S" (Springer) is not a PGN piece letter.
  const auto strict = read_games("1. d4 Nf6 2. Sf3 d5 *")[0];
  ASSERT_EQ(strict.errors.size(), 1u);
  EXPECT_EQ(strict.errors[0].code, ErrorCode::kPgnSyntax);
  EXPECT_EQ(uci_line(strict.game), "d2d4 g8f6");
  BuilderOptions any;
  any.english_only = false;
  const auto lenient = read_games("1. d4 Nf6 2. Sf3 d5 *", any)[0];
  EXPECT_TRUE(lenient.errors.empty());
  EXPECT_EQ(uci_line(lenient.game), "d2d4 g8f6 g1f3 d7d5");
}

TEST(PgnBuilder, RecycledNodesCarryNothingIntoTheNextGame) {
  std::istringstream in(
      "1. e4 $1 {one [%clk 0:01:00]} e5 (1... c5 {two}) 2. Nf3 *\n\n1. d4 d5 2. c4 *");
  Reader reader(in);
  GameBuilder builder;
  ASSERT_TRUE(reader.next(builder));
  EXPECT_EQ(builder.game().node_count(), 4u);
  ASSERT_TRUE(reader.next(builder));
  const Game& g = builder.game();
  EXPECT_EQ(uci_line(g), "d2d4 d7d5 c2c4");
  EXPECT_EQ(g.node_count(), 3u);
  for (const Node* n = g.root.main_child(); n != nullptr; n = n->main_child()) {
    EXPECT_TRUE(n->nags.empty());
    EXPECT_TRUE(n->comment.empty());
    EXPECT_TRUE(n->annotations.empty());
    EXPECT_EQ(n->sibling, nullptr);
  }
  EXPECT_FALSE(reader.next(builder));
}

TEST(PgnBuilder, VeryLongLinesAreDestroyedWithoutDeepRecursion) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "Nf3 Nf6 Ng1 Ng8 ";
  text += "*";
  const auto r = read_games(text);
  EXPECT_EQ(r[0].game.node_count(), 80000u);
  Game copy = r[0].game;  // deep copy is iterative too
  EXPECT_EQ(copy.node_count(), 80000u);
}

}  // namespace
}  // namespace arbiter::pgn

namespace arbiter::pgn {
namespace {

TEST(PgnBuilder, EveryPrefixOfAGameIsReadWithoutCrashing) {
  const std::string text =
      "[Event \"x\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n"
      "1. O-O {a [%clk 0:01:00]} O-O-O $1 (1... Kf8 {b} (1... Rh7) 2. Rf1+) 2. Rad1 -- 3. Rxd8+ "
      "1-0\n";
  for (std::size_t n = 0; n <= text.size(); ++n) {
    std::istringstream in(text.substr(0, n));
    Reader reader(in, ReaderOptions{false, 64});
    GameBuilder builder;
    int games = 0;
    while (reader.next(builder)) ++games;
    EXPECT_LE(games, 1) << n;
  }
}

TEST(PgnBuilder, RandomTokenSoupIsReadWithoutCrashing) {
  // Deterministic pseudo-random input built from PGN's own characters and tokens.
  const char* pieces[] = {"[",    "]",  "\"",  "{",   "}",   "(",           ")",    ";",
                          "\n",   " ",  "$",   "!",   "?",   "%",           ".",    "*",
                          "1-0",  "e4", "Nf3", "O-O", "--",  "Event",       "e8=Q", "\xC3",
                          "\xFF", "<",  ">",   "1.",  "0-1", "[%clk 1:00]", "\r\n"};
  std::uint64_t state = 0x2545F4914F6CDD1DULL;
  for (int round = 0; round < 200; ++round) {
    std::string text;
    for (int k = 0; k < 300; ++k) {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      text += pieces[state % (sizeof(pieces) / sizeof(pieces[0]))];
    }
    std::istringstream in(text);
    Reader reader(in, ReaderOptions{false, 128});
    GameBuilder builder;
    std::size_t games = 0;
    while (reader.next(builder)) ++games;
    EXPECT_LE(games, text.size()) << round;
  }
}

}  // namespace
}  // namespace arbiter::pgn
