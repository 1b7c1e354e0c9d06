#include "arbiter/pgn/stats.hpp"

#include <chrono>
#include <ctime>

#include "arbiter/pgn/builder.hpp"

namespace arbiter::pgn {

int result_index(std::string_view marker) noexcept {
  if (marker == "1-0") return 0;
  if (marker == "0-1") return 1;
  if (marker == "1/2-1/2") return 2;
  if (marker == "*") return 3;
  return 4;
}

Movetext SkimVisitor::end_tags(std::optional<Error>& error) {
  (void)error;
  return Movetext::Raw;
}

Stats collect_stats(std::istream& in, ReadMode mode, ReaderOptions options) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  Reader reader(in, options);
  Stats stats;
  if (mode == ReadMode::Skim) {
    SkimVisitor skim;
    while (reader.next(skim)) {
    }
    stats = skim.stats();
  } else {
    GameBuilder builder;
    while (reader.next(builder)) {
      ++stats.games;
      stats.plies += builder.plies();
      ++stats.results[result_index(builder.game().result)];
    }
  }
  stats.errors = static_cast<std::uint64_t>(reader.error_count());
  stats.warnings = static_cast<std::uint64_t>(reader.warning_count());
  stats.bytes = reader.bytes_read();
  stats.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

}  // namespace arbiter::pgn
