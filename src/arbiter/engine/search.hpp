// The search: one Worker per thread runs iterative deepening with a principal variation
// search (aspiration windows, null move, LMR, futility, razoring, check extensions,
// mate-distance pruning, in-tree repetition and 50-move draws) and a quiescence search.
// Workers share the transposition table and a SearchShared block (Lazy SMP).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "arbiter/base/time_source.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/limits.hpp"
#include "arbiter/engine/move_picker.hpp"
#include "arbiter/engine/nnue_accumulator.hpp"
#include "arbiter/engine/pawns.hpp"
#include "arbiter/engine/score.hpp"
#include "arbiter/engine/time_manager.hpp"
#include "arbiter/engine/tt.hpp"

namespace arbiter::engine {

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  Value score = 0;
  Bound bound = Bound::Exact;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<core::Move> pv;
};

struct RootMove {
  core::Move move;
  Value score = -kInfinite;
  Value previous_score = -kInfinite;
  int seldepth = 0;
  int pv_length = 0;
  std::array<core::Move, kMaxPly> pv{};
};

class Worker;

// State every worker of one search sees.
struct SearchShared {
  TranspositionTable* tt = nullptr;
  const TimeSource* clock = nullptr;
  SearchLimits limits;
  TimeBudget budget;
  int multipv = 1;
  int max_depth = kMaxPly - 1;
  std::uint64_t max_nodes = 0;                   // 0: none (checked on the main worker's count)
  std::shared_ptr<const nnue::Network> network;  // null: the hand-written evaluation
  const nnue::Kernels* kernels = &nnue::best_kernels();
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
  std::atomic<std::int64_t> start_ms{0};
  std::vector<Worker*> workers;
  std::function<void(const SearchInfo&)> on_info;

  [[nodiscard]] std::int64_t elapsed() const noexcept;
  [[nodiscard]] std::uint64_t total_nodes() const noexcept;
};

class Worker {
 public:
  explicit Worker(int id);

  // Sets up a search from `root`; `history` holds the keys of the game positions before it
  // (oldest first), used for repetition detection.
  void prepare(const core::Position& root, const std::vector<core::Key>& history,
               SearchShared& shared);
  void run() noexcept;  // iterative deepening until a limit or shared.stop
  void clear() noexcept;

  [[nodiscard]] std::uint64_t nodes() const noexcept {
    return nodes_.load(std::memory_order_relaxed);
  }
  [[nodiscard]] int completed_depth() const noexcept { return completed_depth_; }
  [[nodiscard]] const std::vector<RootMove>& root_moves() const noexcept { return root_moves_; }
  [[nodiscard]] int id() const noexcept { return id_; }

 private:
  struct Frame {
    core::Move move;
    core::Move killers[2];
    Value eval = kNoValue;
  };
  static constexpr int kMaxKeys = 512 + kMaxPly;

  Value search(Value alpha, Value beta, int depth, int ply, bool cut_node) noexcept;
  Value qsearch(Value alpha, Value beta, int ply, bool pv_node) noexcept;
  void make(core::Move m, core::Undo& undo, int ply) noexcept;
  void unmake(core::Move m, const core::Undo& undo) noexcept;
  // The static evaluation of pos_ at `ply`: the network's when one is loaded.
  [[nodiscard]] Value static_eval(int ply) noexcept;
  [[nodiscard]] bool is_draw(int ply) const noexcept;
  [[nodiscard]] bool should_stop() noexcept;
  void update_pv(int ply, core::Move m) noexcept;
  void update_root_move(core::Move m, Value v, bool exact) noexcept;
  void update_quiet_stats(int ply, core::Move best, const core::Move* quiets, int count,
                          int depth) noexcept;
  void report(int depth) const;
  [[nodiscard]] bool iteration_should_stop(int depth, int best_changes, Value previous) noexcept;

  int id_;
  SearchShared* shared_ = nullptr;
  core::Position pos_;
  std::atomic<std::uint64_t> nodes_{0};
  int seldepth_ = 0;
  int root_depth_ = 0;
  int pv_index_ = 0;
  int completed_depth_ = 0;
  std::vector<RootMove> root_moves_;
  std::array<core::Key, kMaxKeys> keys_{};
  int key_count_ = 0;
  std::array<Frame, kMaxPly + 4> stack_{};
  std::array<std::array<core::Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  History history_{};
  PawnTable pawns_;
  using Accumulators = std::array<nnue::Accumulator, kMaxPly + 2>;  // by ply
  const nnue::Network* network_ = nullptr;
  const nnue::Kernels* kernels_ = nullptr;
  std::unique_ptr<Accumulators> accumulators_;
};

}  // namespace arbiter::engine
