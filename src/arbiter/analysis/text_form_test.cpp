#include "arbiter/analysis/text_form.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace arbiter::analysis {
namespace {

using core::Color;

PlyAnalysis ply(std::string san, Evaluation eval, std::vector<std::string> best, int depth = 9) {
  PlyAnalysis p;
  p.move = std::move(san);
  p.eval = eval;
  p.depth = depth;
  p.best_line = std::move(best);
  return p;
}

// 1. e4 e5 2. Qh5 (a blunder by these numbers) Nc6, analysed by hand.
GameAnalysis sample() {
  GameAnalysis a;
  a.nodes = 5000;
  a.start_eval = Evaluation::centipawns(20);
  a.start_depth = 8;
  a.plies.push_back(ply("e4", Evaluation::centipawns(30), {"e4", "e5", "Nf3"}));
  a.plies.push_back(ply("e5", Evaluation::centipawns(30), {"e5", "Nf3"}));
  a.plies.push_back(ply("Qh5", Evaluation::centipawns(-150), {"Nf3", "Nc6"}));
  a.plies.push_back(ply("Nc6", Evaluation::mate(Color::Black, 3), {}, 0));
  summarise(a);
  return a;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The sample's text with line `number` (1-based) replaced.
std::string with_line(int number, const std::string& replacement) {
  auto lines = lines_of(to_text(sample()));
  lines[static_cast<std::size_t>(number - 1)] = replacement;
  return join(lines);
}

TEST(TextForm, WritesOneRecordPerLine) {
  const auto lines = lines_of(to_text(sample()));
  ASSERT_EQ(lines.size(), 10u);
  EXPECT_EQ(lines[0], "arbiter-analysis 1");
  EXPECT_EQ(lines[1], "nodes\t5000");
  EXPECT_EQ(lines[2],
            "start\tfen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tchess960=no"
            "\teval=20\tdepth=8");
  EXPECT_EQ(lines[3], "ply\t1\tmove=e4\teval=30\tdepth=9\tjudgement=-\tbest=e4 e5 Nf3");
  EXPECT_EQ(lines[5], "ply\t3\tmove=Qh5\teval=-150\tdepth=9\tjudgement=blunder\tbest=Nf3 Nc6");
  EXPECT_EQ(lines[6], "ply\t4\tmove=Nc6\teval=#-3\tdepth=0\tjudgement=-\tbest=-");
  EXPECT_EQ(lines[7].substr(0, 20), "side\twhite\taccuracy=");
  EXPECT_EQ(lines[9], "end");
}

TEST(TextForm, RoundTrip) {
  const GameAnalysis a = sample();
  auto back = parse_analysis(to_text(a));
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(*back, a);
  EXPECT_EQ(to_text(*back), to_text(a));
}

TEST(TextForm, RoundTripOfMatesAndSetUpPositions) {
  GameAnalysis a;
  auto start = core::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 40");
  ASSERT_TRUE(start);
  a.start = *start;
  a.start_eval = Evaluation::mate(Color::White, 1);
  a.start_depth = 3;
  a.plies.push_back(ply("Ra8#", Evaluation::mate(Color::White, 0), {"Ra8#"}, 0));
  summarise(a);
  const std::string text = to_text(a);
  EXPECT_NE(text.find("eval=#+1"), std::string::npos);
  EXPECT_NE(text.find("eval=#+0"), std::string::npos);
  auto back = parse_analysis(text);
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(*back, a);
  EXPECT_EQ(back->plies[0].eval, Evaluation::mate(Color::White, 0));
  // Black to move has no moves in it: its side line says so.
  EXPECT_NE(text.find("side\tblack\taccuracy=-\tinaccuracies=0\tmistakes=0\tblunders=0\tacpl=-"),
            std::string::npos);
}

TEST(TextForm, AcceptsCrLfAndReadsMovesInCanonicalSan) {
  std::string text = to_text(sample());
  std::string crlf;
  for (const char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  auto back = parse_analysis(crlf);
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(*back, sample());
}

struct BadCase {
  const char* what;
  std::string text;
  int line;
  std::string field;
  ErrorCode code = ErrorCode::kInvalidArgument;
};

TEST(TextForm, ErrorsNameTheLineAndTheField) {
  const std::string good = to_text(sample());
  const auto lines = lines_of(good);
  const BadCase cases[] = {
      {"empty", "", 1, "the first line"},
      {"another format", with_line(1, "pgn-analysis 1"), 1, "format"},
      {"another version", with_line(1, "arbiter-analysis 2"), 1, "version",
       ErrorCode::kUnsupported},
      {"version not a number", with_line(1, "arbiter-analysis x"), 1, "version"},
      {"node count", with_line(2, "nodes\tmany"), 2, "nodes"},
      {"bad FEN", with_line(3, "start\tfen=8/8/8 w - - 0 1\tchess960=no\teval=20\tdepth=8"), 3,
       "fen", ErrorCode::kFenRankCount},
      {"chess960 flag",
       with_line(3,
                 "start\tfen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                 "KQkq - 0 1\tchess960=maybe\teval=20\tdepth=8"),
       3, "chess960"},
      {"chess960 needed",
       with_line(3,
                 "start\tfen=bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w "
                 "KQkq - 0 1\tchess960=no\teval=20\tdepth=8"),
       3, "chess960"},
      {"eval", with_line(4, "ply\t1\tmove=e4\teval=+0.3\tdepth=9\tjudgement=-\tbest=e4 e5 Nf3"), 4,
       "eval"},
      {"mate without a sign",
       with_line(7, "ply\t4\tmove=Nc6\teval=#3\tdepth=0\tjudgement=-\tbest=-"), 7, "eval"},
      {"illegal move", with_line(4, "ply\t1\tmove=Ke2\teval=30\tdepth=9\tjudgement=-\tbest=e4"), 4,
       "move", ErrorCode::kMoveIllegal},
      {"illegal best line",
       with_line(4, "ply\t1\tmove=e4\teval=30\tdepth=9\tjudgement=-\tbest=e4 e4"), 4, "best",
       ErrorCode::kMoveIllegal},
      {"ply number", with_line(5, "ply\t7\tmove=e5\teval=30\tdepth=9\tjudgement=-\tbest=e5 Nf3"), 5,
       "ply"},
      {"missing field", with_line(5, "ply\t2\tmove=e5\teval=30"), 5, "depth"},
      {"misnamed field", with_line(5, "ply\t2\tmove=e5\tscore=30\tdepth=9\tjudgement=-\tbest=e5"),
       5, "eval"},
      {"negative depth",
       with_line(5, "ply\t2\tmove=e5\teval=30\tdepth=-1\tjudgement=-\tbest=e5 Nf3"), 5, "depth"},
      {"unknown judgement",
       with_line(5, "ply\t2\tmove=e5\teval=30\tdepth=9\tjudgement=good\tbest=e5 Nf3"), 5,
       "judgement"},
      {"judgement that the evaluations contradict",
       with_line(6, "ply\t3\tmove=Qh5\teval=-150\tdepth=9\tjudgement=-\tbest=Nf3 Nc6"), 6,
       "judgement"},
      {"extra field", with_line(4, lines[3] + "\tnote=x"), 4, "line"},
      {"side line out of order", with_line(8, lines[8]), 8, "side"},
      {"accuracy that the evaluations contradict",
       with_line(8, "side\twhite\taccuracy=99.9\tinaccuracies=0\tmistakes=0\tblunders=1\tacpl=90"),
       8, "accuracy"},
      {"blunder count",
       with_line(9, lines[8].substr(0, lines[8].find("inacc")) +
                        "inaccuracies=0\tmistakes=0\tblunders=7\tacpl=0"),
       9, "blunders"},
      {"no end line", join(std::vector<std::string>(lines.begin(), lines.end() - 1)), 10,
       "the end line"},
      {"cut after the plies", join(std::vector<std::string>(lines.begin(), lines.begin() + 5)), 6,
       "the side lines"},
      {"text after the end", good + "ply\t5\n", 11, "end"},
  };
  for (const BadCase& c : cases) {
    auto r = parse_analysis(c.text);
    ASSERT_FALSE(r) << c.what;
    EXPECT_EQ(r.error().where.line, c.line) << c.what << ": " << r.error().describe();
    EXPECT_EQ(r.error().where.field, c.field) << c.what << ": " << r.error().describe();
    EXPECT_EQ(r.error().code, c.code) << c.what << ": " << r.error().describe();
  }
}

TEST(TextForm, ErrorColumnIsTheFieldsStart) {
  auto r = parse_analysis(
      with_line(4, "ply\t1\tmove=e4\teval=oops\tdepth=9\tjudgement=-\tbest=e4 e5 Nf3"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().where.column, 15);  // "ply\t1\tmove=e4\t" is 14 bytes
  EXPECT_NE(r.error().describe().find("line 4, column 15, field eval"), std::string::npos)
      << r.error().describe();
}

TEST(TextForm, BlankLinesAfterTheEndAreAllowed) {
  auto r = parse_analysis(to_text(sample()) + "\n\n");
  ASSERT_TRUE(r) << r.error().describe();
}

}  // namespace
}  // namespace arbiter::analysis
