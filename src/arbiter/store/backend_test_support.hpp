// The store tests that run on every backend: a value-parametrised fixture over the
// backends (test names end in /Sqlite and /Postgres). Each test gets a database of its
// own: a file in a temporary directory, or a fresh schema on the test executable's
// PostgreSQL server (pg_test_server.hpp).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::store::testing {

enum class Backend { Sqlite, Postgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::Sqlite ? "Sqlite" : "Postgres";
}

class BackendTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() == Backend::Sqlite) {
      location_ = "sqlite:" + dir_.file("games.db");
      return;
    }
    auto server = PgTestServer::shared();
    ASSERT_TRUE(server) << server.error().describe();
    auto url = (*server)->fresh_schema();
    ASSERT_TRUE(url) << url.error().describe();
    location_ = *url;
  }

  // Opens this test's database (again): what `arbiter serve --db LOCATION` opens. With
  // `durable` false a SQLite store skips the fsync of each commit (for tests about
  // visibility rather than durability); PostgreSQL always commits durably.
  [[nodiscard]] std::unique_ptr<Store> open(bool durable = true) {
    if (GetParam() == Backend::Sqlite && !durable) {
      SqliteOptions fast;
      fast.synchronous_full = false;
      auto store = SqliteStore::open(dir_.file("games.db"), fast);
      EXPECT_TRUE(store) << (store ? "" : store.error().describe());
      return store ? std::move(*store) : nullptr;
    }
    auto store = open_store(location_);
    EXPECT_TRUE(store) << (store ? "" : store.error().describe());
    return store ? std::move(*store) : nullptr;
  }

  [[nodiscard]] const std::string& location() const { return location_; }

 private:
  TempDir dir_;
  std::string location_;
};

#define ARB_STORE_BACKENDS(suite)                                                           \
  INSTANTIATE_TEST_SUITE_P(, suite,                                                         \
                           ::testing::Values(::arbiter::store::testing::Backend::Sqlite,    \
                                             ::arbiter::store::testing::Backend::Postgres), \
                           ::arbiter::store::testing::backend_name)

}  // namespace arbiter::store::testing
