// Opening names (issue #18 item 6) from lichess's CC0 list in ../shared/testdata/openings:
// a game is named by the last named position it reached, transpositions included; a file
// in the wrong format is refused by line and column.
#include "arbiter/notation/openings.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "arbiter/notation/notation.hpp"

namespace arbiter::notation {
namespace {

const OpeningBook& book() {
  static const OpeningBook loaded = [] {
    auto b = OpeningBook::load_directory(std::string(ARB_TESTDATA_DIR) + "/openings");
    EXPECT_TRUE(b) << b.error().describe();
    return b ? std::move(*b) : OpeningBook{};
  }();
  return loaded;
}

// The opening of the game of these SAN moves from the initial position.
std::string opening_of(const std::vector<std::string>& sans) {
  core::Position pos = core::Position::startpos();
  std::vector<core::Move> moves;
  for (const std::string& san : sans) {
    auto m = parse_move(pos, san);
    EXPECT_TRUE(m) << san;
    if (!m) return "<illegal>";
    moves.push_back(*m);
    pos = pos.after(*m);
  }
  const Opening* o = book().of_game(core::Position::startpos(), moves);
  return o ? o->eco + " " + o->name : "<none>";
}

TEST(OpeningBook, TheWholeListIsRead) {
  // 3,812 lines, 5 headers: 3,807 lines, a few reaching one position twice.
  EXPECT_GT(book().size(), 3700u);
  EXPECT_LE(book().size(), 3807u);
}

TEST(OpeningBook, AGameIsNamedByTheLastNamedPositionItReached) {
  EXPECT_EQ(opening_of({"e4", "e5", "Nf3", "Nc6", "Bb5"}), "C60 Ruy Lopez");
  EXPECT_EQ(opening_of({"e4", "c5"}), "B20 Sicilian Defense");
  EXPECT_EQ(opening_of({"d4", "Nf6", "c4", "e6", "Nc3", "Bb4"}), "E20 Nimzo-Indian Defense");
  // Moves after the book's lines keep the last name.
  EXPECT_EQ(opening_of({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "h3",
                        "h6", "a3"}),
            opening_of({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"}));
  EXPECT_EQ(opening_of({}), "<none>");
  EXPECT_EQ(opening_of({"h4", "h5", "a4", "a5"}).substr(0, 3), "A00");
}

TEST(OpeningBook, ATranspositionIsNamedAsTheBooksOrder) {
  // The Queen's Gambit Declined reached by 1. c4 e6 2. d4 d5.
  EXPECT_EQ(opening_of({"c4", "e6", "d4", "d5"}), opening_of({"d4", "d5", "c4", "e6"}));
  EXPECT_NE(opening_of({"d4", "d5", "c4", "e6"}), "<none>");
}

TEST(OpeningBook, APositionIsLookedUpAsItStands) {
  auto pos =
      core::Position::from_fen("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
  ASSERT_TRUE(pos);
  const Opening* o = book().at(*pos);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->eco, "C60");
  EXPECT_EQ(o->plies, 5);
  EXPECT_EQ(book().at(core::Position::startpos()), nullptr);
}

TEST(OpeningBook, ABadLineIsRefusedByLineAndColumn) {
  OpeningBook b;
  auto fields = b.add("eco\tname\tpgn\nC60\tRuy Lopez\n", "x.tsv");
  ASSERT_FALSE(fields);
  EXPECT_EQ(fields.error().where.line, 2);
  EXPECT_NE(fields.error().message.find("x.tsv:2"), std::string::npos);
  auto eco = b.add("Z99\tNowhere\t1. e4\n", "y.tsv");
  ASSERT_FALSE(eco);
  EXPECT_EQ(eco.error().where.line, 1);
  auto illegal = b.add("C20\tKing's Pawn\t1. e4 e5 2. Ke3\n", "z.tsv");
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().where.line, 1);
  EXPECT_EQ(illegal.error().where.column, 29);  // where "Ke3" begins (1-based)
  EXPECT_NE(illegal.error().message.find("Ke3"), std::string::npos);
  auto empty = b.add("C20\tNothing\t\n", "w.tsv");
  EXPECT_FALSE(empty);
  EXPECT_EQ(b.size(), 0u);  // nothing of the refused lines was kept
  EXPECT_FALSE(OpeningBook::load_directory("/nonexistent-openings-dir"));
}

}  // namespace
}  // namespace arbiter::notation
