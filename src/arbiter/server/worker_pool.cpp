#include "arbiter/server/worker_pool.hpp"

#include <algorithm>

#include "arbiter/base/thread_name.hpp"

namespace arbiter::server {

WorkerPool::WorkerPool(int threads) {
  const int n = std::max(1, threads);
  threads_.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock{mutex_};
    stopping_ = true;
    tasks_.clear();
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::post(std::function<void()> task) {
  {
    std::lock_guard lock{mutex_};
    if (stopping_ || draining_) return;
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void WorkerPool::run() {
  name_this_thread("arb-wait");
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock{mutex_};
      wake_.wait(lock, [&] { return stopping_ || !tasks_.empty(); });
      if (stopping_) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
      ++running_;
    }
    task();
    {
      std::lock_guard lock{mutex_};
      --running_;
    }
    idle_.notify_all();
  }
}

void WorkerPool::drain() {
  std::unique_lock lock{mutex_};
  draining_ = true;
  idle_.wait(lock, [&] { return tasks_.empty() && running_ == 0; });
}

}  // namespace arbiter::server
