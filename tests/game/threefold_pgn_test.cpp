// sunfish's 3fold.pgn: 713 cutechess games that the GUI ended as draws by threefold
// repetition (712) or the fifty-move rule (1). Replaying each game with game::Game, the
// claim must be valid exactly where the game ended (Art. 9.2.1.2 / 9.3.2) and, for the
// repetition games, not earlier; outcome() must not have ended any game by itself.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "arbiter/game/game.hpp"
#include "test_san.hpp"

namespace arbiter::testing {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(SunfishThreefold, EveryGameEndsWithAValidClaim) {
  const auto games = split_pgn(read_file(std::string(ARB_TESTDATA_DIR) + "/pgn/sunfish/3fold.pgn"));
  ASSERT_EQ(games.size(), 713u);
  int threefold = 0, fifty = 0, intended = 0;
  for (std::size_t g = 0; g < games.size(); ++g) {
    game::Game game;
    bool early = false;
    for (std::size_t k = 0; k < games[g].san.size(); ++k) {
      const auto m = match_san(game.position(), games[g].san[k]);
      ASSERT_TRUE(m.has_value()) << "game " << g + 1 << " move " << games[g].san[k];
      // The claim with the intended move (Art. 9.2.1.1) is valid just before it appears.
      if (k + 1 == games[g].san.size() && game.can_claim_threefold(*m)) ++intended;
      game.push(*m);
      if (k + 1 < games[g].san.size() && game.can_claim_threefold()) early = true;
      ASSERT_FALSE(game.outcome().is_over()) << "game " << g + 1 << " ended at ply " << k + 1;
    }
    EXPECT_EQ(games[g].result, "1/2-1/2");
    const bool fifty_rule = games[g].last_comment.find("fifty") != std::string::npos;
    if (fifty_rule) {
      ++fifty;
      EXPECT_TRUE(game.can_claim_fifty()) << "game " << g + 1;  // Art. 9.3.2
    } else {
      if (game.can_claim_threefold()) ++threefold;  // Art. 9.2.1.2
      EXPECT_TRUE(game.can_claim_threefold()) << "game " << g + 1;
      EXPECT_FALSE(early) << "game " << g + 1 << ": threefold reached before the end";
    }
  }
  std::printf(
      "[ 3fold.pgn ] %d threefold endings, %d fifty-move ending; %d games also "
      "claimable one move earlier with the intended move\n",
      threefold, fifty, intended);
  EXPECT_EQ(fifty, 1);
  EXPECT_EQ(threefold, 712);
  EXPECT_EQ(intended, 713);  // Art. 9.2.1.1: the last move was an intended repeating move
}

}  // namespace
}  // namespace arbiter::testing
