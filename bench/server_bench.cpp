// The room timer at 20,000 idle games (issue #14, docs/security.md): what one 10 ms
// tick of the RoomService costs when it visits every room (as before) and when it visits
// only the rooms with something time-dependent (GameRegistry::tick_all), and what the
// once-a-second eviction sweep costs. The games are friend games waiting for their second
// player, in a store on /dev/shm.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "arbiter/server/registry.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::server;

constexpr int kIdleGames = 20000;

struct Idle {
  std::filesystem::path dir;
  std::unique_ptr<store::Store> store;
  SystemRoomClock clock;
  ManualExecutor executor;
  std::unique_ptr<GameRegistry> registry;
  std::vector<std::shared_ptr<GameRoom>> rooms;

  Idle() {
    dir = std::filesystem::path("/dev/shm") / ("arbiter-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = std::move(*store::open_store((dir / "arbiter.db").string()));
    RoomContext ctx;
    ctx.store = store.get();
    ctx.clock = &clock;
    ctx.executor = &executor;
    registry = std::make_unique<GameRegistry>(ctx);
    auto request = *wire::parse_create_request(
        R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
    for (int i = 0; i < kIdleGames; ++i) rooms.push_back(registry->create(request)->room);
  }
  ~Idle() {
    registry->shutdown();
    rooms.clear();
    registry.reset();
    store.reset();
    std::filesystem::remove_all(dir);
  }
};

Idle& idle() {
  static Idle games;
  return games;
}

// Before: every room's tick(), each taking the room's lock.
void BM_TickEveryRoom(benchmark::State& state) {
  Idle& g = idle();
  for (auto _ : state) {
    for (const auto& room : g.rooms) room->tick();
  }
  state.counters["rooms"] = static_cast<double>(g.rooms.size());
}
BENCHMARK(BM_TickEveryRoom)->Unit(benchmark::kMicrosecond);

// After: the registry ticks the rooms that reported themselves (none of these).
void BM_TickActiveRooms(benchmark::State& state) {
  Idle& g = idle();
  for (auto _ : state) g.registry->tick_all();
  state.counters["ticking"] = static_cast<double>(g.registry->rooms_ticking());
}
BENCHMARK(BM_TickActiveRooms)->Unit(benchmark::kMicrosecond);

// The once-a-second eviction sweep over the same rooms (none is dropped: the benchmark
// holds them).
void BM_EvictionSweep(benchmark::State& state) {
  Idle& g = idle();
  for (auto _ : state) benchmark::DoNotOptimize(g.registry->evict_idle());
}
BENCHMARK(BM_EvictionSweep)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
