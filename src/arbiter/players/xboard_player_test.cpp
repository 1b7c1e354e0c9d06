#include "arbiter/players/xboard_player.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <algorithm>
#include <fstream>
#include <sstream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/players/fake_engine.hpp"
#include "arbiter/players/game_runner.hpp"
#include "arbiter/players/uci_player.hpp"
#include "arbiter/wire/event_log_writer.hpp"

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

// The lines an engine read: its log's "> LINE" lines, without the blank the fakes append.
std::vector<std::string> lines_read(const std::string& log) {
  std::vector<std::string> out;
  std::istringstream in(testing::read_text(log));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("> ", 0) != 0) continue;
    line.erase(0, 2);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.push_back(line);
  }
  return out;
}

// The lines from the first `from` to the next `to` (both excluded).
std::vector<std::string> between(const std::vector<std::string>& lines, const std::string& from,
                                 const std::string& to) {
  auto b = std::find_if(lines.begin(), lines.end(),
                        [&](const std::string& l) { return l.rfind(from, 0) == 0; });
  if (b == lines.end()) return {};
  auto e = std::find(b + 1, lines.end(), to);
  return {b + 1, e};
}

// One xboard player started on the game from `fen` and asked for one move.
struct FenStart {
  Result<void> started;
  std::string move;               // its answer, when it started
  Reply reply;                    // the whole answer
  std::vector<std::string> read;  // what the engine read
};

// `announced`, when given, is the start position the player is told at start (otherwise
// the game's own).
FenStart start_from(const std::string& fen, const std::string& features,
                    const std::string& moves = "e2e4", const std::string& announced = "") {
  EngineConfig c;
  c.name = "fake";
  c.grace = Millis{50};
  c.stderr_log = testing::fresh_log_path();
  c.argv = {testing::fake_xboard_engine(moves, features)};
  XboardPlayer p(c);
  auto game = game::Game::from_fen(fen);
  EXPECT_TRUE(game.has_value()) << fen;
  FenStart out;
  if (!game) return out;
  GameStart gs;
  gs.side = game->position().side_to_move();
  gs.time_control = *clock::TimeControl::parse("60");
  gs.opponent_time_control = gs.time_control;
  gs.start_position = announced.empty() ? game->start() : *core::Position::from_fen(announced);
  out.started = p.start(gs);
  if (out.started) {
    ThinkRequest r;
    r.game = &*game;
    r.remaining = {Millis{60000}, Millis{60000}};
    r.budget = Millis{5000};
    out.reply = p.think(r);
    out.move = out.reply.move;
  }
  p.finish("*");
  out.read = lines_read(c.stderr_log);
  return out;
}

// Like Fairy-Max 5.0b: no setboard (CECP: setboard=0 unless declared), no usermove.
constexpr const char* kNoSetboard = "myname=\"NoSet\" setboard=0 ping=1";

TEST(XboardSetup, EngineWithSetboardGetsTheFen) {
  const std::string fen = "4k2r/8/8/8/8/8/4P3/R3K3 w Qk - 0 1";
  const FenStart s = start_from(fen, testing::kFakeXboardFeatures);
  ASSERT_TRUE(s.started.has_value());
  EXPECT_EQ(s.move, "e2e4");
  EXPECT_EQ(between(s.read, "level", "force"), (std::vector<std::string>{"setboard " + fen}));
  EXPECT_EQ(std::count(s.read.begin(), s.read.end(), "edit"), 0);
}

TEST(XboardSetup, EngineWithoutSetboardGetsEditWhiteToMove) {
  // CECP `edit`: `#` clears, White's pieces, `c`, Black's, `.`; castling Qk is what the
  // kings and rooks at home imply, so the position is exact.
  const FenStart s = start_from("4k2r/8/8/8/8/8/4P3/R3K3 w Qk - 0 1", kNoSetboard);
  ASSERT_TRUE(s.started.has_value()) << s.started.error().message;
  EXPECT_EQ(s.move, "e2e4");
  // The set-up stands where setboard would: after new, force, easy, post and level.
  EXPECT_EQ(between(s.read, "new", "edit"),
            (std::vector<std::string>{"force", "easy", "post", "level 0 1 0"}));
  EXPECT_EQ(between(s.read, "level", "force"),
            (std::vector<std::string>{"edit", "#", "Ra1", "Ke1", "Pe2", "c", "Ke8", "Rh8", "."}));
  for (const std::string& line : s.read) EXPECT_NE(line.rfind("setboard", 0), 0u) << line;
}

TEST(XboardSetup, BlackToMoveGetsTheDummyMoveFirst) {
  // edit keeps the side to move: a2a3 from the new game's board makes it Black's turn.
  // The e.p. square e3 gives no capture, which is what edit assumes.
  const std::string fen = "4k2r/8/8/8/4P3/8/8/R3K3 b Qk e3 0 1";
  const FenStart s = start_from(fen, kNoSetboard, "h8h1");
  ASSERT_TRUE(s.started.has_value()) << s.started.error().message;
  EXPECT_EQ(s.move, "h8h1");
  EXPECT_EQ(
      between(s.read, "level", "force"),
      (std::vector<std::string>{"a2a3", "edit", "#", "Ra1", "Ke1", "Pe4", "c", "Ke8", "Rh8", "."}));
  // An engine that asked for usermove gets the dummy move as one.
  const FenStart u = start_from(fen, "usermove=1 setboard=0", "h8h1");
  ASSERT_TRUE(u.started.has_value());
  EXPECT_EQ(between(u.read, "level", "edit"), (std::vector<std::string>{"usermove a2a3"}));
}

TEST(XboardSetup, PositionsEditCannotExpressAreRefused) {
  const std::string lost = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
  const FenStart s = start_from(lost, kNoSetboard);
  ASSERT_FALSE(s.started.has_value());
  EXPECT_EQ(s.started.error().code, ErrorCode::kUnsupported);
  EXPECT_EQ(s.started.error().message,
            "fake cannot set up this position: it has no setboard, and the edit command cannot "
            "express lost castling rights (FEN " +
                lost + ")");
  EXPECT_EQ(std::count(s.read.begin(), s.read.end(), "new"), 0);  // no game was begun
  // A live en passant capture (Art. 3.7.4.1): edit assumes none.
  const FenStart ep = start_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", kNoSetboard);
  ASSERT_FALSE(ep.started.has_value());
  EXPECT_NE(ep.started.error().message.find("cannot express the en passant capture on d6"),
            std::string::npos)
      << ep.started.error().message;
  // The same positions with setboard are played.
  EXPECT_TRUE(start_from(lost, testing::kFakeXboardFeatures).started.has_value());
}

TEST(XboardSetup, AGameFromAnotherStartThanAnnouncedIsRefused) {
  // start() checked (and set up) the announced position; a game from elsewhere would be
  // played on the wrong board, so the player gives up instead of asking for a move.
  const FenStart s = start_from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kNoSetboard, "e2e4",
                                "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
  ASSERT_TRUE(s.started.has_value()) << s.started.error().message;
  EXPECT_EQ(s.reply.kind, ReplyKind::Crash);
  EXPECT_EQ(s.reply.detail, "the game does not start from the position given at start");
  EXPECT_EQ(std::count(s.read.begin(), s.read.end(), "go"), 0);
}

TEST(XboardSetup, Chess960WithoutSetboardIsRefused) {
  EngineConfig c;
  c.name = "fake";
  c.argv = {testing::fake_xboard_engine("", "setboard=0 variants=\"normal,fischerandom\"")};
  XboardPlayer p(c);
  GameStart gs;
  gs.chess960 = true;
  gs.start_position = *core::Position::from_fen(
      "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", core::FenOptions{.chess960 = true});
  auto started = p.start(gs);
  ASSERT_FALSE(started.has_value());
  EXPECT_NE(started.error().message.find("cannot express a Chess960 position"), std::string::npos)
      << started.error().message;
  p.finish("*");
}

TEST(XboardSetup, RefusalForfeitsTheGameThroughTheRunner) {
  // Like a missing fischerandom: the engine cannot sit down at the board (Art. 6.7).
  EngineConfig w;
  w.name = "W";
  w.grace = Millis{50};
  w.argv = {testing::fake_uci_engine("e1g1")};
  UciPlayer white(w);
  EngineConfig b;
  b.name = "B";
  b.protocol = Protocol::Xboard;
  b.grace = Millis{50};
  b.argv = {testing::fake_xboard_engine("e8g8", kNoSetboard)};
  XboardPlayer black(b);
  competition::StartEvent start;
  start.white = "W";
  start.black = "B";
  start.time_control = *clock::TimeControl::parse("60");
  start.fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
  ManualTimeSource time;
  auto g = run_game(start, white, black, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, competition::GameResult::WhiteByForfeit);
  EXPECT_TRUE(g->verdict.moves.empty());
  ASSERT_EQ(g->notes.size(), 1u);
  EXPECT_NE(g->notes[0].find("black could not start: B cannot set up this position"),
            std::string::npos)
      << g->notes[0];
  EXPECT_NE(g->notes[0].find("lost castling rights"), std::string::npos) << g->notes[0];
}

// Debian's Fairy-Max 5.0b (setboard=0) from book positions, set up with edit: it plays
// legal moves from the real position, for White and (after a2a3) for Black.
TEST(XboardSetupReal, FairymaxPlaysBookPositionsSetUpWithEdit) {
  const std::string fairymax = "/usr/games/fairymax";
  if (::access(fairymax.c_str(), X_OK) != 0) GTEST_SKIP() << fairymax << " not installed";
  std::ifstream book(std::string(ARB_TESTDATA_DIR) + "/books/8moves_v3.epd");
  std::string white_to_move;
  ASSERT_TRUE(std::getline(book, white_to_move));
  // The first book position after Nbxd2: Black to move, castling KQkq all at home.
  const std::string black_to_move = "rn2kb1r/pp3ppp/2p1pn2/3p3b/8/1P1P1NPP/PBPNPPB1/R3K2R b KQkq -";
  for (const std::string& fen : {white_to_move, black_to_move}) {
    EngineConfig c;
    c.name = "Fairymax";
    c.protocol = Protocol::Xboard;
    c.argv = {fairymax};
    c.grace = Millis{200};
    XboardPlayer p(c);
    auto game = game::Game::from_fen(fen);
    ASSERT_TRUE(game.has_value()) << fen;
    GameStart gs;
    gs.side = game->position().side_to_move();
    gs.time_control = *clock::TimeControl::parse("2");
    gs.opponent_time_control = gs.time_control;
    gs.start_position = game->start();
    auto started = p.start(gs);
    ASSERT_TRUE(started.has_value()) << started.error().message;
    // Fairy-Max plays both sides for six plies; every move must be legal in the game.
    for (int ply = 0; ply < 6 && !game->outcome().is_over(); ++ply) {
      ThinkRequest r;
      r.game = &*game;
      r.remaining = {Millis{2000}, Millis{2000}};
      r.budget = Millis{3000};
      const Reply reply = p.think(r);
      ASSERT_EQ(reply.kind, ReplyKind::Move) << reply.detail;
      ASSERT_TRUE(game->push_uci(reply.move).has_value())
          << "illegal " << reply.move << " at ply " << ply << " from " << fen;
    }
    p.finish("*");
  }
}

TEST(EventLog, EscapesStringsAsJsonRequires) {
  EXPECT_EQ(wire::json_string("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
}

}  // namespace
}  // namespace arbiter::players
