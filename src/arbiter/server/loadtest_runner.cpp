#include "arbiter/server/loadtest_runner.hpp"

#include <sys/resource.h>

#include <memory>
#include <thread>
#include <vector>

#include "arbiter/server/loadtest_game.hpp"

namespace arbiter::server {
namespace {

using namespace std::chrono_literals;

constexpr auto kPoll = 10ms;
// A game holds two WebSockets, and its REST connection only while it is set up (closed
// before the WebSockets open): 2 per game, and a margin for the games in setup at once and
// the process's own files.
constexpr std::uint64_t kDescriptorsPerGame = 2;
constexpr std::uint64_t kDescriptorsSpare = 256;

double seconds(LoadClock::duration d) { return std::chrono::duration<double>(d).count(); }

double cpu_seconds_of_this_process() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  auto s = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
  };
  return s(usage.ru_utime) + s(usage.ru_stime);
}

// The io_contexts and their threads: one each.
class ClientThreads {
 public:
  explicit ClientThreads(int n) {
    for (int i = 0; i < n; ++i) {
      contexts_.push_back(std::make_unique<net::io_context>(1));
      guards_.emplace_back(net::make_work_guard(*contexts_.back()));
      stats_.emplace_back();
    }
    for (auto& ioc : contexts_) threads_.emplace_back([&ioc] { ioc->run(); });
  }
  ClientThreads(const ClientThreads&) = delete;
  ClientThreads& operator=(const ClientThreads&) = delete;
  ~ClientThreads() { join(); }

  net::io_context& context(std::size_t i) { return *contexts_[i % contexts_.size()]; }
  LoadStats& stats(std::size_t i) { return stats_[i % stats_.size()]; }
  std::vector<LoadStats>& all_stats() { return stats_; }
  void join() {
    guards_.clear();
    for (auto& ioc : contexts_) ioc->stop();
    for (auto& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

 private:
  std::vector<std::unique_ptr<net::io_context>> contexts_;
  std::vector<net::executor_work_guard<net::io_context::executor_type>> guards_;
  std::vector<LoadStats> stats_;  // one per thread, touched by that thread only
  std::vector<std::thread> threads_;
};

void sample(const std::optional<int>& pid, std::optional<ProcessSample>& into, std::string& error) {
  if (!pid) return;
  auto s = sample_process(*pid);
  if (s) {
    into = *s;
  } else if (error.empty()) {
    error = s.error().describe();
  }
}

}  // namespace

std::optional<double> LoadReport::cpu_ms_per_move_steady() const {
  if (!server_ready || !server_end || steady_acked == 0) return std::nullopt;
  return (server_end->cpu_s - server_ready->cpu_s) * 1000.0 / static_cast<double>(steady_acked);
}

std::optional<double> LoadReport::cpu_ms_per_move_total() const {
  if (!server_before || !server_end || stats.moves_acked == 0) return std::nullopt;
  return (server_end->cpu_s - server_before->cpu_s) * 1000.0 /
         static_cast<double>(stats.moves_acked);
}

std::optional<double> LoadReport::client_cpu_ms_per_move_steady() const {
  if (steady_acked == 0) return std::nullopt;
  return client_steady_cpu_s * 1000.0 / static_cast<double>(steady_acked);
}

std::optional<double> LoadReport::rss_kb_per_game() const {
  if (!server_before || !server_ready || stats.games_ready == 0) return std::nullopt;
  return static_cast<double>(server_ready->rss_kb - server_before->rss_kb) /
         static_cast<double>(stats.games_ready);
}

bool LoadReport::clean() const {
  return stats.error_total() == 0 && unanswered == 0 && stats.connection_failures == 0 &&
         games_started == options.games &&
         stats.games_ready == static_cast<std::uint64_t>(options.games) &&
         (options.db.empty() || (verify && verify->ok()));
}

Result<LoadReport> run_load(const LoadOptions& options) {
  if (auto ok = check_load_options(options); !ok) return tl::unexpected(ok.error());
  auto target = parse_loopback_url(options.url);
  if (!target) return tl::unexpected(target.error());

  LoadReport report;
  report.options = options;
  report.descriptors = raise_descriptor_limit();
  const std::uint64_t needed =
      kDescriptorsPerGame * static_cast<std::uint64_t>(options.games) + kDescriptorsSpare;
  if (report.descriptors.soft < needed) {
    return make_error(ErrorCode::kCapacity,
                      std::to_string(options.games) + " games need " + std::to_string(needed) +
                          " descriptors; the limit is " + std::to_string(report.descriptors.soft) +
                          " (hard " + std::to_string(report.descriptors.hard) +
                          "): raise it (ulimit -Hn, or prlimit as root)",
                      Location{0, 0, "games"});
  }
  const double client_cpu_start = cpu_seconds_of_this_process();
  sample(options.server_pid, report.server_before, report.server_sample_error);

  LoadShared shared;
  shared.options = options;
  shared.target = *target;
  std::vector<GameRecord> records;
  {
    std::vector<std::shared_ptr<LoadGame>> games;
    games.reserve(static_cast<std::size_t>(options.games));
    ClientThreads threads{options.threads};
    const auto start = LoadClock::now();
    const auto hard_end = start + options.duration;
    const auto play_end = hard_end - options.drain;

    // Setup, paced: game i starts at i / create_rate, if play has not ended by then.
    for (int i = 0; i < options.games; ++i) {
      const auto at = start + std::chrono::duration_cast<LoadClock::duration>(
                                  std::chrono::duration<double>(i / options.create_rate));
      if (at >= play_end) break;
      std::this_thread::sleep_until(at);
      const auto n = static_cast<std::size_t>(i);
      games.push_back(std::make_shared<LoadGame>(threads.context(n), shared, threads.stats(n), i));
      net::post(threads.context(n), [g = games.back()] { g->start(); });
    }
    report.games_started = static_cast<int>(games.size());
    while (shared.setups_done.load() < report.games_started && LoadClock::now() < play_end) {
      std::this_thread::sleep_for(kPoll);
    }
    const auto ready = LoadClock::now();
    report.setup_complete = shared.setups_done.load() >= report.games_started;
    report.setup_s = seconds(ready - start);
    shared.steady_since_ns.store(
        std::chrono::duration_cast<std::chrono::nanoseconds>(ready.time_since_epoch()).count());
    const std::uint64_t acked_at_ready = shared.acked.load();
    sample(options.server_pid, report.server_ready, report.server_sample_error);
    const double client_cpu_ready = cpu_seconds_of_this_process();

    // Steady play until the end of play, then the moves in flight may still be answered.
    std::this_thread::sleep_until(std::max(ready, play_end));
    const auto steady_end = LoadClock::now();
    report.steady_acked = shared.acked.load() - acked_at_ready;
    sample(options.server_pid, report.server_end, report.server_sample_error);
    report.client_steady_cpu_s = cpu_seconds_of_this_process() - client_cpu_ready;
    report.steady_s = seconds(steady_end - ready);
    // Every game must have stopped (no move sent after it) before "nothing in flight" means
    // anything: a game's timer could otherwise send one more move after the count was read.
    std::atomic<std::size_t> stopped{0};
    for (std::size_t i = 0; i < games.size(); ++i) {
      net::post(threads.context(i), [g = games[i], &stopped] {
        g->stop();
        stopped.fetch_add(1);
      });
    }
    while (stopped.load() < games.size() && LoadClock::now() < hard_end) {
      std::this_thread::sleep_for(kPoll);
    }
    while (shared.in_flight.load() > 0 && LoadClock::now() < hard_end) {
      std::this_thread::sleep_for(kPoll);
    }
    report.unanswered = shared.in_flight.load();
    for (std::size_t i = 0; i < games.size(); ++i) {
      net::post(threads.context(i), [g = games[i]] { g->close(); });
    }
    std::this_thread::sleep_for(std::min<LoadClock::duration>(200ms, hard_end - LoadClock::now()));
    threads.join();
    for (auto& s : threads.all_stats()) report.stats.merge(std::move(s));
    records.reserve(games.size());
    for (const auto& g : games) records.push_back(g->record());
    games.clear();  // before their io_contexts (which hold the rest of their handlers)
  }
  report.client_cpu_s = cpu_seconds_of_this_process() - client_cpu_start;
  if (report.steady_s > 0) {
    report.steady_moves_per_s = static_cast<double>(report.steady_acked) / report.steady_s;
  }
  if (report.setup_s > 0) {
    report.created_per_s = static_cast<double>(report.stats.games_created) / report.setup_s;
  }
  report.rtt = summarize(std::move(report.stats.rtt_ms));
  report.steady_rtt = summarize(std::move(report.stats.steady_rtt_ms));
  report.create = summarize(std::move(report.stats.create_ms));
  report.reconnect = summarize(std::move(report.stats.reconnect_ms));
  report.stats.rtt_ms.clear();
  report.stats.steady_rtt_ms.clear();
  report.stats.create_ms.clear();

  if (!options.db.empty()) {
    auto verified = verify_acked_moves(options.db, records);
    if (verified) {
      report.verify = std::move(*verified);
    } else {
      report.verify_error = verified.error().describe();
    }
  }
  return report;
}

}  // namespace arbiter::server
