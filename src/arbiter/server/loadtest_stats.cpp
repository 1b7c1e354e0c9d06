#include "arbiter/server/loadtest_stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace arbiter::server {

double nearest_rank(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const double n = static_cast<double>(sorted.size());
  // The rank ceil(p/100 · n), 1-based; computed on p·n in integers of 1/1000 percent so
  // that 99.9 % of 1,000 is rank 999 exactly, not 999.0000000001 → 1000.
  const auto scaled = static_cast<std::uint64_t>(std::llround(p * 1000.0));
  const auto product = scaled * static_cast<std::uint64_t>(n);
  std::uint64_t rank = (product + 100'000 - 1) / 100'000;
  rank = std::clamp<std::uint64_t>(rank, 1, sorted.size());
  return sorted[rank - 1];
}

LatencySummary summarize(std::vector<double> samples) {
  LatencySummary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.count = samples.size();
  s.p50 = nearest_rank(samples, 50);
  s.p99 = nearest_rank(samples, 99);
  s.p999 = nearest_rank(samples, 99.9);
  s.max = samples.back();
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(s.count);
  return s;
}

std::uint64_t LoadStats::error_total() const {
  std::uint64_t total = 0;
  for (const auto& [kind, count] : errors) total += count;
  return total;
}

void LoadStats::merge(LoadStats&& o) {
  auto append = [](std::vector<double>& to, std::vector<double>& from) {
    to.insert(to.end(), from.begin(), from.end());
  };
  append(rtt_ms, o.rtt_ms);
  append(steady_rtt_ms, o.steady_rtt_ms);
  append(create_ms, o.create_ms);
  append(reconnect_ms, o.reconnect_ms);
  moves_unconfirmed += o.moves_unconfirmed;
  for (const auto& [kind, count] : o.disconnects) disconnects[kind] += count;
  moves_sent += o.moves_sent;
  moves_acked += o.moves_acked;
  moves_late += o.moves_late;
  games_created += o.games_created;
  games_joined += o.games_joined;
  games_ready += o.games_ready;
  games_over += o.games_over;
  connection_failures += o.connection_failures;
  for (const auto& [kind, count] : o.errors) errors[kind] += count;
}

}  // namespace arbiter::server
