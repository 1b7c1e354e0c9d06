// Bad input to the store is a Result error, never a crash or a partial write.
#include <gtest/gtest.h>

#include <fstream>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/sqlite_store.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;
using testing::TempDir;

class StoreBadInput : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (HasFatalFailure()) return;
    store_ = open();
    ASSERT_TRUE(store_);
    ASSERT_TRUE(store_->create_game(sample_header("g")));
  }
  std::unique_ptr<Store> store_;
};
ARB_STORE_BACKENDS(StoreBadInput);

TEST_P(StoreBadInput, UnknownGameId) {
  auto load = store_->load_game("nope");
  ASSERT_FALSE(load);
  EXPECT_EQ(load.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(load.error().where.field, "game_id");
  auto move = store_->append_move("nope", sample_move(1), {});
  ASSERT_FALSE(move);
  EXPECT_EQ(move.error().code, ErrorCode::kProtocolState);
  const EventRecord e = sample_event(1);
  EXPECT_FALSE(store_->append_events("nope", {&e, 1}));
  EXPECT_FALSE(store_->finish_game("nope", {GameStatus::Ended, "1-0", "resignation", 1}, {}));
}

TEST_P(StoreBadInput, MalformedGameIdIsRejectedBeforeTheDatabase) {
  auto load = store_->load_game("x'; DROP TABLE games; --");
  ASSERT_FALSE(load);
  EXPECT_EQ(load.error().code, ErrorCode::kInvalidArgument);
  EXPECT_TRUE(store_->load_game("g"));
}

TEST_P(StoreBadInput, DuplicateGameId) {
  auto again = store_->create_game(sample_header("g"));
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, ErrorCode::kProtocolState);
}

TEST_P(StoreBadInput, DuplicatePlyLeavesTheFirstMoveAndItsEvents) {
  const EventRecord e1 = sample_event(1);
  ASSERT_TRUE(store_->append_move("g", sample_move(1), {&e1, 1}));
  MoveRecord other = sample_move(1);
  other.uci = "e2e4";
  const EventRecord e2 = sample_event(2);
  auto dup = store_->append_move("g", other, {&e2, 1});
  ASSERT_FALSE(dup);
  EXPECT_EQ(dup.error().code, ErrorCode::kProtocolState);
  EXPECT_EQ(dup.error().where.field, "ply");
  auto game = store_->load_game("g");
  ASSERT_TRUE(game);
  ASSERT_EQ(game->moves.size(), 1u);
  EXPECT_EQ(game->moves[0].uci, "g1f3");
  EXPECT_EQ(game->events.size(), 1u);  // the rejected call's event was rolled back
}

TEST_P(StoreBadInput, GapInPliesOrSeqs) {
  EXPECT_FALSE(store_->append_move("g", sample_move(2), {}));
  const EventRecord e3 = sample_event(3);
  auto gap = store_->append_events("g", {&e3, 1});
  ASSERT_FALSE(gap);
  EXPECT_EQ(gap.error().where.field, "seq");
  const EventRecord pair[] = {sample_event(1), sample_event(3)};
  EXPECT_FALSE(store_->append_events("g", pair));
  const EventRecord e1 = sample_event(1);
  ASSERT_TRUE(store_->append_events("g", {&e1, 1}));
  EXPECT_FALSE(store_->append_events("g", {&e1, 1}));  // seq 1 again
}

TEST_P(StoreBadInput, MalformedRecords) {
  MoveRecord m = sample_move(1);
  m.uci = "e2e9";
  EXPECT_EQ(store_->append_move("g", m, {}).error().where.field, "uci");
  m = sample_move(1);
  m.white_ms = -1;
  EXPECT_FALSE(store_->append_move("g", m, {}));
  EventRecord e = sample_event(1);
  e.json = "not json";
  EXPECT_EQ(store_->append_events("g", {&e, 1}).error().where.field, "json");
  GameHeader h = sample_header("h");
  h.start_fen = "8/8/8/8/8/8/8/8 w - - 0 1";  // no kings (Art. 2.3)
  auto bad_fen = store_->create_game(h);
  ASSERT_FALSE(bad_fen);
  EXPECT_EQ(bad_fen.error().where.field, "start_fen");
  h = sample_header("h");
  h.variant = "crazyhouse";
  EXPECT_FALSE(store_->create_game(h));
  h = sample_header("h");
  h.black_token = h.white_token;
  EXPECT_FALSE(store_->create_game(h));
  EXPECT_FALSE(store_->load_game("h"));  // nothing half-created
}

TEST(StoreOpen, RejectsAFileThatIsNotADatabase) {
  TempDir dir;
  const std::string path = dir.file("junk.db");
  std::ofstream{path} << "this is not an SQLite database, just some text that fills a page\n";
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, ErrorCode::kIo);
}

TEST(StoreOpen, TheConnectionRunsWithItsSettings) {
  TempDir dir;
  auto store = SqliteStore::open(dir.file("s.db"));
  ASSERT_TRUE(store) << store.error().describe();
  auto s = (*store)->settings();
  ASSERT_TRUE(s) << s.error().describe();
  EXPECT_EQ(s->journal_mode, "wal");
  EXPECT_EQ(s->synchronous, 2) << "FULL: a committed move survives a power failure";
  EXPECT_EQ(s->cache_size, -8 * 1024);
  EXPECT_EQ(s->mmap_size, std::int64_t{1} << 30);
  SqliteOptions small;
  small.synchronous_full = false;
  small.cache_kib = 1024;
  small.mmap_bytes = 0;
  auto other = SqliteStore::open(dir.file("t.db"), small);
  ASSERT_TRUE(other);
  s = (*other)->settings();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->synchronous, 1);
  EXPECT_EQ(s->cache_size, -1024);
  EXPECT_EQ(s->mmap_size, 0);
}

TEST(StoreOpen, LocationSyntax) {
  TempDir dir;
  EXPECT_TRUE(open_store("sqlite:" + dir.file("a.db")));
  EXPECT_TRUE(open_store(dir.file("b.db")));
  EXPECT_FALSE(open_store(""));
  // postgresql:// selects PgStore: nothing listens on port 1, so it cannot connect.
  auto pg = open_store("postgresql://arbiter@127.0.0.1:1/arbiter?connect_timeout=2");
  ASSERT_FALSE(pg);
  EXPECT_EQ(pg.error().code, ErrorCode::kIo);
  EXPECT_NE(pg.error().message.find("cannot connect to PostgreSQL"), std::string::npos)
      << pg.error().message;
  EXPECT_EQ(pg.error().message.find('\n'), std::string::npos) << "one line, for logs";
}

TEST(StoreOpen, LocationsAreRedactedForMessages) {
  EXPECT_EQ(redact_location("postgresql://arbiter:s3cret@db.example:5432/games"),
            "postgresql://arbiter:***@db.example:5432/games");
  EXPECT_EQ(redact_location("postgresql://arbiter@127.0.0.1:5432/games?password=x&sslmode=off"),
            "postgresql://arbiter@127.0.0.1:5432/games?password=***&sslmode=off");
  EXPECT_EQ(redact_location("postgresql://127.0.0.1:5432/games"),
            "postgresql://127.0.0.1:5432/games");
  EXPECT_EQ(redact_location("data/arbiter.db"), "data/arbiter.db");
}

}  // namespace
}  // namespace arbiter::store
