// The referee's event log in the store (issue #16): every event the room's Arbiter sees is
// stored as a line of spec/game-events.md, so that `arbiter adjudicate` re-reads a served
// game to the room's own verdict — the same result, termination, moves and clock times
// (the PGN with its [%clk] comments is compared whole). A reload referees from the log; a
// game stored before the log existed is converted by refereeing its protocol events.
#include <algorithm>
#include <sstream>

#include "arbiter/server/game_room.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/wire/adjudicate.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

class RoomLogTest : public RoomTest {
 protected:
  // The stored log as `arbiter adjudicate` reads it.
  competition::Verdict adjudicated(const std::string& id) {
    auto stored = store_->load_game(id);
    EXPECT_TRUE(stored) << stored.error().describe();
    std::string text;
    for (const store::LogLine& line : stored->log) text += line.text + "\n";
    std::istringstream in{text};
    auto verdict = wire::adjudicate(in);
    EXPECT_TRUE(verdict) << verdict.error().describe() << "\n" << text;
    return verdict ? *verdict : competition::Verdict{};
  }
  // The log re-adjudicates to the room's own game record.
  void expect_same_game(GameRoom& room) {
    const competition::Verdict v = adjudicated(room.id());
    EXPECT_EQ(v.pgn, room.pgn());
    const wire::GameState s = room.state();
    // An upheld claim's intended move is shown after the moves (§3.2) but never played.
    const bool intended_shown = v.termination == competition::Termination::ThreefoldClaim ||
                                v.termination == competition::Termination::FiftyMoveClaim;
    ASSERT_EQ(v.moves.size() + (intended_shown ? 1 : 0), s.moves.size());
    for (std::size_t i = 0; i < v.moves.size(); ++i) EXPECT_EQ(v.moves[i], s.moves[i].san) << i;
    EXPECT_EQ(competition::termination_name(v.termination),
              s.termination.value_or(std::string{"ongoing"}));
  }
};

TEST_F(RoomLogTest, CheckmateIsInTheLog) {
  auto [f, w, b] = seated();
  move(*f.room, w, "f2f3", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  move(*f.room, w, "g2g4", 3, 2);
  move(*f.room, b, "d8h4", 4, 2);
  const competition::Verdict v = adjudicated(f.room->id());
  EXPECT_EQ(v.result, competition::GameResult::BlackWins);
  EXPECT_EQ(v.termination, competition::Termination::Checkmate);
  expect_same_game(*f.room);
  // The start line names both players (Black joined after White created the game) and
  // the online rules the server plays under.
  auto stored = store_->load_game(f.room->id());
  ASSERT_FALSE(stored->log.empty());
  const std::string& start = stored->log.front().text;
  EXPECT_NE(start.find(R"("white":"Anna")"), std::string::npos) << start;
  EXPECT_NE(start.find(R"("black":"Boris")"), std::string::npos) << start;
  EXPECT_NE(start.find(R"("illegal_moves":"reject")"), std::string::npos) << start;
  EXPECT_EQ(stored->log.size(), 5u);  // start and four moves
}

TEST_F(RoomLogTest, ResignationAgreementAndClaimsAreInTheLog) {
  {
    auto [f, w, b] = after_e4_e5();
    clock_.advance(2s);
    say(*f.room, b, R"({"t":"resign","id":2})");
    EXPECT_EQ(adjudicated(f.room->id()).termination, competition::Termination::Resignation);
    expect_same_game(*f.room);
  }
  {
    auto [f, w, b] = after_e4_e5();
    say(*f.room, w, R"({"t":"draw","id":3,"d":{"action":"offer"}})");
    say(*f.room, b, R"({"t":"draw","id":3,"d":{"action":"decline"}})");
    move(*f.room, w, "g1f3", 3, 4);
    say(*f.room, b, R"({"t":"draw","id":4,"d":{"action":"offer"}})");
    say(*f.room, w, R"({"t":"draw","id":5,"d":{"action":"accept"}})");
    EXPECT_EQ(adjudicated(f.room->id()).termination, competition::Termination::Agreement);
    expect_same_game(*f.room);
  }
  {
    // A wrong claim (9.5.3: the opponent's penalty time, the intended move made), then
    // the claim accepted as a draw offer.
    auto [f, w, b] = after_e4_e5();
    clock_.advance(1500ms);
    say(*f.room, w, R"({"t":"claim","id":2,"d":{"kind":"threefold","move":"g1f3"}})");
    say(*f.room, b, R"({"t":"draw","id":3,"d":{"action":"accept"}})");
    const competition::Verdict v = adjudicated(f.room->id());
    EXPECT_EQ(v.termination, competition::Termination::Agreement);
    ASSERT_EQ(v.penalties.size(), 1u);
    EXPECT_EQ(v.penalties[0].article, "9.5.3");
    expect_same_game(*f.room);
  }
  {
    auto [f, w, b] = seated();
    const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
    for (int i = 0; i < 7; ++i) move(*f.room, i % 2 ? b : w, moves[i], i + 1, i + 1);
    say(*f.room, b, R"({"t":"claim","id":20,"d":{"kind":"threefold","move":"f6g8"}})");
    EXPECT_EQ(adjudicated(f.room->id()).termination, competition::Termination::ThreefoldClaim);
    expect_same_game(*f.room);
  }
}

TEST_F(RoomLogTest, TheFlagIsLoggedAtItsInstant) {
  auto [f, w, b] = after_e4_e5("60");
  say(*f.room, w, R"({"t":"ack","seq":3})");
  say(*f.room, b, R"({"t":"ack","seq":3})");
  clock_.advance(60'500ms);
  f.room->tick();
  ASSERT_EQ(f.room->state().termination, std::optional<std::string>("time_forfeit"));
  const competition::Verdict v = adjudicated(f.room->id());
  EXPECT_EQ(v.termination, competition::Termination::TimeForfeit);
  EXPECT_EQ(v.result, competition::GameResult::BlackWins);
  ASSERT_TRUE(v.ended_at.has_value());
  EXPECT_EQ(v.ended_at->count(), 60000);  // the instant, not the tick that noticed it
  ASSERT_TRUE(v.clocks.has_value());
  EXPECT_EQ((*v.clocks)[0].count(), 0);  // White's
  expect_same_game(*f.room);
}

TEST_F(RoomLogTest, TheLogBeginsWhenBothSeatsAreTaken) {
  auto g = create(R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"},)"
                  R"("name":"Anna"})");
  auto waiting = store_->load_game(g.room->id());
  ASSERT_TRUE(waiting);
  EXPECT_TRUE(waiting->log.empty());  // Black's name is not known yet
  auto log = g.room->referee_log();
  ASSERT_TRUE(log);
  EXPECT_EQ(*log, "");
  ASSERT_TRUE(g.room->join(wire::JoinGameRequest{"Boris", std::nullopt, g.invite}));
  log = g.room->referee_log();
  ASSERT_TRUE(log);
  EXPECT_NE(log->find(R"("black":"Boris")"), std::string::npos) << *log;
  EXPECT_EQ(std::count(log->begin(), log->end(), '\n'), 1);
}

TEST_F(RoomLogTest, AnAbortedGameHasAnUnfinishedLog) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  say(*f.room, b, R"({"t":"abort","id":1})");
  ASSERT_EQ(f.room->state().status, "aborted");
  // An abort is not a rule of chess: the referee saw one move and no result.
  const competition::Verdict v = adjudicated(f.room->id());
  EXPECT_EQ(v.result, competition::GameResult::Ongoing);
  EXPECT_EQ(v.moves, std::vector<std::string>{"e4"});
}

TEST_F(RoomLogTest, AReloadRefereesFromTheLog) {
  auto [f, w, b] = after_e4_e5();
  clock_.advance(3s);
  move(*f.room, w, "g1f3", 3, 2);
  const std::string id = f.room->id();
  const std::string pgn = f.room->pgn();
  f.room.reset();
  w.reset();
  b.reset();
  open();
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->pgn(), pgn);
  // The log was read, not written again.
  EXPECT_EQ(store_->load_game(id)->log.size(), 4u);
  auto b2 = connect(*room, f.black, 0);
  move(*room, b2, "b8c6", 4, 9);
  EXPECT_EQ(store_->load_game(id)->log.size(), 5u);
  expect_same_game(*room);
}

// A database written before the log existed: its games have protocol events only. The
// migration referees them again and stores their logs.
TEST_F(RoomLogTest, GamesStoredBeforeTheLogAreConverted) {
  std::string finished;
  std::string ongoing;
  std::string finished_pgn;
  {
    auto [f, w, b] = after_e4_e5();
    clock_.advance(2s);
    move(*f.room, w, "g1f3", 3, 2);
    say(*f.room, b, R"({"t":"resign","id":2})");
    finished = f.room->id();
    finished_pgn = f.room->pgn();
  }
  {
    auto [f, w, b] = after_e4_e5();
    ongoing = f.room->id();
  }
  open();
  auto removed = store::testing::execute_sql(location_, "DELETE FROM referee_log");
  ASSERT_TRUE(removed) << removed.error().describe();
  auto before = store_->games_without_log(10);
  ASSERT_TRUE(before);
  EXPECT_EQ(before->size(), 2u);
  auto converted = registry_->convert_legacy_logs();
  ASSERT_TRUE(converted) << converted.error().describe();
  EXPECT_EQ(*converted, 2);
  EXPECT_TRUE(store_->games_without_log(10)->empty());
  EXPECT_EQ(adjudicated(finished).termination, competition::Termination::Resignation);
  EXPECT_EQ(adjudicated(finished).pgn, finished_pgn);
  EXPECT_EQ(adjudicated(ongoing).moves, (std::vector<std::string>{"e4", "e5"}));
  // A second run finds nothing to do.
  converted = registry_->convert_legacy_logs();
  ASSERT_TRUE(converted);
  EXPECT_EQ(*converted, 0);
}

}  // namespace
}  // namespace arbiter::server::testing
