#include "arbiter/engine/nnue_datagen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "arbiter/engine/training_data.hpp"

namespace arbiter::engine {
namespace {

namespace fs = std::filesystem;

// Tiny searches so that a few games take well under a second.
NnueDatagenOptions tiny() {
  NnueDatagenOptions o;
  o.games_per_chunk = 3;
  o.soft_nodes = 200;
  o.hard_nodes = 1000;
  o.opening_nodes = 300;
  o.max_plies = 60;
  o.hash_mb = 1;
  return o;
}

const std::vector<std::string> kBook = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5"};

std::vector<TrainingLine> parse_all(const std::string& text) {
  std::vector<TrainingLine> out;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    auto parsed = parse_training_line(line, "line " + std::to_string(++n));
    EXPECT_TRUE(parsed.has_value()) << line << ": " << parsed.error().message;
    if (parsed) out.push_back(*parsed);
  }
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path fresh_dir(const char* name) {
  const fs::path dir =
      fs::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

TEST(NnueDatagen, WritesQuietPositionsThatParse) {
  std::ostringstream out;
  const NnueChunkStats s = generate_nnue_chunk(tiny(), kBook, 0, out);
  EXPECT_EQ(s.games, 3);
  EXPECT_EQ(s.white_wins + s.draws + s.black_wins, 3);
  const auto lines = parse_all(out.str());
  EXPECT_EQ(lines.size(), s.positions);
  EXPECT_GT(lines.size(), 20u);
  for (const TrainingLine& l : lines) {
    EXPECT_FALSE(l.pos.in_check()) << l.pos.fen();
    EXPECT_FALSE(is_mate_score(l.score));
  }
}

TEST(NnueDatagen, EachChunkIsReproducibleAndDifferent) {
  std::ostringstream a;
  std::ostringstream b;
  std::ostringstream c;
  generate_nnue_chunk(tiny(), kBook, 4, a);
  generate_nnue_chunk(tiny(), kBook, 4, b);
  generate_nnue_chunk(tiny(), kBook, 5, c);
  EXPECT_EQ(a.str(), b.str());
  EXPECT_NE(a.str(), c.str());
}

// White is a rook up: with a low win threshold the games are adjudicated for White, every
// score is positive from White's side whoever is to move, and the result is 1.0; the
// mirrored position gives the opposite.
TEST(NnueDatagen, ScoresAndResultsAreFromWhitesView) {
  NnueDatagenOptions o = tiny();
  o.max_opening_score = 5000;
  o.win_score = 300;
  o.win_plies = 4;
  const auto check = [&](const std::string& fen, float result, int sign) {
    std::ostringstream out;
    const NnueChunkStats s = generate_nnue_chunk(o, {fen}, 0, out);
    EXPECT_EQ(s.adjudicated, 3);
    const auto lines = parse_all(out.str());
    ASSERT_FALSE(lines.empty());
    bool both_sides = false;
    for (const TrainingLine& l : lines) {
      EXPECT_EQ(l.result, result) << l.pos.fen();
      EXPECT_GT(l.score * sign, 0) << l.pos.fen();
      both_sides |= l.pos.side_to_move() != lines.front().pos.side_to_move();
    }
    EXPECT_TRUE(both_sides);
  };
  check("4k3/pppp4/8/8/8/8/PPPP4/R3K3 w Q - 0 1", 1.0f, 1);
  check("r3k3/pppp4/8/8/8/8/PPPP4/4K3 b q - 0 1", 0.0f, -1);
}

TEST(NnueDatagen, OpeningsOutOfBoundsAreDropped) {
  NnueDatagenOptions o = tiny();
  o.games_per_chunk = 4;
  o.max_plies = 4;
  o.max_opening_score = 100;
  // A queen up is dropped every time it is drawn, so every game starts from the other one.
  std::ostringstream out;
  const NnueChunkStats s =
      generate_nnue_chunk(o, {"4k3/pppp4/8/8/8/8/PPPP4/Q3K3 w - - 0 1", kBook[0]}, 0, out);
  EXPECT_EQ(s.games, 4);
  EXPECT_GT(s.dropped_openings, 0);
  for (const TrainingLine& l : parse_all(out.str()))
    EXPECT_GE(l.pos.count(core::Color::Black, core::PieceType::Queen), 1) << l.pos.fen();
}

TEST(NnueDatagen, RandomPliesFollowTheBookPosition) {
  NnueDatagenOptions o = tiny();
  o.games_per_chunk = 1;
  o.max_plies = 2;
  const auto first_line = [&] {
    std::ostringstream out;
    generate_nnue_chunk(o, {kBook[0]}, 0, out);
    const auto lines = parse_all(out.str());
    return lines.empty() ? core::Position() : lines.front().pos;
  };
  o.random_plies = 0;
  EXPECT_EQ(first_line().fen(), kBook[0]);
  o.extra_ply_percent = 100;
  const core::Position one = first_line();
  EXPECT_EQ(one.side_to_move(), core::Color::Black);
  EXPECT_EQ(one.fullmove_number(), 1);
  o.random_plies = 2;
  o.extra_ply_percent = 0;
  const core::Position two = first_line();
  EXPECT_EQ(two.side_to_move(), core::Color::White);
  EXPECT_EQ(two.fullmove_number(), 2);
}

TEST(NnueDatagen, DirectoryRunResumesAfterFinishedChunks) {
  const fs::path dir = fresh_dir("arbiter_nnue_datagen_resume");
  NnueDatagenOptions o = tiny();
  o.games_per_chunk = 1;
  o.seed = 7;
  auto first = generate_nnue_directory(o, kBook, dir.string(), 0, 2, nullptr);
  ASSERT_TRUE(first.has_value()) << first.error().message;
  EXPECT_EQ(first->written, 2u);
  const std::string chunk0 = read(dir / nnue_chunk_name(7, 0));
  EXPECT_FALSE(chunk0.empty());
  EXPECT_TRUE(fs::exists(dir / "s7-c000001.txt"));
  // A run that was killed leaves a temporary file: it is redone, not counted as finished.
  std::ofstream(dir / "s7-c000002.txt.tmp") << "partial";
  auto second = generate_nnue_directory(o, kBook, dir.string(), 0, 3, nullptr);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->skipped, 2u);
  EXPECT_EQ(second->written, 1u);
  EXPECT_EQ(read(dir / nnue_chunk_name(7, 0)), chunk0);
  EXPECT_FALSE(fs::exists(dir / "s7-c000002.txt.tmp"));
  std::ostringstream direct;
  generate_nnue_chunk(o, kBook, 2, direct);
  EXPECT_EQ(read(dir / "s7-c000002.txt"), direct.str());
  // Other settings for the same seed are refused.
  o.soft_nodes = 300;
  auto mixed = generate_nnue_directory(o, kBook, dir.string(), 0, 4, nullptr);
  ASSERT_FALSE(mixed.has_value());
  EXPECT_NE(mixed.error().message.find("s7-settings.txt"), std::string::npos);
  fs::remove_all(dir);
}

TEST(TrainingData, FormatAndParseRoundTrip) {
  const auto pos = core::Position::startpos();
  const std::string line = format_training_line(pos, -37, 0.5f);
  EXPECT_EQ(line, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | -37 | 0.5");
  auto parsed = parse_training_line(line, "x");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->score, -37);
  EXPECT_EQ(parsed->result, 0.5f);
  EXPECT_EQ(parsed->pos.fen(), pos.fen());
}

struct BadLine {
  const char* name;
  const char* line;
  const char* field;
};

void PrintTo(const BadLine& b, std::ostream* out) { *out << '"' << b.line << '"'; }

class TrainingDataBadLine : public ::testing::TestWithParam<BadLine> {};

TEST_P(TrainingDataBadLine, IsRejectedNamingTheField) {
  auto parsed = parse_training_line(GetParam().line, "data.txt:12");
  ASSERT_FALSE(parsed.has_value());
  EXPECT_EQ(parsed.error().where.field, GetParam().field);
  EXPECT_EQ(parsed.error().message.rfind(std::string("data.txt:12: ") + GetParam().field, 0), 0u)
      << parsed.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Lines, TrainingDataBadLine,
    ::testing::Values(BadLine{"NoBars", "8/8/8/8/8/8/8/K1k5 w - - 0 1", "line"},
                      BadLine{"BadFen", "8/8/8 w - - 0 1 | 3 | 1.0", "fen"},
                      BadLine{"BadScore", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 3x | 1.0", "score"},
                      BadLine{"MateScore", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 30990 | 1.0", "score"},
                      BadLine{"BadResult", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 3 | 1-0", "result"}),
    [](const ::testing::TestParamInfo<BadLine>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace arbiter::engine
