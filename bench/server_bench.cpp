// The room timer at 20,000 idle games (issue #14, docs/security.md): what one 10 ms
// tick of the RoomService costs when it visits every room (as before) and when it visits
// only the rooms with something time-dependent (GameRegistry::tick_all), and what the
// once-a-second eviction sweep costs. The games are friend games waiting for their second
// player, in a store on /dev/shm.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <array>
#include <filesystem>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/server/registry.hpp"

namespace {

using namespace arbiter;
using namespace arbiter::server;

constexpr int kIdleGames = 20000;

// Games of one benchmark in a store of their own on /dev/shm, with their registry.
template <class Clock>
struct Games {
  std::filesystem::path dir;
  std::unique_ptr<store::Store> store;
  Clock clock;
  ManualExecutor executor;
  std::unique_ptr<GameRegistry> registry;
  std::vector<std::shared_ptr<GameRoom>> rooms;

  Games(const std::string& name, RoomTimings timings) {
    dir = std::filesystem::path("/dev/shm") /
          ("arbiter-bench-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = std::move(*store::open_store((dir / "arbiter.db").string()));
    RoomContext ctx;
    ctx.store = store.get();
    ctx.clock = &clock;
    ctx.executor = &executor;
    ctx.timings = timings;
    registry = std::make_unique<GameRegistry>(ctx);
  }
  ~Games() {
    registry->shutdown();
    rooms.clear();
    registry.reset();
    store.reset();
    std::filesystem::remove_all(dir);
  }
  Games(const Games&) = delete;
  Games& operator=(const Games&) = delete;
};

struct Idle : Games<SystemRoomClock> {
  Idle() : Games("idle", RoomTimings{}) {
    auto request = *wire::parse_create_request(
        R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
    for (int i = 0; i < kIdleGames; ++i) rooms.push_back(registry->create(request)->room);
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

// After: the registry ticks the rooms whose timer fell due (none of these asked for one).
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

// Issue #16: 2,000 games in play (both players connected, 1. e4 e5 played, the clocks
// running), as a server at 4,000 sockets holds them. Every one of them has something
// time-dependent, so before, each 10 ms tick visited all of them (BM_TickEveryPlayingRoom
// is that loop); now each room asks for its next timer (a flag, a ping) and the service
// ticks the rooms whose timer fell due (BM_TickDuePlayingRooms). The clock advances 1 ms
// a call (2 s, then 20 s): 4,000 players' pings every 5 s fall due 0.8 times a call.
constexpr int kPlayingGames = 2000;

RoomTimings silent_sockets() {
  // These sockets never answer: no resend, no close for silence, pings all along.
  RoomTimings t;
  t.resend_after = t.close_after = t.idle_timeout = Millis{1'000'000'000};
  return t;
}

struct Playing : Games<ManualRoomClock> {
  std::vector<std::shared_ptr<Connection>> sockets;

  Playing() : Games("playing", silent_sockets()) {
    const auto request = *wire::parse_create_request(
        R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
    for (int i = 0; i < kPlayingGames; ++i) {
      auto game = *registry->create(request);
      auto joined = *game.room->join(wire::JoinGameRequest{"Boris", std::nullopt, game.invite});
      const std::array<std::string, 2> tokens{game.token, joined.token};
      const std::array<std::string, 2> moves{"e2e4", "e7e5"};
      for (std::size_t side = 0; side < 2; ++side) {
        auto socket = std::make_shared<NullConnection>();
        game.room->on_open(socket);
        game.room->on_message(
            socket, R"({"t":"hello","v":1,"token":")" + tokens[side] + R"(","last_seq":0})");
        sockets.push_back(socket);
      }
      for (std::size_t side = 0; side < 2; ++side) {
        game.room->on_message(sockets[sockets.size() - 2 + side],
                              R"({"t":"move","id":1,"d":{"uci":")" + moves[side] + R"(","ply":)" +
                                  std::to_string(side + 1) + "}}");
      }
      rooms.push_back(game.room);
    }
  }
};

Playing& playing() {
  static Playing games;
  return games;
}

void BM_TickEveryPlayingRoom(benchmark::State& state) {
  Playing& g = playing();
  for (auto _ : state) {
    g.clock.advance(Millis{1});
    for (const auto& room : g.rooms) room->tick();
  }
  state.counters["rooms"] = static_cast<double>(g.rooms.size());
}
BENCHMARK(BM_TickEveryPlayingRoom)->Unit(benchmark::kMicrosecond)->Iterations(2000);

void BM_TickDuePlayingRooms(benchmark::State& state) {
  Playing& g = playing();
  for (auto _ : state) {
    g.clock.advance(Millis{1});
    g.registry->tick_all();
  }
  state.counters["rooms"] = static_cast<double>(g.rooms.size());
}
BENCHMARK(BM_TickDuePlayingRooms)->Unit(benchmark::kMicrosecond)->Iterations(20000);

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
