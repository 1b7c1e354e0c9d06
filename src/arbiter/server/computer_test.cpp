// The engine pool shared by all computer games (docs/security.md): seats bounded,
// one search per searcher with the other requests waiting in order, cancelled requests
// dropped, and a real move from the engine in the pool's thread.
#include "arbiter/server/computer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::server {
namespace {

using namespace std::chrono_literals;

// Waits (at most 20 s, polling) until `ready` holds; the pool's threads work meanwhile.
template <class F>
bool eventually(F ready) {
  for (int i = 0; i < 20000; ++i) {
    if (ready()) return true;
    std::this_thread::sleep_for(1ms);
  }
  return ready();
}

// What a seat's callback received.
struct Answers {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<std::string> moves;
  std::function<void(std::string)> callback() {
    return [this](std::string uci) {
      std::lock_guard lock{mutex};
      moves.push_back(std::move(uci));
      cv.notify_all();
    };
  }
  std::size_t count() {
    std::lock_guard lock{mutex};
    return moves.size();
  }
  std::string wait_first() {
    std::unique_lock lock{mutex};
    cv.wait_for(lock, 20s, [&] { return !moves.empty(); });
    return moves.empty() ? std::string{} : moves.front();
  }
};

ThinkRequest start_position(std::int64_t remaining_ms) {
  ThinkRequest r;
  r.position = core::Position::startpos();
  r.remaining_ms = remaining_ms;
  return r;
}

EnginePoolOptions small_pool(int searchers, int max_games) {
  EnginePoolOptions o;
  o.searchers = searchers;
  o.hash_mb = 1;
  o.max_games = max_games;
  return o;
}

TEST(EnginePool, TheEngineMovesInThePoolsThread) {
  EnginePool pool{small_pool(1, 1)};
  auto seat = pool.seat(1);
  ASSERT_TRUE(seat);
  Answers a;
  seat->think(start_position(2000), a.callback());
  const std::string move = a.wait_first();
  EXPECT_TRUE(core::parse_uci(core::Position::startpos(), move)) << move;
}

TEST(EnginePool, SeatsAreBoundedAndGivenBack) {
  EnginePool pool{small_pool(1, 2)};
  auto a = pool.seat(3);
  auto b = pool.seat(5);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(pool.seat(1));  // a third game is refused
  EXPECT_EQ(pool.seats_in_use(), 2);
  a.reset();
  EXPECT_EQ(pool.seats_in_use(), 1);
  EXPECT_TRUE(pool.seat(1));
}

TEST(EnginePool, AGameWaitsWhileEverySearcherIsBusy) {
  EnginePool pool{small_pool(1, 2)};
  auto a = pool.seat(8);  // no clock: level 8 thinks 3 s
  auto b = pool.seat(1);
  Answers from_a;
  Answers from_b;
  a->think(start_position(-1), from_a.callback());
  ASSERT_TRUE(eventually([&] { return pool.searching() == 1 && pool.queued() == 0; }));
  b->think(start_position(-1), from_b.callback());
  EXPECT_EQ(pool.queued(), 1);  // N + 1 games thinking: one waits
  EXPECT_EQ(pool.searching(), 1);
  // The game of `a` ends while its engine searches: the search stops, its move is never
  // delivered, and the waiting game gets the searcher.
  a->stop();
  const std::string move = from_b.wait_first();
  EXPECT_TRUE(core::parse_uci(core::Position::startpos(), move)) << move;
  ASSERT_TRUE(eventually([&] { return pool.searching() == 0; }));
  EXPECT_EQ(from_a.count(), 0u);
}

TEST(EnginePool, AQueuedRequestOfAGameThatEndsIsDropped) {
  EnginePool pool{small_pool(1, 3)};
  auto a = pool.seat(8);
  auto b = pool.seat(1);
  auto c = pool.seat(1);
  Answers from_a;
  Answers from_b;
  Answers from_c;
  a->think(start_position(-1), from_a.callback());
  ASSERT_TRUE(eventually([&] { return pool.searching() == 1 && pool.queued() == 0; }));
  b->think(start_position(-1), from_b.callback());
  c->think(start_position(-1), from_c.callback());
  EXPECT_EQ(pool.queued(), 2);
  b->stop();  // cancelled while queued
  EXPECT_EQ(pool.queued(), 1);
  c.reset();  // the game is dropped from memory while queued: its seat goes too
  EXPECT_EQ(pool.queued(), 0);
  EXPECT_EQ(pool.seats_in_use(), 2);
  a.reset();
  ASSERT_TRUE(eventually([&] { return pool.searching() == 0; }));
  EXPECT_EQ(from_a.count() + from_b.count() + from_c.count(), 0u);
}

TEST(EnginePool, StopCancelsEverythingAndRefusesNewSeats) {
  EnginePool pool{small_pool(1, 2)};
  auto a = pool.seat(8);
  Answers from_a;
  a->think(start_position(-1), from_a.callback());
  pool.stop();
  EXPECT_EQ(pool.searching(), 0);
  EXPECT_FALSE(pool.seat(1));
  a->think(start_position(-1), from_a.callback());  // a seat outliving the pool: nothing
  EXPECT_EQ(pool.queued(), 0);
  EXPECT_EQ(from_a.count(), 0u);
}

}  // namespace
}  // namespace arbiter::server
