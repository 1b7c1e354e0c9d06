#include "arbiter/server/commit_writer.hpp"

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "arbiter/base/thread_name.hpp"

namespace arbiter::server {

CommitWriter::CommitWriter(store::Store& store, Executor& completions, CommitWriterOptions options)
    : store_(store),
      completions_(completions),
      options_([&] {
        options.max_batch = std::max<std::size_t>(1, options.max_batch);
        options.gather = std::min(options.gather, options.max_batch);
        return options;
      }()),
      thread_([this] { run(); }) {}

CommitWriter::~CommitWriter() { stop(); }

void CommitWriter::submit(store::GameWrite write, Done done) {
  {
    std::lock_guard lock{mutex_};
    if (!stopping_) {
      queue_.push_back(Item{std::move(write), std::move(done)});
      if (!gathering_ || queue_.size() >= options_.gather) wake_.notify_one();
      return;
    }
  }
  // Never inline: the caller may hold the lock its completion takes.
  completions_.post([done = std::move(done)] {
    done(make_error(ErrorCode::kIo, "the server is stopping; nothing was stored"));
  });
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
  name_this_thread("arb-writer");
  std::vector<Item> batch;
  std::vector<store::GameWrite> writes;
  for (;;) {
    {
      std::unique_lock lock{mutex_};
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is committed
      // The window: a few more writes share this commit. Notified only by a submit that
      // fills it (or by stop), so a busy server's rooms do not wake the writer each time.
      if (options_.gather_delay.count() > 0 && queue_.size() < options_.gather && !stopping_) {
        gathering_ = true;
        wake_.wait_for(lock, options_.gather_delay,
                       [&] { return stopping_ || queue_.size() >= options_.gather; });
        gathering_ = false;
      }
      // Everything that queued meanwhile goes together.
      const std::size_t n = std::min(queue_.size(), options_.max_batch);
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
    results.resize(batch.size(), make_error(ErrorCode::kIo, "the store returned no result"));
    std::vector<Done> dones;
    dones.reserve(batch.size());
    for (Item& item : batch) dones.push_back(std::move(item.done));
    batch.clear();
    // std::function needs a copyable task: the batch travels behind a shared pointer.
    auto finished = std::make_shared<std::pair<std::vector<Done>, std::vector<Result<void>>>>(
        std::move(dones), std::move(results));
    completions_.post([finished] {
      for (std::size_t i = 0; i < finished->first.size(); ++i) {
        finished->first[i](std::move(finished->second[i]));
      }
    });
  }
}

}  // namespace arbiter::server
