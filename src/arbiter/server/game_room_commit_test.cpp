// Group commit in the room (issue #16): a player hears of his action only after the
// writer thread has stored it, messages arriving meanwhile wait their turn, and a failed
// commit reloads the game (nothing half-stored is shown).
#include <atomic>
#include <condition_variable>
#include <optional>
#include <thread>

#include "arbiter/server/commit_writer.hpp"
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/game_room.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/store/delegating_store.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

// A store whose group commits wait at a gate the test opens, and may be told to fail.
class GatedStore final : public store::DelegatingStore {
 public:
  using DelegatingStore::DelegatingStore;
  std::vector<Result<void>> commit(std::span<const store::GameWrite> writes) override {
    std::unique_lock lock{mutex_};
    ++waiting_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_ > 0; });
    --open_;
    --waiting_;
    const bool fail = fail_next_;
    fail_next_ = false;
    lock.unlock();
    if (fail) {
      return std::vector<Result<void>>(
          writes.size(), Result<void>{make_error(ErrorCode::kIo, "disk unplugged (test)")});
    }
    return inner_.commit(writes);
  }
  // Lets one commit through (the next, or the one waiting).
  void open_once(bool fail = false) {
    std::lock_guard lock{mutex_};
    ++open_;
    fail_next_ = fail;
    changed_.notify_all();
  }
  void open_always() {
    std::lock_guard lock{mutex_};
    open_ = 1 << 30;
    changed_.notify_all();
  }
  void close() {
    std::lock_guard lock{mutex_};
    open_ = 0;
  }
  // Waits until a commit waits at the gate.
  bool wait_for_commit() {
    std::unique_lock lock{mutex_};
    return changed_.wait_for(lock, 5s, [&] { return waiting_ > 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int open_ = 0;
  int waiting_ = 0;
  bool fail_next_ = false;
};

// Runs posted tasks on its own thread, as RoomService does.
class ThreadExecutor final : public Executor {
 public:
  ThreadExecutor() : thread_([this] { run(); }) {}
  ~ThreadExecutor() override {
    {
      std::lock_guard lock{mutex_};
      stop_ = true;
      wake_.notify_all();
    }
    thread_.join();
  }
  void post(std::function<void()> task) override {
    std::lock_guard lock{mutex_};
    tasks_.push_back(std::move(task));
    wake_.notify_all();
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock{mutex_};
        wake_.wait(lock, [&] { return stop_ || !tasks_.empty(); });
        if (tasks_.empty()) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stop_ = false;
  std::thread thread_;
};

class GroupCommitRoom : public RoomTest {
 protected:
  void SetUp() override {
    RoomTest::SetUp();
    gate_ = std::make_unique<GatedStore>(*store_);
    writer_owned_ = std::make_unique<CommitWriter>(*gate_, thread_executor_);
    writer_ = writer_owned_.get();
    executor_override_ = &thread_executor_;
    open_keeping_store();
  }
  void TearDown() override {
    gate_->open_always();
    writer_owned_->stop();
    RoomTest::TearDown();
  }
  // A fresh registry with the writer, on the same store (open() would replace the store
  // the gate wraps).
  void open_keeping_store() {
    if (registry_) registry_->shutdown();
    RoomContext ctx;
    ctx.store = gate_.get();
    ctx.clock = &clock_;
    ctx.executor = executor_override_;
    ctx.writer = writer_;
    ctx.timings = timings_;
    registry_ = std::make_unique<GameRegistry>(ctx);
  }
  // Waits until `c` has received a message of type `t` numbered `count`.
  static bool wait_for(const std::shared_ptr<FakeConnection>& c, std::string_view t,
                       std::size_t count) {
    for (int i = 0; i < 500; ++i) {
      if (c->of(t).size() >= count) return true;
      std::this_thread::sleep_for(10ms);
    }
    return false;
  }
  static void send_move(GameRoom& room, const std::shared_ptr<FakeConnection>& c,
                        const std::string& uci, int ply, int id) {
    room.on_message(c, R"({"t":"move","id":)" + std::to_string(id) + R"(,"d":{"uci":")" + uci +
                           R"(","ply":)" + std::to_string(ply) + "}}");
  }

  std::unique_ptr<GatedStore> gate_;
  std::unique_ptr<CommitWriter> writer_owned_;
  ThreadExecutor thread_executor_;
};

TEST_F(GroupCommitRoom, AnActionIsHeardOfOnlyAfterItsCommitAndLaterMessagesWait) {
  gate_->open_always();  // the join passes
  auto [f, w, b] = seated();
  gate_->close();
  w->clear();
  b->clear();
  send_move(*f.room, w, "e2e4", 1, 1);
  ASSERT_TRUE(gate_->wait_for_commit());
  // Black answers while White's move is being stored: his move waits its turn.
  send_move(*f.room, b, "e7e5", 2, 1);
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(w->of("ack").empty());
  EXPECT_TRUE(b->of("move").empty());
  EXPECT_TRUE(b->of("ack").empty());
  EXPECT_TRUE(b->of("error").empty());
  EXPECT_TRUE(store_->load_game(f.room->id())->moves.empty());
  gate_->open_once();
  ASSERT_TRUE(wait_for(w, "ack", 1));
  // The move event comes before the ack (published, then acknowledged).
  const auto heard = w->sent();
  EXPECT_EQ(at(heard.front(), "/t"), "move");
  EXPECT_EQ(at(heard.back(), "/t"), "ack");
  // Black's deferred move is now being stored in its turn.
  ASSERT_TRUE(gate_->wait_for_commit());
  EXPECT_TRUE(b->of("ack").empty());
  gate_->open_once();
  ASSERT_TRUE(wait_for(b, "ack", 1));
  ASSERT_TRUE(wait_for(w, "move", 2));
  auto stored = store_->load_game(f.room->id());
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->moves.size(), 2u);
  EXPECT_TRUE(b->of("error").empty());
}

TEST_F(GroupCommitRoom, AFailedCommitIsReportedAndNothingOfItIsShown) {
  gate_->open_always();
  auto [f, w, b] = seated();
  gate_->close();
  w->clear();
  send_move(*f.room, w, "e2e4", 1, 1);
  ASSERT_TRUE(gate_->wait_for_commit());
  gate_->open_once(/*fail=*/true);
  ASSERT_TRUE(wait_for(w, "error", 1));
  EXPECT_EQ(at(w->last("error"), "/d/code"), "internal");
  EXPECT_TRUE(w->of("ack").empty());
  EXPECT_TRUE(w->of("move").empty());
  EXPECT_TRUE(f.room->state().moves.empty());  // reloaded from the store
  EXPECT_TRUE(store_->load_game(f.room->id())->moves.empty());
  gate_->open_always();  // the disk is back: the same move again
  send_move(*f.room, w, "e2e4", 1, 2);
  ASSERT_TRUE(wait_for(w, "ack", 1));
  EXPECT_EQ(f.room->state().moves.size(), 1u);
}

// The answer of GameRegistry::create_async, which comes on another thread.
class AsyncCreation {
 public:
  void start(GameRegistry& registry, const std::string& body) {
    registry.create_async(*wire::parse_create_request(body), [this](Result<CreatedGame> r) {
      std::lock_guard lock{mutex_};
      created_ = std::move(r);
      answered_.notify_all();
    });
  }
  bool answered() {
    std::lock_guard lock{mutex_};
    return created_.has_value();
  }
  // Waits for the answer (at most 5 s); null if none came.
  const Result<CreatedGame>* wait() {
    std::unique_lock lock{mutex_};
    if (!answered_.wait_for(lock, 5s, [&] { return created_.has_value(); })) return nullptr;
    return &*created_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable answered_;
  std::optional<Result<CreatedGame>> created_;
};

// Issue #16: a game is created by the writer, with the moves of other games, and the
// creator hears of it after that commit, on the executor; the calling thread (a network
// thread) does not wait for the store.
TEST_F(GroupCommitRoom, AGameIsCreatedByTheWriterAndAnsweredAfterItsCommit) {
  gate_->close();
  AsyncCreation creation;
  creation.start(*registry_,
                 R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"},)"
                 R"("name":"Anna"})");
  // create_async returned with the commit still waiting at the gate.
  ASSERT_TRUE(gate_->wait_for_commit());
  EXPECT_FALSE(creation.answered());
  gate_->open_once();
  const Result<CreatedGame>* created = creation.wait();
  ASSERT_NE(created, nullptr);
  ASSERT_TRUE(*created) << created->error().describe();
  const CreatedGame& game = **created;
  EXPECT_EQ(game.seat, core::Color::White);
  EXPECT_FALSE(game.invite.empty());
  auto stored = store_->load_game(game.room->id());
  ASSERT_TRUE(stored) << stored.error().describe();
  EXPECT_EQ(stored->header.white, "Anna");
  EXPECT_EQ(stored->header.white_token, game.token);
  EXPECT_EQ(registry_->find(game.room->id()), game.room);
}

TEST_F(GroupCommitRoom, AGameTheStoreCannotCreateIsAnErrorForItsCreator) {
  gate_->close();
  AsyncCreation creation;
  creation.start(*registry_,
                 R"({"time_control":"180+2","color":"black","opponent":{"type":"friend"}})");
  ASSERT_TRUE(gate_->wait_for_commit());
  gate_->open_once(/*fail=*/true);
  const Result<CreatedGame>* created = creation.wait();
  ASSERT_NE(created, nullptr);
  ASSERT_FALSE(*created);
  EXPECT_EQ(created->error().code, ErrorCode::kIo);
  EXPECT_EQ(registry_->rooms_in_memory(), 0u);
}

// Issue #16: a join waits for its seat's commit on GameApi's pool, not on the thread that
// received it (a network thread, which serves thousands of sockets).
TEST_F(GroupCommitRoom, AJoinWaitsForItsCommitOffTheCallersThread) {
  gate_->open_always();
  CreatedGame game = create(
      R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"},"name":"Anna"})");
  gate_->close();
  ManualTimeSource time;
  GameApi api{*registry_, time};
  std::mutex mutex;
  std::condition_variable answered;
  std::optional<HttpReply> reply;
  const std::string secret = game.invite;
  api.handle_async(HttpRequest{"POST", "/api/games/" + game.room->id() + "/join",
                               R"({"name":"Boris","invite":")" + secret + "\"}", "127.0.0.1"},
                   [&](HttpReply r) {
                     std::lock_guard lock{mutex};
                     reply = std::move(r);
                     answered.notify_all();
                   });
  // handle_async has returned; the join waits at the gate, on the pool.
  ASSERT_TRUE(gate_->wait_for_commit());
  {
    std::lock_guard lock{mutex};
    EXPECT_FALSE(reply.has_value());
  }
  gate_->open_once();
  std::unique_lock lock{mutex};
  ASSERT_TRUE(answered.wait_for(lock, 5s, [&] { return reply.has_value(); }));
  EXPECT_EQ(reply->status, 200u) << reply->body;
  EXPECT_EQ(at(reply->body, "/seat"), "black");
}

// The completions of a writer run where they are posted; counts the tasks.
struct InlineExecutor final : Executor {
  std::atomic<int> tasks{0};
  void post(std::function<void()> task) override {
    ++tasks;
    task();
  }
};

// A store with three games and a writer on it, for the group-commit window.
struct WindowRig {
  store::testing::TempDir dir;
  std::unique_ptr<store::Store> store;
  InlineExecutor completions;
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> done;

  WindowRig() {
    auto sqlite = store::open_store(dir.file("games.db"));
    EXPECT_TRUE(sqlite);
    store = std::move(*sqlite);
    for (const char* id : {"g1", "g2", "g3"})
      EXPECT_TRUE(store->create_game(store::testing::sample_header(id)));
  }
  void submit(CommitWriter& writer, const char* id) {
    store::GameWrite w;
    w.game_id = id;
    w.move = store::testing::sample_move(1);
    w.events = {store::testing::sample_event(1)};
    writer.submit(std::move(w), [this, id](Result<void> r) {
      std::lock_guard lock{mutex};
      done.push_back(std::string(id) + (r ? ":ok" : ":failed"));
      changed.notify_all();
    });
  }
  bool wait_for(std::size_t n, std::chrono::seconds limit) {
    std::unique_lock lock{mutex};
    return changed.wait_for(lock, limit, [&] { return done.size() >= n; });
  }
};

TEST(CommitWriter, WritesArrivingWithinTheWindowShareOneCommit) {
  WindowRig rig;
  // A window far longer than the test: only the third write can close it.
  CommitWriter writer{*rig.store, rig.completions, {1024, 3, std::chrono::seconds{60}}};
  rig.submit(writer, "g1");
  std::this_thread::sleep_for(20ms);  // the writer has woken for g1 and waits in its window
  rig.submit(writer, "g2");
  rig.submit(writer, "g3");
  ASSERT_TRUE(rig.wait_for(3, 10s));
  EXPECT_EQ(rig.done, (std::vector<std::string>{"g1:ok", "g2:ok", "g3:ok"}));
  EXPECT_EQ(writer.stats().batches, 1u);
  EXPECT_EQ(rig.completions.tasks.load(), 1);
}

TEST(CommitWriter, ALoneWriteIsCommittedWhenTheWindowCloses) {
  WindowRig rig;
  CommitWriter writer{*rig.store, rig.completions, {1024, 16, 50ms}};
  rig.submit(writer, "g1");
  ASSERT_TRUE(rig.wait_for(1, 10s));
  EXPECT_EQ(rig.done, std::vector<std::string>{"g1:ok"});
  EXPECT_EQ(writer.stats().batches, 1u);
}

TEST(CommitWriter, StoppingClosesTheWindowAndCommitsWhatWaits) {
  WindowRig rig;
  CommitWriter writer{*rig.store, rig.completions, {1024, 16, std::chrono::seconds{60}}};
  rig.submit(writer, "g1");
  rig.submit(writer, "g2");
  const auto start = std::chrono::steady_clock::now();
  writer.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds{30});
  EXPECT_EQ(rig.done, (std::vector<std::string>{"g1:ok", "g2:ok"}));
  auto moves = rig.store->load_game("g2");
  ASSERT_TRUE(moves);
  EXPECT_EQ(moves->moves.size(), 1u);
}

TEST(CommitWriter, WritesQueuedDuringACommitShareTheNext) {
  store::testing::TempDir dir;
  auto sqlite = store::open_store(dir.file("games.db"));
  ASSERT_TRUE(sqlite);
  for (const char* id : {"g1", "g2", "g3"})
    ASSERT_TRUE((*sqlite)->create_game(store::testing::sample_header(id)));
  GatedStore gate{**sqlite};
  InlineExecutor completions;  // the order the completions ran in is observable
  CommitWriter writer{gate, completions, {1024, 1, std::chrono::microseconds{0}}};
  std::mutex mutex;
  std::vector<std::string> done;
  const auto submit = [&](const char* id) {
    store::GameWrite w;
    w.game_id = id;
    w.move = store::testing::sample_move(1);
    w.events = {store::testing::sample_event(1)};
    writer.submit(std::move(w), [&, id](Result<void> r) {
      std::lock_guard lock{mutex};
      done.push_back(std::string(id) + (r ? ":ok" : ":failed"));
    });
  };
  submit("g1");
  ASSERT_TRUE(gate.wait_for_commit());
  submit("g2");  // both queue while g1 is being written
  submit("g3");
  gate.open_always();
  writer.stop();
  EXPECT_EQ(done, (std::vector<std::string>{"g1:ok", "g2:ok", "g3:ok"}));
  const CommitWriterStats stats = writer.stats();
  EXPECT_EQ(stats.batches, 2u);
  EXPECT_EQ(stats.writes, 3u);
  EXPECT_EQ(stats.largest_batch, 2u);
  EXPECT_EQ(completions.tasks.load(), 2) << "one task per batch, not one per write";
  // After stop() nothing is queued: the completion says so at once.
  std::optional<Result<void>> late;
  writer.submit(store::GameWrite{}, [&](Result<void> r) { late = std::move(r); });
  ASSERT_TRUE(late.has_value());
  EXPECT_FALSE(late->has_value());
}

}  // namespace
}  // namespace arbiter::server::testing
