// A second connection reads consistent snapshots while the first one writes (SQLite: WAL
// mode; PostgreSQL: MVCC), and threads sharing one store are serialised.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;

class StoreConcurrency : public testing::BackendTest {};
ARB_STORE_BACKENDS(StoreConcurrency);

TEST_P(StoreConcurrency, ReaderSeesWholeTransactionsWhileAWriterAppends) {
  // The test is about visibility, not durability.
  auto writer = open(false);
  ASSERT_TRUE(writer);
  auto reader = open(false);
  ASSERT_TRUE(reader);
  ASSERT_TRUE(writer->create_game(sample_header("g")));

  constexpr int kPlies = 150;
  std::atomic<bool> done{false};
  std::atomic<int> failures{0};
  std::atomic<int> reads{0};
  std::thread reading([&] {
    std::size_t seen = 0;
    // Keep reading until the writer is done, and at least a few times.
    while (!done.load() || reads.load() < 5) {
      auto game = reader->load_game("g");
      ++reads;
      if (!game) {
        ++failures;
        continue;
      }
      // Each move was committed with its event: a snapshot has as many of one as the other.
      if (game->moves.size() != game->events.size() || game->moves.size() < seen) ++failures;
      for (std::size_t i = 0; i < game->moves.size(); ++i) {
        if (game->moves[i].ply != static_cast<int>(i + 1)) ++failures;
      }
      seen = game->moves.size();
    }
  });
  for (int ply = 1; ply <= kPlies; ++ply) {
    const EventRecord e = sample_event(ply);
    auto ok = writer->append_move("g", sample_move(ply), {&e, 1});
    ASSERT_TRUE(ok) << ok.error().describe();
  }
  done = true;
  reading.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GE(reads.load(), 5);
  auto final_state = reader->load_game("g");
  ASSERT_TRUE(final_state);
  EXPECT_EQ(final_state->moves.size(), std::size_t{kPlies});
}

TEST_P(StoreConcurrency, ThreadsSharingOneStoreAreSerialised) {
  auto opened = open(false);
  ASSERT_TRUE(opened);
  Store& store = *opened;
  constexpr int kThreads = 4;
  constexpr int kGamesEach = 10;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int g = 0; g < kGamesEach; ++g) {
        std::string id = "t";
        id += std::to_string(t);
        id += 'g';
        id += std::to_string(g);
        if (!store.create_game(sample_header(id))) ++failures;
        if (!store.append_move(id, sample_move(1), {})) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  auto list = store.list_games({std::nullopt, 1000});
  ASSERT_TRUE(list);
  EXPECT_EQ(list->size(), std::size_t{kThreads * kGamesEach});
}

}  // namespace
}  // namespace arbiter::store
