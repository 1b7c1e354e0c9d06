// `bench`: a fixed-depth search over a fixed position list; the total node count is a
// signature of the engine's behaviour (any change in search or evaluation changes it).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/engine/nnue_network.hpp"

namespace arbiter::engine {

constexpr int kBenchDepth = 10;

// Reads FENs from a file with one FEN per line, optionally quoted and followed by a comma
// (the format of Ethereal's bench.csv). Blank lines are skipped.
[[nodiscard]] Result<std::vector<std::string>> read_bench_positions(const std::string& path);

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int positions = 0;
};

// Searches each position to `depth` from a cleared 16 MB table with one thread, with the
// hand-written evaluation or `network`. Positions that fail to parse are reported on `log`
// (if given) and skipped.
[[nodiscard]] BenchResult run_bench(const std::vector<std::string>& fens, int depth,
                                    std::ostream* log,
                                    std::shared_ptr<const nnue::Network> network = nullptr);

}  // namespace arbiter::engine
