// The room timer at 20,000 idle games (issue #14, docs/security.md): what one 10 ms
// tick of the RoomService costs when it visits every room (as before) and when it visits
// only the rooms with something time-dependent (GameRegistry::tick_all), and what the
// once-a-second eviction sweep costs. The games are friend games waiting for their second
// player, in a store on /dev/shm.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
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

// A socket that keeps nothing: the cost of a message is building it, not storing it.
class NullConnection final : public Connection {
 public:
  void send(std::shared_ptr<const std::string> text) override {
    bytes += text->size();
    ++messages;
  }
  void close(unsigned short, std::string_view) override {}
  std::size_t bytes = 0;
  std::size_t messages = 0;
};

// Issue #16: the processor time of one move in a room, everything included (parsing the
// message, refereeing, the protocol event for both players, the acknowledgement, the
// store's commit on /dev/shm). Each iteration plays a friend game of 60 plies, both
// players connected, each move the first legal one in UCI order that is not a capture
// (a long game without early mates); the figure is per move.
void BM_RoomMove(benchmark::State& state) {
  const auto dir =
      std::filesystem::path("/dev/shm") / ("arbiter-bench-moves-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto store = std::move(*store::open_store((dir / "arbiter.db").string()));
  ManualRoomClock clock;
  ManualExecutor executor;
  RoomContext ctx;
  ctx.store = store.get();
  ctx.clock = &clock;
  ctx.executor = &executor;
  GameRegistry registry(ctx);
  const auto request = *wire::parse_create_request(
      R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  constexpr int kPlies = 60;
  std::int64_t moves = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto game = *registry.create(request);
    auto joined = *game.room->join(wire::JoinGameRequest{"Boris", std::nullopt, game.invite});
    std::array<std::shared_ptr<NullConnection>, 2> sockets;
    const std::array<std::string, 2> tokens{game.token, joined.token};
    for (int i = 0; i < 2; ++i) {
      sockets[static_cast<std::size_t>(i)] = std::make_shared<NullConnection>();
      game.room->on_open(sockets[static_cast<std::size_t>(i)]);
      game.room->on_message(sockets[static_cast<std::size_t>(i)],
                            R"({"t":"hello","v":1,"token":")" +
                                tokens[static_cast<std::size_t>(i)] + R"(","last_seq":0})");
    }
    core::Position pos = core::Position::startpos();
    for (int ply = 1; ply <= kPlies; ++ply) {
      std::string best;
      for (core::Move m : core::legal_moves(pos)) {
        const std::string uci = core::to_uci(pos, m);
        if (pos.is_capture(m)) continue;
        if (best.empty() || uci < best) best = uci;
      }
      if (best.empty()) break;
      clock.advance(Millis{100});
      const auto& socket = sockets[static_cast<std::size_t>((ply - 1) % 2)];
      game.room->on_message(socket, R"({"t":"move","id":)" + std::to_string(ply) +
                                        R"(,"d":{"uci":")" + best + R"(","ply":)" +
                                        std::to_string(ply) + "}}");
      pos = pos.after(*core::parse_uci(pos, best));
      ++moves;
    }
    for (const auto& s : sockets) {
      bytes += s->bytes;
      game.room->on_close(s);
    }
  }
  state.SetItemsProcessed(moves);
  state.counters["bytes/move"] = benchmark::Counter(
      static_cast<double>(bytes) / static_cast<double>(std::max<std::int64_t>(1, moves)));
  registry.shutdown();
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_RoomMove)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
