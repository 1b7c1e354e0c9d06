#include "arbiter/engine/bench.hpp"

#include <chrono>
#include <fstream>
#include <ostream>

#include "arbiter/engine/engine.hpp"

namespace arbiter::engine {

Result<std::vector<std::string>> read_bench_positions(const std::string& path) {
  std::ifstream in(path);
  if (!in) return make_error(ErrorCode::kIo, "cannot open bench file '" + path + "'");
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line)) {
    std::string_view v = line;
    while (!v.empty() &&
           (v.back() == '\r' || v.back() == ' ' || v.back() == ',' || v.back() == '"'))
      v.remove_suffix(1);
    while (!v.empty() && (v.front() == '"' || v.front() == ' ')) v.remove_prefix(1);
    if (!v.empty()) fens.emplace_back(v);
  }
  return fens;
}

BenchResult run_bench(const std::vector<std::string>& fens, int depth, std::ostream* log,
                      std::shared_ptr<const nnue::Network> network) {
  BenchResult result;
  Engine engine;
  EngineOptions options;
  options.hash_mb = 16;
  options.threads = 1;
  options.network = std::move(network);
  engine.set_options(options);
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& fen : fens) {
    auto pos = core::Position::from_fen(fen);
    if (!pos) {
      if (log) *log << "skipping bad FEN '" << fen << "': " << pos.error().message << '\n';
      continue;
    }
    engine.new_game();
    engine.set_position(*pos);
    SearchLimits limits;
    limits.depth = depth;
    const SearchResult r = engine.search(limits);
    result.nodes += r.nodes;
    ++result.positions;
  }
  result.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  return result;
}

}  // namespace arbiter::engine
