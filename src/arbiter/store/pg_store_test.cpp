// What only the PostgreSQL backend does: reconnecting, durable commits whatever the
// server's setting, its migrations, and the test server itself.
#include "arbiter/store/pg_store.hpp"

#include <signal.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <pqxx/pqxx>
#include <thread>

#include "arbiter/store/migration.hpp"
#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::store {
namespace {

using testing::PgTestServer;
using testing::sample_header;

class PgStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = PgTestServer::shared();
    ASSERT_TRUE(server) << server.error().describe();
    server_ = *server;
    auto url = server_->fresh_schema();
    ASSERT_TRUE(url) << url.error().describe();
    url_ = *url;
  }
  // Runs `sql` on the test database outside any store; the first column of the first row.
  std::string admin(const std::string& sql) {
    pqxx::connection connection{url_};
    pqxx::nontransaction tx{connection};
    const pqxx::result r = tx.exec(sql);
    return r.empty() || r[0][0].is_null() ? "" : r[0][0].as<std::string>();
  }
  PgTestServer* server_ = nullptr;
  std::string url_;
};

TEST_F(PgStoreTest, ADroppedConnectionFailsOneCallWithIoAndTheNextCallReconnects) {
  auto store = PgStore::open(url_ + "&application_name=arbiter_victim");
  ASSERT_TRUE(store) << store.error().describe();
  ASSERT_TRUE((*store)->create_game(sample_header("g")));
  EXPECT_EQ(admin("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity"
                  " WHERE application_name = 'arbiter_victim'"),
            "1");
  auto lost = (*store)->load_game("g");
  ASSERT_FALSE(lost);
  EXPECT_EQ(lost.error().code, ErrorCode::kIo);
  EXPECT_NE(lost.error().message.find("connection to PostgreSQL was lost"), std::string::npos)
      << lost.error().message;
  auto again = (*store)->load_game("g");
  ASSERT_TRUE(again) << again.error().describe();
  EXPECT_EQ(again->header.id, "g");
  EXPECT_TRUE((*store)->append_move("g", testing::sample_move(1), {}));
}

TEST_F(PgStoreTest, CommitsDurablyEvenWhenTheServerSaysOtherwise) {
  auto store = PgStore::open(url_ + "%20-csynchronous_commit%3Doff");
  ASSERT_TRUE(store) << store.error().describe();
  EXPECT_EQ((*store)->setting("synchronous_commit").value_or("?"), "on");
}

TEST_F(PgStoreTest, MigrationsAreRecordedAndAppliedOnce) {
  ASSERT_TRUE(PgStore::open(url_));
  ASSERT_TRUE(PgStore::open(url_));
  EXPECT_EQ(admin("SELECT string_agg(version || ':' || name, ',' ORDER BY version)"
                  " FROM schema_migrations"),
            "1:games, moves and events,2:games by status,3:referee event log,4:game leases,"
            "5:cluster nodes,6:events appended,7:accounts and sessions,"
            "8:rated games and ratings,9:game categories,10:lobby seeks,11:tournaments,"
            "12:game analyses");
  EXPECT_EQ(admin("SELECT COUNT(*) FROM pg_indexes WHERE indexname = 'games_by_status'"
                  " AND schemaname = current_schema()"),
            "1");
}

TEST_F(PgStoreTest, ServersStartingAtOnceMigrateOnce) {
  constexpr int kServers = 4;
  std::vector<std::thread> threads;
  std::atomic<int> opened{0};
  for (int i = 0; i < kServers; ++i) {
    threads.emplace_back([&] {
      if (PgStore::open(url_)) ++opened;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(opened.load(), kServers);
  EXPECT_EQ(admin("SELECT COUNT(*) FROM schema_migrations"),
            std::to_string(latest_version(pg_migrations())));
}

TEST_F(PgStoreTest, ADatabaseOfANewerProgramIsRefused) {
  ASSERT_TRUE(PgStore::open(url_));
  admin("INSERT INTO schema_migrations VALUES (99, 'from the future')");
  auto store = PgStore::open(url_);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, ErrorCode::kUnsupported);
  EXPECT_NE(store.error().message.find("PostgreSQL database schema version 99"), std::string::npos);
}

TEST(PgTestServer, StartsOnLoopbackAndStopsByProcessId) {
  auto server = PgTestServer::start();
  ASSERT_TRUE(server) << server.error().describe();
  const pid_t pid = (*server)->pid();
  ASSERT_GT(pid, 0);
  EXPECT_EQ(::kill(pid, 0), 0);
  {
    pqxx::connection connection{(*server)->url()};
    pqxx::nontransaction tx{connection};
    EXPECT_EQ(tx.exec1("SELECT current_setting('listen_addresses')")[0].as<std::string>(),
              "127.0.0.1");
    EXPECT_EQ(tx.exec1("SELECT current_setting('fsync')")[0].as<std::string>(), "on");
  }
  (*server)->stop();
  EXPECT_EQ(::kill(pid, 0), -1);  // gone, and reaped: not even a zombie
  EXPECT_EQ(errno, ESRCH);
}

}  // namespace
}  // namespace arbiter::store
