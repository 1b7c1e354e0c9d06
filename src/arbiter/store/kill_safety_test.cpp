// "Every accepted move is committed before it is acknowledged" (docs/store.md): a child
// process appends moves and reports each one after append_move returns; it is killed with
// SIGKILL in the middle of the stream; every reported move must be in the database. On
// both backends: a SQLite file, or PostgreSQL, whose server sees the client vanish.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdint>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;

class StoreKillSafety : public testing::BackendTest {};
ARB_STORE_BACKENDS(StoreKillSafety);

// The child: appends moves until killed, writing each committed ply to `report`.
[[noreturn]] void write_moves_until_killed(const std::string& location, int report) {
  auto store = open_store(location);  // default options: what the server uses
  if (!store) _exit(3);
  for (int ply = 1; ply < 1'000'000; ++ply) {
    const EventRecord e = sample_event(ply);
    if (!(*store)->append_move("g", sample_move(ply), {&e, 1})) _exit(4);
    const std::int32_t acked = ply;
    if (::write(report, &acked, sizeof acked) != sizeof acked) _exit(5);
  }
  _exit(0);
}

TEST_P(StoreKillSafety, NoAcknowledgedMoveIsLostOnSigkill) {
  {
    auto store = open();
    ASSERT_TRUE(store);
    ASSERT_TRUE(store->create_game(sample_header("g")));
  }
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(fds[0]);
    write_moves_until_killed(location(), fds[1]);
  }
  ::close(fds[1]);
  // Let it commit a good number of moves, then kill it without warning.
  std::int32_t last_acked = 0;
  std::int32_t acked = 0;
  while (last_acked < 25 && ::read(fds[0], &acked, sizeof acked) == sizeof acked) {
    last_acked = acked;
  }
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the child stopped by itself, status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  // Acknowledgements already in the pipe count too.
  while (::read(fds[0], &acked, sizeof acked) == sizeof acked) last_acked = acked;
  ::close(fds[0]);
  ASSERT_GE(last_acked, 25);

  auto store = open();
  ASSERT_TRUE(store);
  auto game = store->load_game("g");
  ASSERT_TRUE(game) << game.error().describe();
  // Every acknowledged move is there; at most the one in flight may be there as well.
  ASSERT_GE(game->moves.size(), static_cast<std::size_t>(last_acked));
  EXPECT_LE(game->moves.size(), static_cast<std::size_t>(last_acked) + 1);
  EXPECT_EQ(game->events.size(), game->moves.size());
  for (std::size_t i = 0; i < game->moves.size(); ++i) {
    EXPECT_EQ(game->moves[i], sample_move(static_cast<int>(i + 1)));
  }
  // The database is writable again: the game continues after the restart.
  const int next = static_cast<int>(game->moves.size()) + 1;
  const EventRecord e = sample_event(next);
  EXPECT_TRUE(store->append_move("g", sample_move(next), {&e, 1}));
}

}  // namespace
}  // namespace arbiter::store
