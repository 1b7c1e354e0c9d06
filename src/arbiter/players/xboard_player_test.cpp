#include "arbiter/players/xboard_player.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/players/event_log.hpp"
#include "arbiter/players/fake_engine.hpp"

namespace arbiter::players {
namespace {

TEST(XboardFeatures, ReadsQuotedValuesAndNamesEachFeature) {
  XboardFeatures f;
  const auto names = parse_features(
      "feature myname=\"Fairy-Max 5.0b\" usermove=1 setboard=1 variants=\"normal,fischerandom\" "
      "done=0",
      f);
  EXPECT_EQ(names,
            (std::vector<std::string>{"myname", "usermove", "setboard", "variants", "done"}));
  EXPECT_EQ(f.myname, "Fairy-Max 5.0b");
  EXPECT_TRUE(f.usermove);
  EXPECT_TRUE(f.setboard);
  EXPECT_FALSE(f.done);
  EXPECT_EQ(f.variants, (std::vector<std::string>{"normal", "fischerandom"}));
  parse_features("feature done=1", f);
  EXPECT_TRUE(f.done);
  EXPECT_TRUE(parse_features("feature", f).empty());
  EXPECT_TRUE(parse_features("feature broken", f).empty());
}

TEST(XboardLevel, BaseInMinutesAndSecondsIncrementAndQuota) {
  EXPECT_EQ(XboardPlayer::level_command(*clock::TimeControl::parse("180+2")), "level 0 3 2");
  EXPECT_EQ(XboardPlayer::level_command(*clock::TimeControl::parse("90+1")), "level 0 1:30 1");
  EXPECT_EQ(XboardPlayer::level_command(*clock::TimeControl::parse("40/5400+30:1800+30")),
            "level 40 90 30");
  // Art. 6.3.2: a delay is announced as an increment of the same size.
  EXPECT_EQ(XboardPlayer::level_command(*clock::TimeControl::parse("900d5")), "level 0 15 5");
}

TEST(XboardMoves, CoordinatesAndChess960CastlingAsOO) {
  const auto start = core::Position::startpos();
  EXPECT_EQ(XboardPlayer::move_text(start, *core::parse_uci(start, "g1f3")), "g1f3");
  // Guideline II: castling in Chess960 is sent as O-O / O-O-O.
  auto pos = core::Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
                                      core::FenOptions{.chess960 = true});
  ASSERT_TRUE(pos.has_value());
  int castlings = 0;
  for (core::Move m : core::legal_moves(*pos)) {
    if (!m.is_castling()) continue;
    ++castlings;
    EXPECT_EQ(XboardPlayer::move_text(*pos, m), m.to() > m.from() ? "O-O" : "O-O-O");
  }
  EXPECT_EQ(castlings, 2);
}

TEST(XboardPlayer, EngineWithoutFischerandomRefusesAChess960Game) {
  EngineConfig c;
  c.name = "plain";
  c.argv = {testing::write_script(
      "while read -r cmd rest; do case \"$cmd\" in protover) echo 'feature done=1';; "
      "quit) exit 0;; esac; done\n")};
  XboardPlayer p(c);
  GameStart gs;
  gs.chess960 = true;
  auto started = p.start(gs);
  ASSERT_FALSE(started.has_value());
  EXPECT_EQ(started.error().code, ErrorCode::kUnsupported);
  p.finish("*");
}

TEST(EventLog, EscapesStringsAsJsonRequires) {
  EXPECT_EQ(json_string("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
}

}  // namespace
}  // namespace arbiter::players
