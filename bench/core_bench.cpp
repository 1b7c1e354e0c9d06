// Google Benchmark micro-benchmarks of the core: move generation, counting, make/unmake.
#include <benchmark/benchmark.h>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/perft.hpp"
#include "arbiter/core/position.hpp"

namespace {

using arbiter::core::Position;

const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void BM_GenerateKiwipete(benchmark::State& state) {
  const Position pos = *Position::from_fen(kKiwipete);
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::core::legal_moves(pos));
}
BENCHMARK(BM_GenerateKiwipete);

void BM_CountKiwipete(benchmark::State& state) {
  const Position pos = *Position::from_fen(kKiwipete);
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::core::count_legal_moves(pos));
}
BENCHMARK(BM_CountKiwipete);

void BM_DoUndoKiwipete(benchmark::State& state) {
  Position pos = *Position::from_fen(kKiwipete);
  const auto moves = arbiter::core::legal_moves(pos);
  arbiter::core::Undo undo;
  for (auto _ : state) {
    for (auto m : moves) {
      pos.do_move(m, undo);
      pos.undo_move(m, undo);
    }
  }
  state.SetItemsProcessed(state.iterations() * moves.size());
}
BENCHMARK(BM_DoUndoKiwipete);

void BM_PerftStart4(benchmark::State& state) {
  Position pos = Position::startpos();
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::core::perft(pos, 4));
  state.SetItemsProcessed(state.iterations() * 197281);
}
BENCHMARK(BM_PerftStart4);

}  // namespace

BENCHMARK_MAIN();
