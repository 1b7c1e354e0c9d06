// A real PostgreSQL server for tests (docs/store.md, "How the tests start PostgreSQL"):
// initdb in a temporary directory, the postgres server on a free loopback TCP port
// (listen_addresses=127.0.0.1, its Unix socket inside the directory, fsync on), and a
// database "arbiter". No system service is assumed; the server is this process's child
// and is stopped by its process id (SIGINT: fast shutdown), and it also stops if this
// process dies first (parent-death signal). initdb and postgres refuse to run as root: as
// root they run as the Debian user `postgres`, the directory handed over to it.
//
// Starting costs 1-2 s, so a test executable shares one server (shared(), stopped by a
// gtest Environment at the end) and gives each test a fresh schema (fresh_schema()).
// Binaries: $ARBITER_PG_BINDIR, else the newest /usr/lib/postgresql/N/bin, else $PATH.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <string>

#include "arbiter/base/error.hpp"

namespace arbiter::store::testing {

class PgTestServer {
 public:
  // initdb, start, wait until it accepts connections, create the database "arbiter".
  // kIo naming the step that failed, with the end of the server's log.
  [[nodiscard]] static Result<std::unique_ptr<PgTestServer>> start();
  // The server of this test executable, started on first use; the same error on every
  // call when it could not start.
  [[nodiscard]] static Result<PgTestServer*> shared();

  ~PgTestServer();
  PgTestServer(const PgTestServer&) = delete;
  PgTestServer& operator=(const PgTestServer&) = delete;

  // Stops the server by its process id and waits for it; removes the directory.
  void stop() noexcept;

  [[nodiscard]] pid_t pid() const noexcept { return pid_; }
  [[nodiscard]] int port() const noexcept { return port_; }
  // The URL of a database of this server (user arbiter, no password: trust on loopback).
  [[nodiscard]] std::string url(const std::string& database = "arbiter") const;
  // A new empty schema in the database "arbiter", and a URL whose search_path selects
  // it: a store opened on it sees only its own tables.
  [[nodiscard]] Result<std::string> fresh_schema();
  // The time start() took, in milliseconds.
  [[nodiscard]] double startup_ms() const noexcept { return startup_ms_; }

 private:
  PgTestServer() = default;
  [[nodiscard]] Result<void> launch(const std::string& bindir);

  std::filesystem::path dir_;
  pid_t pid_ = -1;
  int port_ = 0;
  int schemas_ = 0;
  double startup_ms_ = 0;
};

// The store that a test of a store user opens (the server's tests): `sqlite_path`, or,
// when the environment has ARBITER_TEST_STORE=postgres, a fresh schema of the shared
// server. ctest runs the server's store tests both ways (src/arbiter/server/CMakeLists.txt).
[[nodiscard]] Result<std::string> test_store_location(const std::string& sqlite_path);

// Runs SQL statements directly on a store's database, past the Store interface: what a
// test needs to make a database look as an older program left it. `location` as for
// open_store ("sqlite:PATH", a plain PATH, or a postgresql:// URL).
[[nodiscard]] Result<void> execute_sql(const std::string& location, const std::string& sql);

}  // namespace arbiter::store::testing
