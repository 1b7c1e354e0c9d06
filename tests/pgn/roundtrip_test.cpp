// Round trip over games/: read → write (export format) → read gives the same moves,
// tags, comments, NAGs and comment commands; the export obeys the format's layout rules.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"

namespace arbiter::pgn {
namespace {

namespace fs = std::filesystem;

std::vector<Game> read_all(std::istream& in, int& errors) {
  Reader reader(in);
  GameBuilder builder;
  std::vector<Game> out;
  while (reader.next(builder)) out.push_back(builder.take());
  errors = reader.error_count();
  return out;
}

// Compares two trees node by node; the first difference goes to `why`.
bool same_tree(const Node& a, const Node& b, std::string& why, int ply = 0) {
  const Node* x = &a;
  const Node* y = &b;
  for (; x != nullptr && y != nullptr; x = x->main_child(), y = y->main_child(), ++ply) {
    if (x->move != y->move) return why = "move at ply " + std::to_string(ply), false;
    if (x->nags != y->nags) return why = "NAGs at ply " + std::to_string(ply), false;
    if (normalize_space(x->comment) != normalize_space(y->comment))
      return why = "comment at ply " + std::to_string(ply) + ": \"" + x->comment + "\" vs \"" +
                   y->comment + "\"",
             false;
    if (normalize_space(x->comment_before) != normalize_space(y->comment_before))
      return why = "comment before ply " + std::to_string(ply), false;
    if (!(x->annotations == y->annotations))
      return why = "annotations at ply " + std::to_string(ply), false;
    const Node* vx = x->main_child() ? x->main_child()->sibling.get() : nullptr;
    const Node* vy = y->main_child() ? y->main_child()->sibling.get() : nullptr;
    for (; vx != nullptr && vy != nullptr; vx = vx->sibling.get(), vy = vy->sibling.get()) {
      if (vx->move != vy->move)
        return why = "variation move after ply " + std::to_string(ply), false;
      if (!same_tree(*vx, *vy, why, ply + 1)) return false;
    }
    if ((vx == nullptr) != (vy == nullptr))
      return why = "variation count after ply " + std::to_string(ply), false;
  }
  if ((x == nullptr) != (y == nullptr))
    return why = "line length differs at ply " + std::to_string(ply), false;
  return true;
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, ReadWriteReadIsIdentical) {
  const fs::path path = fs::path(ARB_TESTDATA_DIR) / "games" / GetParam();
  std::ifstream in(path, std::ios::binary);
  int errors = -1;
  const std::vector<Game> first = read_all(in, errors);
  ASSERT_EQ(errors, 0);
  ASSERT_FALSE(first.empty());

  std::string exported;
  for (const Game& g : first) exported += write_game(g) + "\n";

  // Layout of the export format (PGN standard 8): movetext lines of at most 80
  // characters (a tag pair always takes one line, whatever its length), and every tag
  // section opens with the Seven Tag Roster in order.
  std::istringstream lines(exported);
  std::string line, previous = "";
  int roster_index = -1;
  for (int n = 1; std::getline(lines, line); ++n) {
    std::size_t width = 0;
    for (const char c : line) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (line.empty() || line[0] != '[') {
      EXPECT_LE(width, 80u) << "line " << n << ": " << line;
    }
    if (!line.empty() && line[0] == '[') {
      if (previous.empty() || previous[0] != '[') roster_index = 0;
      if (roster_index >= 0 && roster_index < 7) {
        EXPECT_EQ(
            line.compare(1, kSevenTagRoster[roster_index].size(), kSevenTagRoster[roster_index]), 0)
            << "line " << n << ": " << line;
        ++roster_index;
      }
    }
    previous = line;
  }

  std::istringstream again(exported);
  const std::vector<Game> second = read_all(again, errors);
  ASSERT_EQ(errors, 0);
  ASSERT_EQ(second.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(second[i].tags, first[i].tags) << "game " << i + 1;
    EXPECT_EQ(second[i].result, first[i].result) << "game " << i + 1;
    EXPECT_EQ(second[i].start.fen(), first[i].start.fen()) << "game " << i + 1;
    std::string why;
    EXPECT_TRUE(same_tree(first[i].root, second[i].root, why)) << "game " << i + 1 << ": " << why;
    EXPECT_EQ(write_game(second[i]), write_game(first[i])) << "game " << i + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(Games, RoundTrip,
                         ::testing::Values("TCEC_Season_13_-_Superfinal.pgn",
                                           "TCEC_Season_21_-_Frc4_Final.pgn",
                                           "TCEC_Season_22_-_League_1.pgn", "twic0920.pgn",
                                           "world_matches.pgn"),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string name = p.param.substr(0, p.param.find('.'));
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace arbiter::pgn
