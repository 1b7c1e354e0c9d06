// Tests of the PGN export writer (PGN standard 8: export format).
#include "arbiter/pgn/writer.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "arbiter/pgn/test_util.hpp"

namespace arbiter::pgn {
namespace {

using testing::read_games;
using testing::uci_line;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::size_t width(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

TEST(PgnWriter, SevenTagRosterComesFirstThenOtherTags) {
  Game g;
  g.tags.set("ECO", "C20");
  g.tags.set("White", "Anderssen");
  g.tags.set("Event", "London");
  g.result = "1-0";
  const auto lines = lines_of(write_game(g));
  ASSERT_GE(lines.size(), 10u);
  for (std::size_t i = 0; i < kSevenTagRoster.size(); ++i)
    EXPECT_EQ(lines[i].substr(1, kSevenTagRoster[i].size()), kSevenTagRoster[i]);
  EXPECT_EQ(lines[4], "[White \"Anderssen\"]");
  EXPECT_EQ(lines[6], "[Result \"1-0\"]");  // no Result tag: the termination marker
  EXPECT_EQ(lines[7], "[ECO \"C20\"]");
  EXPECT_EQ(lines[8], "");
  EXPECT_EQ(lines[9], "1-0");
}

TEST(PgnWriter, WritesNumbersVariationsCommentsAndNags) {
  // PGN standard 8.2.2.2: "N..." before a Black move that follows a comment or a
  // variation or that starts a variation.
  const auto g = read_games("1. e4 {best} e5 $1 (1... c5 2. Nf3) 2. Nf3 Nc6 *")[0].game;
  EXPECT_EQ(write_movetext(g), "1. e4 {best} 1... e5 $1 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n");
}

TEST(PgnWriter, WritesClockAndEvalCommands) {
  const auto g = read_games("1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 {ok [%emt 0:00:01]} *")[0].game;
  EXPECT_EQ(write_movetext(g),
            "1. e4 {[%eval 0.20] [%clk 0:03:00]} 1... e5 {ok [%emt 0:00:01]} *\n");
}

TEST(PgnWriter, BlackToMoveStartsWithEllipsis) {
  const auto g =
      read_games(
          "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n2... Nc6 *")[0]
          .game;
  EXPECT_EQ(write_movetext(g), "2... Nc6 *\n");
}

TEST(PgnWriter, LinesHaveAtMost80Characters) {
  std::string text = "1. e4 {";
  for (int i = 0; i < 60; ++i) text += "word" + std::to_string(i) + " ";
  text += "} e5 (1... c5 {another comment that goes on and on and on} 2. Nf3 d6 3. d4 cxd4) ";
  text += "2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 *";
  const auto g = read_games(text)[0].game;
  const std::string out = write_game(g);
  for (const auto& line : lines_of(out)) EXPECT_LE(width(line), 80u) << line;
  EXPECT_GT(lines_of(out).size(), 12u);
}

TEST(PgnWriter, RoundTripKeepsMovesTagsCommentsNagsAndAnnotations) {
  const std::string text =
      "[Event \"Test \\\"quoted\\\"\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
      "[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n[ECO \"C50\"]\n\n"
      "{Start} 1. e4 e5 {[%clk 1:00:00]} 2. Nf3 $14 (2. f4 exf4 ({Or} 2... d5) 3. Nf3) 2... Nc6 "
      "3. Bc4 -- 4. O-O {[%draw offer]} 1/2-1/2\n";
  const auto first = read_games(text)[0];
  ASSERT_TRUE(first.errors.empty());
  const auto second = read_games(write_game(first.game))[0];
  ASSERT_TRUE(second.errors.empty());
  EXPECT_EQ(second.game.tags, first.game.tags);
  EXPECT_EQ(uci_line(second.game), uci_line(first.game));
  EXPECT_EQ(second.game.node_count(), first.game.node_count());
  EXPECT_EQ(write_game(second.game), write_game(first.game));
  EXPECT_TRUE(second.game.mainline().back() == first.game.mainline().back());
}

TEST(PgnWriter, DrawOfferSurvivesTheRoundTrip) {
  Game g;
  g.push(core::Move(core::Square::E2, core::Square::E4)).set_draw_offer(true);  // Art. 9.1.2.2
  const auto back = read_games(write_game(g))[0].game;
  ASSERT_NE(back.root.main_child(), nullptr);
  EXPECT_TRUE(back.root.main_child()->draw_offer());
}

TEST(PgnWriter, ResultFallsBackToTheTagThenToAsterisk) {
  Game g;
  EXPECT_EQ(result_of(g), "*");
  g.tags.set("Result", "0-1");
  EXPECT_EQ(result_of(g), "0-1");
  g.result = "1-0";
  EXPECT_EQ(result_of(g), "1-0");
}

TEST(PgnWriter, OtherStylesAndLanguages) {
  const auto g = read_games("1. e4 e5 2. Nf3 Nc6 3. Bb5 *")[0].game;
  WriteOptions o;
  o.style = notation::Style::of(notation::MoveForm::Uci);
  EXPECT_EQ(write_movetext(g, o), "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 *\n");
  o.style = notation::Style::pgn();
  o.style.language = notation::Language::German;
  EXPECT_EQ(write_movetext(g, o), "1. e4 e5 2. Sf3 Sc6 3. Lb5 *\n");
}

}  // namespace
}  // namespace arbiter::pgn

namespace arbiter::pgn {
namespace {

TEST(PgnWriter, NoMovetextLineStartsLikeAnEscapeOrATag) {
  // PGN standard 6: '%' in column 1 escapes the line; '[' there looks like a tag pair.
  std::string text = "1. e4 {";
  for (int i = 0; i < 30; ++i) text += "%percent [bracket ";
  text += "} *";
  const auto g = testing::read_games(text)[0].game;
  const std::string out = write_movetext(g);
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    ASSERT_FALSE(line.empty());
    EXPECT_NE(line[0], '%') << line;
    EXPECT_NE(line[0], '[') << line;
  }
  const auto back = testing::read_games(out)[0].game;
  EXPECT_EQ(normalize_space(back.root.main_child()->comment),
            normalize_space(g.root.main_child()->comment));
}

}  // namespace
}  // namespace arbiter::pgn
