// The engine facade: options, the game position, and searches run on their own threads
// (Lazy SMP over Threads workers). Callers never block while a search runs; results come
// back through callbacks (from the search thread) or from the synchronous search().
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "arbiter/base/time_source.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/limits.hpp"
#include "arbiter/engine/search.hpp"
#include "arbiter/engine/strength.hpp"
#include "arbiter/engine/tt.hpp"

namespace arbiter::engine {

struct EngineOptions {
  std::size_t hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  bool limit_strength = false;
  int elo = kMaxElo;
  int move_overhead_ms = 30;
  std::uint64_t seed = 0;  // randomness of the strength levels (0: from the clock)
  std::shared_ptr<const nnue::Network> network;  // null: the hand-written evaluation
};

struct SearchResult {
  core::Move best = core::Move::none();  // none: no legal move (mate or stalemate)
  core::Move ponder = core::Move::none();
  Value score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
};

class Engine {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const SearchResult&)>;

  // `clock` (not owned) defaults to a steady clock.
  explicit Engine(const TimeSource* clock = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Waits for a running search to finish first. Throws std::bad_alloc if the hash table
  // cannot be allocated (the previous options stay in force).
  void set_options(const EngineOptions& options);
  [[nodiscard]] const EngineOptions& options() const noexcept { return options_; }
  void new_game();
  // `history`: keys of the game positions before `pos`, oldest first.
  void set_position(const core::Position& pos, std::vector<core::Key> history = {});
  [[nodiscard]] const core::Position& position() const noexcept { return root_; }

  // Starts a search in the background; `done` is called from the search thread once.
  void start(const SearchLimits& limits, InfoCallback info, DoneCallback done);
  void stop() noexcept;
  void ponderhit() noexcept;
  void wait();
  [[nodiscard]] bool is_searching() const noexcept;

  // Runs a search to completion on the calling thread's behalf.
  SearchResult search(const SearchLimits& limits, InfoCallback info = {});

 private:
  void run_search(DoneCallback done);
  SearchResult collect_result();
  void rebuild_workers();

  const TimeSource* clock_;
  std::unique_ptr<SteadyTimeSource> own_clock_;
  EngineOptions options_;
  TranspositionTable tt_;
  std::vector<std::unique_ptr<Worker>> workers_;
  SearchShared shared_;
  core::Position root_;
  std::vector<core::Key> history_;
  Rng rng_;
  std::thread thread_;
  std::atomic<bool> searching_{false};
};

}  // namespace arbiter::engine
