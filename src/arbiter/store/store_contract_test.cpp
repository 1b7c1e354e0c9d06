// The contract of store.hpp, on every backend (backend_test_support.hpp).
#include <gtest/gtest.h>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_line;
using testing::sample_move;

class StoreContract : public testing::BackendTest {};
ARB_STORE_BACKENDS(StoreContract);

TEST_P(StoreContract, CreatesAndLoadsAGame) {
  auto store = open();
  ASSERT_TRUE(store);
  const GameHeader header = sample_header("g1");
  ASSERT_TRUE(store->create_game(header));
  auto game = store->load_game("g1");
  ASSERT_TRUE(game) << game.error().describe();
  EXPECT_EQ(game->header, header);
  EXPECT_TRUE(game->moves.empty());
  EXPECT_TRUE(game->events.empty());
  EXPECT_EQ(game->last_activity_ms(), header.created_ms);
}

TEST_P(StoreContract, AppendsMovesWithEventsAndMarksTheGameOngoing) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g1")));
  const EventRecord e1 = sample_event(1);
  const EventRecord e2 = sample_event(2);
  ASSERT_TRUE(store->append_move("g1", sample_move(1), std::span{&e1, 1}));
  ASSERT_TRUE(store->append_move("g1", sample_move(2), std::span{&e2, 1}));
  auto game = store->load_game("g1");
  ASSERT_TRUE(game);
  ASSERT_EQ(game->moves.size(), 2u);
  EXPECT_EQ(game->moves[0], sample_move(1));
  EXPECT_EQ(game->moves[1], sample_move(2));
  ASSERT_EQ(game->events.size(), 2u);
  EXPECT_EQ(game->events[1], e2);
  EXPECT_EQ(game->last_seq(), 2);
  EXPECT_EQ(game->header.status, GameStatus::Ongoing);
  // updated_ms: the last change of status, the first move (docs/store.md); the last
  // activity is the last move's.
  EXPECT_EQ(game->header.updated_ms, sample_move(1).wall_ms);
  EXPECT_EQ(game->last_activity_ms(), sample_move(2).wall_ms);
}

// updated_ms follows the status (creation, first move, ending), not every move or event:
// a move of a game in play changes no row of games (issue #16, bench_store).
TEST_P(StoreContract, UpdatedTimeIsTheLastChangeOfStatus) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g1")));
  const EventRecord e1 = sample_event(1);
  const EventRecord e2 = sample_event(2);
  const EventRecord e3 = sample_event(3);
  ASSERT_TRUE(store->append_move("g1", sample_move(1), std::span{&e1, 1}));
  const WallMs started = store->load_game("g1")->header.updated_ms;
  EXPECT_EQ(started, sample_move(1).wall_ms);
  ASSERT_TRUE(store->append_move("g1", sample_move(2), std::span{&e2, 1}));
  ASSERT_TRUE(store->append_events("g1", std::span{&e3, 1}));
  EXPECT_EQ(store->load_game("g1")->header.updated_ms, started);
  Ending ending{GameStatus::Ended, "1-0", "resignation", sample_move(2).wall_ms + 5000};
  ASSERT_TRUE(store->finish_game("g1", ending, {}));
  EXPECT_EQ(store->load_game("g1")->header.updated_ms, ending.wall_ms);
}

// Issue #16: a spectator mirror catches up from the seq it has, not from the whole game.
TEST_P(StoreContract, ReadsTheEventsAfterASeq) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g1")));
  ASSERT_TRUE(store->create_game(sample_header("g2")));
  std::vector<EventRecord> events;
  for (int seq = 1; seq <= 3; ++seq) {
    events.push_back(sample_event(seq));
    ASSERT_TRUE(store->append_move("g1", sample_move(seq), std::span{&events.back(), 1}));
  }
  const EventRecord other = sample_event(1);
  ASSERT_TRUE(store->append_events("g2", std::span{&other, 1}));
  auto after1 = store->events_after("g1", 1);
  ASSERT_TRUE(after1) << after1.error().describe();
  EXPECT_EQ(*after1, (std::vector<EventRecord>{events[1], events[2]}));
  auto all = store->events_after("g1", 0);
  ASSERT_TRUE(all);
  EXPECT_EQ(*all, events);
  auto none = store->events_after("g1", 3);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  auto g2 = store->events_after("g2", 0);
  ASSERT_TRUE(g2);
  EXPECT_EQ(*g2, std::vector<EventRecord>{other});
  auto missing = store->events_after("nope", 0);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(missing.error().where.field, "game_id");
  EXPECT_FALSE(store->events_after("bad id!", 0));
}

TEST_P(StoreContract, FindsEverythingAfterReopening) {
  {
    auto store = open();
    ASSERT_TRUE(store->create_game(sample_header("kept")));
    for (int ply = 1; ply <= 5; ++ply) {
      const EventRecord e = sample_event(ply);
      ASSERT_TRUE(store->append_move("kept", sample_move(ply), std::span{&e, 1}));
    }
    const EventRecord end = sample_event(6);
    ASSERT_TRUE(
        store->finish_game("kept", {GameStatus::Ended, "1-0", "resignation", 9}, {&end, 1}));
  }
  auto store = open();
  auto game = store->load_game("kept");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->moves.size(), 5u);
  EXPECT_EQ(game->moves.back(), sample_move(5));
  EXPECT_EQ(game->events.size(), 6u);
  EXPECT_EQ(game->header.status, GameStatus::Ended);
  EXPECT_EQ(game->header.result, "1-0");
  EXPECT_EQ(game->header.reason, "resignation");
}

TEST_P(StoreContract, KeepsTheRefereeLogLineByLine) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g1")));
  ASSERT_TRUE(store->create_game(sample_header("g2")));
  const std::vector<LogLine> first{sample_line(1), sample_line(2)};
  ASSERT_TRUE(store->append_log("g1", first));
  const LogLine third = sample_line(3);
  ASSERT_TRUE(store->append_log("g1", std::span{&third, 1}));
  auto game = store->load_game("g1");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->log, (std::vector<LogLine>{sample_line(1), sample_line(2), sample_line(3)}));
  // A line repeated or skipped is refused, naming n.
  for (std::int64_t n : {3, 5}) {
    const LogLine wrong = sample_line(n);
    auto refused = store->append_log("g1", std::span{&wrong, 1});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::kProtocolState);
    EXPECT_EQ(refused.error().where.field, "n");
  }
  auto without = store->games_without_log(10);
  ASSERT_TRUE(without);
  EXPECT_EQ(*without, std::vector<std::string>{"g2"});
  EXPECT_EQ(store->games_without_log(0).error().where.field, "limit");
}

TEST_P(StoreContract, RefusesLogLinesAdjudicateCouldNotRead) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g1")));
  const auto refused = [&](std::vector<LogLine> lines) {
    auto r = store->append_log("g1", lines);
    EXPECT_FALSE(r);
    return r ? Error{} : r.error();
  };
  // The first line must be there, and be the start event.
  EXPECT_EQ(refused({sample_line(2)}).where.field, "n");
  EXPECT_EQ(refused({{1, R"({"t":0,"type":"move","side":"white","move":"e4"})"}}).code,
            ErrorCode::kInvalidArgument);
  // Not JSON, no "t", a line break inside.
  Error e = refused({sample_line(1), {2, "{not json"}});
  EXPECT_EQ(e.code, ErrorCode::kInvalidArgument);
  EXPECT_NE(e.message.find("log line 2"), std::string::npos) << e.message;
  EXPECT_EQ(refused({sample_line(1), {2, R"({"type":"resign","side":"white"})"}}).code,
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(refused({{1, sample_line(1).text + "\n"}}).where.field, "text");
  EXPECT_EQ(refused({{0, sample_line(1).text}}).where.field, "n");
  // Nothing of the refused batches was kept; an unknown game is named.
  EXPECT_TRUE(store->load_game("g1")->log.empty());
  const LogLine start = sample_line(1);
  auto unknown = store->append_log("nope", std::span{&start, 1});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, ErrorCode::kProtocolState);
}

TEST_P(StoreContract, ListsGamesMostRecentFirstAndFiltersByStatus) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("old", 1000)));
  ASSERT_TRUE(store->create_game(sample_header("new", 2000)));
  ASSERT_TRUE(store->create_game(sample_header("mid", 1500)));
  ASSERT_TRUE(store->append_move("old", sample_move(1, 5000), {}));
  auto all = store->list_games({});
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), 3u);
  EXPECT_EQ((*all)[0].id, "old");  // its move made it the most recently updated
  EXPECT_EQ((*all)[0].plies, 1);
  EXPECT_EQ((*all)[1].id, "new");
  EXPECT_EQ((*all)[2].id, "mid");
  auto ongoing = store->list_games({GameStatus::Ongoing, 50});
  ASSERT_TRUE(ongoing);
  ASSERT_EQ(ongoing->size(), 1u);
  EXPECT_EQ(ongoing->front().id, "old");
  auto limited = store->list_games({std::nullopt, 2});
  ASSERT_TRUE(limited);
  EXPECT_EQ(limited->size(), 2u);
  EXPECT_FALSE(store->list_games({std::nullopt, 0}));
}

TEST_P(StoreContract, FinishedGameRefusesMovesButTakesEvents) {
  auto store = open();
  ASSERT_TRUE(store->create_game(sample_header("g")));
  ASSERT_TRUE(store->finish_game("g", {GameStatus::Aborted, "*", "aborted", 5}, {}));
  auto move = store->append_move("g", sample_move(1), {});
  ASSERT_FALSE(move);
  EXPECT_EQ(move.error().code, ErrorCode::kProtocolState);
  auto again = store->finish_game("g", {GameStatus::Ended, "1-0", "resignation", 6}, {});
  EXPECT_FALSE(again);
  const EventRecord rematch = sample_event(1);
  EXPECT_TRUE(store->append_events("g", {&rematch, 1}));
}

}  // namespace
}  // namespace arbiter::store
