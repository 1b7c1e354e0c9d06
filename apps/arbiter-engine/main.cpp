// arbiter-engine: the built-in engine speaking UCI on stdin/stdout.
//   arbiter-engine                      the UCI loop
//   arbiter-engine bench [DEPTH [FILE]] fixed-depth node count over the bench positions
#include <charconv>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "arbiter/engine/bench.hpp"
#include "arbiter/uci/uci_loop.hpp"

namespace {

int bench(int argc, char** argv) {
  int depth = arbiter::engine::kBenchDepth;
  std::string file = ARB_BENCH_FILE;
  if (argc > 2) {
    const std::string_view d = argv[2];
    const auto [ptr, ec] = std::from_chars(d.data(), d.data() + d.size(), depth);
    if (ec != std::errc{} || ptr != d.data() + d.size() || depth < 1 || depth > 60) {
      std::fprintf(stderr, "arbiter-engine: bad bench depth '%s'\n", argv[2]);
      return 2;
    }
  }
  if (argc > 3) file = argv[3];
  auto fens = arbiter::engine::read_bench_positions(file);
  if (!fens) {
    std::fprintf(stderr, "arbiter-engine: %s\n", fens.error().message.c_str());
    return 2;
  }
  const auto r = arbiter::engine::run_bench(*fens, depth, &std::cerr);
  const long long ms = static_cast<long long>(r.time_ms);
  std::printf("positions %d depth %d\n", r.positions, depth);
  std::printf("time %lld ms, %llu nps\n", ms,
              static_cast<unsigned long long>(
                  ms > 0 ? r.nodes * 1000 / static_cast<unsigned long long>(ms) : 0));
  std::printf("%llu nodes\n", static_cast<unsigned long long>(r.nodes));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc > 1 && std::string_view(argv[1]) == "bench") return bench(argc, argv);
    if (argc > 1) {
      std::fprintf(stderr, "usage: arbiter-engine [bench [DEPTH [FILE]]]\n");
      return 2;
    }
    std::ios::sync_with_stdio(false);
    arbiter::uci::UciLoop loop(std::cin, std::cout);
    loop.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "arbiter-engine: internal error: %s\n", e.what());
    return 3;
  }
  return 0;
}
