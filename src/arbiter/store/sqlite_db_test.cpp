// The SQLite layer's statement pool: a statement comes back clean and is reused; two
// statements of the same SQL in use at once are distinct.
#include "arbiter/store/sqlite_db.hpp"

#include <gtest/gtest.h>

namespace arbiter::store::sqlite {
namespace {

Database memory() {
  auto db = Database::open(":memory:", 1000);
  EXPECT_TRUE(db) << db.error().describe();
  return std::move(*db);
}

TEST(SqliteStatementPool, AReleasedStatementIsReusedWithItsBindingsCleared) {
  Database db = memory();
  ASSERT_TRUE(db.exec("CREATE TABLE t (k INTEGER, v TEXT)"));
  constexpr const char* kInsert = "INSERT INTO t (k, v) VALUES (?1, ?2)";
  {
    auto insert = db.prepare(kInsert);
    ASSERT_TRUE(insert);
    ASSERT_TRUE(insert->bind(1, std::int64_t{1}).bind(2, "one").run());
  }
  {
    // The same compiled statement, reset: ?2 is NULL again, not "one".
    auto insert = db.prepare(kInsert);
    ASSERT_TRUE(insert);
    ASSERT_TRUE(insert->bind(1, std::int64_t{2}).run());
  }
  auto rows = db.prepare("SELECT k, v FROM t ORDER BY k");
  ASSERT_TRUE(rows);
  ASSERT_TRUE(*rows->step());
  EXPECT_EQ(rows->column_int(0), 1);
  EXPECT_EQ(rows->column_text(1), "one");
  ASSERT_TRUE(*rows->step());
  EXPECT_EQ(rows->column_int(0), 2);
  EXPECT_TRUE(rows->column_is_null(1));
}

TEST(SqliteStatementPool, TheSameSqlInUseTwiceGivesTwoStatements) {
  Database db = memory();
  ASSERT_TRUE(db.exec("CREATE TABLE t (k INTEGER); INSERT INTO t VALUES (1), (2)"));
  constexpr const char* kSelect = "SELECT k FROM t ORDER BY k";
  auto outer = db.prepare(kSelect);
  ASSERT_TRUE(outer);
  ASSERT_TRUE(*outer->step());
  {
    auto inner = db.prepare(kSelect);  // while `outer` is mid-way
    ASSERT_TRUE(inner);
    ASSERT_TRUE(*inner->step());
    EXPECT_EQ(inner->column_int(0), 1);
  }
  ASSERT_TRUE(*outer->step());  // `outer` was not disturbed
  EXPECT_EQ(outer->column_int(0), 2);
}

TEST(SqliteStatementPool, StatementsSurviveMovingTheDatabase) {
  Database first = memory();
  ASSERT_TRUE(first.exec("CREATE TABLE t (k INTEGER)"));
  { ASSERT_TRUE(first.prepare("INSERT INTO t VALUES (7)")->run()); }
  Database moved = std::move(first);
  ASSERT_TRUE(moved.prepare("INSERT INTO t VALUES (7)")->run());  // the pooled one
  auto count = moved.prepare("SELECT COUNT(*) FROM t");
  ASSERT_TRUE(count);
  ASSERT_TRUE(*count->step());
  EXPECT_EQ(count->column_int(0), 2);
}

TEST(SqliteTransaction, RollsBackUnlessCommitted) {
  Database db = memory();
  ASSERT_TRUE(db.exec("CREATE TABLE t (k INTEGER)"));
  {
    auto tx = Transaction::begin(db);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(db.prepare("INSERT INTO t VALUES (1)")->run());
  }  // rolled back
  {
    auto tx = Transaction::begin(db);
    ASSERT_TRUE(tx);
    ASSERT_TRUE(db.prepare("INSERT INTO t VALUES (2)")->run());
    ASSERT_TRUE(tx->commit());
  }
  auto rows = db.prepare("SELECT k FROM t");
  ASSERT_TRUE(rows);
  ASSERT_TRUE(*rows->step());
  EXPECT_EQ(rows->column_int(0), 2);
  EXPECT_FALSE(*rows->step());
}

}  // namespace
}  // namespace arbiter::store::sqlite
