#include "arbiter/server/computer.hpp"

#include <algorithm>
#include <array>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "arbiter/base/thread_name.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/engine.hpp"

namespace arbiter::server {

int computer_elo(int level) noexcept {
  static constexpr std::array<int, 8> kElo{800,  1000, 1200, 1400,
                                           1600, 1900, 2200, engine::kMaxElo};
  return kElo[static_cast<std::size_t>(std::clamp(level, 1, 8) - 1)];
}

std::int64_t computer_move_time(int level, std::int64_t remaining_ms,
                                std::int64_t increment_ms) noexcept {
  const std::int64_t cap = level <= 3 ? 800 : level <= 6 ? 1500 : 3000;
  if (remaining_ms < 0) return cap;  // no clock
  const std::int64_t share = remaining_ms / 40 + increment_ms / 2;
  return std::clamp<std::int64_t>(std::min(share, remaining_ms / 4), 20, cap);
}

// ------------------------------------------------------------------ the pool

struct EnginePool::Impl {
  struct Request {
    std::uint64_t seat = 0;
    int level = 1;
    ThinkRequest think;
    std::function<void(std::string)> done;
  };
  struct Searcher {
    engine::Engine engine;
    std::uint64_t last_seat = 0;  // whose game the hash holds
    int level = 0;                // the level the engine is set to
    std::uint64_t busy_with = 0;  // the seat searching now, 0: idle
    bool cancelled = false;
    std::thread thread;
  };

  explicit Impl(const EnginePoolOptions& o) : options(o) {
    options.searchers = std::max(1, options.searchers);
    options.max_games = std::max(0, options.max_games);
    for (int i = 0; i < options.searchers; ++i) {
      auto s = std::make_unique<Searcher>();
      engine::EngineOptions eo;
      eo.hash_mb = options.hash_mb;
      eo.threads = 1;
      eo.seed = std::random_device{}() | 1u;
      s->engine.set_options(eo);  // the hash is allocated here, once
      searchers.push_back(std::move(s));
    }
    for (auto& s : searchers) s->thread = std::thread([this, p = s.get()] { run(*p); });
  }

  void run(Searcher& s) {
    name_this_thread("arb-engine");
    for (;;) {
      Request r;
      {
        std::unique_lock lock{mutex};
        wake.wait(lock, [&] { return stopping || !queue.empty(); });
        if (stopping) return;
        r = std::move(queue.front());
        queue.pop_front();
        s.busy_with = r.seat;
        s.cancelled = false;
      }
      const int level = std::clamp(r.level, 1, 8);
      if (s.level != level) {
        engine::EngineOptions eo = s.engine.options();
        eo.limit_strength = level < 8;
        eo.elo = computer_elo(level);
        s.engine.set_options(eo);
        s.level = level;
      }
      if (s.last_seat != r.seat) {
        s.engine.new_game();  // another game: nothing of the last one's hash carries over
        s.last_seat = r.seat;
      }
      s.engine.set_position(r.think.position, std::move(r.think.history));
      engine::SearchLimits limits;
      limits.movetime = computer_move_time(level, r.think.remaining_ms, r.think.increment_ms);
      const bool chess960 = r.think.position.is_chess960();
      std::string uci;
      bool cancelled = false;
      {
        // A cancel that came while the engine was being set up: do not search at all.
        std::lock_guard lock{mutex};
        cancelled = s.cancelled || stopping;
      }
      if (!cancelled) {
        // Engine::stop() from cancel() reaches the search once it runs; a stop that
        // lands between this check and the search's start only costs one move time.
        const engine::SearchResult result = s.engine.search(limits);
        if (result.best != core::Move::none()) uci = core::to_uci(result.best, chess960);
      }
      {
        std::lock_guard lock{mutex};
        cancelled = cancelled || s.cancelled || stopping;
        s.busy_with = 0;
      }
      if (!cancelled) r.done(std::move(uci));
    }
  }

  void submit(Request r) {
    {
      std::lock_guard lock{mutex};
      if (stopping) return;
      queue.push_back(std::move(r));
    }
    wake.notify_one();
  }

  // Drops the seat's queued requests and stops its search; its callbacks are not called.
  void cancel(std::uint64_t seat) {
    std::lock_guard lock{mutex};
    std::erase_if(queue, [seat](const Request& r) { return r.seat == seat; });
    for (auto& s : searchers) {
      if (s->busy_with == seat && !s->cancelled) {
        s->cancelled = true;
        s->engine.stop();
      }
    }
  }

  void stop() {
    {
      std::lock_guard lock{mutex};
      stopping = true;
      queue.clear();
      for (auto& s : searchers) s->engine.stop();
    }
    wake.notify_all();
    for (auto& s : searchers) {
      if (s->thread.joinable()) s->thread.join();
    }
  }

  EnginePoolOptions options;
  mutable std::mutex mutex;
  std::condition_variable wake;
  std::deque<Request> queue;
  std::vector<std::unique_ptr<Searcher>> searchers;
  std::uint64_t next_seat = 1;
  int seats = 0;
  bool stopping = false;
};

namespace {

class PooledComputer final : public ComputerMover {
 public:
  PooledComputer(std::shared_ptr<EnginePool::Impl> pool, std::uint64_t id, int level)
      : pool_(std::move(pool)), id_(id), level_(level) {}
  ~PooledComputer() override {
    pool_->cancel(id_);
    std::lock_guard lock{pool_->mutex};
    --pool_->seats;
  }
  PooledComputer(const PooledComputer&) = delete;
  PooledComputer& operator=(const PooledComputer&) = delete;

  void think(const ThinkRequest& request, std::function<void(std::string)> done) override {
    // One request per seat at a time: a new one replaces whatever is still queued.
    pool_->cancel(id_);
    pool_->submit(EnginePool::Impl::Request{id_, level_, request, std::move(done)});
  }
  void stop() noexcept override { pool_->cancel(id_); }

 private:
  std::shared_ptr<EnginePool::Impl> pool_;
  std::uint64_t id_;
  int level_;
};

}  // namespace

EnginePool::EnginePool(const EnginePoolOptions& options) : impl_(std::make_shared<Impl>(options)) {}

EnginePool::~EnginePool() { stop(); }

void EnginePool::stop() { impl_->stop(); }

std::unique_ptr<ComputerMover> EnginePool::seat(int level) {
  std::uint64_t id = 0;
  {
    std::lock_guard lock{impl_->mutex};
    if (impl_->stopping || impl_->seats >= impl_->options.max_games) return nullptr;
    ++impl_->seats;
    id = impl_->next_seat++;
  }
  return std::make_unique<PooledComputer>(impl_, id, level);
}

const EnginePoolOptions& EnginePool::options() const noexcept { return impl_->options; }

int EnginePool::seats_in_use() const {
  std::lock_guard lock{impl_->mutex};
  return impl_->seats;
}

int EnginePool::queued() const {
  std::lock_guard lock{impl_->mutex};
  return static_cast<int>(impl_->queue.size());
}

int EnginePool::searching() const {
  std::lock_guard lock{impl_->mutex};
  return static_cast<int>(std::count_if(impl_->searchers.begin(), impl_->searchers.end(),
                                        [](const auto& s) { return s->busy_with != 0; }));
}

}  // namespace arbiter::server
