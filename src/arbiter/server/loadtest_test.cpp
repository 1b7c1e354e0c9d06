// `arbiter loadtest` against the whole server in this process, on loopback: a small load
// runs clean and every acknowledged move is found in the database; the verification finds
// what is missing or disagrees with the game's own log; a URL off this machine is refused
// before any traffic.
#include <gtest/gtest.h>
#include <unistd.h>

#include <thread>

#include "arbiter/server/live_rig.hpp"
#include "arbiter/server/loadtest_game.hpp"
#include "arbiter/server/loadtest_runner.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/wire/client_messages.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

class LoadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(rig_.start(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  }
  void TearDown() override { rig_.stop(); }

  LoadOptions options(int games, double rate, std::chrono::milliseconds duration) {
    LoadOptions o;
    o.url = "http://127.0.0.1:" + std::to_string(rig_.server->port());
    o.games = games;
    o.rate = rate;
    o.duration = duration;
    o.drain = 2s;
    o.create_rate = 20;  // under the server's default creation burst (60)
    o.server_pid = static_cast<int>(::getpid());
    o.db = (rig_.dir / "arbiter.db").string();
    return o;
  }

  LiveRig rig_;
};

TEST_F(LoadTest, ASmallLoadRunsCleanAndEveryAcknowledgedMoveIsStored) {
  const auto o = options(10, 4, 7s);
  auto r = run_load(o);
  ASSERT_TRUE(r) << r.error().describe();
  for (const auto& [kind, count] : r->stats.errors) ADD_FAILURE() << kind << ": " << count;
  EXPECT_EQ(r->stats.error_total(), 0u);
  EXPECT_EQ(r->stats.connection_failures, 0u);
  EXPECT_EQ(r->games_started, 10);
  EXPECT_EQ(r->stats.games_created, 10u);
  EXPECT_EQ(r->stats.games_ready, 10u);
  EXPECT_TRUE(r->setup_complete);
  EXPECT_EQ(r->unanswered, 0);
  // Every move sent was answered, and paced: 4 a second per game at most, over the run.
  EXPECT_GT(r->stats.moves_acked, 40u);
  EXPECT_EQ(r->stats.moves_acked, r->stats.moves_sent);
  EXPECT_LE(r->stats.moves_sent, 10u * 4u * 7u);
  // Percentiles: positive and ordered.
  EXPECT_EQ(r->rtt.count, r->stats.moves_acked);
  EXPECT_GT(r->rtt.p50, 0);
  EXPECT_LE(r->rtt.p50, r->rtt.p99);
  EXPECT_LE(r->rtt.p99, r->rtt.p999);
  EXPECT_LE(r->rtt.p999, r->rtt.max);
  EXPECT_GT(r->steady_rtt.count, 0u);
  EXPECT_LE(r->steady_rtt.count, r->rtt.count);
  EXPECT_EQ(r->create.count, 10u);
  // The server is this process: its samples are there.
  ASSERT_TRUE(r->server_end) << r->server_sample_error;
  EXPECT_TRUE(r->cpu_ms_per_move_steady());
  // The load generator's own share, over the run and in steady play (part of it).
  EXPECT_GT(r->client_cpu_s, 0.0);
  EXPECT_LE(r->client_steady_cpu_s, r->client_cpu_s);
  EXPECT_TRUE(r->client_cpu_ms_per_move_steady());
  EXPECT_GT(r->descriptors.soft, 0u);
  // Every acknowledged move is in the database, as the server's move event named it.
  ASSERT_TRUE(r->verify) << r->verify_error;
  EXPECT_TRUE(r->verify->ok()) << (r->verify->examples.empty() ? "" : r->verify->examples[0]);
  EXPECT_EQ(r->verify->moves_checked, r->stats.moves_acked);
  EXPECT_EQ(r->verify->games, 10u);
  EXPECT_TRUE(r->clean());
}

TEST_F(LoadTest, AtRateZeroEachGameMakesItsTwoFirstMovesAndIdles) {
  auto r = run_load(options(5, 0, 4s));
  ASSERT_TRUE(r) << r.error().describe();
  EXPECT_EQ(r->stats.error_total(), 0u);
  EXPECT_EQ(r->stats.games_ready, 5u);
  EXPECT_EQ(r->stats.moves_acked, 10u);
  EXPECT_TRUE(r->setup_complete);
  EXPECT_TRUE(r->rss_kb_per_game());
  ASSERT_TRUE(r->verify);
  EXPECT_EQ(r->verify->moves_checked, 10u);
  EXPECT_TRUE(r->clean());
}

TEST_F(LoadTest, RefusesATargetOffThisMachineBeforeAnyTraffic) {
  auto o = options(10, 1, 7s);
  o.url = "http://192.0.2.1:8080";
  const auto before = LoadClock::now();
  auto r = run_load(o);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("is not loopback"), std::string::npos) << r.error().message;
  EXPECT_LT(LoadClock::now() - before, 1s);
}

TEST_F(LoadTest, RefusesMoreGamesThanTheDescriptorLimitAllows) {
  auto o = options(1'000'000, 1, 7s);  // 2,000,256 descriptors: more than any test machine
  const auto before = LoadClock::now();
  auto r = run_load(o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kCapacity);
  EXPECT_NE(r.error().message.find("descriptors"), std::string::npos) << r.error().message;
  EXPECT_LT(LoadClock::now() - before, 1s);
  EXPECT_EQ(rig_.store->list_games({})->size(), 0u);  // nothing was created
}

TEST_F(LoadTest, ErrorsAreCountedByKindAndMakeTheRunNotClean) {
  // The server creates at most 60 games at once, then 5 a second (its defaults): of 100
  // asked for at 1,000 a second, some are refused with 503 busy unless the 100 requests
  // took more than 8 s to arrive.
  auto o = options(100, 0.5, 4s);
  o.create_rate = 1000;
  auto r = run_load(o);
  ASSERT_TRUE(r) << r.error().describe();
  const auto busy = r->stats.errors["create: HTTP 503 busy"];
  EXPECT_GE(busy, 1u);
  EXPECT_EQ(r->stats.error_total(), busy);
  EXPECT_EQ(r->stats.games_created + busy, 100u);
  EXPECT_EQ(r->stats.games_ready, r->stats.games_created);
  EXPECT_TRUE(r->setup_complete);  // a failed game is done with its setup too
  EXPECT_FALSE(r->clean());
  ASSERT_TRUE(r->verify);
  EXPECT_TRUE(r->verify->ok());
}

TEST_F(LoadTest, TheVerificationFindsMissingAndDifferentMoves) {
  auto req = wire::parse_create_request(
      R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  ASSERT_TRUE(req);
  auto game = rig_.registry->create(*req);
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->room->join(wire::JoinGameRequest{"B", std::nullopt, game->invite}));
  auto white = std::make_shared<FakeConnection>();
  game->room->on_open(white);
  game->room->on_message(white, wire::write_hello(game->token, 0));
  game->room->on_message(white, wire::write_move(1, "e2e4", 1));
  // The ack comes once the writer has committed the move (group commit, as in `arbiter
  // serve`); the room's service thread may send a `crowd` meanwhile: look among all.
  for (int i = 0; i < 500 && white->of("ack").empty(); ++i) std::this_thread::sleep_for(10ms);
  const auto acks = white->of("ack");
  ASSERT_EQ(acks.size(), 1u);
  ASSERT_EQ(at(acks[0], "/id"), "1");
  const std::string id = game->room->id();
  const std::string db = (rig_.dir / "arbiter.db").string();

  auto good = verify_acked_moves(db, {GameRecord{id, {{1, "e2e4"}}}});
  ASSERT_TRUE(good) << good.error().describe();
  EXPECT_TRUE(good->ok());
  EXPECT_EQ(good->moves_checked, 1u);

  auto bad = verify_acked_moves(
      db, {GameRecord{id, {{1, "d2d4"}, {2, "e7e5"}}}, GameRecord{"nosuchgm", {{1, "e2e4"}}}});
  ASSERT_TRUE(bad);
  EXPECT_FALSE(bad->ok());
  EXPECT_EQ(bad->different, 1u);
  EXPECT_EQ(bad->missing, 1u);
  EXPECT_EQ(bad->unreadable, 1u);
  EXPECT_EQ(bad->examples.size(), 3u);

  // Each stored game is checked against itself: its events without a gap, and its referee
  // log, refereed again, giving the stored moves and the movers' clocks.
  EXPECT_EQ(good->logs_replayed, 1u);
  EXPECT_EQ(good->log_disagrees, 0u);
  EXPECT_EQ(good->event_gaps, 0u);
  ASSERT_TRUE(store::testing::execute_sql(
      rig_.store_location,
      "UPDATE moves SET white_ms = white_ms - 1000 WHERE game_id = '" + id + "' AND ply = 1"));
  auto clock = verify_acked_moves(db, {GameRecord{id, {{1, "e2e4"}}}});
  ASSERT_TRUE(clock);
  EXPECT_FALSE(clock->ok());
  EXPECT_EQ(clock->log_disagrees, 1u);
  ASSERT_EQ(clock->examples.size(), 1u);
  EXPECT_NE(clock->examples[0].find("ply 1: the mover's clock"), std::string::npos)
      << clock->examples[0];
  ASSERT_TRUE(store::testing::execute_sql(
      rig_.store_location, "UPDATE events SET seq = seq + 10 WHERE game_id = '" + id +
                               "' AND seq = (SELECT MAX(seq) FROM events WHERE game_id = '" + id +
                               "')"));
  auto gap = verify_acked_moves(db, {GameRecord{id, {{1, "e2e4"}}}});
  ASSERT_TRUE(gap);
  EXPECT_EQ(gap->event_gaps, 1u);

  auto none = verify_acked_moves((rig_.dir / "absent.db").string(), {});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().where.field, "db");
  EXPECT_FALSE(std::filesystem::exists(rig_.dir / "absent.db"));
}

}  // namespace
}  // namespace arbiter::server::testing
