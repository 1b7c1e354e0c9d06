#include "arbiter/server/service.hpp"

#include "arbiter/base/thread_name.hpp"
#include "arbiter/server/registry.hpp"

namespace arbiter::server {

RoomService::RoomService(std::chrono::milliseconds period) : period_(period) {}

RoomService::~RoomService() { stop(); }

void RoomService::start(GameRegistry& registry) {
  registry_ = &registry;
  thread_ = std::thread([this] { run(); });
}

void RoomService::stop() {
  {
    std::lock_guard lock{mutex_};
    stopping_ = true;
    tasks_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void RoomService::post(std::function<void()> task) {
  {
    std::lock_guard lock{mutex_};
    if (stopping_) return;
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void RoomService::run() {
  name_this_thread("arb-rooms");
  auto next_tick = std::chrono::steady_clock::now();
  auto next_sweep = next_tick + std::chrono::seconds{1};
  for (;;) {
    std::deque<std::function<void()>> batch;
    {
      std::unique_lock lock{mutex_};
      wake_.wait_until(lock, next_tick, [&] { return stopping_ || !tasks_.empty(); });
      if (stopping_) return;
      batch.swap(tasks_);
    }
    for (auto& task : batch) task();
    if (std::chrono::steady_clock::now() >= next_tick) {
      registry_->tick_all();
      next_tick = std::chrono::steady_clock::now() + period_;
    }
    if (std::chrono::steady_clock::now() >= next_sweep) {
      // On this thread, so no computer move (posted here) holds a room being dropped.
      registry_->evict_idle();
      // Cluster nodes only (docs/cluster.md): keep this node's games, say it is alive, and
      // take over the games of a node that died.
      registry_->renew_leases();
      registry_->heartbeat();
      if (every_second_) every_second_();
      next_sweep = std::chrono::steady_clock::now() + std::chrono::seconds{1};
    }
  }
}

}  // namespace arbiter::server
