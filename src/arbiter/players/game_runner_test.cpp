// The game runner against scripted fake engines: a normal game, an illegal move, a crash
// mid-game and a hang beyond its time, each adjudicated by the Arbiter under the Laws.
#include "arbiter/players/game_runner.hpp"

#include <gtest/gtest.h>
#include <atomic>
#include <chrono>
#include <memory>
#include <sstream>
#include <thread>

#include "arbiter/players/fake_engine.hpp"
#include "arbiter/players/uci_player.hpp"
#include "arbiter/players/xboard_player.hpp"
#include "arbiter/wire/adjudicate.hpp"
#include "arbiter/wire/event_log_writer.hpp"

namespace arbiter::players {

// What ctest lists beside each test (GoogleTest finds it in the parameter's namespace).
void PrintTo(Protocol p, std::ostream* os) { *os << (p == Protocol::Uci ? "UCI" : "XBoard"); }

namespace {

using competition::GameResult;
using competition::Termination;

std::unique_ptr<Player> make(Protocol proto, const std::string& name, const std::string& moves) {
  EngineConfig c;
  c.name = name;
  c.protocol = proto;
  c.grace = Millis{50};
  if (proto == Protocol::Uci) {
    c.argv = {testing::fake_uci_engine(moves)};
    return std::make_unique<UciPlayer>(c);
  }
  c.argv = {testing::fake_xboard_engine(moves)};
  return std::make_unique<XboardPlayer>(c);
}

competition::StartEvent start_event(const std::string& tc, std::optional<std::string> fen = {}) {
  competition::StartEvent s;
  s.white = "W";
  s.black = "B";
  s.time_control = *clock::TimeControl::parse(tc);
  s.fen = std::move(fen);
  return s;
}

// Re-reading the event log must give the same verdict (spec/game-events.md).
void expect_log_replays(const PlayedGame& g) {
  std::istringstream log(wire::event_log_text(g.start, g.events));
  auto again = wire::adjudicate(log);
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  EXPECT_EQ(again->result, g.verdict.result);
  EXPECT_EQ(again->termination, g.verdict.termination);
  EXPECT_EQ(again->moves, g.verdict.moves);
  EXPECT_EQ(again->clocks, g.verdict.clocks);
}

class Runner : public ::testing::TestWithParam<Protocol> {};

TEST_P(Runner, NormalGameEndsInCheckmate) {
  // Art. 5.1.1: Fool's mate. 180+2: each starts on 182 s and gets 2 s per press
  // (spec "Clock conventions"); no time passes on the manual clock.
  auto w = make(GetParam(), "W", "f2f3 g2g4");
  auto b = make(GetParam(), "B", "e7e5 d8h4");
  ManualTimeSource time;
  auto g = run_game(start_event("180+2"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackWins);
  EXPECT_EQ(g->verdict.termination, Termination::Checkmate);
  EXPECT_EQ(g->verdict.moves, (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
  EXPECT_NE(g->verdict.pgn.find("[%clk 0:03:04]"), std::string::npos) << g->verdict.pgn;
  if (GetParam() == Protocol::Uci) {  // the fake says "info depth 3 score cp 12"
    EXPECT_EQ(g->evals, std::vector<std::string>(4, "+0.12/3"));
    EXPECT_NE(pgn_with_evals(g->verdict.pgn, g->evals).find("Qh4# {[%clk 0:03:06] +0.12/3}"),
              std::string::npos);
  }
  expect_log_replays(*g);
}

TEST_P(Runner, SecondIllegalMoveLosesTheGame) {
  // Art. 7.5.3: the first illegal move is penalised (Black gets 2 min, 7.5.4 in rapid);
  // Art. 7.5.5: the second loses. The engine repeats its illegal move.
  auto w = make(GetParam(), "W", "e2e5 e2e5");
  auto b = make(GetParam(), "B", "e7e5");
  ManualTimeSource time;
  auto g = run_game(start_event("900+10"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackWins);
  EXPECT_EQ(g->verdict.termination, Termination::IllegalMoveForfeit);
  EXPECT_FALSE(g->verdict.penalties.empty());
  expect_log_replays(*g);
}

TEST_P(Runner, CrashMidGameLosesWhenTheFlagFalls) {
  // The crashed engine has left; its clock runs until the flag falls (Art. 6.9).
  auto w = make(GetParam(), "W", "e2e4 crash");
  auto b = make(GetParam(), "B", "e7e5 g8f6");
  ManualTimeSource time;  // no time passes: the flag falls at exactly 60 s
  auto g = run_game(start_event("60"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackWins);
  EXPECT_EQ(g->verdict.termination, Termination::TimeForfeit);
  EXPECT_EQ(g->verdict.ended_at, Millis{60000});
  EXPECT_EQ(g->verdict.moves.size(), 2u);
  expect_log_replays(*g);
}

TEST_P(Runner, HangBeyondItsTimeIsAFlagAndArticle69MakesItADraw) {
  // White (king and rook) hangs and oversteps the time; Black has a bare king and cannot
  // checkmate by any series of legal moves: Art. 6.9, the game is drawn.
  auto w = make(GetParam(), "W", "hang");
  auto b = make(GetParam(), "B", "e8d8");
  ManualTimeSource time;
  auto g = run_game(start_event("1", "4k3/8/8/8/8/8/R7/4K3 w - - 0 1"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::Draw);
  EXPECT_EQ(g->verdict.termination, Termination::TimeoutVsInsufficient);
  EXPECT_EQ(g->verdict.ended_at, Millis{1000});
  expect_log_replays(*g);
}

TEST_P(Runner, HangAgainstMatingMaterialLosesOnTime) {
  auto w = make(GetParam(), "W", "hang");
  auto b = make(GetParam(), "B", "e8d8");
  ManualTimeSource time;
  auto g = run_game(start_event("1", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackWins);
  EXPECT_EQ(g->verdict.termination, Termination::TimeForfeit);
}

TEST(XboardRunner, ResignationEndsTheGame) {
  // Art. 5.1.2 (UCI has no way to resign; CECP says `resign`).
  auto w = make(Protocol::Xboard, "W", "e2e4 resign");
  auto b = make(Protocol::Xboard, "B", "e7e5");
  ManualTimeSource time;
  auto g = run_game(start_event("60+1"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackWins);
  EXPECT_EQ(g->verdict.termination, Termination::Resignation);
}

TEST_P(Runner, EngineThatCannotStartForfeits) {
  EngineConfig c;
  c.name = "missing";
  c.protocol = GetParam();
  c.argv = {"/nonexistent/engine"};
  std::unique_ptr<Player> w;
  if (GetParam() == Protocol::Uci) {
    w = std::make_unique<UciPlayer>(c);
  } else {
    w = std::make_unique<XboardPlayer>(c);
  }
  auto b = make(GetParam(), "B", "e7e5");
  ManualTimeSource time;
  auto g = run_game(start_event("60"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::BlackByForfeit);
}

INSTANTIATE_TEST_SUITE_P(Protocols, Runner, ::testing::Values(Protocol::Uci, Protocol::Xboard),
                         [](const auto& p) { return p.param == Protocol::Uci ? "Uci" : "Xboard"; });

TEST(RunnerClaims, ThreefoldIsClaimedForAnEngineWithItsIntendedMove) {
  // Art. 9.2.1.1: Black's fourth knight move would repeat the start position a third time;
  // the runner writes it down and claims instead of playing it.
  auto w = make(Protocol::Uci, "W", "g1f3 f3g1 g1f3 f3g1");
  auto b = make(Protocol::Uci, "B", "g8f6 f6g8 g8f6 f6g8");
  ManualTimeSource time;
  RunOptions options;
  options.claim_draws = true;
  auto g = run_game(start_event("60+1"), *w, *b, time, options);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::Draw);
  EXPECT_EQ(g->verdict.termination, Termination::ThreefoldClaim);
  EXPECT_EQ(g->verdict.moves.size(), 7u);
  expect_log_replays(*g);
}

TEST(RunnerClaims, WithoutClaimsTheGameGoesOn) {
  // Without claims the same moves reach no ending; the fake engine then runs out of moves
  // and hangs: White's flag falls (Art. 6.9) after 1 s.
  auto w = make(Protocol::Uci, "W", "g1f3 f3g1 g1f3 f3g1 hang");
  auto b = make(Protocol::Uci, "B", "g8f6 f6g8 g8f6 f6g8");
  ManualTimeSource time;
  auto g = run_game(start_event("1"), *w, *b, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.termination, Termination::TimeForfeit);
  EXPECT_EQ(g->verdict.moves.size(), 8u);
}

// An engine whose every input line is logged (fake_engine.hpp) to a fresh file.
struct LoggedEngine {
  std::unique_ptr<Player> player;
  std::string log;
  std::string text() const { return testing::read_text(log); }
};

LoggedEngine logged(Protocol proto, const std::string& name, const std::string& moves) {
  LoggedEngine e;
  e.log = testing::fresh_log_path();
  EngineConfig c;
  c.name = name;
  c.protocol = proto;
  c.grace = Millis{50};
  c.stderr_log = e.log;
  if (proto == Protocol::Uci) {
    c.argv = {testing::fake_uci_engine(moves)};
    e.player = std::make_unique<UciPlayer>(c);
  } else {
    c.argv = {testing::fake_xboard_engine(moves)};
    e.player = std::make_unique<XboardPlayer>(c);
  }
  return e;
}

TEST(RunnerChess960, CastlingInEachEnginesConvention) {
  // Guideline II: king f1, rooks b1 and g1. The UCI engine (UCI_Chess960) castles long as
  // king-takes-rook "f1b1"; the xboard engine (variant fischerandom) says "O-O-O".
  auto w = logged(Protocol::Uci, "W", "f1b1 a2a3");
  auto b = logged(Protocol::Xboard, "B", "O-O-O resign");
  ManualTimeSource time;
  const std::string fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1";
  auto g = run_game(start_event("60", fen), *w.player, *b.player, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.moves, (std::vector<std::string>{"O-O-O", "O-O-O", "a3"}));
  EXPECT_EQ(g->verdict.termination, Termination::Resignation);
  EXPECT_NE(g->verdict.pgn.find("[Variant \"Chess960\"]"), std::string::npos);
  EXPECT_NE(g->verdict.pgn.find("[FEN \"" + fen + "\"]"), std::string::npos);
  const std::string uci = w.text();
  EXPECT_NE(uci.find("> setoption name UCI_Chess960 value true"), std::string::npos) << uci;
  EXPECT_NE(uci.find("> position fen " + fen + " moves f1b1 f8b8"), std::string::npos) << uci;
  const std::string cecp = b.text();
  EXPECT_NE(cecp.find("> variant fischerandom"), std::string::npos) << cecp;
  EXPECT_NE(cecp.find("> setboard " + fen), std::string::npos) << cecp;
  EXPECT_NE(cecp.find("> usermove O-O-O"), std::string::npos) << cecp;
  expect_log_replays(*g);
}

TEST(RunnerTimeOdds, EachEngineIsToldItsOwnControl) {
  // Art. 6.3: White 60+1, Black 30 (time odds). UCI gets both clocks and increments;
  // xboard gets its own `level` and `time` / `otim` in centiseconds (White: 61 s - 0 s
  // + 1 s for his next move, Art. 6.3.1).
  auto w = logged(Protocol::Uci, "W", "e2e4 d2d4");
  auto b = logged(Protocol::Xboard, "B", "e7e5 resign");
  competition::StartEvent start = start_event("60+1");
  start.time_control_black = *clock::TimeControl::parse("30");
  ManualTimeSource time;
  auto g = run_game(start, *w.player, *b.player, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.termination, Termination::Resignation);
  ASSERT_TRUE(g->verdict.clocks.has_value());
  EXPECT_EQ((*g->verdict.clocks)[1], Millis{30000});
  const std::string uci = w.text();
  EXPECT_NE(uci.find("> go wtime 61000 btime 30000 winc 1000 binc 0"), std::string::npos) << uci;
  const std::string cecp = b.text();
  EXPECT_NE(cecp.find("> level 0 0:30 0"), std::string::npos) << cecp;
  EXPECT_NE(cecp.find("> time 3000"), std::string::npos) << cecp;
  EXPECT_NE(cecp.find("> otim 6200"), std::string::npos) << cecp;
  EXPECT_NE(wire::event_log_text(g->start, g->events).find("\"time_control_black\":\"30\""),
            std::string::npos);
  expect_log_replays(*g);
}

// A person at the board, scripted: what he "types" during the opponent's turns.
class ScriptedListener final : public Player {
 public:
  explicit ScriptedListener(std::vector<ReplyKind> said) : said_(std::move(said)) {}
  std::string name() const override { return "person"; }
  Result<void> start(const GameStart&) override { return {}; }
  Reply think(const ThinkRequest&) override {
    return Reply{ReplyKind::Resign, {}, false, {}, {}, {}};
  }
  void finish(const std::string&) override {}
  bool interactive() const override { return true; }
  std::optional<Reply> listen(const ThinkRequest&, Millis) override {
    if (next_ >= said_.size()) return std::nullopt;
    Reply r;
    r.kind = said_[next_++];
    spoke = true;
    return r;
  }
  std::atomic<bool> spoke{false};

 private:
  std::vector<ReplyKind> said_;
  std::size_t next_ = 0;
};

// An engine that thinks until it is interrupted, or else until `release` is true.
class SlowEngine final : public Player {
 public:
  explicit SlowEngine(const std::atomic<bool>& release) : release_(release) {}
  std::string name() const override { return "engine"; }
  Result<void> start(const GameStart&) override { return {}; }
  Reply think(const ThinkRequest&) override {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!stop_ && !release_ && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    Reply r;
    r.move = "e2e4";
    return r;
  }
  void finish(const std::string&) override {}
  void interrupt() override { stop_ = true; }
  std::atomic<bool> stop_{false};

 private:
  const std::atomic<bool>& release_;
};

// A program that takes its time to start (launch, handshake, "isready"): the time passes
// on the manual clock before the game begins.
class SlowStarter final : public Player {
 public:
  SlowStarter(Player& inner, ManualTimeSource& time, Millis startup)
      : inner_(inner), time_(time), startup_(startup) {}
  std::string name() const override { return inner_.name(); }
  Result<void> start(const GameStart& start) override {
    time_.advance(startup_);
    return inner_.start(start);
  }
  Reply think(const ThinkRequest& request) override { return inner_.think(request); }
  void finish(const std::string& result) override { inner_.finish(result); }

 private:
  Player& inner_;
  ManualTimeSource& time_;
  Millis startup_;
};

TEST(RunnerClock, StartsWhenBothPlayersAreSeated) {
  // Art. 6.6: White's clock starts at the start of the game; both programs starting up
  // (5 s each here) is their arrival at the board, not White's thinking time, so a 1 s
  // game is not lost on time before its first move. Fool's mate follows.
  auto w = make(Protocol::Uci, "W", "f2f3 g2g4");
  auto b = make(Protocol::Uci, "B", "e7e5 d8h4");
  ManualTimeSource time;
  SlowStarter slow_white(*w, time, Millis{5'000});
  SlowStarter slow_black(*b, time, Millis{5'000});
  auto g = run_game(start_event("1+0"), slow_white, slow_black, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.termination, Termination::Checkmate);
  EXPECT_EQ(g->verdict.moves.size(), 4u);
  expect_log_replays(*g);
}

TEST(RunnerListening, APersonResignsWhileTheEngineThinks) {
  // Art. 5.1.2: resignation at any time. The engine is stopped; its move is not played.
  std::atomic<bool> never{false};
  SlowEngine engine(never);
  ScriptedListener person({ReplyKind::Resign});
  ManualTimeSource time;
  auto g = run_game(start_event("60+1"), engine, person, time);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->verdict.result, GameResult::WhiteWins);
  EXPECT_EQ(g->verdict.termination, Termination::Resignation);
  EXPECT_TRUE(g->verdict.moves.empty());
  EXPECT_TRUE(engine.stop_.load());
  expect_log_replays(*g);
}

TEST(RunnerListening, AnOfferDuringTheEnginesTurnIsLoggedBeforeItsMove) {
  // Art. 9.1.2.1: an offer made while the opponent's clock runs is still valid; the engine
  // then moves, which declines it. The person (Black) resigns at his own turn.
  ScriptedListener person({ReplyKind::OfferDraw});
  SlowEngine engine(person.spoke);
  ManualTimeSource time;
  auto g = run_game(start_event("60+1"), engine, person, time);
  ASSERT_TRUE(g.has_value());
  ASSERT_EQ(g->events.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<competition::OfferDrawEvent>(g->events[0].body));
  EXPECT_TRUE(std::holds_alternative<competition::MoveEvent>(g->events[1].body));
  EXPECT_TRUE(std::holds_alternative<competition::ResignEvent>(g->events[2].body));
  EXPECT_TRUE(g->verdict.refused.empty());
  EXPECT_FALSE(engine.stop_.load());  // not interrupted: its move stands
  expect_log_replays(*g);
}

TEST(RunnerPgn, EvaluationsJoinTheClockComments) {
  const std::string pgn = "1. e4 {[%clk 0:01:00]} 1... e5 {[%clk 0:01:00]} {note} 2. Nf3 *";
  EXPECT_EQ(pgn_with_evals(pgn, {"+0.20/5", ""}),
            "1. e4 {[%clk 0:01:00] +0.20/5} 1... e5 {[%clk 0:01:00]} {note} 2. Nf3 *");
  EXPECT_EQ(pgn_with_evals("1. e4 e5 *", {"+0.20/5"}), "1. e4 e5 *");
  // The writer may break a line inside the comment.
  EXPECT_EQ(pgn_with_evals("1. e4 {[%clk\n0:01:00]} e5 {[%clk 0:01:00]} *", {"", "-0.10/4"}),
            "1. e4 {[%clk\n0:01:00]} e5 {[%clk 0:01:00] -0.10/4} *");
}

}  // namespace
}  // namespace arbiter::players
