// AnalysisService: post-game analysis on the server (issue #18 item 3, docs/analysis.md).
//
//   POST /api/games/{id}/analysis   ask for it (202 queued; 200 when it exists already)
//   GET  /api/games/{id}/analysis   its state: none, queued (and how many are ahead),
//                                   running (positions done of total), done (the analysis),
//                                   failed (why)
//   GET  /api/games/{id}/pgn?analysis=1   the PGN with [%eval] comments, NAGs and lines
//   GET  /api/analysis?fen=F&multipv=N    the analysis board (item 4): the engine's best
//                                   lines of a position, streamed as server-sent events
//
// Only a game that has ended is analysed, and never for a player who is playing a game of
// his own at the time (Art. 11.3.1: no analysis of any kind during one's game). A few
// workers (one by default) analyse the queue in order; the store keeps the queue, the
// progress and the result, so a restart resumes what was queued or running.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "arbiter/analysis/game_analysis.hpp"
#include "arbiter/server/account_api.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/worker_pool.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct AnalysisServiceOptions {
  int workers = 1;                                // analyses at once (one core each)
  std::uint64_t nodes = analysis::kDefaultNodes;  // per position
  std::size_t hash_mb = 16;                       // per worker
  int max_queue = 200;                            // queued or running; beyond: 503
  int progress_every = 5;                         // positions between progress writes
  // The analysis board's live searches: at most this many at once (one core each), each
  // ending by itself after `live_ms` or at `live_depth`.
  int live_max = 2;
  std::int64_t live_ms = 30'000;
  int live_depth = 30;
};

class AnalysisService {
 public:
  AnalysisService(store::Store& store, const RoomClock& clock, std::shared_ptr<AccountApi> accounts,
                  AnalysisServiceOptions options = {});
  ~AnalysisService();
  AnalysisService(const AnalysisService&) = delete;
  AnalysisService& operator=(const AnalysisService&) = delete;

  // Queues the analyses the store has queued or running (a stop in the middle of one);
  // returns how many.
  [[nodiscard]] Result<int> resume();
  // Stops the running analyses (they stay queued in the store) and the workers.
  void stop();

  // /api/games/{id}/analysis
  [[nodiscard]] static bool owns(std::string_view target) noexcept;
  // Blocking (reads the store): off the network threads.
  [[nodiscard]] HttpReply handle(const HttpRequest& request);

  // The game's PGN `pgn` with its analysis in it, when it has one done; nullopt otherwise.
  [[nodiscard]] std::optional<std::string> annotated(const std::string& game_id,
                                                     const std::string& pgn);

  // Runs one queued analysis now, on the caller's thread (tests; what a worker runs).
  void run(const std::string& game_id);

 private:
  HttpReply request(const HttpRequest& request, const std::string& id);
  HttpReply state(const std::string& id);
  HttpReply live(const HttpRequest& request);
  // Art. 11.3.1: the reply refusing a logged-in player with a game in play, if he has one.
  std::optional<HttpReply> playing(const HttpRequest& request, std::int64_t* account);
  friend class LiveSearch;
  // Runs `task` on the live searches' own thread.
  void live_post(std::function<void()> task);
  std::atomic<int> live_running_{0};

  store::Store& store_;
  const RoomClock& clock_;
  std::shared_ptr<AccountApi> accounts_;
  AnalysisServiceOptions options_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::map<std::string, std::pair<int, int>> progress_;  // running here: done, total
  std::unique_ptr<WorkerPool> pool_;                     // stopped first
  std::mutex live_mutex_;
  std::unique_ptr<WorkerPool> live_pool_;  // hands the searches' lines to the transport
};

}  // namespace arbiter::server
