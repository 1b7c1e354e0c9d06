// The FIDE scoresheet text form (Art. 8.1, Appendix C).
#include "arbiter/pgn/scoresheet.hpp"

#include <gtest/gtest.h>

#include "arbiter/pgn/test_util.hpp"

namespace arbiter::pgn {
namespace {

// The Appendix C example game (seeds/004, after C.13) in PGN, with the draw offer of
// move 11 marked by Arbiter's [%draw offer] comment command.
constexpr const char* kAppendixC =
    "[White \"W\"]\n[Black \"B\"]\n\n"
    "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 "
    "9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 {[%draw offer]} *";

std::string moves_part(const std::string& sheet) {
  // After the header's blank line, without the final result line.
  const auto start = sheet.find("\n\n");
  std::string body = sheet.substr(start + 2);
  body = body.substr(0, body.rfind('\n', body.size() - 2));
  for (char& c : body)
    if (c == '\n') c = ' ';
  return body;
}

TEST(PgnScoresheet, AppendixCShortFormWithDrawOffer) {
  const auto g = testing::read_games(kAppendixC)[0].game;
  const std::string sheet = write_scoresheet(g);
  // Appendix C's first printed form (with Latin 'e' where the source has Cyrillic 'е').
  EXPECT_EQ(moves_part(sheet),
            "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 e.p. Nxd6 7. Bg5 Nc6 "
            "8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=)");
  EXPECT_NE(sheet.find("White: W\nBlack: B\n"), std::string::npos);
  EXPECT_EQ(sheet.substr(sheet.size() - 2), "*\n");
}

TEST(PgnScoresheet, LongFormAndLanguages) {
  const auto g = testing::read_games(kAppendixC)[0].game;
  ScoresheetOptions o;
  o.style = notation::Style::fide(notation::Language::English, true);
  const std::string long_form = moves_part(write_scoresheet(g, o));
  // Appendix C's third form: "2.Ng1f3 Ng8f6 3. d2d4 е5xd4 ... 5. Qd1xd4".
  EXPECT_NE(long_form.find("1. e2e4 e7e5 2. Ng1f3 Ng8f6 3. d2d4 e5xd4"), std::string::npos);
  EXPECT_NE(long_form.find("5. Qd1xd4 d7d5"), std::string::npos);
  // The king's move is written with its origin in the long form (the printed example
  // keeps "Kb1" there, an inconsistency of the source).
  EXPECT_NE(long_form.find("11. Kc1b1 (=)"), std::string::npos);

  o.style = notation::Style::fide(notation::Language::Russian);
  const std::string russian = moves_part(write_scoresheet(g, o));
  // C.3: Кр Ф Л С К; squares stay Latin.
  EXPECT_NE(russian.find("2. Кf3 Кf6"), std::string::npos);
  EXPECT_NE(russian.find("5. Фxd4 d5"), std::string::npos);
  EXPECT_NE(russian.find("11. Крb1 (=)"), std::string::npos);
}

TEST(PgnScoresheet, OneMovePerLine) {
  const auto g = testing::read_games("1. e4 e5 2. Nf3 {[%draw offer]} Nc6 1/2-1/2")[0].game;
  ScoresheetOptions o;
  o.header = false;
  o.one_move_per_line = true;
  EXPECT_EQ(write_scoresheet(g, o), "1. e4 e5\n2. Nf3 (=) Nc6\n1/2-1/2\n");
}

TEST(PgnScoresheet, BlackToMoveFirst) {
  const auto g = testing::read_games(
                     "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 "
                     "2\"]\n2... Nc6 3. Bb5 *")[0]
                     .game;
  ScoresheetOptions o;
  o.header = false;
  EXPECT_EQ(write_scoresheet(g, o), "2. ... Nc6 3. Bb5\n*\n");
}

}  // namespace
}  // namespace arbiter::pgn
