#include "arbiter/server/commit_writer.hpp"

#include <algorithm>
#include <vector>

namespace arbiter::server {

CommitWriter::CommitWriter(store::Store& store, std::size_t max_batch)
    : store_(store), max_batch_(std::max<std::size_t>(1, max_batch)), thread_([this] { run(); }) {}

CommitWriter::~CommitWriter() { stop(); }

void CommitWriter::submit(store::GameWrite write, Done done) {
  {
    std::lock_guard lock{mutex_};
    if (!stopping_) {
      queue_.push_back(Item{std::move(write), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  done(make_error(ErrorCode::kIo, "the server is stopping; nothing was stored"));
}

void CommitWriter::stop() {
  {
    std::lock_guard lock{mutex_};
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

CommitWriterStats CommitWriter::stats() const {
  std::lock_guard lock{mutex_};
  return stats_;
}

void CommitWriter::run() {
  std::vector<Item> batch;
  std::vector<store::GameWrite> writes;
  for (;;) {
    {
      std::unique_lock lock{mutex_};
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is committed
      // Everything that queued while the last batch was being written goes together.
      const std::size_t n = std::min(queue_.size(), max_batch_);
      for (std::size_t i = 0; i < n; ++i) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
      ++stats_.batches;
      stats_.writes += n;
      stats_.largest_batch = std::max<std::uint64_t>(stats_.largest_batch, n);
    }
    writes.clear();
    for (Item& item : batch) writes.push_back(std::move(item.write));
    std::vector<Result<void>> results = store_.commit(writes);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      Result<void> r = i < results.size()
                           ? std::move(results[i])
                           : make_error(ErrorCode::kIo, "the store returned no result");
      batch[i].done(std::move(r));
    }
    batch.clear();
  }
}

}  // namespace arbiter::server
