// ICCF numeric notation, and the numeric notation of the 1850s rule book (seeds/003,
// ch. III.4), checked on the book's own examples (ch. IV: "шахъ", "мать").
#include "arbiter/notation/test_support.hpp"

namespace arbiter::notation {
namespace {

using test::parsed;
using test::position;
using test::uci;

const Style kIccf = Style::of(MoveForm::Iccf);
const Style kOld = Style::of(MoveForm::OldRussian);

std::string write(std::string_view fen, std::string_view move, const Style& style,
                  bool chess960 = false) {
  const core::Position pos = position(fen, chess960);
  return san(pos, uci(pos, move), style);
}

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kCastling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

TEST(Iccf, WritesSquaresAsDigitsAndPromotionAsADigit) {
  EXPECT_EQ(write(kStart, "e2e4", kIccf), "5254");
  EXPECT_EQ(write(kStart, "g1f3", kIccf), "7163");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", kIccf), "17181");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", kIccf), "17182");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8b", kIccf), "17283");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", kIccf), "17184");
}

TEST(Iccf, WritesCastlingAsTheKingsMove) {
  EXPECT_EQ(write(kCastling, "e1g1", kIccf), "5171");
  EXPECT_EQ(write(kCastling, "e1c1", kIccf), "5131");
  // Chess960: the king takes its rook (king b1 to g1 could be read as a king move).
  EXPECT_EQ(write("6k1/8/8/8/8/8/8/RK5R w KQ - 0 1", "b1h1", kIccf, true), "2181");
}

TEST(Iccf, ReadsAllOfIt) {
  EXPECT_EQ(parsed(core::Position::startpos(), "5254"), "e2e4");
  EXPECT_EQ(parsed(core::Position::startpos(), "7163"), "g1f3");
  const auto promo = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(parsed(promo, "17181"), "a7a8q");
  EXPECT_EQ(parsed(promo, "17284"), "a7b8n");
  EXPECT_EQ(parse_move(promo, "1718").error().code, ErrorCode::kMoveIllegal);  // no piece
  EXPECT_EQ(parse_move(promo, "17185").error().code, ErrorCode::kMoveSyntax);  // 5: no piece
  EXPECT_EQ(parse_move(promo, "1719").error().code, ErrorCode::kMoveSyntax);   // rank 9
  const auto castle = position(std::string(kCastling));
  EXPECT_EQ(parsed(castle, "5171"), "e1g1");
  EXPECT_EQ(parsed(castle, "5131"), "e1c1");
  const auto c960 = position("6k1/8/8/8/8/8/8/RK5R w KQ - 0 1", true);
  EXPECT_EQ(parsed(c960, "2181"), "b1h1");
  EXPECT_EQ(parsed(c960, "2111"), "b1a1");
}

TEST(OldRussian, WritesPieceSignAndBothSquares) {
  // Ch. III.4: "Л. 81. 31 — the rook goes from the 8th square of the first horizontal
  // line to the 3rd square of the same line".
  EXPECT_EQ(write("4k3/8/8/8/8/8/4K3/7R w - - 0 1", "h1c1", kOld), "Л. 81. 31");
  EXPECT_EQ(write(kStart, "e2e4", kOld), "П. 52. 54");
  EXPECT_EQ(write(kStart, "g1f3", kOld), "К. 71. 63");
  EXPECT_EQ(write(kCastling, "e1g1", kOld), "Кр. 51. 71");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", kOld), "П. 17. 18 Ф.");
}

TEST(OldRussian, ReadsTheBooksExamples) {
  // Double check: White Ф. 13, С. 14; Black Кр. 18; "С. 14. 36".
  const auto double_check = position("k7/8/8/8/B7/Q7/8/7K w - - 0 1");
  EXPECT_EQ(parsed(double_check, "С. 14. 36"), "a4c6");
  EXPECT_EQ(san(double_check, uci(double_check, "a4c6"), kOld), "С. 14. 36");
  EXPECT_EQ(double_check.after(uci(double_check, "a4c6")).checkers() != 0, true);
  // Mate: White Кр. 46, Л. 87, К. 56; Black Кр. 58, Ф. 15, Л. 18, С. 86; "Л. 87. 57".
  const auto mate = position("r3k3/7R/3KN2b/q7/8/8/8/8 w - - 0 1");
  EXPECT_EQ(parsed(mate, "Л. 87. 57"), "h7e7");
  // "Сл." is the book's other sign for the bishop: White Кр. 11, Сл. 14; Black Кр. 18,
  // С. 28, П. 17; "С. 14. 36" mates.
  const auto narrow = position("kb6/p7/8/8/B7/8/8/K7 w - - 0 1");
  EXPECT_EQ(parsed(narrow, "Сл. 14. 36"), "a4c6");
  EXPECT_EQ(parsed(narrow, "С.14.36"), "a4c6");
  // Smothered mate, written without the piece sign: "двинувъ коня 46. 67".
  const auto smothered = position("6rk/6pp/3N4/8/8/8/2K5/8 w - - 0 1");
  EXPECT_EQ(parsed(smothered, "46. 67"), "d6f7");
  EXPECT_EQ(parsed(smothered, "К. 46. 67"), "d6f7");
  EXPECT_EQ(parse_move(smothered, "Л. 46. 67").error().code, ErrorCode::kMoveIllegal);
}

TEST(OldRussian, StrictModeWantsTheExactForm) {
  ParseOptions strict;
  strict.strict = true;
  strict.style = kOld;
  const core::Position start = core::Position::startpos();
  EXPECT_EQ(parsed(start, "П. 52. 54", strict), "e2e4");
  EXPECT_EQ(parse_move(start, "52. 54", strict).error().code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(parse_move(start, "e4", strict).error().code, ErrorCode::kMoveSyntax);
}

}  // namespace
}  // namespace arbiter::notation
