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

// Two stores (two servers, later a cluster) on one database write the same game: each
// reads the game and appends the next ply with its event. Exactly one of two writers of
// a ply wins; the loser gets kProtocolState, never a duplicate, a gap or an I/O error.
TEST_P(StoreConcurrency, TwoStoresRacingForTheNextPlyStoreEachPlyOnce) {
  auto first = open(false);
  auto second = open(false);
  ASSERT_TRUE(first && second);
  ASSERT_TRUE(first->create_game(sample_header("g")));
  constexpr int kAttempts = 40;
  std::atomic<int> stored{0};
  std::atomic<int> other_errors{0};
  auto race = [&](Store& store) {
    for (int i = 0; i < kAttempts; ++i) {
      auto game = store.load_game("g");
      if (!game) {
        ++other_errors;
        continue;
      }
      const int ply = static_cast<int>(game->moves.size()) + 1;
      const EventRecord e = sample_event(game->last_seq() + 1);
      auto ok = store.append_move("g", sample_move(ply), {&e, 1});
      if (ok) {
        ++stored;
      } else if (ok.error().code != ErrorCode::kProtocolState) {
        ++other_errors;
      }
    }
  };
  std::thread one{race, std::ref(*first)};
  std::thread two{race, std::ref(*second)};
  one.join();
  two.join();
  EXPECT_EQ(other_errors.load(), 0);
  auto game = first->load_game("g");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->moves.size(), static_cast<std::size_t>(stored.load()));
  EXPECT_EQ(game->events.size(), game->moves.size());
  EXPECT_GE(stored.load(), kAttempts);  // every round stores at least one of the two
  for (std::size_t i = 0; i < game->moves.size(); ++i) {
    EXPECT_EQ(game->moves[i].ply, static_cast<int>(i + 1));
    EXPECT_EQ(game->events[i].seq, static_cast<std::int64_t>(i + 1));
  }
}

}  // namespace
}  // namespace arbiter::store
