// The event the server runs (issue #18): its text, entering and withdrawing, the rounds
// paired by the Dutch System from the derived TRF, results, forfeits, late entries,
// forbidden pairs, and standings equal to those of the TRF a player downloads.
#include <gtest/gtest.h>

#include <set>

#include "arbiter/tournament/online_event.hpp"
#include "arbiter/tournament/online_rules.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

OnlineEvent make_event(int rounds) {
  OnlineEvent e;
  e.settings.name = "Club Swiss";
  e.settings.time_control = "300+3";
  e.settings.rounds = rounds;
  e.settings.starts_ms = 1'000;
  e.settings.interval_ms = 500;
  e.settings.tiebreaks = "BH/C1,BH,SB";
  return e;
}

// Accounts 101.. with ratings 2000, 1950, ... and names P1, P2, ...
void enter_players(OnlineEvent& e, int n, int first = 1) {
  for (int i = first; i < first + n; ++i) {
    auto entry = enter(e, 100 + i, "P" + std::to_string(i), 2050 - 50 * i);
    ASSERT_TRUE(entry) << entry.error().describe();
  }
}

// Plays the last round: White wins unless the players' entries are both even (a draw);
// games get ids "g<round>-<board>".
void play_round(OnlineEvent& e, std::int64_t now) {
  EventRound& r = e.rounds.back();
  for (std::size_t i = 0; i < r.boards.size(); ++i) {
    r.boards[i].game = "g" + std::to_string(r.number) + "-" + std::to_string(i + 1);
  }
  const std::vector<EventBoard> boards = r.boards;
  for (const EventBoard& b : boards) {
    const bool draw = b.white % 2 == 0 && b.black % 2 == 0;
    ASSERT_TRUE(record_result(e, b.game, draw ? "1/2-1/2" : "1-0", now));
  }
}

TEST(OnlineEventText, RoundTripsEverything) {
  OnlineEvent e = make_event(3);
  e.settings.rated = true;
  e.settings.late = LatePoints::Half;
  e.settings.password_hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA";
  e.settings.max_players = 64;
  e.settings.forbidden = {{101, 102}};
  enter_players(e, 5);
  e.entrants[0].name = "Anna Maria von Berg";  // a name with spaces is the line's end
  ASSERT_TRUE(withdraw(e, 105));
  ASSERT_TRUE(pair_next_round(e, 2'000));
  play_round(e, 3'000);
  ASSERT_TRUE(pair_next_round(e, 4'000));
  const std::string text = write_event(e);
  auto back = read_event(text);
  ASSERT_TRUE(back) << back.error().describe();
  EXPECT_EQ(*back, e);
  EXPECT_EQ(write_event(*back), text);
}

struct BadText {
  const char* name;
  const char* text;
  int line;
  const char* field;
};

class OnlineEventBadText : public ::testing::TestWithParam<BadText> {};

TEST_P(OnlineEventBadText, IsRefusedNamingLineAndField) {
  const auto r = read_event(GetParam().text);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(r.error().where.line, GetParam().line) << r.error().describe();
  EXPECT_EQ(r.error().where.field, GetParam().field) << r.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, OnlineEventBadText,
    ::testing::Values(
        BadText{"Empty", "", 1, "header"}, BadText{"NoHeader", "name X\n", 1, "header"},
        BadText{"UnknownKey", "arbiter-event 1\ncolour blue\n", 2, "key"},
        BadText{"RoundsNotANumber", "arbiter-event 1\nrounds three\n", 2, "rounds"},
        BadText{"TooManyRounds", "arbiter-event 1\nrounds 51\n", 2, "rounds"},
        BadText{"LateNeither", "arbiter-event 1\nlate some\n", 2, "late"},
        BadText{"EntryOutOfOrder", "arbiter-event 1\nplayer 2 7 - 1 - Bo\n", 2, "entry"},
        BadText{"PlayerWithoutName", "arbiter-event 1\nplayer 1 7 1500 1 -\n", 2, "player-name"},
        BadText{"RoundOutOfOrder", "arbiter-event 1\nround 2 0 - 0\n", 2, "round"},
        BadText{"ByeNoEntrant", "arbiter-event 1\nround 1 0 - 3\n", 2, "bye"},
        BadText{"BoardBeforeRound",
                "arbiter-event 1\nplayer 1 7 - 1 - A\nplayer 2 8 - 1 - B\n"
                "board 1 2 g1 *\n",
                4, "board"},
        BadText{"BoardSelf",
                "arbiter-event 1\nplayer 1 7 - 1 - A\nplayer 2 8 - 1 - B\n"
                "round 1 0 - 0\nboard 1 1 g1 *\n",
                5, "black"},
        BadText{"TrailingWords", "arbiter-event 1\nrated 1 0\n", 2, "line"}),
    [](const ::testing::TestParamInfo<BadText>& p) { return std::string(p.param.name); });

TEST(OnlineEventEntry, RefusesTwiceFullAndFinished) {
  OnlineEvent e = make_event(1);
  e.settings.max_players = 2;
  ASSERT_TRUE(enter(e, 1, "A", 1500));
  auto again = enter(e, 1, "A", 1500);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().where.field, "account");
  ASSERT_TRUE(enter(e, 2, "B", 1400));
  auto full = enter(e, 3, "C", 1400);
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().where.field, "full");
  ASSERT_TRUE(pair_next_round(e, 10));
  auto late = enter(e, 4, "D", 1400);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().where.field, "finished");
}

TEST(OnlineEventEntry, AWithdrawalBeforeTheStartMayBeTakenBackButNotAfter) {
  OnlineEvent e = make_event(3);
  enter_players(e, 4);
  ASSERT_TRUE(withdraw(e, 101));
  EXPECT_FALSE(withdraw(e, 101));
  EXPECT_FALSE(withdraw(e, 999));
  auto back = enter(e, 101, "P1", 2000);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, 1);
  ASSERT_TRUE(pair_next_round(e, 10));
  ASSERT_TRUE(withdraw(e, 101));
  EXPECT_FALSE(enter(e, 101, "P1", 2000));
}

TEST(OnlineEventRounds, EightPlayersThreeRoundsNoRematchAndStandingsAsTheTrf) {
  OnlineEvent e = make_event(3);
  enter_players(e, 8);
  EXPECT_EQ(next_round_at(e), 1'000);
  std::set<std::pair<int, int>> met;
  for (int round = 1; round <= 3; ++round) {
    ASSERT_TRUE(pair_next_round(e, 1'000 * round));
    EXPECT_TRUE(round_in_play(e));
    EXPECT_FALSE(next_round_at(e));
    ASSERT_EQ(e.rounds.back().boards.size(), 4U);
    for (const EventBoard& b : e.rounds.back().boards) {
      EXPECT_TRUE(met.insert({std::min(b.white, b.black), std::max(b.white, b.black)}).second)
          << "round " << round << ": " << b.white << " met " << b.black << " again (C.04.1 b)";
    }
    play_round(e, 1'000 * round + 100);
    EXPECT_FALSE(round_in_play(e));
    if (round < 3) {
      EXPECT_EQ(next_round_at(e), 1'000 * round + 100 + 500);
    }
  }
  EXPECT_TRUE(finished(e));
  EXPECT_FALSE(next_round_at(e));
  // Round 1 by C.04.3: the top half against the bottom half, 1 v 5 with White to 1.
  EXPECT_EQ(e.rounds[0].boards[0].white, 1);
  EXPECT_EQ(e.rounds[0].boards[0].black, 5);

  auto standings = event_standings(e);
  ASSERT_TRUE(standings) << standings.error().describe();
  auto trf = to_trf(e);
  ASSERT_TRUE(trf);
  // What a player downloads and `arbiter tournament standings` reads.
  auto downloaded = read_trf(write_trf(*trf));
  ASSERT_TRUE(downloaded) << downloaded.error().describe();
  EXPECT_EQ(rounds_played(*downloaded), 3);
  auto tiebreaks = file_tiebreaks(*downloaded);
  ASSERT_TRUE(tiebreaks);
  ASSERT_EQ(tiebreaks->size(), 3U);
  const Standings again = compute_standings(*downloaded, *tiebreaks, 0);
  ASSERT_EQ(again.rows.size(), standings->rows.size());
  for (std::size_t i = 0; i < again.rows.size(); ++i) {
    EXPECT_EQ(again.rows[i].id, standings->rows[i].id);
    EXPECT_EQ(again.rows[i].points, standings->rows[i].points);
    EXPECT_EQ(again.rows[i].values, standings->rows[i].values);
  }
  // Points add up: 12 games, each worth one point.
  Points total = 0;
  for (const StandingRow& r : standings->rows) total += r.points;
  EXPECT_EQ(total, 120);
}

TEST(OnlineEventRounds, AnOddFieldGivesTheByeToTheLowestAndEachOnlyOnce) {
  OnlineEvent e = make_event(3);
  enter_players(e, 5);
  std::set<int> byes;
  for (int round = 1; round <= 3; ++round) {
    ASSERT_TRUE(pair_next_round(e, round * 10));
    const int bye = e.rounds.back().bye;
    ASSERT_NE(bye, 0);
    EXPECT_TRUE(byes.insert(bye).second) << "C.04.1 c: a second bye for " << bye;
    play_round(e, round * 10 + 1);
  }
  EXPECT_EQ(e.rounds[0].bye, 5);  // the lowest ranked of round 1 (C.04.3)
  auto trf = to_trf(e);
  ASSERT_TRUE(trf);
  const PlayerId id5 = trf_ids(e)[4];
  EXPECT_EQ(trf->find(id5)->rounds[0].result, ResultCode::PairingBye);
}

TEST(OnlineEventRounds, AForfeitIsPlusAndMinusAndNotAGamePlayed) {
  OnlineEvent e = make_event(2);
  enter_players(e, 4);
  ASSERT_TRUE(pair_next_round(e, 10));
  EventRound& r = e.rounds.back();
  r.boards[0].game = "a";
  r.boards[1].game = "b";
  EXPECT_FALSE(record_result(e, "a", "*", 11));
  EXPECT_FALSE(record_result(e, "zzz", "1-0", 11));
  ASSERT_TRUE(record_result(e, "a", "-/+", 11));  // White did not appear (Art. 6.7.1)
  EXPECT_TRUE(round_in_play(e));
  ASSERT_TRUE(record_result(e, "b", "-/-", 12));
  EXPECT_FALSE(round_in_play(e));
  EXPECT_EQ(e.rounds.back().finished_ms, 12);
  auto trf = to_trf(e);
  ASSERT_TRUE(trf) << trf.error().describe();
  const auto ids = trf_ids(e);
  const EventBoard& a = e.rounds[0].boards[0];
  EXPECT_EQ(trf->find(ids[static_cast<std::size_t>(a.white - 1)])->rounds[0].result,
            ResultCode::ForfeitLoss);
  EXPECT_EQ(trf->find(ids[static_cast<std::size_t>(a.black - 1)])->rounds[0].result,
            ResultCode::ForfeitWin);
  EXPECT_EQ(*trf->find(ids[static_cast<std::size_t>(a.black - 1)])->points, 10);
}

TEST(OnlineEventRounds, ALateEntrantGetsTheAnnouncedPointsForTheRoundsMissed) {
  for (const LatePoints late : {LatePoints::Zero, LatePoints::Half}) {
    OnlineEvent e = make_event(3);
    e.settings.late = late;
    enter_players(e, 4);
    ASSERT_TRUE(pair_next_round(e, 10));
    play_round(e, 11);
    auto entry = enter(e, 999, "Late", 2500);  // the best rated, entering for round 2
    ASSERT_TRUE(entry);
    EXPECT_EQ(e.entrant(*entry)->first_round, 2);
    ASSERT_TRUE(pair_next_round(e, 20));
    bool paired = false;
    for (const EventBoard& b : e.rounds.back().boards)
      paired |= b.white == *entry || b.black == *entry;
    EXPECT_TRUE(paired || e.rounds.back().bye == *entry);
    play_round(e, 21);
    auto trf = to_trf(e);
    ASSERT_TRUE(trf) << trf.error().describe();
    // The late entrant is number 1 now: C.04.2 ranks by rating, whenever he entered.
    EXPECT_EQ(trf_ids(e)[static_cast<std::size_t>(*entry - 1)], 1);
    const Player* p = trf->find(1);
    EXPECT_EQ(p->rounds[0].result,
              late == LatePoints::Half ? ResultCode::HalfBye : ResultCode::ZeroBye);
    EXPECT_FALSE(p->rounds[0].has_opponent());
  }
}

TEST(OnlineEventRounds, AWithdrawnPlayerIsNotPairedAgain) {
  OnlineEvent e = make_event(3);
  enter_players(e, 6);
  ASSERT_TRUE(pair_next_round(e, 10));
  play_round(e, 11);
  ASSERT_TRUE(withdraw(e, 103));
  ASSERT_TRUE(pair_next_round(e, 20));
  const EventRound& r = e.rounds.back();
  for (const EventBoard& b : r.boards) {
    EXPECT_NE(b.white, 3);
    EXPECT_NE(b.black, 3);
  }
  EXPECT_NE(r.bye, 3);
  EXPECT_EQ(r.boards.size(), 2U);  // five left: two boards and a bye
  play_round(e, 21);
  auto trf = to_trf(e);
  ASSERT_TRUE(trf);
  // He stays in the file with his round-1 game and an absence for round 2.
  const PlayerId id = trf_ids(e)[2];
  ASSERT_NE(id, 0);
  EXPECT_TRUE(trf->find(id)->rounds[0].has_opponent());
  EXPECT_EQ(trf->find(id)->rounds[1].result, ResultCode::ZeroBye);
}

TEST(OnlineEventRounds, ForbiddenPairsNeverMeet) {
  // The two top seeds would meet by score in round 2 (both win round 1); a forbidden pair
  // of the creator's keeps them apart in every round.
  OnlineEvent e = make_event(3);
  e.settings.forbidden = {{101, 105}, {102, 106}};
  enter_players(e, 8);
  for (int round = 1; round <= 3; ++round) {
    ASSERT_TRUE(pair_next_round(e, round * 10)) << round;
    for (const EventBoard& b : e.rounds.back().boards) {
      const std::set<int> pair{b.white, b.black};
      EXPECT_NE(pair, (std::set<int>{1, 5})) << "round " << round;
      EXPECT_NE(pair, (std::set<int>{2, 6})) << "round " << round;
    }
    play_round(e, round * 10 + 1);
  }
}

TEST(OnlineEventRounds, NoRoundWhileOneIsInPlayNorAfterTheLastNorForOnePlayer) {
  OnlineEvent e = make_event(1);
  enter_players(e, 1);
  auto alone = pair_next_round(e, 10);
  ASSERT_FALSE(alone);
  EXPECT_EQ(alone.error().where.field, "players");
  enter_players(e, 1, 2);
  ASSERT_TRUE(pair_next_round(e, 10));
  auto busy = pair_next_round(e, 11);
  ASSERT_FALSE(busy);
  EXPECT_EQ(busy.error().where.field, "round");
  play_round(e, 12);
  EXPECT_TRUE(finished(e));
  EXPECT_FALSE(pair_next_round(e, 13));
}

TEST(OnlineEventResults, EveryVerdictResultHasItsTrfCodes) {
  EXPECT_FALSE(result_codes("*"));
  EXPECT_FALSE(result_codes("2-0"));
  const auto draw = result_codes("1/2-1/2");
  ASSERT_TRUE(draw);
  EXPECT_EQ(draw->white, ResultCode::Draw);
  const auto uneven = result_codes("0-1/2");
  ASSERT_TRUE(uneven);
  EXPECT_EQ(uneven->white, ResultCode::Loss);
  EXPECT_EQ(uneven->black, ResultCode::Draw);
  const auto both = result_codes("-/-");
  ASSERT_TRUE(both);
  EXPECT_EQ(both->black, ResultCode::ForfeitLoss);
}

}  // namespace
}  // namespace arbiter::tournament
