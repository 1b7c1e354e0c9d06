#include "arbiter/players/match.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "arbiter/players/openings.hpp"

namespace arbiter::players {
namespace {

// An in-process player for the schedule and scoring logic: as White it walks into Fool's
// mate, as Black it gives it (Art. 5.1.1), so Black wins every game.
class FoolsMatePlayer final : public Player {
 public:
  explicit FoolsMatePlayer(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  Result<void> start(const GameStart& s) override {
    side_ = s.side;
    n_ = 0;
    return {};
  }
  Reply think(const ThinkRequest&) override {
    static const char* white[] = {"f2f3", "g2g4"};
    static const char* black[] = {"e7e5", "d8h4"};
    Reply r;
    r.move = side_ == core::Color::White ? white[n_ % 2] : black[n_ % 2];
    ++n_;
    return r;
  }
  void finish(const std::string&) override {}

 private:
  std::string name_;
  core::Color side_ = core::Color::White;
  int n_ = 0;
};

MatchOptions options_for(int engines) {
  MatchOptions o;
  for (int i = 0; i < engines; ++i) {
    EngineConfig c;
    c.name = "E" + std::to_string(i);
    c.argv = {"unused"};
    o.engines.push_back(c);
  }
  o.time_control = *clock::TimeControl::parse("60+1");
  return o;
}

TEST(MatchSchedule, RoundRobinReversesColoursAndCyclesOpenings) {
  MatchOptions o = options_for(3);
  o.games = 4;
  o.openings = {"fenA", "fenB"};
  const auto s = schedule(o);
  ASSERT_EQ(s.size(), 12u);  // 3 pairings × 4 games
  EXPECT_EQ(s[0].white, 0);
  EXPECT_EQ(s[0].black, 1);
  EXPECT_EQ(s[1].white, 1);
  EXPECT_EQ(s[1].black, 0);
  EXPECT_EQ(s[0].fen, "fenA");
  EXPECT_EQ(s[1].fen, "fenA");  // the same opening with the colours reversed
  EXPECT_EQ(s[2].fen, "fenB");
  EXPECT_EQ(s[11].number, 12);
}

TEST(MatchSchedule, GauntletPlaysOnlyTheFirstEngine) {
  MatchOptions o = options_for(4);
  o.gauntlet = true;
  for (const auto& g : schedule(o)) EXPECT_TRUE(g.white == 0 || g.black == 0);
  EXPECT_EQ(schedule(o).size(), 6u);
}

TEST(Match, RunsEveryGameConcurrentlyAndScoresIt) {
  MatchOptions o = options_for(2);
  o.games = 4;
  o.concurrency = 2;
  int calls = 0;
  const auto summary = run_match(
      o, [](const EngineConfig& c) { return std::make_unique<FoolsMatePlayer>(c.name); },
      [] { return std::make_unique<ManualTimeSource>(); },
      [&](const FinishedGame& g, const MatchSummary&) {
        ++calls;
        EXPECT_EQ(g.played.verdict.result, competition::GameResult::BlackWins);
      });
  EXPECT_EQ(calls, 4);
  EXPECT_EQ(summary.played, 4);
  EXPECT_EQ(summary.per_engine[0].wins, 2);
  EXPECT_EQ(summary.per_engine[0].losses, 2);
  EXPECT_EQ(summary.per_engine[1].wins, 2);
}

TEST(Match, SprtStopsTheMatchOnceDecided) {
  MatchOptions o = options_for(2);
  o.games = 400;
  o.sprt = Sprt{0, 100, 0.05, 0.05};
  // Black always wins and colours alternate: an even match, so H0 (elo0 = 0) is accepted
  // against H1 (elo1 = 100) long before 400 games.
  const auto summary = run_match(
      o, [](const EngineConfig& c) { return std::make_unique<FoolsMatePlayer>(c.name); },
      [] { return std::make_unique<ManualTimeSource>(); }, {});
  ASSERT_TRUE(summary.sprt.has_value());
  EXPECT_EQ(*summary.sprt, SprtDecision::AcceptH0);
  EXPECT_LT(summary.played, 400);
}

TEST(MatchTimeOdds, AnEnginesOwnControlGoesWithItToEitherColour) {
  // Art. 6.3: the time is allotted per player; E1 plays 30+0 against E0's match 60+1.
  MatchOptions o = options_for(2);
  o.engines[1].time_control = *clock::TimeControl::parse("30");
  const auto s = schedule(o);
  ASSERT_EQ(s.size(), 2u);
  const auto first = start_event(o, s[0]);  // E0 White
  EXPECT_EQ(first.control_of(core::Color::White).to_string(), "60+1");
  EXPECT_EQ(first.control_of(core::Color::Black).to_string(), "30");
  const auto second = start_event(o, s[1]);  // E1 White: the odds follow the engine
  EXPECT_EQ(second.control_of(core::Color::White).to_string(), "30");
  EXPECT_EQ(second.control_of(core::Color::Black).to_string(), "60+1");
  // The same control given twice is no odds: the spec's plain start event.
  o.engines[1].time_control = *clock::TimeControl::parse("60+1");
  EXPECT_FALSE(start_event(o, s[0]).time_control_black.has_value());
}

TEST(MatchChess960, PositionsAreReproducibleAndPlayedWithColoursReversed) {
  const auto a = chess960_positions(7, 3);
  EXPECT_EQ(a, chess960_positions(7, 3));  // the same seed, the same positions
  EXPECT_NE(a, chess960_positions(8, 3));
  for (int n : a) EXPECT_TRUE(n >= 0 && n < 960) << n;
  MatchOptions o = options_for(2);
  o.games = 4;
  o.chess960_positions = {12, 700};
  const auto s = schedule(o);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0].chess960, 12);
  EXPECT_EQ(s[1].chess960, 12);  // colours reversed on the same position
  EXPECT_EQ(s[1].white, s[0].black);
  EXPECT_EQ(s[2].chess960, 700);
  EXPECT_FALSE(s[0].fen.has_value());
  EXPECT_EQ(start_event(o, s[2]).chess960, 700);
}

TEST(EngineConfigParse, ReadsNameCommandProtocolAndOptions) {
  auto c = parse_engine_config(
      {"name=SF", "cmd=/usr/games/stockfish", "option.Hash=64", "proto=uci", "tc=10+1"});
  ASSERT_TRUE(c.has_value());
  ASSERT_TRUE(c->time_control.has_value());
  EXPECT_EQ(c->time_control->to_string(), "10+1");
  auto fractional = parse_engine_config({"cmd=x", "tc=10+0.1"});
  ASSERT_TRUE(fractional.has_value());
  EXPECT_EQ(fractional->time_control->to_string(), "10+0.1");
  auto bad_tc = parse_engine_config({"cmd=x", "tc=10+0.1234"});
  ASSERT_FALSE(bad_tc.has_value());
  EXPECT_EQ(bad_tc.error().message.rfind("tc=10+0.1234: ", 0), 0u) << bad_tc.error().message;
  EXPECT_EQ(c->name, "SF");
  EXPECT_EQ(c->argv, std::vector<std::string>{"/usr/games/stockfish"});
  ASSERT_EQ(c->options.size(), 1u);
  EXPECT_EQ(c->options[0].first, "Hash");
  EXPECT_EQ(c->options[0].second, "64");
  auto x = parse_engine_config({"cmd=/usr/games/fairymax", "proto=xboard"});
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ(x->name, "fairymax");
  EXPECT_EQ(x->protocol, Protocol::Xboard);
  EXPECT_FALSE(parse_engine_config({"name=X"}).has_value());  // no cmd
  EXPECT_FALSE(parse_engine_config({"cmd=x", "proto=morse"}).has_value());
  EXPECT_FALSE(parse_engine_config({"cmd=x", "colour"}).has_value());
}

TEST(Openings, EpdAndPgnBooksGiveStartPositions) {
  auto epd = load_openings(ARB_TESTDATA_DIR "/books/8moves_v3.epd", 0);
  ASSERT_TRUE(epd.has_value()) << epd.error().describe();
  EXPECT_GT(epd->size(), 100u);
  auto pgn = load_openings(ARB_TESTDATA_DIR "/books/8moves_v3.pgn", 4);
  ASSERT_TRUE(pgn.has_value()) << pgn.error().describe();
  EXPECT_NE(pgn->front().find(" w "), std::string::npos);  // 4 plies: White to move
  EXPECT_FALSE(load_openings("/nonexistent.epd", 0).has_value());
  EXPECT_FALSE(load_openings(ARB_SOURCE_DIR "/CMakeLists.txt", 0).has_value());
}

std::string write_book(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(Openings, EpdCountersAreKeptFromTheFenOrTheOperations) {
  // Art. 9.3 counts from the book position's halfmove clock, so it must not be reset.
  auto book = load_openings(write_book("counters.epd",
                                       "4k3/8/8/8/8/8/8/4K2R w K - 7 30\n"
                                       "\n"
                                       "4k3/8/8/8/8/8/8/4K2R b K - hmvc 12; fmvn 41; id \"x\";\n"
                                       "4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+;\n"),
                            0);
  ASSERT_TRUE(book.has_value()) << book.error().describe();
  ASSERT_EQ(book->size(), 3u);
  EXPECT_EQ((*book)[0], "4k3/8/8/8/8/8/8/4K2R w K - 7 30");
  EXPECT_EQ((*book)[1], "4k3/8/8/8/8/8/8/4K2R b K - 12 41");
  EXPECT_EQ((*book)[2], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST(Openings, ABadLineIsAnErrorNamingTheLineAndField) {
  auto book = load_openings(write_book("bad.epd",
                                       "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n"
                                       "4k3/8/8/8/8/8/8/4K2R w Kq - 0 1\n"),
                            0);
  ASSERT_FALSE(book.has_value());
  EXPECT_EQ(book.error().where.line, 2);
  EXPECT_NE(book.error().message.find("bad.epd: line 2"), std::string::npos)
      << book.error().message;
  EXPECT_NE(book.error().describe().find("castling"), std::string::npos) << book.error().describe();
  auto short_line = load_openings(write_book("short.epd", "4k3/8/8/8/8/8/8/4K2R w\n"), 0);
  ASSERT_FALSE(short_line.has_value());
  EXPECT_NE(short_line.error().message.find("line 1"), std::string::npos);
}

TEST(Openings, APgnGameWithAnErrorIsAnErrorNamingTheGame) {
  auto book = load_openings(write_book("bad.pgn",
                                       "[Event \"a\"]\n\n1. e4 e5 *\n\n"
                                       "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"),
                            4);
  ASSERT_FALSE(book.has_value());
  EXPECT_NE(book.error().message.find("bad.pgn: game 2"), std::string::npos)
      << book.error().message;
}

}  // namespace
}  // namespace arbiter::players
