// CommitWriter: the server's one writer thread (issue #16, group commit). Rooms hand it
// the writes their actions produced and go on serving; it commits everything queued in
// one Store::commit (one transaction, one flush), then hands the batch's completions to
// the rooms' executor as one task: one wake-up of that thread per batch, not one per write
// (at 3,000 moves a second the thread switches were a tenth of the server's processor
// time), and the writer never waits for a room.
//
// Durability is unchanged: a room acknowledges an action only from its completion, so
// only after the commit. What changes is the cost: N games' moves share one fsync, and
// no network thread waits for the disk.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "arbiter/server/room_support.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct CommitWriterStats {
  std::uint64_t batches = 0;
  std::uint64_t writes = 0;
  std::uint64_t largest_batch = 0;
};

struct CommitWriterOptions {
  // At most this many writes per transaction (the rest wait for the next).
  std::size_t max_batch = 1024;
  // The group-commit window (PostgreSQL's commit_delay): once a write is queued, the writer
  // waits up to `gather_delay` for `gather` writes before it commits. A commit costs about
  // 70 µs of processor time whatever it holds, and each move about 75 µs more
  // (bench_store); without the window a writer that keeps up commits one move at a time,
  // so at 3,000 moves a second it spent 139 µs a move. Zero: commit at once.
  std::size_t gather = 16;
  std::chrono::microseconds gather_delay{1000};
};

class CommitWriter {
 public:
  using Done = std::function<void(Result<void>)>;

  // `completions` runs every `done` (the rooms' executor: RoomContext::executor); it must
  // keep running until the writer has stopped.
  CommitWriter(store::Store& store, Executor& completions, CommitWriterOptions options = {});
  ~CommitWriter();  // stop()
  CommitWriter(const CommitWriter&) = delete;
  CommitWriter& operator=(const CommitWriter&) = delete;

  // Queues a write; `done` runs on the completions executor after its commit (or
  // failure), in the order of submission. After stop(), `done` is posted at once with kIo
  // (nothing stored).
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
  Executor& completions_;
  const CommitWriterOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  bool gathering_ = false;  // the writer waits in its window
  CommitWriterStats stats_;
  std::thread thread_;
};

}  // namespace arbiter::server
