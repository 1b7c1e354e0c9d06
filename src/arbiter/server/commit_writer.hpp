// CommitWriter: the server's one writer thread (issue #16, group commit). Rooms hand it
// the writes their actions produced and go on serving; it commits everything queued in
// one Store::commit (one transaction, one flush), then calls each write's completion on
// its own thread. A completion must not block on a room: rooms post it to their executor.
//
// Durability is unchanged: a room acknowledges an action only from its completion, so
// only after the commit. What changes is the cost: N games' moves share one fsync, and
// no network thread waits for the disk.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct CommitWriterStats {
  std::uint64_t batches = 0;
  std::uint64_t writes = 0;
  std::uint64_t largest_batch = 0;
};

class CommitWriter {
 public:
  using Done = std::function<void(Result<void>)>;

  // `max_batch`: at most this many writes per transaction (the rest wait for the next).
  explicit CommitWriter(store::Store& store, std::size_t max_batch = 1024);
  ~CommitWriter();  // stop()
  CommitWriter(const CommitWriter&) = delete;
  CommitWriter& operator=(const CommitWriter&) = delete;

  // Queues a write; `done` runs on the writer thread after its commit (or failure).
  // After stop(), `done` runs at once with kIo (nothing stored).
  void submit(store::GameWrite write, Done done);
  // Commits what is queued, then ends the thread. Idempotent.
  void stop();

  [[nodiscard]] CommitWriterStats stats() const;

 private:
  struct Item {
    store::GameWrite write;
    Done done;
  };
  void run();

  store::Store& store_;
  const std::size_t max_batch_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  CommitWriterStats stats_;
  std::thread thread_;
};

}  // namespace arbiter::server
