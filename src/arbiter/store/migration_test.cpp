// Versioned migrations: the list's rules, and a SQLite file made by the program before
// migrations existed (schema version 1 in PRAGMA user_version, no schema_migrations).
#include "arbiter/store/migration.hpp"

#include <gtest/gtest.h>

#include "arbiter/store/sqlite_db.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::store {
namespace {

using testing::TempDir;

// The schema and a game exactly as the program of version 1 wrote them.
constexpr const char* kVersion1File = R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY, white_token TEXT NOT NULL, black_token TEXT NOT NULL,
  white TEXT NOT NULL, black TEXT NOT NULL, time_control TEXT NOT NULL,
  variant TEXT NOT NULL, start_fen TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created','ongoing','ended','aborted')),
  result TEXT NOT NULL, reason TEXT NOT NULL, extra TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
CREATE INDEX games_by_update ON games (updated_ms DESC);
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL CHECK (ply >= 1),
  uci TEXT NOT NULL, san TEXT NOT NULL, white_ms INTEGER NOT NULL,
  black_ms INTEGER NOT NULL, wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL CHECK (seq >= 1),
  json TEXT NOT NULL, wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
PRAGMA user_version = 1;
INSERT INTO games VALUES ('old', 'w', 'b', 'Anna', 'Boris', '180+2', 'standard',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'ongoing', '*', '', '{}',
  1000, 2000);
INSERT INTO moves VALUES ('old', 1, 'e2e4', 'e4', 180000, 180000, 2000);
INSERT INTO events VALUES ('old', 1, '{"type":"move"}', 2000);
)sql";

std::int64_t query_int(sqlite::Database& db, const char* sql) {
  auto q = db.prepare(sql);
  EXPECT_TRUE(q);
  EXPECT_TRUE(q->step().value_or(false)) << sql;
  return q->column_int(0);
}

TEST(Migrations, BothBackendsHaveTheSameNumberedList) {
  const auto sqlite = sqlite_migrations();
  const auto pg = pg_migrations();
  ASSERT_EQ(sqlite.size(), pg.size());
  for (std::size_t i = 0; i < sqlite.size(); ++i) {
    EXPECT_EQ(sqlite[i].version, static_cast<int>(i) + 1);
    EXPECT_EQ(pg[i].version, sqlite[i].version);
    EXPECT_EQ(pg[i].name, sqlite[i].name);
  }
  EXPECT_EQ(latest_version(sqlite), 6);
}

TEST(Migrations, PendingAreThoseAfterTheCurrentVersion) {
  const Migration list[] = {{1, "a", "A"}, {2, "b", "B"}, {3, "c", "C"}};
  EXPECT_EQ(pending_migrations(list, 0, "X")->size(), 3u);
  auto after_one = pending_migrations(list, 1, "X");
  ASSERT_TRUE(after_one);
  ASSERT_EQ(after_one->size(), 2u);
  EXPECT_EQ(after_one->front().name, "b");
  EXPECT_TRUE(pending_migrations(list, 3, "X")->empty());
  auto newer = pending_migrations(list, 4, "X");
  ASSERT_FALSE(newer);
  EXPECT_EQ(newer.error().code, ErrorCode::kUnsupported);
  EXPECT_NE(newer.error().message.find("X database schema version 4 is newer"), std::string::npos);
}

TEST(Migrations, AVersion1SqliteFileIsMigratedAndKeepsItsGames) {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  {
    auto db = sqlite::Database::open(path, 1000);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db->exec(kVersion1File));
  }
  {
    auto store = SqliteStore::open(path);
    ASSERT_TRUE(store) << store.error().describe();
    auto game = (*store)->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->moves[0].san, "e4");
    EXPECT_EQ(game->events.size(), 1u);
    auto ongoing = (*store)->list_games({GameStatus::Ongoing, 10});
    ASSERT_TRUE(ongoing);
    EXPECT_EQ(ongoing->size(), 1u);
  }
  auto db = sqlite::Database::open(path, 1000);
  ASSERT_TRUE(db);
  EXPECT_EQ(query_int(*db, "PRAGMA user_version"), 6);
  EXPECT_EQ(
      query_int(*db, "SELECT COUNT(*) FROM schema_migrations WHERE version IN (1, 2, 3, 4, 5, 6)"),
      6);
  // Version 6: the events kept, in a table with rowids under a unique (game, seq) index.
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM events WHERE game_id = 'old' AND seq = 1"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'events_by_game'"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'events_appended'"), 0);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'cluster_nodes'"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'games_by_status'"), 1);
  // Version 3: the old game has no referee log yet; the server's conversion will write it.
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'referee_log'"), 1);
  auto store = SqliteStore::open(path);
  ASSERT_TRUE(store);
  auto unconverted = (*store)->games_without_log(10);
  ASSERT_TRUE(unconverted);
  EXPECT_EQ(*unconverted, std::vector<std::string>{"old"});
}

TEST(Migrations, ANewSqliteFileRecordsEveryMigrationOnce) {
  TempDir dir;
  const std::string path = dir.file("new.db");
  ASSERT_TRUE(SqliteStore::open(path));
  ASSERT_TRUE(SqliteStore::open(path));  // a second open applies nothing
  auto db = sqlite::Database::open(path, 1000);
  ASSERT_TRUE(db);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM schema_migrations"), 6);
  EXPECT_EQ(query_int(*db,
                      "SELECT name = 'games by status' FROM schema_migrations"
                      " WHERE version = 2"),
            1);
  EXPECT_EQ(query_int(*db,
                      "SELECT name = 'referee event log' FROM schema_migrations"
                      " WHERE version = 3"),
            1);
  EXPECT_EQ(query_int(*db, "SELECT name = 'game leases' FROM schema_migrations WHERE version = 4"),
            1);
}

TEST(Migrations, ASqliteFileOfANewerProgramIsRefused) {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  {
    auto db = sqlite::Database::open(path, 1000);
    ASSERT_TRUE(db);
    // One past the latest migration this program knows.
    const std::string newer =
        "PRAGMA user_version = " + std::to_string(latest_version(sqlite_migrations()) + 1);
    ASSERT_TRUE(db->exec(newer));
  }
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, ErrorCode::kUnsupported);
}

}  // namespace
}  // namespace arbiter::store
