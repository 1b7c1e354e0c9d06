// arbiter bench perft: nodes per second on a fixed set, for comparison with Stockfish
// (bench/README.md has the method and the figures).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "arbiter/core/attacks.hpp"
#include "arbiter/core/chess960.hpp"
#include "arbiter/core/perft.hpp"
#include "commands.hpp"

namespace arbiter::app {

namespace {

struct BenchCase {
  const char* name;
  const char* fen;
  int chess960;  // -1: use fen
  int depth;
};

constexpr BenchCase kPerftCases[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -1, 6},
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -1, 7},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", -1, 5},
    {"chess960-0 (BBQNNRKR)", nullptr, 0, 6},
};

void bench_perft(int runs, bool quick) {
  fmt::print(
      "arbiter perft benchmark: 1 thread, bulk counting at the leaves, sliders: {}, "
      "median of {} run(s)\n",
      core::slider_backend(), runs);
  std::uint64_t total_nodes = 0;
  double total_secs = 0;
  for (const BenchCase& c : kPerftCases) {
    const int depth = quick ? std::min(c.depth, 4) : c.depth;
    core::Position pos = c.chess960 >= 0 ? *core::chess960::start_position(c.chess960)
                                         : *core::Position::from_fen(c.fen);
    std::vector<double> times;
    std::uint64_t nodes = 0;
    for (int r = 0; r < runs; ++r) {
      const auto start = std::chrono::steady_clock::now();
      nodes = core::perft(pos, depth);
      times.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    total_nodes += nodes;
    total_secs += median;
    fmt::print("{:<24} depth {}  {:>14} nodes  {:>8.3f} s  {:>8.1f} Mnps\n", c.name, depth, nodes,
               median, static_cast<double>(nodes) / median / 1e6);
  }
  fmt::print("{:<24}          {:>14} nodes  {:>8.3f} s  {:>8.1f} Mnps\n", "total", total_nodes,
             total_secs, static_cast<double>(total_nodes) / total_secs / 1e6);
}

}  // namespace

void register_bench(CLI::App& app) {
  auto* bench = app.add_subcommand("bench", "Benchmarks that print comparable figures");
  bench->require_subcommand(1);
  auto runs = std::make_shared<int>(3);
  auto quick = std::make_shared<bool>(false);
  auto* perft = bench->add_subcommand("perft", "perft nodes per second on a fixed set");
  perft->add_option("--runs", *runs, "Runs per case; the median is reported")
      ->check(CLI::Range(1, 100));
  perft->add_flag("--quick", *quick, "Depth at most 4 (a smoke test, not a measurement)");
  perft->callback([runs, quick] { bench_perft(*runs, *quick); });
}

}  // namespace arbiter::app
