// The PGN import's JSON (POST /api/pgn, docs/web-protocol.md §1.8): games read back with
// their tags, move trees, comments, NAGs and clocks; errors and warnings with their game,
// line and column; the limits of an import.
#include "arbiter/wire/pgn_import.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::wire {
namespace {

// Ordered, so that the order of the tags can be checked.
using json = nlohmann::ordered_json;

json parse(const PgnImport& import) {
  auto j = json::parse(import.json, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << import.json;
  return j;
}

constexpr const char* kAnnotated = R"([Event "Club championship"]
[Site "Riga"]
[Date "2024.03.01"]
[Round "4"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

{A quiet opening.} 1. e4 {[%clk 0:02:59]} e5 {[%clk 0:02:58] [%eval 0.25]} 2. Nf3 $1 (2. f4!? exf4
(2... d5 $14 {the
counter-gambit}) 3. Nf3) 2... Nc6 {[%clk 0:02:50.5] Develops.} 3. Bb5 a6?!
1-0
)";

TEST(PgnImport, AGameWithVariationsCommentsNagsAndClocksRoundTrips) {
  const PgnImport import = import_pgn(kAnnotated);
  const json j = parse(import);
  EXPECT_EQ(import.games, 1u);
  EXPECT_EQ(import.moves, 10u);  // 6 on the main line, 4 in the variations
  EXPECT_EQ(import.errors, 0);
  EXPECT_FALSE(import.truncated);
  ASSERT_EQ(j["games"].size(), 1u);
  const json& g = j["games"][0];
  EXPECT_EQ(g["number"], 1);
  EXPECT_EQ(g["line"], 1);
  EXPECT_EQ(g["tags"]["White"], "Anna");
  EXPECT_EQ(g["tags"]["Event"], "Club championship");
  EXPECT_EQ(g["tags"].begin().key(), "Event");  // in the order of the file
  EXPECT_EQ(g["start_fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(g["chess960"], false);
  EXPECT_EQ(g["result"], "1-0");
  EXPECT_EQ(g["plies"], 10);
  EXPECT_EQ(g["failed"], false);
  EXPECT_EQ(g["comment"], "A quiet opening.");

  const json& moves = g["moves"];
  ASSERT_EQ(moves.size(), 6u);
  EXPECT_EQ(moves[0]["san"], "e4");
  EXPECT_EQ(moves[0]["uci"], "e2e4");
  EXPECT_EQ(moves[0]["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(moves[0]["clock_ms"], 179000);
  EXPECT_FALSE(moves[0].contains("comment")) << "the [%clk] command is taken out of the text";
  EXPECT_FALSE(moves[0].contains("nags"));
  EXPECT_FALSE(moves[0].contains("variations"));
  EXPECT_EQ(moves[1]["clock_ms"], 178000);
  EXPECT_EQ(moves[1]["eval"], "0.25");
  EXPECT_EQ(moves[2]["san"], "Nf3");
  EXPECT_EQ(moves[2]["nags"], json::array({1}));
  EXPECT_EQ(moves[3]["san"], "Nc6");
  EXPECT_EQ(moves[3]["clock_ms"], 170500);
  EXPECT_EQ(moves[3]["comment"], "Develops.");
  EXPECT_EQ(moves[5]["san"], "a6");
  EXPECT_EQ(moves[5]["nags"], json::array({6}));  // ?!

  // 2. f4 replaces 2. Nf3, from the position after 1... e5; inside it 2... d5 replaces
  // 2... exf4.
  ASSERT_EQ(moves[2]["variations"].size(), 1u);
  const json& gambit = moves[2]["variations"][0];
  ASSERT_EQ(gambit.size(), 3u);
  EXPECT_EQ(gambit[0]["san"], "f4");
  EXPECT_EQ(gambit[0]["uci"], "f2f4");
  EXPECT_EQ(gambit[0]["nags"], json::array({5}));  // !?
  EXPECT_EQ(gambit[0]["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2");
  EXPECT_EQ(gambit[1]["san"], "exf4");
  EXPECT_EQ(gambit[2]["san"], "Nf3");
  ASSERT_EQ(gambit[1]["variations"].size(), 1u);
  const json& counter = gambit[1]["variations"][0];
  ASSERT_EQ(counter.size(), 1u);
  EXPECT_EQ(counter[0]["san"], "d5");
  EXPECT_EQ(counter[0]["nags"], json::array({14}));
  EXPECT_EQ(counter[0]["comment"], "the counter-gambit");
  EXPECT_EQ(counter[0]["fen"], "rnbqkbnr/ppp2ppp/8/3pp3/4PP2/8/PPPP2PP/RNBQKBNR w KQkq d6 0 3");
  EXPECT_FALSE(gambit[0].contains("variations")) << "the first move of a variation owns none";

  EXPECT_EQ(j["errors"], json::array());
  EXPECT_EQ(j["warnings"], json::array());
  EXPECT_EQ(j["truncated"], false);
  EXPECT_EQ(j["error_count"], 0);
}

TEST(PgnImport, SeveralVariationsOnOneMoveComeInTheirOrder) {
  const json j = parse(import_pgn("1. e4 (1. d4 d5) (1. c4) (1. Nf3 Nf6 2. g3) e5 *\n"));
  const json& e4 = j["games"][0]["moves"][0];
  ASSERT_EQ(e4["variations"].size(), 3u);
  EXPECT_EQ(e4["variations"][0][1]["san"], "d5");
  EXPECT_EQ(e4["variations"][1][0]["san"], "c4");
  EXPECT_EQ(e4["variations"][2][2]["uci"], "g2g3");
  EXPECT_EQ(j["games"][0]["moves"][1]["san"], "e5");
  EXPECT_FALSE(e4["variations"][1][0].contains("variations"));
}

TEST(PgnImport, CommentsBeforeAVariationDrawOffersNullMovesAndEmt) {
  const json j = parse(import_pgn(
      "1. e4 ({White may also play} 1. d4 --) e5 {[%emt 0:00:12] [%draw offer]} 2. Qh5 *\n"));
  const json& moves = j["games"][0]["moves"];
  const json& d4 = moves[0]["variations"][0];
  EXPECT_EQ(d4[0]["comment_before"], "White may also play");
  EXPECT_EQ(d4[1]["san"], "--");
  EXPECT_EQ(d4[1]["uci"], "0000");
  EXPECT_EQ(d4[1]["fen"], "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2");
  EXPECT_EQ(moves[1]["emt_ms"], 12000);
  EXPECT_EQ(moves[1]["draw_offer"], true);
  EXPECT_EQ(moves[2]["san"], "Qh5");
}

TEST(PgnImport, ASetUpPositionAndChess960) {
  const json j = parse(import_pgn(R"([Variant "Chess960"]
[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R2K3R w HAha - 0 1"]

1. O-O O-O-O *
)"));
  const json& g = j["games"][0];
  EXPECT_EQ(g["start_fen"], "r3k2r/8/8/8/8/8/8/R2K3R w HAha - 0 1");
  EXPECT_EQ(g["chess960"], true);
  EXPECT_EQ(g["moves"][0]["san"], "O-O");
  EXPECT_EQ(g["moves"][0]["uci"], "d1h1");  // king takes rook in Chess960
  EXPECT_EQ(g["moves"][0]["fen"], "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
  EXPECT_EQ(g["moves"][1]["san"], "O-O-O");
  EXPECT_EQ(g["moves"][1]["uci"], "e8a8");
  EXPECT_EQ(j["errors"], json::array());
}

constexpr const char* kThreeGames = R"([Event "One"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Two"]
[White "C"]
[Black "D"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "Three"]
[White "E"]
[Black "F"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
)";

TEST(PgnImport, AnIllegalMoveIsReportedByGameLineAndColumnAndTheOtherGamesStay) {
  const PgnImport import = import_pgn(kThreeGames);
  const json j = parse(import);
  ASSERT_EQ(j["games"].size(), 3u);
  EXPECT_EQ(j["games"][0]["failed"], false);
  EXPECT_EQ(j["games"][0]["moves"].size(), 7u);
  const json& bad = j["games"][1];
  EXPECT_EQ(bad["number"], 2);
  EXPECT_EQ(bad["line"], 8);
  EXPECT_EQ(bad["tags"]["White"], "C");
  EXPECT_EQ(bad["failed"], true);
  ASSERT_EQ(bad["moves"].size(), 2u) << "the moves before the illegal one are kept";
  EXPECT_EQ(bad["moves"][1]["san"], "e5");
  EXPECT_EQ(j["games"][2]["failed"], false);
  EXPECT_EQ(j["games"][2]["moves"][3]["san"], "Qh4#");
  ASSERT_EQ(j["errors"].size(), 1u);
  const json& e = j["errors"][0];
  EXPECT_EQ(e["game"], 2);
  EXPECT_EQ(e["line"], 13);
  EXPECT_EQ(e["column"], 13);
  EXPECT_EQ(e["code"], "pgn-illegal-move");
  EXPECT_NE(e["message"].get<std::string>().find("Ke3"), std::string::npos) << e;
  EXPECT_EQ(import.errors, 1);
  EXPECT_EQ(j["error_count"], 1);
}

TEST(PgnImport, ABadFenTagIsAnErrorAtTheTagAndTheNextGameIsRead) {
  const json j = parse(import_pgn(R"([Event "No marker"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]

1. e4

[Event "Next"]
1. d4 *
)"));
  ASSERT_EQ(j["games"].size(), 2u);
  EXPECT_EQ(j["games"][0]["failed"], true);
  EXPECT_EQ(j["games"][0]["moves"], json::array());
  ASSERT_GE(j["errors"].size(), 1u);
  EXPECT_EQ(j["errors"][0]["code"], "pgn-bad-fen");
  EXPECT_EQ(j["errors"][0]["game"], 1);
  EXPECT_EQ(j["errors"][0]["line"], 2);  // located at the FEN tag
  EXPECT_EQ(j["games"][1]["moves"][0]["san"], "d4");
  EXPECT_EQ(j["games"][1]["failed"], false);
}

TEST(PgnImport, AMissingTerminationMarkerIsAWarningOfItsGame) {
  const json j = parse(import_pgn("[Event \"A\"]\n\n1. e4 e5\n\n[Event \"B\"]\n\n1. d4 *\n"));
  ASSERT_EQ(j["games"].size(), 2u);
  EXPECT_EQ(j["errors"], json::array());
  ASSERT_EQ(j["warnings"].size(), 1u);
  EXPECT_EQ(j["warnings"][0]["game"], 1);
  EXPECT_GT(j["warnings"][0]["line"].get<int>(), 0);
  EXPECT_GT(j["warnings"][0]["column"].get<int>(), 0);
  EXPECT_EQ(j["warning_count"], 1);
  EXPECT_EQ(j["games"][0]["result"], "");
}

TEST(PgnImport, NoGamesIsAnEmptyList) {
  const PgnImport import = import_pgn("");
  const json j = parse(import);
  EXPECT_EQ(j["games"], json::array());
  EXPECT_EQ(j["errors"], json::array());
  EXPECT_EQ(import.games, 0u);
}

TEST(PgnImport, BeyondTheGameLimitTheRestIsNotReadAndOneErrorSaysWhere) {
  const PgnImport import = import_pgn(kThreeGames, PgnImportLimits{.max_games = 2});
  const json j = parse(import);
  EXPECT_EQ(j["games"].size(), 2u);
  EXPECT_TRUE(import.truncated);
  EXPECT_EQ(j["truncated"], true);
  const json& last = j["errors"].back();
  EXPECT_EQ(last["game"], 3);
  EXPECT_EQ(last["line"], 15);
  EXPECT_EQ(last["column"], 1);
  EXPECT_EQ(last["code"], "pgn-limit");
  EXPECT_NE(last["message"].get<std::string>().find("more than 2 games"), std::string::npos);
  EXPECT_EQ(import.errors, 2);  // game 2's illegal move, and this one
  // Exactly at the limit nothing is cut.
  EXPECT_FALSE(import_pgn(kThreeGames, PgnImportLimits{.max_games = 3}).truncated);
}

TEST(PgnImport, BeyondTheMoveLimitTheRestIsNotReadAndOneErrorSaysWhere) {
  // Game one has 7 moves; the budget of 9 ends after the second move of game two.
  const PgnImport import = import_pgn(kThreeGames, PgnImportLimits{.max_moves = 9});
  const json j = parse(import);
  EXPECT_TRUE(import.truncated);
  EXPECT_EQ(import.moves, 9u);
  ASSERT_EQ(j["games"].size(), 2u);
  EXPECT_EQ(j["games"][1]["moves"].size(), 2u);
  ASSERT_EQ(j["errors"].size(), 1u);
  const json& e = j["errors"][0];
  EXPECT_EQ(e["game"], 2);
  EXPECT_EQ(e["line"], 13);
  EXPECT_EQ(e["column"], 13);
  EXPECT_EQ(e["code"], "pgn-limit");
  EXPECT_NE(e["message"].get<std::string>().find("more than 9 moves"), std::string::npos);
  // Variations count: 10 moves in all, so a budget of 9 leaves the last one out.
  const PgnImport tree = import_pgn(kAnnotated, PgnImportLimits{.max_moves = 9});
  EXPECT_TRUE(tree.truncated);
  EXPECT_EQ(tree.moves, 9u);
  EXPECT_EQ(parse(tree)["games"][0]["moves"].size(), 5u);
  EXPECT_FALSE(import_pgn(kAnnotated, PgnImportLimits{.max_moves = 10}).truncated);
}

TEST(PgnImport, TextThatIsNotUtf8StillGivesValidJson) {
  // Latin-1 in a comment and a tag (converted by the reader), and a control character.
  const std::string pgn = "[White \"Jos\xe9\"]\n\n1. e4 {caf\xe9\x01} *\n";
  const json j = parse(import_pgn(pgn));
  EXPECT_EQ(j["games"][0]["tags"]["White"], "Jos\xc3\xa9");
}

}  // namespace
}  // namespace arbiter::wire
