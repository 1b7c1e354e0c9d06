// Every PGN file of the reference data is read: game counts, expected errors with their
// locations, no crash, no hang (docs/pgn.md; issue 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/stats.hpp"

namespace arbiter::pgn {
namespace {

namespace fs = std::filesystem;

const fs::path kData = ARB_TESTDATA_DIR;

struct FileResult {
  int games = 0;
  std::uint64_t plies = 0;
  std::vector<Error> errors, warnings;
};

FileResult read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  Reader reader(in);
  GameBuilder builder;
  FileResult r;
  while (reader.next(builder)) {
    ++r.games;
    r.plies += builder.plies();
    r.errors.insert(r.errors.end(), builder.errors().begin(), builder.errors().end());
    r.warnings.insert(r.warnings.end(), builder.warnings().begin(), builder.warnings().end());
  }
  EXPECT_EQ(static_cast<std::size_t>(reader.error_count()), r.errors.size()) << path;
  return r;
}

// Game counts. Where `pgn-extract -o /dev/null FILE` (19.04, "N games matched out of M")
// reads a file without trouble, M is the number; for files it splits or drops, the count
// was made by hand and the comment says how.
const std::map<std::string, int> kGameCounts = {
    // games/: pgn-extract; also the README's table and `grep -c '^\[Event '`.
    {"games/TCEC_Season_13_-_Superfinal.pgn", 100},
    {"games/TCEC_Season_21_-_Frc4_Final.pgn", 50},
    {"games/TCEC_Season_22_-_League_1.pgn", 112},
    {"games/twic0920.pgn", 2245},
    {"games/world_matches.pgn", 580},
    // chess.js: 0.pgn is one game on one line with "<br />" separators (by hand;
    // pgn-extract splits it into 44 pieces); the others: pgn-extract.
    {"pgn/chess.js/0.pgn", 1},
    {"pgn/chess.js/1.pgn", 1},
    {"pgn/chess.js/2.pgn", 1},
    {"pgn/chess.js/3.pgn", 1},
    {"pgn/chess.js/benchmark.pgn", 100},
    // notnil: pgn-extract, except 0008-0010 (movetext without tags or result: one game
    // each by hand; pgn-extract drops them).
    {"pgn/notnil-chess/0001.pgn", 1},
    {"pgn/notnil-chess/0002.pgn", 1},
    {"pgn/notnil-chess/0003.pgn", 1},
    {"pgn/notnil-chess/0004.pgn", 1},
    {"pgn/notnil-chess/0005.pgn", 1},
    {"pgn/notnil-chess/0006.pgn", 5},
    {"pgn/notnil-chess/0007.pgn", 5},
    {"pgn/notnil-chess/0008.pgn", 1},
    {"pgn/notnil-chess/0009.pgn", 1},
    {"pgn/notnil-chess/0010.pgn", 1},
    {"pgn/notnil-chess/0011.pgn", 1},
    {"pgn/notnil-chess/0012.pgn", 1},
    {"pgn/notnil-chess/0013.pgn", 3},
    {"pgn/notnil-chess/0014.pgn", 5},
    {"pgn/notnil-chess/0015.pgn", 1},
    // pgn-parser: pgn-extract, except sampleGameThrow (one movetext line: 1 by hand).
    {"pgn/pgn-parser/32games.pgn", 32},
    {"pgn/pgn-parser/benko.pgn", 2},
    {"pgn/pgn-parser/lichess_mliebelt_2024-01-03.pgn", 8},
    {"pgn/pgn-parser/sampleGameThrow.pgn", 1},
    {"pgn/pgn-parser/sampleGames.pgn", 9},
    {"pgn/pgn-parser/twic-01-232games.pgn", 232},
    // pychess: pgn-extract; by hand (one tag section each) for badpgn and the GNU Chess
    // exports a-f, black, draw, promotion, which pgn-extract drops for their missing result.
    {"pgn/pychess/3fold.pgn", 2},
    {"pgn/pychess/50.pgn", 1},
    {"pgn/pychess/50halfmoves.pgn", 1},
    {"pgn/pychess/a.pgn", 1},
    {"pgn/pychess/annotated.pgn", 1},
    {"pgn/pychess/b.pgn", 1},
    {"pgn/pychess/badpgn.pgn", 1},
    {"pgn/pychess/bilbao.pgn", 1},
    {"pgn/pychess/black.pgn", 1},
    {"pgn/pychess/c.pgn", 1},
    {"pgn/pychess/chess960rwch.pgn", 20},
    {"pgn/pychess/d.pgn", 1},
    {"pgn/pychess/dortmund.pgn", 347},
    {"pgn/pychess/draw.pgn", 1},
    {"pgn/pychess/e.pgn", 1},
    {"pgn/pychess/f.pgn", 1},
    {"pgn/pychess/fenSetup.pgn", 1},
    {"pgn/pychess/insufficient_material.pgn", 1},
    {"pgn/pychess/mate.pgn", 1},
    {"pgn/pychess/material.pgn", 1},
    {"pgn/pychess/promotion.pgn", 1},
    {"pgn/pychess/threefold.pgn", 1},
    // python-chess: pgn-extract, except immortal-games (36 [Event] tags, as the README
    // says; pgn-extract splits at its errors into 64) and the two Crazyhouse files (one
    // [Event] each; pgn-extract splits at the drops).
    {"pgn/python-chess/anastasian-lewis.pgn", 1},
    {"pgn/python-chess/chessbase-empty-line.pgn", 1},
    {"pgn/python-chess/cutechess-fischerrandom.pgn", 4},
    {"pgn/python-chess/immortal-games.pgn", 36},
    {"pgn/python-chess/kasparov-deep-blue-1997.pgn", 6},
    {"pgn/python-chess/molinari-bordais-1979.pgn", 1},
    {"pgn/python-chess/nepomniachtchi-liren-game1.pgn", 1},
    {"pgn/python-chess/stockfish-learning.pgn", 1},
    {"pgn/python-chess/uci-moves.pgn", 1},
    {"pgn/python-chess/utf8-bom.pgn", 2},
    {"pgn/python-chess/variants/antichess-programfox.pgn", 2},
    {"pgn/python-chess/variants/knightvuillaume-jannlee-zh-lichess.pgn", 1},
    {"pgn/python-chess/variants/saturs-jannlee-zh-lichess.pgn", 1},
    {"pgn/python-chess/variations-nags-and-comments.pgn", 1},
    // scalachess: FWWRC has 605 [Event] tags and uzchesscup 45 [Round] tags, tag-only
    // games (pgn-extract: 0); pgn-render-pgns.txt: 12 tagged games + 3 bare movetexts
    // (lines 57, 61, 65), by hand; wcc2023: pgn-extract.
    {"pgn/scalachess/FWWRC.pgn", 605},
    {"pgn/scalachess/uzchesscup.pgn", 45},
    {"pgn/scalachess/pgn-render-pgns.txt", 15},
    {"pgn/scalachess/pgn-render-wcc2023.txt", 3},
    // sunfish: pgn-extract (pgns.pgn also has 278 lines, one game each).
    {"pgn/sunfish/3fold.pgn", 713},
    {"pgn/sunfish/pgns.pgn", 278},
};

bool has_error(const FileResult& r, ErrorCode code, int line, int column) {
  return std::any_of(r.errors.begin(), r.errors.end(), [&](const Error& e) {
    return e.code == code && e.where.line == line && e.where.column == column;
  });
}

int count_code(const FileResult& r, ErrorCode code) {
  return static_cast<int>(std::count_if(r.errors.begin(), r.errors.end(),
                                        [&](const Error& e) { return e.code == code; }));
}

// Files expected to have errors; all others must read without any.
const std::vector<std::string> kFilesWithErrors = {
    "pgn/chess.js/0.pgn",
    "pgn/pgn-parser/sampleGameThrow.pgn",
    "pgn/pychess/badpgn.pgn",
    "pgn/python-chess/immortal-games.pgn",
    "pgn/python-chess/variants/antichess-programfox.pgn",
    "pgn/python-chess/variants/knightvuillaume-jannlee-zh-lichess.pgn",
    "pgn/python-chess/variants/saturs-jannlee-zh-lichess.pgn",
    "pgn/scalachess/pgn-render-pgns.txt",
};

TEST(PgnCorpus, EveryFileIsListedAndReadWithTheRightGameCount) {
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kData / "pgn")) {
    if (!entry.is_regular_file() || entry.path().extension() == ".json") continue;
    const std::string rel = fs::relative(entry.path(), kData).generic_string();
    const auto it = kGameCounts.find(rel);
    ASSERT_NE(it, kGameCounts.end()) << "unlisted test file " << rel;
    EXPECT_EQ(read_file(entry.path()).games, it->second) << rel;
    ++files;
  }
  for (const auto& entry : fs::directory_iterator(kData / "games")) {
    const std::string rel = fs::relative(entry.path(), kData).generic_string();
    ASSERT_EQ(kGameCounts.count(rel), 1u) << rel;
    EXPECT_EQ(read_file(entry.path()).games, kGameCounts.at(rel)) << rel;
    ++files;
  }
  EXPECT_EQ(files, static_cast<int>(kGameCounts.size()));
}

TEST(PgnCorpus, CleanFilesHaveNoErrors) {
  for (const auto& [rel, count] : kGameCounts) {
    if (std::find(kFilesWithErrors.begin(), kFilesWithErrors.end(), rel) != kFilesWithErrors.end())
      continue;
    const FileResult r = read_file(kData / rel);
    EXPECT_TRUE(r.errors.empty()) << rel << ": " << (r.errors.empty() ? "" : r.errors[0].message)
                                  << " at " << (r.errors.empty() ? 0 : r.errors[0].where.line);
  }
}

TEST(PgnCorpus, VariantFilesAreRefused) {
  EXPECT_EQ(count_code(read_file(kData / "pgn/python-chess/variants/antichess-programfox.pgn"),
                       ErrorCode::kPgnUnsupportedVariant),
            2);
  for (const char* f : {"pgn/python-chess/variants/knightvuillaume-jannlee-zh-lichess.pgn",
                        "pgn/python-chess/variants/saturs-jannlee-zh-lichess.pgn"}) {
    const FileResult r = read_file(kData / f);
    ASSERT_EQ(r.errors.size(), 1u) << f;
    EXPECT_EQ(r.errors[0].code, ErrorCode::kPgnUnsupportedVariant);
    EXPECT_EQ(r.plies, 0u);  // no drop like N@g5 is ever parsed
  }
  // The Crazyhouse game among scalachess's writer snapshots (its Variant tag on line 50).
  const FileResult render = read_file(kData / "pgn/scalachess/pgn-render-pgns.txt");
  ASSERT_EQ(render.errors.size(), 1u);
  EXPECT_TRUE(has_error(render, ErrorCode::kPgnUnsupportedVariant, 50, 1));
}

TEST(PgnCorpus, ImmortalGamesReportTheirSloppyMoves) {
  const FileResult r = read_file(kData / "pgn/python-chess/immortal-games.pgn");
  // Line 17 "5. Nf3 Nd7": both black knights reach d7 (Pillsbury-Tarrasch 1895 has Nbd7).
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnAmbiguousMove, 17, 8));
  // Line 26 "9. Bxe7, Qxe7": commas are not PGN.
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnSyntax, 26, 44));
  EXPECT_GE(count_code(r, ErrorCode::kPgnSyntax), 20);
  // Latin-1 text is read, with one warning.
  EXPECT_EQ(std::count_if(r.warnings.begin(), r.warnings.end(),
                          [](const Error& e) { return e.code == ErrorCode::kPgnEncoding; }),
            1);
  EXPECT_GT(r.plies, 1000u);  // the other games are read
}

TEST(PgnCorpus, BadPgnFailsGracefully) {
  const FileResult r = read_file(kData / "pgn/pychess/badpgn.pgn");
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnBadTag, 1, 18));  // [kj90trkm"sdfsdf"yl]
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnSyntax, 2, 1));   // "g" is not a move
  EXPECT_EQ(r.plies, 0u);
}

TEST(PgnCorpus, SampleGameThrowIsRejected) {
  // "2. Sf3": the German knight letter is not PGN (PGN standard 8.2.3).
  const FileResult r = read_file(kData / "pgn/pgn-parser/sampleGameThrow.pgn");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnSyntax, 2, 13));
  EXPECT_EQ(r.plies, 2u);
}

TEST(PgnCorpus, ChessJsHtmlLineBreaksAreErrors) {
  const FileResult r = read_file(kData / "pgn/chess.js/0.pgn");
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnSyntax, 1, 12));   // the first "<br />"
  EXPECT_TRUE(has_error(r, ErrorCode::kPgnBadTag, 1, 172));  // [GreatestGameEverPlayed? ...]
  EXPECT_EQ(count_code(r, ErrorCode::kPgnSyntax), 44);
  EXPECT_EQ(r.plies, 77u);  // the moves between the "<br />"s are still read
}

TEST(PgnCorpus, MissingTerminationMarkersAreWarnings) {
  for (const char* f :
       {"pgn/pychess/a.pgn", "pgn/notnil-chess/0008.pgn", "pgn/pychess/promotion.pgn"}) {
    const FileResult r = read_file(kData / f);
    ASSERT_EQ(r.warnings.size(), 1u) << f;
    EXPECT_EQ(r.warnings[0].code, ErrorCode::kPgnBadResult) << f;
    EXPECT_GT(r.plies, 0u) << f;
  }
}

TEST(PgnCorpus, SpecialCasesArePlayedThrough) {
  // Z0 null move; UCI movetext; Chess960 with X-FEN and Shredder-FEN; SetUp with Black to move.
  EXPECT_EQ(read_file(kData / "pgn/python-chess/anastasian-lewis.pgn").errors.size(), 0u);
  EXPECT_GT(read_file(kData / "pgn/python-chess/uci-moves.pgn").plies, 10u);
  EXPECT_GT(read_file(kData / "pgn/python-chess/cutechess-fischerrandom.pgn").plies, 100u);
  EXPECT_GT(read_file(kData / "pgn/pychess/chess960rwch.pgn").plies, 1000u);
  EXPECT_GT(read_file(kData / "games/TCEC_Season_21_-_Frc4_Final.pgn").plies, 5000u);
  EXPECT_GT(read_file(kData / "pgn/pychess/fenSetup.pgn").plies, 0u);
}

TEST(PgnCorpus, SkimAndFullModesCountTheSameGames) {
  for (const auto& entry : fs::directory_iterator(kData / "games")) {
    std::ifstream a(entry.path(), std::ios::binary), b(entry.path(), std::ios::binary);
    const Stats skim = collect_stats(a, ReadMode::Skim);
    const Stats full = collect_stats(b, ReadMode::Full);
    EXPECT_EQ(skim.games, full.games) << entry.path();
    EXPECT_EQ(skim.results, full.results) << entry.path();
    EXPECT_EQ(skim.bytes, fs::file_size(entry.path()));
  }
}

}  // namespace
}  // namespace arbiter::pgn
