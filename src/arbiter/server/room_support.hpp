// What a GameRoom needs from its surroundings, as interfaces free of Boost so that rooms
// run in tests with a hand-driven clock, a hand-run task queue and a scripted computer:
//  - RoomClock: monotonic time for the referee and the wall time for the store;
//  - Executor: runs a task later on a room thread (the computer posts its move with it);
//  - ComputerMover: the computer opponent's search (engine in its own thread).
#pragma once

#include <atomic>

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/base/time_source.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::server {

class RoomClock {
 public:
  virtual ~RoomClock() = default;
  // Monotonic: the referee's clocks run on this (never the wall clock, which may jump).
  [[nodiscard]] virtual Millis steady() const = 0;
  // Unix-epoch milliseconds: stored with moves so that clocks continue after a restart.
  [[nodiscard]] virtual std::int64_t wall_ms() const = 0;
};

// std::chrono::steady_clock and system_clock.
class SystemRoomClock final : public RoomClock {
 public:
  [[nodiscard]] Millis steady() const override { return steady_.now(); }
  [[nodiscard]] std::int64_t wall_ms() const override {
    return std::chrono::duration_cast<Millis>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }

 private:
  SteadyTimeSource steady_;
};

// The system's clocks, both moved forward by `advance`: `arbiter serve --test-clock`, so that
// browser tests see a correspondence game's days pass (issue #17). Never moved: exactly
// SystemRoomClock.
class ShiftedRoomClock final : public RoomClock {
 public:
  [[nodiscard]] Millis steady() const override {
    return system_.steady() + Millis{offset_ms_.load(std::memory_order_relaxed)};
  }
  [[nodiscard]] std::int64_t wall_ms() const override {
    return system_.wall_ms() + offset_ms_.load(std::memory_order_relaxed);
  }
  // Moves both clocks forward by `d` (ignored unless positive).
  void advance(Millis d) noexcept {
    if (d.count() > 0) offset_ms_.fetch_add(d.count(), std::memory_order_relaxed);
  }

 private:
  SystemRoomClock system_;
  std::atomic<std::int64_t> offset_ms_{0};
};

// Tests: both clocks advance together, by hand.
class ManualRoomClock final : public RoomClock {
 public:
  explicit ManualRoomClock(std::int64_t wall_start = 1'700'000'000'000) : wall_start_(wall_start) {}
  [[nodiscard]] Millis steady() const override {
    std::lock_guard lock{mutex_};
    return steady_;
  }
  [[nodiscard]] std::int64_t wall_ms() const override {
    std::lock_guard lock{mutex_};
    return wall_start_ + wall_.count();
  }
  void advance(Millis d) {
    std::lock_guard lock{mutex_};
    steady_ += d;
    wall_ += d;
  }
  // A restart: the monotonic clock starts again while the wall clock moved on by `down`.
  void restart(Millis down) {
    std::lock_guard lock{mutex_};
    steady_ = Millis{0};
    wall_ += down;
  }

 private:
  mutable std::mutex mutex_;
  std::int64_t wall_start_;
  Millis steady_{0};
  Millis wall_{0};
};

class Executor {
 public:
  virtual ~Executor() = default;
  // Thread-safe; never blocks on a room.
  virtual void post(std::function<void()> task) = 0;
};

// Tests: tasks wait until run_all().
class ManualExecutor final : public Executor {
 public:
  void post(std::function<void()> task) override {
    std::lock_guard lock{mutex_};
    tasks_.push_back(std::move(task));
  }
  // Runs the queued tasks (and the ones they post); returns how many ran.
  int run_all() {
    int n = 0;
    for (;;) {
      std::function<void()> task;
      {
        std::lock_guard lock{mutex_};
        if (tasks_.empty()) return n;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
      ++n;
    }
  }

 private:
  std::mutex mutex_;
  std::deque<std::function<void()>> tasks_;
};

// What the computer is asked: the position, the keys of the earlier positions (for
// repetitions) and its time.
struct ThinkRequest {
  core::Position position;
  std::vector<core::Key> history;
  std::int64_t remaining_ms = -1;  // -1: no clock
  std::int64_t increment_ms = 0;
};

class ComputerMover {
 public:
  virtual ~ComputerMover() = default;
  // Starts a search and returns at once; `done` gets the move in UCI from another thread
  // (or "" when there is none). Not called again before `done` or stop().
  virtual void think(const ThinkRequest& request, std::function<void(std::string)> done) = 0;
  // Ends a running search early (its `done` may still be called; rooms ignore stale moves).
  virtual void stop() noexcept = 0;
};

using ComputerFactory = std::function<std::unique_ptr<ComputerMover>(int level)>;

}  // namespace arbiter::server
