// Acceptance of issue #14's memory part (docs/security.md): 200 computer games, with
// the real engine pool, created and aborted; the process's resident memory is back within
// 10 % of where it started. Before the pool, each game kept its own engine (10.9 MB) for
// as long as the server ran.
#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "arbiter/base/sanitizers.hpp"
#include "arbiter/server/computer.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

// Under AddressSanitizer freed memory waits in a quarantine and the shadow memory grows:
// the resident set says nothing about the games there, so only the counts are checked.
#if ARB_ASAN
constexpr bool kResidentMeasuresTheGames = false;
#else
constexpr bool kResidentMeasuresTheGames = true;
#endif

// Resident set in bytes (/proc/self/statm), after handing free heap back to the system.
std::int64_t resident_bytes() {
  ::malloc_trim(0);
  std::ifstream statm{"/proc/self/statm"};
  std::int64_t size = 0;
  std::int64_t resident = 0;
  statm >> size >> resident;
  return resident * ::sysconf(_SC_PAGESIZE);
}

class MemoryAcceptance : public RoomTest {
 protected:
  // A game against the computer (level 8, the engine plays White and starts thinking at
  // once), aborted by its player at once.
  void play_and_abort(GameRegistry& registry) {
    auto req = wire::parse_create_request(
        R"({"time_control":"300+3","color":"black","opponent":{"type":"computer","level":8}})");
    ASSERT_TRUE(req);
    auto g = registry.create(*req);
    ASSERT_TRUE(g) << g.error().describe();
    auto c = connect(*g->room, g->token);
    say(*g->room, c, R"({"t":"abort","id":1})");
    ASSERT_TRUE(g->room->is_over()) << c->last("error");
    g->room->on_close(c);
  }
  // What a running server does between requests: the computer's posted moves, ticks and
  // the eviction sweep.
  static void settle(GameRegistry& registry, ManualExecutor& executor) {
    executor.run_all();
    registry.tick_all();
    registry.evict_idle();
  }
};

TEST_F(MemoryAcceptance, TwoHundredComputerGamesCreatedAndAbortedGiveTheirMemoryBack) {
  EnginePool pool{EnginePoolOptions{}};  // 2 engines of 8 MB, as `arbiter serve` has
  RoomContext ctx;
  ctx.store = store_.get();
  ctx.clock = &clock_;
  ctx.executor = &executor_;
  ctx.computer = [&pool](int level) { return pool.seat(level); };
  RegistryOptions options;
  options.evict_after = 0ms;
  GameRegistry registry{ctx, options};

  // One game first: the store's and the allocator's one-time costs are not the games'.
  play_and_abort(registry);
  settle(registry, executor_);
  const std::int64_t start = resident_bytes();
  for (int i = 0; i < 200; ++i) {
    play_and_abort(registry);
    if (i % 20 == 0) settle(registry, executor_);
  }
  // Every search is cancelled: wait for the searchers to go idle, then settle.
  for (int i = 0; i < 20000 && pool.searching() > 0; ++i) std::this_thread::sleep_for(1ms);
  settle(registry, executor_);
  const std::int64_t end = resident_bytes();
  std::printf("resident: %lld KiB before, %lld KiB after 200 computer games\n",
              static_cast<long long>(start / 1024), static_cast<long long>(end / 1024));
  EXPECT_EQ(pool.seats_in_use(), 0);
  EXPECT_EQ(pool.searching(), 0);
  EXPECT_EQ(registry.rooms_in_memory(), 0u);
  if (kResidentMeasuresTheGames) {
    EXPECT_LE(end, start + start / 10);
  }
  registry.shutdown();
}

}  // namespace
}  // namespace arbiter::server::testing
