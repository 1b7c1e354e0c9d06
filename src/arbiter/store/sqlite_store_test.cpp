// What only the SQLite backend does (the contract itself: store_contract_test.cpp).
#include "arbiter/store/sqlite_store.hpp"

#include <gtest/gtest.h>

#include "arbiter/store/test_support.hpp"

namespace arbiter::store {
namespace {

using testing::sample_header;
using testing::TempDir;

std::unique_ptr<SqliteStore> open_or_die(const std::string& path) {
  auto store = SqliteStore::open(path);
  EXPECT_TRUE(store.has_value()) << (store ? "" : store.error().describe());
  return store ? std::move(*store) : nullptr;
}

TEST(SqliteStore, UsesWriteAheadLogging) {
  TempDir dir;
  const std::string path = dir.file("games.db");
  auto store = open_or_die(path);
  ASSERT_TRUE(store->create_game(sample_header("g")));
  EXPECT_TRUE(std::filesystem::exists(path + "-wal"));
}

}  // namespace
}  // namespace arbiter::store
