// `arbiter loadtest`: what one client thread counts, merged into one report at the end.
// Percentiles are by nearest rank: p99 is the smallest sample that at least 99 % of the
// samples do not exceed, always a measured value.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace arbiter::server {

// The nearest-rank percentile `p` (0 < p <= 100) of samples sorted ascending; 0 when
// there are none.
[[nodiscard]] double nearest_rank(const std::vector<double>& sorted, double p);

struct LatencySummary {
  std::size_t count = 0;
  double p50 = 0;
  double p99 = 0;
  double p999 = 0;
  double max = 0;
  double mean = 0;
};
// Sorts `samples` and summarises them.
[[nodiscard]] LatencySummary summarize(std::vector<double> samples);

// The counts of one client thread (its games only), or of all of them after merge().
struct LoadStats {
  std::vector<double> rtt_ms;         // every acknowledged move: sent → ack
  std::vector<double> steady_rtt_ms;  // those sent once every game was set up
  std::vector<double> create_ms;      // POST /api/games → 201
  std::uint64_t moves_sent = 0;
  std::uint64_t moves_acked = 0;
  std::uint64_t moves_late = 0;  // sent more than one period after their time: the game lagged
  std::uint64_t games_created = 0;
  std::uint64_t games_joined = 0;
  std::uint64_t games_ready = 0;  // both players welcomed
  std::uint64_t games_over = 0;   // ended on the board (mate, stalemate, …) during the run
  std::uint64_t connection_failures = 0;
  // With --reconnect: sockets lost and opened again, by why they were lost; the time from
  // the loss to the welcome on the new socket; moves whose socket went before their ack
  // (stored or not: the next state says which, and play goes on from it).
  std::map<std::string, std::uint64_t> disconnects;
  std::vector<double> reconnect_ms;
  std::uint64_t moves_unconfirmed = 0;
  std::map<std::string, std::uint64_t> errors;  // kind → count

  void error(const std::string& kind) { ++errors[kind]; }
  [[nodiscard]] std::uint64_t error_total() const;
  void merge(LoadStats&& other);
};

}  // namespace arbiter::server
