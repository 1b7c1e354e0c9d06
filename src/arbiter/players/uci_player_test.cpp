#include "arbiter/players/uci_player.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "arbiter/players/engine_text.hpp"
#include "arbiter/players/fake_engine.hpp"

namespace arbiter::players {
namespace {

TEST(UciPlayer, GoCarriesBothClocksAndIncrement) {
  ThinkRequest r;
  r.remaining = {Millis{61000}, Millis{59500}};
  r.increment = Millis{2000};
  r.budget = Millis{61000};
  EXPECT_EQ(UciPlayer::go_command(r), "go wtime 61000 btime 59500 winc 2000 binc 2000");
  r.moves_to_go = 12;
  EXPECT_EQ(UciPlayer::go_command(r),
            "go wtime 61000 btime 59500 winc 2000 binc 2000 movestogo 12");
}

TEST(UciPlayer, DelayIsToldAsAnIncrementOfTheSameSize) {
  // Art. 6.3.2: with 5 s delay the mover has main + 5 s for this move, never more.
  ThinkRequest r;
  r.remaining = {Millis{300000}, Millis{300000}};
  r.delay = Millis{5000};
  r.budget = Millis{305000};
  EXPECT_EQ(UciPlayer::go_command(r), "go wtime 300000 btime 300000 winc 5000 binc 5000");
}

TEST(UciPlayer, TimeOddsGiveEachSideItsOwnIncrement) {
  // Art. 6.3: time per player; White 60+1 against Black 30+0 (time odds).
  ThinkRequest r;
  r.remaining = {Millis{61000}, Millis{30000}};
  r.increment = Millis{1000};
  r.increments = std::array<Millis, 2>{Millis{1000}, Millis{0}};
  r.budget = Millis{61000};
  EXPECT_EQ(UciPlayer::go_command(r), "go wtime 61000 btime 30000 winc 1000 binc 0");
}

TEST(UciPlayer, PositionIsTheStartFenAndTheMovesInUci) {
  game::Game g;
  ASSERT_TRUE(g.push_uci("e2e4").has_value());
  ASSERT_TRUE(g.push_uci("e7e5").has_value());
  EXPECT_EQ(UciPlayer::position_command(g),
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 "
            "e7e5");
}

TEST(UciPlayer, HandshakeOptionsAndBestmove) {
  EngineConfig c;
  c.name = "fake";
  c.argv = {testing::fake_uci_engine("e2e4")};
  c.options = {{"Hash", "16"}};
  UciPlayer p(c);
  ASSERT_TRUE(p.start(GameStart{}).has_value());
  game::Game g;
  ThinkRequest r;
  r.game = &g;
  r.remaining = {Millis{10000}, Millis{10000}};
  r.budget = Millis{10000};
  const Reply reply = p.think(r);
  EXPECT_EQ(reply.kind, ReplyKind::Move);
  EXPECT_EQ(reply.move, "e2e4");
  EXPECT_EQ(reply.score_cp, 12);
  EXPECT_EQ(reply.depth, 3);
  p.finish("*");
}

// The lines an engine that declares a Ponder option received while starting.
std::string start_engine_with_ponder_option(
    const std::string& log_name, std::vector<std::pair<std::string, std::string>> options) {
  const std::string log = ::testing::TempDir() + log_name;
  std::remove(log.c_str());
  EngineConfig c;
  c.name = "ponderer";
  c.argv = {
      testing::write_script("while read -r line; do\n  echo \"$line\" >> '" + log +
                            "'\n  case \"$line\" in\n"
                            "    uci) echo 'id name P'; echo 'option name Ponder type check "
                            "default true'; echo uciok ;;\n"
                            "    isready) echo readyok ;;\n    quit) exit 0 ;;\n  esac\ndone\n")};
  c.options = std::move(options);
  {
    UciPlayer p(c);
    EXPECT_TRUE(p.start(GameStart{}).has_value());
    p.finish("*");
  }
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(UciPlayer, TellsAnEngineWithAPonderOptionThatItWillNotPonder) {
  // UCI: the GUI sends Ponder so that the engine can budget its time; the runner never
  // sends "go ponder".
  const std::string seen = start_engine_with_ponder_option("ponder-default.log", {});
  EXPECT_NE(seen.find("setoption name Ponder value false\n"), std::string::npos) << seen;
  EXPECT_LT(seen.find("setoption name Ponder value false"), seen.find("isready")) << seen;
}

TEST(UciPlayer, AnExplicitPonderOptionIsLeftAsGiven) {
  const std::string seen =
      start_engine_with_ponder_option("ponder-explicit.log", {{"Ponder", "true"}});
  EXPECT_NE(seen.find("setoption name Ponder value true"), std::string::npos) << seen;
  EXPECT_EQ(seen.find("setoption name Ponder value false"), std::string::npos) << seen;
}

TEST(UciPlayer, EngineWithoutUciokFailsToStartWithinItsTimeout) {
  EngineConfig c;
  c.argv = {testing::write_script("sleep 30\n")};
  c.startup_timeout = Millis{100};
  UciPlayer p(c);
  auto started = p.start(GameStart{});
  ASSERT_FALSE(started.has_value());
  EXPECT_EQ(started.error().code, ErrorCode::kProtocolState);
}

TEST(EngineText, ReadsInfoFields) {
  EXPECT_EQ(info_int("info depth 7 seldepth 9 score cp -31 nodes 100", "depth"), 7);
  EXPECT_EQ(info_score_cp("info depth 7 score cp -31 pv e2e4"), -31);
  EXPECT_EQ(info_score_cp("info score mate 3"), 29997);
  EXPECT_EQ(info_score_cp("info score mate -2"), -29998);
  EXPECT_FALSE(info_score_cp("info score cp banana").has_value());
  EXPECT_EQ(nth_word("  bestmove   e2e4 ponder e7e5", 1), "e2e4");
}

}  // namespace
}  // namespace arbiter::players
