// Tests of the streaming reader: tokens, recovery, locations, encodings, buffering.
#include "arbiter/pgn/reader.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/stats.hpp"

namespace arbiter::pgn {
namespace {

// Logs every callback as a short string.
class Recorder : public Visitor {
 public:
  explicit Recorder(Movetext mode = Movetext::Parse) : mode_(mode) {}
  std::vector<std::string> log;
  std::vector<Error> errors, warnings;

  void begin_game(int line) override { log.push_back("begin@" + std::to_string(line)); }
  void tag(std::string_view n, std::string_view v) override {
    log.push_back("tag:" + std::string(n) + "=" + std::string(v));
  }
  Movetext end_tags(std::optional<Error>&) override { return mode_; }
  void raw_movetext(std::string_view t) override { log.push_back("raw:" + std::string(t)); }
  void move(std::string_view t, std::optional<Error>& e) override {
    if (t == "bad") e = Error{ErrorCode::kPgnIllegalMove, "bad move", {}};
    log.push_back(std::string(t));
  }
  void nag(int v) override { log.push_back("$" + std::to_string(v)); }
  void comment(std::string_view t) override { log.push_back("{" + std::string(t) + "}"); }
  void begin_variation() override { log.push_back("("); }
  void end_variation() override { log.push_back(")"); }
  void result(std::string_view r) override { log.push_back("result:" + std::string(r)); }
  void end_game() override { log.push_back("end"); }
  void error(const Error& e) override { errors.push_back(e); }
  void warning(const Error& e) override { warnings.push_back(e); }

 private:
  Movetext mode_;
};

std::vector<std::string> read_all(const std::string& text, Recorder& rec, ReaderOptions o = {}) {
  std::istringstream in(text);
  Reader reader(in, o);
  while (reader.next(rec)) {
  }
  return rec.log;
}

std::vector<std::string> read_all(const std::string& text, ReaderOptions o = {}) {
  Recorder rec;
  return read_all(text, rec, o);
}

using Log = std::vector<std::string>;

TEST(PgnReader, ReadsTagsMovesAndResult) {
  // PGN standard 8.1 (tag pairs) and 8.2 (movetext).
  EXPECT_EQ(
      read_all("[Event \"Casual\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 1-0\n"),
      (Log{"begin@1", "tag:Event=Casual", "tag:White=A", "e4", "e5", "Nf3", "result:1-0", "end"}));
}

TEST(PgnReader, ReadsCommentsNagsSuffixesAndNestedVariations) {
  const Log log =
      read_all("1. e4! {best by test} e5?! $14 (1... c5 (1... e6) 2. Nf3) ; rest\n2. Nf3 *");
  EXPECT_EQ(log, (Log{"begin@1", "e4", "$1", "{best by test}", "e5", "$6", "$14", "(", "c5", "(",
                      "e6", ")", "Nf3", ")", "{ rest}", "Nf3", "result:*", "end"}));
}

TEST(PgnReader, MoveNumbersWithDotsAndWithoutSpaceAreConsumed) {
  EXPECT_EQ(read_all("1.e4 1...e5 2..Nf3 3. ... Nc6 1/2-1/2"),
            (Log{"begin@1", "e4", "e5", "Nf3", "Nc6", "result:1/2-1/2", "end"}));
}

TEST(PgnReader, NullMovesAreMoveTokens) {
  EXPECT_EQ(read_all("1. e4 -- 2. Z0 e5 *"),
            (Log{"begin@1", "e4", "--", "Z0", "e5", "result:*", "end"}));
}

TEST(PgnReader, EscapeLinesAreSkipped) {
  // PGN standard 6: a '%' in the first column escapes the rest of the line.
  EXPECT_EQ(read_all("% header line\n[Event \"x\"]\n% inside\n1. e4 *"),
            (Log{"begin@2", "tag:Event=x", "e4", "result:*", "end"}));
}

TEST(PgnReader, TagValuesAreUnescaped) {
  EXPECT_EQ(read_all(R"([Annotator "He said \"hi\" \\o/"])"
                     "\n*"),
            (Log{"begin@1", R"(tag:Annotator=He said "hi" \o/)", "result:*", "end"}));
}

TEST(PgnReader, CrlfAndBomAreAccepted) {
  EXPECT_EQ(read_all("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 {a\r\nb} 1-0\r\n"),
            (Log{"begin@1", "tag:Event=x", "e4", "{a\r\nb}", "result:1-0", "end"}));
}

TEST(PgnReader, Latin1TextIsConvertedToUtf8WithOneWarning) {
  Recorder rec;
  read_all("[White \"J\xF6rg\"]\n1. e4 {Gr\xFC\xDF} *", rec);
  EXPECT_EQ(rec.log[1], "tag:White=J\xC3\xB6rg");
  EXPECT_EQ(rec.log[3], "{Gr\xC3\xBC\xC3\x9F}");
  ASSERT_EQ(rec.warnings.size(), 1u);
  EXPECT_EQ(rec.warnings[0].code, ErrorCode::kPgnEncoding);
  EXPECT_TRUE(rec.errors.empty());
}

TEST(PgnReader, ValidUtf8IsPassedThrough) {
  Recorder rec;
  read_all("[Event \"Women\xE2\x80\x99s\"]\n*", rec);
  EXPECT_EQ(rec.log[1], "tag:Event=Women\xE2\x80\x99s");
  EXPECT_TRUE(rec.warnings.empty());
}

TEST(PgnReader, MissingResultIsAWarningAndNextTagsStartANewGame) {
  Recorder rec;
  read_all("[Event \"a\"]\n1. e4\n\n[Event \"b\"]\n1. d4 *", rec);
  EXPECT_EQ(rec.log, (Log{"begin@1", "tag:Event=a", "e4", "result:", "end", "begin@4",
                          "tag:Event=b", "d4", "result:*", "end"}));
  ASSERT_EQ(rec.warnings.size(), 1u);
  EXPECT_EQ(rec.warnings[0].code, ErrorCode::kPgnBadResult);
  EXPECT_EQ(rec.warnings[0].where.line, 4);
}

TEST(PgnReader, ResultTagDisagreeingWithTheMarkerIsAWarning) {
  for (const auto mode : {Movetext::Parse, Movetext::Raw}) {
    Recorder rec(mode);
    read_all("[Result \"1-0\"]\n1. e4 0-1\n\n[Result \"*\"]\n1. d4 *", rec);
    ASSERT_EQ(rec.warnings.size(), 1u);
    EXPECT_EQ(rec.warnings[0].code, ErrorCode::kPgnBadResult);
    EXPECT_EQ(rec.warnings[0].where.line, 2);
    EXPECT_EQ(rec.warnings[0].where.column, 7);
    EXPECT_TRUE(rec.errors.empty());
  }
}

TEST(PgnReader, RepeatedTagNameStartsATagOnlyGame) {
  // Broadcast exports list games by their tags only, separated by blank lines.
  Recorder rec;
  read_all("[Event \"a\"]\n[Round \"1\"]\n\n[Event \"a\"]\n[Round \"2\"]\n", rec);
  EXPECT_EQ(rec.log, (Log{"begin@1", "tag:Event=a", "tag:Round=1", "result:", "end", "begin@4",
                          "tag:Event=a", "tag:Round=2", "result:", "end"}));
}

TEST(PgnReader, TagOnlyGameStillHasItsFenChecked) {
  // Found by fuzz/fuzz_pgn: a game ended by a repeated tag never had its tags checked,
  // so a broken FEN tag passed silently and the writer exported it.
  std::istringstream in{"[SetUp \"1\"]\n[FEN \"4k3/8?\"]\n[SetUp \"1\"]\n\n1. e4 *\n"};
  Reader reader{in};
  GameBuilder builder;
  ASSERT_TRUE(reader.next(builder));
  ASSERT_EQ(builder.errors().size(), 1u);
  EXPECT_EQ(builder.errors()[0].code, ErrorCode::kPgnBadFen);
  EXPECT_EQ(builder.errors()[0].where.line, 2);
  ASSERT_TRUE(reader.next(builder));
  EXPECT_TRUE(builder.errors().empty());
  EXPECT_EQ(reader.error_count(), 1);
}

TEST(PgnReader, BlankLineInsideTagSectionKeepsOneGame) {
  EXPECT_EQ(read_all("[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *"),
            (Log{"begin@1", "tag:Event=a", "tag:Date=b", "e4", "result:*", "end"}));
}

TEST(PgnReader, ErrorsCarryLineAndColumn) {
  Recorder rec;
  read_all("[Event \"a\"]\n\n1. e4 e5,\n2. bad *", rec);
  ASSERT_EQ(rec.errors.size(), 2u);
  EXPECT_EQ(rec.errors[0].code, ErrorCode::kPgnSyntax);  // the comma
  EXPECT_EQ(rec.errors[0].where.line, 3);
  EXPECT_EQ(rec.errors[0].where.column, 9);
  EXPECT_EQ(rec.errors[1].code, ErrorCode::kPgnIllegalMove);  // reported by the visitor
  EXPECT_EQ(rec.errors[1].where.line, 4);
  EXPECT_EQ(rec.errors[1].where.column, 4);
}

TEST(PgnReader, BadTagIsReportedAndReadingGoesOn) {
  Recorder rec;
  read_all("[Event \"a\" junk]\n[Site \"b\"]\n[Round 3]\n1. e4 *", rec);
  ASSERT_EQ(rec.errors.size(), 2u);
  EXPECT_EQ(rec.errors[0].code, ErrorCode::kPgnBadTag);
  EXPECT_EQ(rec.errors[0].where.line, 1);
  EXPECT_EQ(rec.errors[0].where.column, 12);
  EXPECT_EQ(rec.errors[1].where.line, 3);
  EXPECT_NE(std::find(rec.log.begin(), rec.log.end(), "tag:Site=b"), rec.log.end());
  EXPECT_NE(std::find(rec.log.begin(), rec.log.end(), "e4"), rec.log.end());
}

TEST(PgnReader, UnclosedCommentStopsBeforeTheNextGame) {
  Recorder rec;
  read_all("[Event \"a\"]\n1. e4 {never closed\n\n[Event \"b\"]\n1. d4 *", rec);
  ASSERT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(rec.errors[0].where.line, 2);
  EXPECT_EQ(rec.errors[0].where.column, 7);
  EXPECT_NE(std::find(rec.log.begin(), rec.log.end(), "tag:Event=b"), rec.log.end());
  EXPECT_NE(std::find(rec.log.begin(), rec.log.end(), "d4"), rec.log.end());
}

TEST(PgnReader, SkimAlsoStopsAnUnclosedCommentBeforeTheNextGame) {
  for (const std::size_t size : {64u, 1u << 20}) {
    Recorder rec(Movetext::Raw);
    read_all("[Event \"a\"]\n1. e4 {never closed\nmore text\n\n[Event \"b\"]\n1. d4 *", rec,
             ReaderOptions{false, size});
    ASSERT_EQ(rec.errors.size(), 1u);
    EXPECT_EQ(rec.errors[0].where.line, 2);
    EXPECT_EQ(rec.errors[0].where.column, 7);
    EXPECT_EQ(rec.log,
              (Log{"begin@1", "tag:Event=a", "raw:1. e4 {never closed\nmore text", "result:", "end",
                   "begin@5", "tag:Event=b", "raw:1. d4", "result:*", "end"}));
  }
}

TEST(PgnReader, UnclosedVariationIsClosedAtTheResult) {
  Recorder rec;
  read_all("1. e4 (1. d4 d5 1-0", rec);
  EXPECT_EQ(rec.log, (Log{"begin@1", "e4", "(", "d4", "d5", ")", "result:1-0", "end"}));
  ASSERT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(rec.errors[0].code, ErrorCode::kPgnSyntax);
}

TEST(PgnReader, UnsupportedVariantIsRefusedAndTheNextGameIsRead) {
  Recorder rec;
  read_all("[Variant \"Crazyhouse\"]\n1. e4 N@f3 *\n[Variant \"chess 960\"]\n1. e4 *", rec);
  ASSERT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(rec.errors[0].code, ErrorCode::kPgnUnsupportedVariant);
  EXPECT_EQ(rec.errors[0].where.line, 1);
  EXPECT_EQ(std::find(rec.log.begin(), rec.log.end(), "N@f3"), rec.log.end());
  EXPECT_EQ(rec.log.back(), "end");
  EXPECT_EQ(rec.log[rec.log.size() - 3], "e4");  // the Chess960 game is read
}

TEST(PgnReader, StrictModeStopsAfterTheFirstError) {
  Recorder rec;
  std::istringstream in("1. e4 bad e5 *\n\n1. d4 *");
  Reader reader(in, ReaderOptions{true});
  int games = 0;
  while (reader.next(rec)) ++games;
  EXPECT_EQ(games, 1);
  EXPECT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(std::find(rec.log.begin(), rec.log.end(), "e5"), rec.log.end());
  ASSERT_TRUE(reader.first_error().has_value());
  EXPECT_EQ(reader.first_error()->code, ErrorCode::kPgnIllegalMove);
}

TEST(PgnReader, LenientModeReadsEveryGame) {
  Recorder rec;
  std::istringstream in("1. e4 bad e5 *\n\n1. d4 *");
  Reader reader(in);
  int games = 0;
  while (reader.next(rec)) ++games;
  EXPECT_EQ(games, 2);
  EXPECT_EQ(reader.error_count(), 1);
}

TEST(PgnReader, ReservedAngleBracketsAreErrors) {
  Recorder rec;
  read_all("[Event \"a\"]<br />[Site \"b\"]<br />1. e4 *", rec);
  EXPECT_EQ(rec.errors.size(), 2u);
  EXPECT_NE(std::find(rec.log.begin(), rec.log.end(), "tag:Site=b"), rec.log.end());
}

TEST(PgnReader, GarbageNeverHangsOrCrashes) {
  const std::string inputs[] = {"",
                                "[",
                                "[\"",
                                "{",
                                "(",
                                ")",
                                "$",
                                "$999",
                                "!!!",
                                "\"",
                                "%",
                                "[Event \"a\"",
                                "1.",
                                "\x01\x02\x03",
                                std::string(1, '\0'),
                                "[kj90trkm\"sdfsdf\"yl]\ng(erg)\nr23 *"};
  for (const auto& text : inputs) {
    Recorder rec;
    std::istringstream in(text);
    Reader reader(in);
    int games = 0;
    while (reader.next(rec) && games < 10) ++games;
    EXPECT_LE(games, 2) << text;
  }
}

TEST(PgnReader, SkimHandsOverRawMovetext) {
  Recorder rec(Movetext::Raw);
  read_all(
      "[Event \"a\"]\n1. e4 {1-0 in a comment} (1. d4 1-0) e5 ; 0-1\n2. Nf3 0-1\n[Event \"b\"]\n*",
      rec);
  EXPECT_EQ(rec.log, (Log{"begin@1", "tag:Event=a",
                          "raw:1. e4 {1-0 in a comment} (1. d4 1-0) e5 ; 0-1\n2. Nf3", "result:0-1",
                          "end", "begin@4", "tag:Event=b", "raw:", "result:*", "end"}));
}

TEST(PgnReader, SmallBuffersGiveTheSameTokensAsLargeOnes) {
  // Tokens, comments and tags that straddle block boundaries are reassembled.
  std::string text;
  for (int g = 0; g < 20; ++g) {
    text += "[Event \"Game " + std::to_string(g) + "\"]\n[Site \"somewhere far away\"]\n\n";
    text +=
        "1. e4 {a long comment that certainly crosses a block boundary} e5 $14 (1... c5!? 2. "
        "Nf3) 2. Nf3 ; line comment\n% escape\n2... Nc6 1/2-1/2\n\n";
  }
  const Log big = read_all(text);
  for (const std::size_t size : {64u, 65u, 100u, 257u}) {
    EXPECT_EQ(read_all(text, ReaderOptions{false, size}), big) << size;
    Recorder a(Movetext::Raw), b(Movetext::Raw);
    EXPECT_EQ(read_all(text, a, ReaderOptions{false, size}), read_all(text, b)) << size;
  }
}

TEST(PgnReader, LineNumbersStayRightAcrossBlocks) {
  std::string text;
  for (int g = 0; g < 30; ++g) text += "[Event \"x\"]\n\n1. e4 e5 *\n\n";
  text += "1. e4 e5,\n";
  Recorder rec;
  read_all(text, rec, ReaderOptions{false, 64});
  ASSERT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(rec.errors[0].where.line, 121);
  EXPECT_EQ(rec.errors[0].where.column, 9);
}

TEST(PgnStats, SkimCountsGamesAndResults) {
  std::istringstream in("1. e4 1-0\n\n1. d4 0-1\n\n1. c4 1/2-1/2\n\n1. Nf3 *\n\n1. g3");
  const Stats s = collect_stats(in, ReadMode::Skim);
  EXPECT_EQ(s.games, 5u);
  EXPECT_EQ(s.results, (std::array<std::uint64_t, 5>{1, 1, 1, 1, 1}));
}

TEST(PgnStats, FullModePlaysEveryMove) {
  std::istringstream in("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0\n\n1. d4 0-1");
  const Stats s = collect_stats(in, ReadMode::Full);
  EXPECT_EQ(s.games, 2u);
  EXPECT_EQ(s.plies, 6u);
  EXPECT_EQ(s.errors, 0u);
}

}  // namespace
}  // namespace arbiter::pgn
