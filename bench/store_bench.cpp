// The store's group commit alone (issue #16): what the server's writer thread does for each
// move, without the server. 3,000 games in play; each iteration commits one batch of
// moves of different games, chosen in a shuffled order as players' moves arrive, each move
// as the room writes it (one referee log line, the move, its protocol event of about 650
// bytes). The database is a file in the working directory's file system (fsync counts:
// synchronous=FULL, as the server runs), or on /dev/shm with ARBITER_BENCH_SHM=1.
//
//   build/release/bin/bench_store --benchmark_filter=GroupCommit
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "arbiter/store/store.hpp"

namespace {

using namespace arbiter;

constexpr int kGames = 3000;

struct Played {
  int ply = 0;
  std::int64_t seq = 0;
  std::int64_t lines = 1;  // the start line
};

struct Fixture {
  std::filesystem::path dir;
  std::unique_ptr<store::Store> store;
  std::vector<std::string> ids;
  std::vector<Played> played;
  std::vector<int> order;
  std::size_t next = 0;
  store::WallMs wall = 1'800'000'000'000;

  Fixture() {
    const char* shm = std::getenv("ARBITER_BENCH_SHM");
    const std::filesystem::path base = shm != nullptr && std::string(shm) == "1"
                                           ? std::filesystem::path("/dev/shm")
                                           : std::filesystem::temp_directory_path();
    dir = base / ("arbiter-bench-store-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    store = std::move(*store::open_store((dir / "arbiter.db").string()));
    std::vector<store::GameWrite> starts;
    for (int i = 0; i < kGames; ++i) {
      store::GameHeader h;
      h.id = "bench" + std::to_string(100000 + i);
      h.white_token = std::string(32, 'w');
      h.black_token = std::string(32, 'b');
      h.white = "White " + std::to_string(i);
      h.black = "Black " + std::to_string(i);
      h.time_control = "180+2";
      h.variant = "standard";
      h.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
      h.created_ms = h.updated_ms = wall;
      if (!store->create_game(h)) std::abort();
      ids.push_back(h.id);
      store::GameWrite w;
      w.game_id = h.id;
      w.log.push_back({1, start_line(i)});
      starts.push_back(std::move(w));
    }
    for (const auto& r : store->commit(starts))
      if (!r) std::abort();
    played.resize(kGames);
    order.resize(kGames);
    for (int i = 0; i < kGames; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937{20261127});
  }
  ~Fixture() {
    store.reset();
    std::filesystem::remove_all(dir);
  }
  Fixture(const Fixture&) = delete;
  Fixture& operator=(const Fixture&) = delete;

  static std::string start_line(int i) {
    return R"({"type":"start","white":"White )" + std::to_string(i) + R"(","black":"Black )" +
           std::to_string(i) + R"(","time_control":"180+2","rules":{"illegal_moves":"reject"}})";
  }

  // One move of the next game in the shuffled order, as the room writes it.
  store::GameWrite move_write() {
    const int g = order[next];
    next = (next + 1) % order.size();
    Played& p = played[static_cast<std::size_t>(g)];
    ++wall;
    store::GameWrite w;
    w.game_id = ids[static_cast<std::size_t>(g)];
    const int ply = ++p.ply;
    const char* side = ply % 2 == 1 ? "white" : "black";
    w.log.push_back({++p.lines, R"({"t":)" + std::to_string(ply * 1500) +
                                    R"(,"type":"move","side":")" + side + R"(","move":"Nf3"})"});
    store::MoveRecord m;
    m.ply = ply;
    m.uci = "g1f3";
    m.san = "Nf3";
    m.white_ms = 180000 - ply * 500;
    m.black_ms = 180000 - ply * 400;
    m.wall_ms = wall;
    w.move = m;
    std::string json =
        R"({"t":"move","seq":)" + std::to_string(p.seq + 1) + R"(,"d":{"ply":)" +
        std::to_string(ply) + R"(,"uci":"g1f3","san":"Nf3","side":")" + side +
        R"(","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")";
    json += R"(,"announce":{"de":"Springer Gustav eins Felix drei","en":"Knight g1 to f3"})";
    json += R"(,"clock":{"white":179000,"black":178000,"running":"black","delay":0},"lag_ms":12)";
    json += R"(,"dests":{"a7":["a6","a5"],"b7":["b6","b5"],"c7":["c6","c5"],"d7":["d6","d5"],)";
    json +=
        R"("f7":["f6","f5"],"g7":["g6","g5"],"h7":["h6","h5"],"b8":["a6","c6"],"g8":["f6","h6","e7"],)";
    json += R"("d8":["e7","f6","g5","h4"],"f8":["e7","d6","c5","b4","a3"],"e8":["e7"]})";
    json += R"(,"claims":{"threefold":false,"fifty":false},"draw_offer":null,"can_abort":false}})";
    w.events.push_back({++p.seq, std::move(json), wall});
    return w;
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// One group commit of `range(0)` moves of different games.
void BM_GroupCommitMoves(benchmark::State& state) {
  Fixture& f = fixture();
  const auto batch = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<store::GameWrite> writes;
    writes.reserve(batch);
    for (std::size_t i = 0; i < batch; ++i) writes.push_back(f.move_write());
    state.ResumeTiming();
    for (const auto& r : f.store->commit(writes))
      if (!r) state.SkipWithError(r.error().message.c_str());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(batch));
}
BENCHMARK(BM_GroupCommitMoves)
    ->Arg(1)
    ->Arg(16)
    ->Arg(64)
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(3.0);

}  // namespace

BENCHMARK_MAIN();
