// WorkerPool: a few threads for requests that wait (issue #16). A network thread serves
// thousands of sockets and must never wait; a request whose answer waits for the store
// (joining a game waits for its commit) is handed to the pool, which waits instead.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arbiter::server {

class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  // Drops the tasks not yet started and waits for the running ones.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Thread-safe; runs `task` on one of the pool's threads, in the order posted.
  void post(std::function<void()> task);
  // Takes no more tasks and waits until those posted have all run (the rating service at
  // stop: a rated game's rating is not dropped). Then the destructor has nothing to drop.
  void drain();

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  bool draining_ = false;
  int running_ = 0;
  std::condition_variable idle_;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter::server
