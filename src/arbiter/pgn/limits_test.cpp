// Hostile inputs (security issue #14, part 7): the reader's and the builder's limits
// (docs/pgn.md "Limits"). Each input is built in memory, a few MB at most; what is
// checked is deterministic (callbacks, diagnostics, locations), never a wall clock.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/test_util.hpp"

namespace arbiter::pgn {
namespace {

// Counts callbacks and keeps the diagnostics.
struct Counter : Visitor {
  int games = 0, tags = 0, moves = 0, comments = 0, opened = 0, closed = 0, results = 0;
  std::vector<std::string> raw;
  std::vector<Error> errors, warnings;
  Movetext mode = Movetext::Parse;

  void begin_game(int) override { ++games; }
  void tag(std::string_view, std::string_view) override { ++tags; }
  Movetext end_tags(std::optional<Error>&) override { return mode; }
  void move(std::string_view, std::optional<Error>&) override { ++moves; }
  void comment(std::string_view) override { ++comments; }
  void begin_variation() override { ++opened; }
  void end_variation() override { ++closed; }
  void raw_movetext(std::string_view text) override { raw.emplace_back(text); }
  void result(std::string_view) override { ++results; }
  void error(const Error& e) override { errors.push_back(e); }
  void warning(const Error& e) override { warnings.push_back(e); }
};

struct Outcome {
  Counter seen;
  int error_count = 0;
};

Outcome read(const std::string& text, ReaderOptions options = {}, Movetext mode = Movetext::Parse) {
  std::istringstream in(text);
  Reader reader(in, options);
  Outcome out;
  out.seen.mode = mode;
  while (reader.next(out.seen)) {
  }
  out.error_count = reader.error_count();
  return out;
}

std::string repeat(std::string_view piece, std::size_t times) {
  std::string s;
  s.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) s += piece;
  return s;
}

const std::string kNextGame = "\n\n[Event \"next\"]\n\n1. e4 e5 *\n";

TEST(PgnLimits, DeepNestingStopsAtTheLimitWithOneError) {
  // 1.4 MB of "(1. d4 " never closed: was one open variation (and one board copy in the
  // builder) per level, 8 MB of it took minutes.
  const std::string text = "1. e4 " + repeat("(1. d4 ", 200000) + kNextGame;
  const Outcome r = read(text);
  EXPECT_EQ(r.seen.opened, 128);
  EXPECT_EQ(r.seen.closed, 128);
  ASSERT_EQ(r.seen.errors.size(), 1u);
  EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(r.seen.errors[0].where.line, 1);
  EXPECT_EQ(r.seen.errors[0].where.column, 6 + 128 * 7 + 1);  // the 129th '('
  EXPECT_NE(r.seen.errors[0].message.find("nested deeper than 128"), std::string::npos);
  EXPECT_EQ(r.seen.games, 2);  // the next game is still read
  EXPECT_EQ(r.seen.moves, 1 + 128 + 2);
}

TEST(PgnLimits, BareParenthesesAndTheBuilderStayBounded) {
  const auto games = testing::read_games(repeat("(", 1000000) + kNextGame);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0].errors.size(), 1u);
  EXPECT_EQ(games[0].errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(testing::uci_line(games[1].game), "e2e4 e7e5");
}

TEST(PgnLimits, ManyTagsStopAtTheLimitWithOneError) {
  // 1,000,000 tags (14 MB) took minutes: each name was compared with all before it.
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
  text += "\n1. e4 *" + kNextGame;
  const Outcome r = read(text);
  EXPECT_EQ(r.seen.tags, 512 + 1);
  ASSERT_EQ(r.seen.errors.size(), 1u);
  EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(r.seen.errors[0].where.line, 513);
  EXPECT_EQ(r.seen.errors[0].where.column, 1);
  EXPECT_EQ(r.seen.games, 2);
  EXPECT_EQ(r.seen.moves, 3);
}

TEST(PgnLimits, ALongTagLineIsOneErrorAndNotBuffered) {
  const std::string text =
      "[Event \"" + std::string(200000, 'x') + "\"]\n[White \"A\"]\n\n1. e4 *\n";
  const Outcome r = read(text);
  ASSERT_EQ(r.seen.errors.size(), 1u);
  EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(r.seen.errors[0].where.line, 1);
  EXPECT_EQ(r.seen.tags, 1);  // White
  EXPECT_EQ(r.seen.moves, 1);
}

TEST(PgnLimits, ManyTagsOnOneLineDoNotRescanTheLine) {
  // 1,000 tag pairs on one 10 KB line: each is read once (the line end is remembered).
  std::string line;
  for (int i = 0; i < 1000; ++i) line += "[A" + std::to_string(i) + " \"\"]";
  ReaderOptions o;
  o.max_tags = 5000;
  const Outcome r = read(line + "\n1. e4 *", o);
  EXPECT_TRUE(r.seen.errors.empty());
  EXPECT_EQ(r.seen.tags, 1000);
}

TEST(PgnLimits, ARunOfNulBytesIsOneError) {
  // 100 MB of NUL bytes stored one error per byte (4.7 GB).
  const std::string text = "1. e4 " + std::string(4 << 20, '\0') + " e5 *";
  const Outcome r = read(text);
  ASSERT_EQ(r.seen.errors.size(), 1u);
  EXPECT_EQ(r.error_count, 1);
  EXPECT_EQ(r.seen.errors[0].where.line, 1);
  EXPECT_EQ(r.seen.errors[0].where.column, 7);
  EXPECT_NE(r.seen.errors[0].message.find("byte 0"), std::string::npos);
  EXPECT_NE(r.seen.errors[0].message.find(std::to_string((4 << 20) - 1) + " more"),
            std::string::npos);
  EXPECT_EQ(r.seen.moves, 2);
}

TEST(PgnLimits, DiagnosticsAreCappedPerGameButAllCounted) {
  // n and 2n stray ')' give the same diagnostics and twice the count.
  for (const int n : {100000, 200000}) {
    const Outcome r = read("1. e4 " + repeat(") ", static_cast<std::size_t>(n)) + "*");
    EXPECT_EQ(r.seen.errors.size(), 100u);
    EXPECT_EQ(r.error_count, n);
    ASSERT_EQ(r.seen.warnings.size(), 1u);
    EXPECT_EQ(r.seen.warnings[0].code, ErrorCode::kPgnLimit);
    EXPECT_NE(r.seen.warnings[0].message.find(std::to_string(n - 100) + " more errors"),
              std::string::npos);
  }
}

TEST(PgnLimits, DiagnosticsAreCappedPerReader) {
  // 50 games of 60 errors each: 1,000 shown, then one note, then nothing.
  const std::string game = "1. e4 " + repeat(") ", 60) + "*\n";
  const Outcome r = read(repeat(game, 50));
  EXPECT_EQ(r.seen.games, 50);
  EXPECT_EQ(r.error_count, 3000);
  EXPECT_EQ(r.seen.errors.size(), 1000u);
  ASSERT_EQ(r.seen.warnings.size(), 1u);
  EXPECT_NE(r.seen.warnings[0].message.find("1000 errors and warnings shown"), std::string::npos);
}

TEST(PgnLimits, AGameWithOnlyHiddenErrorsIsStillKnownToHaveFailed) {
  // Found by libFuzzer (fuzz_pgn): past the per-reader limit a game's errors are not
  // handed over, so a game with errors looked clean to a visitor.
  std::istringstream in(repeat("1. e4 " + repeat(") ", 60) + "*\n", 20) + "1. e4 Ke5 *\n1. d4 *\n");
  Reader reader(in);
  GameBuilder builder;
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(reader.next(builder));
  ASSERT_TRUE(reader.next(builder));  // 1. e4 Ke5: an illegal move, not shown
  EXPECT_TRUE(builder.errors().empty());
  EXPECT_TRUE(reader.game_failed());
  ASSERT_TRUE(reader.next(builder));  // 1. d4: clean
  EXPECT_FALSE(reader.game_failed());
  EXPECT_EQ(reader.error_count(), 20 * 60 + 1);
}

TEST(PgnLimits, RunsOfReservedAndBracketBytesAreOneErrorEach) {
  // Each '<' or '[' searched the rest of its line for a closing byte: quadratic.
  for (const char c : {'<', '['}) {
    const Outcome r = read("1. e4 " + std::string(1 << 20, c) + "\n1... e5 *");
    EXPECT_EQ(r.error_count, 1) << c;
    EXPECT_EQ(r.seen.moves, 2) << c;
  }
}

TEST(PgnLimits, ReservedPairsOnALongLineAreEachAnError) {
  // "<>" pairs on one 300 KB line: each is an error (100 shown); the line end is not
  // searched again for each pair.
  const Outcome r = read("1. e4 " + repeat("<> ", 100000) + "\n1... e5 *");
  EXPECT_EQ(r.error_count, 100000);
  EXPECT_EQ(r.seen.errors.size(), 100u);
  EXPECT_EQ(r.seen.errors[99].where.column, 7 + 99 * 3);
  EXPECT_EQ(r.seen.moves, 2);
}

TEST(PgnLimits, ALongCommentIsOneErrorAndTheGameGoesOn) {
  for (const char* open : {"{", ";"}) {
    const std::string text = std::string("1. e4 ") + open + std::string(3 << 20, 'a') +
                             (open[0] == '{' ? "}" : "") + "\n1... e5 *";
    const Outcome r = read(text);
    ASSERT_EQ(r.seen.errors.size(), 1u) << open;
    EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
    EXPECT_EQ(r.seen.errors[0].where.column, 7);
    EXPECT_EQ(r.seen.comments, 0);
    EXPECT_EQ(r.seen.moves, 2);
  }
}

TEST(PgnLimits, ALongSymbolIsOneError) {
  const Outcome r = read("1. e4 " + std::string(3 << 20, 'a') + " e5 *");
  ASSERT_EQ(r.seen.errors.size(), 1u);
  EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(r.seen.moves, 2);
}

TEST(PgnLimits, SkippedGamesDoNotKeepTheirComments) {
  // An unsupported variant's movetext is skipped; its open comment ends at the next game.
  const std::string text = "[Variant \"Atomic\"]\n\n1. e4 {" + std::string(3 << 20, 'a') +
                           "\n[Event \"next\"]\n\n1. e4 *";
  const Outcome r = read(text);
  EXPECT_EQ(r.seen.games, 2);
  ASSERT_EQ(r.seen.errors.size(), 2u);  // the variant, the comment not closed
  EXPECT_EQ(r.seen.errors[1].where.line, 3);
  EXPECT_EQ(r.seen.errors[1].where.column, 7);
}

TEST(PgnLimits, SkimModeHandsOverAtMostTheMovetextLimit) {
  // pgn stats reads movetext in one piece: a game longer than the limit is not kept.
  ReaderOptions o;
  o.max_movetext_bytes = 4096;
  o.buffer_size = 256;
  for (const std::string& middle : {repeat("e4 e5 ", 2000), "e4 {" + repeat("a", 9000) + "}",
                                    "e4 ;" + repeat("a", 9000) + "\n"}) {
    const Outcome r = read("1. " + middle + " 1-0" + kNextGame, o, Movetext::Raw);
    ASSERT_EQ(r.seen.errors.size(), 1u);
    EXPECT_EQ(r.seen.errors[0].code, ErrorCode::kPgnLimit);
    EXPECT_EQ(r.seen.errors[0].where.column, 1);
    ASSERT_EQ(r.seen.raw.size(), 2u);
    EXPECT_EQ(r.seen.raw[0], "");
    EXPECT_EQ(r.seen.raw[1], "1. e4 e5");
    EXPECT_EQ(r.seen.results, 2);
  }
}

TEST(PgnLimits, ManyVariationsOnOneMoveKeepTheirOrder) {
  // Each variation walked the whole sibling chain before it: quadratic.
  const auto games = testing::read_games("1. e4 " + repeat("(1. d4) (1. c4) ", 20000) + "*");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].errors.empty());
  EXPECT_EQ(games[0].game.node_count(), 40001u);
  int i = 0;
  for (const Node* n = games[0].game.root.main_child()->sibling.get(); n != nullptr;
       n = n->sibling.get(), ++i)
    ASSERT_EQ(n->move.to(), i % 2 == 0 ? core::Square::D4 : core::Square::C4) << i;
  EXPECT_EQ(i, 40000);
}

TEST(PgnLimits, AddingVariationsIsLinear) {
  // Deterministic work count: sibling links followed by the builder, at n and 2n
  // variations on one move and on moves at several depths.
  const auto steps = [](int n) {
    std::istringstream in("1. e4 e5 " + repeat("(1... d5 2. exd5 (2. e5) (2. d4)) ", n) + "*");
    Reader reader(in);
    GameBuilder builder;
    EXPECT_TRUE(reader.next(builder));
    EXPECT_TRUE(builder.errors().empty());
    EXPECT_EQ(builder.plies(), static_cast<std::size_t>(2 + 4 * n));
    return builder.link_steps();
  };
  const std::size_t small = steps(5000), large = steps(10000);
  EXPECT_LE(small, 4u * 5000);
  EXPECT_LE(large, 2 * small + 4);
}

TEST(PgnLimits, VariationsAtSeveralDepthsJoinTheRightChains) {
  const auto games =
      testing::read_games("1. e4 e5 (1... d5 (1... c5) 2. exd5) (1... Nf6) (1... e6) *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].errors.empty());
  std::vector<core::Square> order;
  for (const Node* n = games[0].game.root.main_child()->main_child(); n != nullptr;
       n = n->sibling.get())
    order.push_back(n->move.to());
  using core::Square;
  EXPECT_EQ(order,
            (std::vector<Square>{Square::E5, Square::D5, Square::C5, Square::F6, Square::E6}));
}

TEST(PgnLimits, MovesPerGameAreBounded) {
  BuilderOptions o;
  o.max_moves = 10;
  const auto games = testing::read_games(repeat("Nf3 Nf6 Ng1 Ng8 ", 10) + "*" + kNextGame, o);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game.node_count(), 10u);
  ASSERT_EQ(games[0].errors.size(), 1u);
  EXPECT_EQ(games[0].errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(games[0].errors[0].where.column, 1 + 10 * 4);
  EXPECT_TRUE(games[1].errors.empty());
}

TEST(PgnLimits, NagsAfterOneMoveAreBoundedWithOneError) {
  // 1,000 NAGs after e4 under the default limit of 16: the first 16 are kept, one
  // kPgnLimit error at the 17th, and the count starts again with the next move.
  ASSERT_EQ(ReaderOptions{}.max_nags_per_move, 16);
  const auto games = testing::read_games("1. e4 " + repeat("$1 ", 1000) + "e5 ! *" + kNextGame);
  ASSERT_EQ(games.size(), 2u);
  const Node* e4 = games[0].game.root.main_child();
  ASSERT_NE(e4, nullptr);
  EXPECT_EQ(e4->nags.size(), 16u);
  ASSERT_NE(e4->main_child(), nullptr);
  EXPECT_EQ(e4->main_child()->nags, (std::vector<std::uint8_t>{1}));
  ASSERT_EQ(games[0].errors.size(), 1u);
  EXPECT_EQ(games[0].errors[0].code, ErrorCode::kPgnLimit);
  EXPECT_EQ(games[0].errors[0].where.column, 7 + 16 * 3);
  EXPECT_TRUE(games[1].errors.empty());
}

}  // namespace
}  // namespace arbiter::pgn
