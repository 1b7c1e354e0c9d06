// `arbiter loadtest` (docs/loadtest.md): N games against a server on loopback, bounded in
// count and time; the figures of the run, and afterwards the check that every acknowledged
// move is in the server's database.
#pragma once

#include <cstdint>
#include <optional>

#include "arbiter/base/error.hpp"
#include "arbiter/server/loadtest_options.hpp"
#include "arbiter/server/loadtest_process.hpp"
#include "arbiter/server/loadtest_stats.hpp"
#include "arbiter/server/loadtest_verify.hpp"

namespace arbiter::server {

struct LoadReport {
  LoadOptions options;
  DescriptorLimit descriptors;  // the generator's, after raising the soft limit
  int games_started = 0;        // creations begun (fewer than asked if time ran out)
  // Setup: from the first creation to the moment every started game was ready or failed
  // (or to the end of play, if that came first: then `setup_complete` is false).
  double setup_s = 0;
  bool setup_complete = false;
  double created_per_s = 0;  // games created / setup_s
  // Steady play: from the end of the setup to the end of play.
  double steady_s = 0;
  std::uint64_t steady_acked = 0;
  double steady_moves_per_s = 0;
  LatencySummary rtt;              // every acknowledged move
  LatencySummary steady_rtt;       // moves sent during steady play
  LatencySummary create;           // POST /api/games → 201
  LatencySummary reconnect;        // --reconnect: a socket lost → welcomed on the new one
  std::int64_t unanswered = 0;     // moves still in flight when the run ended
  LoadStats stats;                 // merged; latency samples moved into the summaries
  double client_cpu_s = 0;         // this process, the whole run
  double client_steady_cpu_s = 0;  // this process, steady play
  // The server (--server-pid): before the run, at the end of the setup, at the end of play.
  std::optional<ProcessSample> server_before;
  std::optional<ProcessSample> server_ready;
  std::optional<ProcessSample> server_end;
  std::string server_sample_error;
  std::optional<VerifyResult> verify;  // --db
  std::string verify_error;

  // Server CPU per acknowledged move in steady play, and over the whole run, in ms.
  [[nodiscard]] std::optional<double> cpu_ms_per_move_steady() const;
  [[nodiscard]] std::optional<double> cpu_ms_per_move_total() const;
  // This process's CPU per acknowledged move in steady play, in ms: on one machine the load
  // generator's share is what the server cannot have.
  [[nodiscard]] std::optional<double> client_cpu_ms_per_move_steady() const;
  // (RSS at the end of the setup − RSS before) / games ready, in KiB.
  [[nodiscard]] std::optional<double> rss_kb_per_game() const;
  // Nothing failed: no error, no unanswered move, every started game ready, verified if asked.
  [[nodiscard]] bool clean() const;
};

// Errors: kInvalidArgument for options or a URL that is not loopback (before any traffic),
// kCapacity when the descriptor limit is below what the games need.
[[nodiscard]] Result<LoadReport> run_load(const LoadOptions& options);

}  // namespace arbiter::server
