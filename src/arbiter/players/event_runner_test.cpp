#include "arbiter/players/event_runner.hpp"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/tournament/round_robin.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::players {
namespace {

namespace t = tournament;
using competition::GameResult;
using t::ResultCode;

// An in-process engine whose strength is its number ("E0" strongest): it shuffles a knight,
// and at its second turn the weaker of the two resigns (Art. 5.1.2). So the lower number
// always wins, whatever the colours, after both sides have moved.
class RankedPlayer final : public Player {
 public:
  explicit RankedPlayer(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  Result<void> start(const GameStart& s) override {
    side_ = s.side;
    weaker_ = std::stoi(name_.substr(1)) > std::stoi(s.opponent.substr(1));
    turn_ = 0;
    return {};
  }
  Reply think(const ThinkRequest&) override {
    Reply r;
    if (weaker_ && turn_ == 1) {
      r.kind = ReplyKind::Resign;
      return r;
    }
    static const char* white[] = {"g1f3", "f3g1"};
    static const char* black[] = {"g8f6", "f6g8"};
    r.move = side_ == core::Color::White ? white[turn_ % 2] : black[turn_ % 2];
    ++turn_;
    return r;
  }
  void finish(const std::string&) override {}

 private:
  std::string name_;
  core::Color side_ = core::Color::White;
  bool weaker_ = false;
  int turn_ = 0;
};

EventOptions event_of(int engines, int rounds) {
  EventOptions o;
  for (int i = 0; i < engines; ++i) {
    EngineConfig c;
    c.name = "E" + std::to_string(i);
    c.argv = {"unused"};
    o.match.engines.push_back(c);
  }
  o.match.time_control = *clock::TimeControl::parse("60+1");
  o.match.concurrency = 2;
  o.rounds = rounds;
  o.system = "BERGER_ROUNDROBIN";
  return o;
}

// The Berger table's next round, as `arbiter match --tournament round-robin` pairs it.
EventPairer berger_pairer() {
  return [](const t::Tournament& ev) -> Result<EventPairing> {
    auto plan = t::round_robin_plan(ev);
    if (!plan) return tl::unexpected(plan.error());
    auto next = t::next_round(ev, *plan);
    if (!next) return make_error(ErrorCode::kInvalidArgument, "played out", {});
    return EventPairing{next->boards, next->bye};
  };
}

EventOutcome run(const EventOptions& o, const EventPairer& pairer, int* games = nullptr) {
  return run_event(
      o, pairer, [](const EngineConfig& c) { return std::make_unique<RankedPlayer>(c.name); },
      [] { return std::make_unique<ManualTimeSource>(); },
      [games](const EventGame& g) {
        if (games != nullptr) ++*games;
        EXPECT_GE(g.board, 1);
        EXPECT_NE(g.played.verdict.result, GameResult::Ongoing);
      });
}

TEST(EventRunner, ARoundRobinOfFiveFollowsTheBergerTableAndScoresEveryGame) {
  int games = 0;
  const EventOutcome out = run(event_of(5, 5), berger_pairer(), &games);
  ASSERT_FALSE(out.stopped.has_value()) << out.stopped->describe();
  EXPECT_EQ(out.rounds_played, 5);
  EXPECT_EQ(games, 10);  // 5 players, each pair once, one bye a round
  // The file the event writes reads back, follows the table, and scores E0 4 wins, E1 3,
  // ... E4 none, each with one point for the round of the bye (C.04 Annex 2 `U`).
  const std::string text = t::write_trf(out.event);
  auto again = t::read_trf(text);
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  auto plan = t::round_robin_plan(*again);
  ASSERT_TRUE(plan.has_value());
  EXPECT_TRUE(t::round_robin_differences(*again, *plan).empty());
  for (const t::Player& p : again->players) {
    EXPECT_EQ(p.points, (5 - p.id) * 10 + 10) << p.name;
    std::set<t::PlayerId> met;
    int byes = 0;
    for (const t::RoundEntry& e : p.rounds) {
      if (e.result == ResultCode::PairingBye) ++byes;
      if (e.has_opponent()) met.insert(e.opponent);
    }
    EXPECT_EQ(met.size(), 4u) << p.name;
    EXPECT_EQ(byes, 1) << p.name;
  }
  EXPECT_EQ(again->header("012"), "arbiter match");
  EXPECT_EQ(again->settings.system, "BERGER_ROUNDROBIN");
  EXPECT_EQ(again->settings.rounds, 5);
  EXPECT_EQ(again->settings.initial_colour, t::InitialColour::White);
}

TEST(EventRunner, APairingErrorStopsTheEventAfterTheRoundsPlayed) {
  // A pairer that finds no pairing for round 3 (as the Dutch engine says when C.04.1's
  // absolute criteria cannot hold): the two rounds played stay in the event.
  const EventPairer berger = berger_pairer();
  const EventPairer stuck = [&](const t::Tournament& ev) -> Result<EventPairing> {
    if (t::rounds_played(ev) == 2)
      return make_error(ErrorCode::kInvalidArgument, "no valid pairing", {});
    return berger(ev);
  };
  const EventOutcome out = run(event_of(4, 3), stuck);
  ASSERT_TRUE(out.stopped.has_value());
  EXPECT_EQ(out.stopped->message, "no valid pairing");
  EXPECT_EQ(out.rounds_played, 2);
  EXPECT_EQ(t::rounds_played(out.event), 2);
  EXPECT_TRUE(t::read_trf(t::write_trf(out.event)).has_value());
}

TEST(EventRunner, APairingThatNamesAPlayerTwiceIsRefused) {
  const EventPairer twice = [](const t::Tournament&) -> Result<EventPairing> {
    return EventPairing{{{1, 2}, {2, 3}}, 0};
  };
  const EventOutcome out = run(event_of(3, 1), twice);
  ASSERT_TRUE(out.stopped.has_value());
  EXPECT_NE(out.stopped->message.find("twice"), std::string::npos) << out.stopped->message;
  EXPECT_EQ(out.rounds_played, 0);
}

TEST(EventRunner, TheEventIsRefusedWithoutRoundsOrWithANameTooLongForTheTrf) {
  EXPECT_FALSE(new_event(event_of(4, 0)).has_value());
  EXPECT_FALSE(new_event(event_of(1, 3)).has_value());
  EventOptions o = event_of(2, 1);
  o.match.engines[0].name = std::string(34, 'x');
  auto ev = new_event(o);
  ASSERT_FALSE(ev.has_value());
  EXPECT_NE(ev.error().message.find("columns 15-47"), std::string::npos);
  o.match.engines[0].name = std::string(33, 'x');
  o.ratings = {2100};
  ev = new_event(o);
  ASSERT_TRUE(ev.has_value()) << ev.error().describe();
  EXPECT_EQ(ev->players[0].rating, 2100);
  EXPECT_FALSE(ev->players[1].rating.has_value());
}

TEST(EventResults, GamesForfeitsAndShortGamesGetTheirTrfCodes) {
  // C.04 Annex 2: 1 = 0 for games, + - for forfeits (colour kept), W D L under one move.
  const auto check = [](GameResult r, std::size_t plies, ResultCode w, ResultCode b) {
    const ResultCodes c = result_codes(r, plies);
    EXPECT_EQ(c.white, w) << competition::result_text(r) << " after " << plies;
    EXPECT_EQ(c.black, b) << competition::result_text(r) << " after " << plies;
  };
  check(GameResult::WhiteWins, 40, ResultCode::Win, ResultCode::Loss);
  check(GameResult::BlackWins, 2, ResultCode::Loss, ResultCode::Win);
  check(GameResult::Draw, 80, ResultCode::Draw, ResultCode::Draw);
  check(GameResult::Draw, 1, ResultCode::DrawUnrated, ResultCode::DrawUnrated);
  check(GameResult::BlackWins, 0, ResultCode::LossUnrated, ResultCode::WinUnrated);
  check(GameResult::WhiteByForfeit, 0, ResultCode::ForfeitWin, ResultCode::ForfeitLoss);
  check(GameResult::BlackByForfeit, 30, ResultCode::ForfeitLoss, ResultCode::ForfeitWin);
  check(GameResult::BothForfeit, 0, ResultCode::ForfeitLoss, ResultCode::ForfeitLoss);
}

TEST(EventResults, ARoundIsRecordedWithItsByeAndAbsencesAndThePoints) {
  auto ev = new_event(event_of(4, 2));
  ASSERT_TRUE(ev.has_value());
  record_round(*ev, 1, EventPairing{{{3, 1}}, 2},
               {ResultCodes{ResultCode::Draw, ResultCode::Draw}});
  EXPECT_EQ(ev->players[0].rounds[0], (t::RoundEntry{3, t::Colour::Black, ResultCode::Draw}));
  EXPECT_EQ(ev->players[2].rounds[0], (t::RoundEntry{1, t::Colour::White, ResultCode::Draw}));
  EXPECT_EQ(ev->players[1].rounds[0].result, ResultCode::PairingBye);
  EXPECT_EQ(ev->players[3].rounds[0].result, ResultCode::ZeroBye);  // not paired: absent
  EXPECT_EQ(ev->players[0].points, 5);
  EXPECT_EQ(ev->players[1].points, 10);
  EXPECT_EQ(ev->players[3].points, 0);
  auto again = t::read_trf(t::write_trf(*ev));
  ASSERT_TRUE(again.has_value()) << again.error().describe();
  EXPECT_EQ(again->players, ev->players);
}

}  // namespace
}  // namespace arbiter::players
