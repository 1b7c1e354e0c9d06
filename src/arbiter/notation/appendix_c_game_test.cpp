// Appendix C's own example game, read from the Laws (seeds/004, "Пример записи партии"):
// all three printed forms parse to the same game, and the writer gives back each form.
//
// The printed text has misprints (docs/notation.md): Cyrillic 'е' and 'р' for Latin 'e'
// and 'p' (the reader accepts them; the comparison maps them to Latin), and in the long
// form "8. Qd4d3" for Qd4e3 (the short forms have Qe3+), "Vf8e7" for Bf8e7 and the short
// "11. Kb1" for Kc1b1. The test shows each misprint and then reads the corrected text.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/position.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::notation {
namespace {

// The three printed forms: the three lines after "Пример записи партии:".
std::vector<std::string> printed_forms() {
  std::vector<std::string> forms;
  for (const auto& entry : std::filesystem::directory_iterator(ARB_TESTDATA_DIR "/../seeds")) {
    if (entry.path().filename().string().rfind("004_", 0) != 0) continue;
    std::ifstream in(entry.path());
    std::string line;
    bool found = false;
    while (std::getline(in, line)) {
      if (line.find("Пример записи партии") != std::string::npos)
        found = true;
      else if (found && line.rfind("1.", 0) == 0)
        forms.push_back(line);
    }
  }
  return forms;
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

std::string latin(std::string s) { return replace_all(replace_all(s, "е", "e"), "р", "p"); }

struct Scoresheet {
  std::vector<std::string> moves;  // move texts, "exd6 e.p." kept together
  bool draw_offer_at_end = false;  // C.12: "(=)"
};

// Splits a printed game into move texts: drops move numbers ("1.", "9", the "1." of
// "1.е4"), the trailing word "или" ("or"), and joins an "е.р." to its move.
Scoresheet split(const std::string& line) {
  Scoresheet sheet;
  std::istringstream in(line);
  std::string token;
  while (in >> token) {
    if (token == "или") continue;
    if (token == "(=)") {
      sheet.draw_offer_at_end = true;
      continue;
    }
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
      ++digits;
    std::size_t dots = digits;
    while (dots < token.size() && token[dots] == '.') ++dots;
    if (digits > 0 && (dots > digits || dots == token.size())) token = token.substr(dots);
    if (token.empty()) continue;
    if (token == "е.р." || token == "e.p.") {
      sheet.moves.back() += " " + token;
      continue;
    }
    sheet.moves.push_back(token);
  }
  return sheet;
}

std::vector<core::Move> play(const std::vector<std::string>& moves, std::string* error) {
  core::Position pos = core::Position::startpos();
  std::vector<core::Move> game;
  for (const std::string& text : moves) {
    auto m = parse_move(pos, text);
    if (!m) {
      *error = text + ": " + m.error().describe();
      return game;
    }
    game.push_back(*m);
    pos = pos.after(*m);
  }
  return game;
}

std::vector<std::string> write(const std::vector<core::Move>& game, const Style& style) {
  core::Position pos = core::Position::startpos();
  std::vector<std::string> out;
  for (core::Move m : game) {
    out.push_back(san(pos, m, style));
    pos = pos.after(m);
  }
  return out;
}

class AppendixCGame : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto forms = printed_forms();
    ASSERT_EQ(forms.size(), 3u) << "the example game of Appendix C was not found in seeds/004";
    for (const auto& f : forms) sheets_.push_back(split(f));
    std::string error;
    game_ = play(sheets_[0].moves, &error);
    ASSERT_TRUE(error.empty()) << error;
    ASSERT_EQ(game_.size(), 21u);  // 11. Kb1 is White's 11th move
  }
  std::vector<Scoresheet> sheets_;
  std::vector<core::Move> game_;
};

TEST_F(AppendixCGame, ShortFormsParseAsPrinted) {
  for (int form = 0; form < 2; ++form) {
    std::string error;
    EXPECT_EQ(play(sheets_[form].moves, &error), game_) << "form " << form + 1 << " " << error;
    EXPECT_TRUE(error.empty()) << error;
    EXPECT_TRUE(sheets_[form].draw_offer_at_end);  // C.12
  }
}

TEST_F(AppendixCGame, LongFormMisprintsAreDetected) {
  const auto& printed = sheets_[2].moves;
  ASSERT_EQ(printed.size(), 21u);
  ASSERT_EQ(printed[14], "Qd4d3");
  ASSERT_EQ(printed[15], "Vf8e7");
  // "Qd4d3" is a legal move, but not the game's 8. Qe3+ (so a misprint, not a variant).
  std::string error;
  const auto prefix = play(std::vector<std::string>(printed.begin(), printed.begin() + 15), &error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_NE(prefix.back(), game_[14]);
  // "V" is no piece letter in any language.
  (void)play(std::vector<std::string>(printed.begin(), printed.begin() + 16), &error);
  EXPECT_NE(error.find("move-syntax"), std::string::npos) << error;
}

TEST_F(AppendixCGame, LongFormParsesOnceCorrected) {
  std::vector<std::string> corrected = sheets_[2].moves;
  corrected[14] = "Qd4e3";
  corrected[15] = "Bf8e7";
  std::string error;
  EXPECT_EQ(play(corrected, &error), game_) << error;
  EXPECT_TRUE(sheets_[2].draw_offer_at_end);
}

TEST_F(AppendixCGame, WritesTheFirstFormBackExactly) {
  // 0-0, x, '+', " e.p.": the FIDE short style.
  const auto written = write(game_, Style::fide(Language::English, false));
  std::vector<std::string> printed;
  for (const auto& m : sheets_[0].moves) printed.push_back(latin(m));
  EXPECT_EQ(written, printed);
}

TEST_F(AppendixCGame, WritesTheSecondFormBackExactly) {
  // No capture signs, no check signs, no e.p. (C.13: "optional").
  Style bare = Style::fide(Language::English, false);
  bare.capture_sign = false;
  bare.check_sign = false;
  bare.en_passant_suffix = false;
  const auto written = write(game_, bare);
  std::vector<std::string> printed;
  for (const auto& m : sheets_[1].moves) printed.push_back(latin(m));
  EXPECT_EQ(written, printed);
}

TEST_F(AppendixCGame, WritesTheLongFormBackAsPrintedModuloMisprints) {
  const auto written = write(game_, Style::fide(Language::English, true));
  std::vector<std::string> printed;
  for (const auto& m : sheets_[2].moves) printed.push_back(latin(m));
  printed[14] = "Qd4e3";  // misprint "Qd4d3"
  printed[15] = "Bf8e7";  // misprint "Vf8e7"
  printed[20] = "Kc1b1";  // printed short ("Kb1") in the long form
  EXPECT_EQ(written, printed);
}

}  // namespace
}  // namespace arbiter::notation
