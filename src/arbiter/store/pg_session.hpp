// A PostgreSQL session of PgStore, private to the store module: one libpqxx connection
// guarded by a mutex (the server calls the store from several network threads), its
// prepared statements, and the only places where transactions run. Every libpqxx
// exception is caught here and becomes a Result error: nothing of libpqxx leaves the
// module.
//
// A connection that breaks fails the call in progress with kIo ("the connection to
// PostgreSQL was lost"); the next call connects anew and prepares the statements again.
// The server does not retry: a write whose commit was in doubt is re-checked by the
// gap-free numbering of plies and seqs (store.hpp, "Contract" 3).
//
// write() is the one place where writes happen. A later cluster of servers sharing one
// database fences each write here (the game's lease epoch checked under the row lock).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <pqxx/pqxx>

#include "arbiter/base/error.hpp"

namespace arbiter::store::pg {

struct PreparedStatement {
  const char* name;
  const char* sql;
};

// The statements of PgStore's accounts and sessions (pg_accounts.cpp).
[[nodiscard]] std::span<const PreparedStatement> account_statements() noexcept;
// The statements of PgStore's ratings (pg_ratings.cpp).
[[nodiscard]] std::span<const PreparedStatement> rating_statements() noexcept;
// The statements of PgStore's lobby seeks (pg_seeks.cpp).
[[nodiscard]] std::span<const PreparedStatement> seek_statements() noexcept;
// The statements of PgStore's events run by the server (pg_tournaments.cpp).
[[nodiscard]] std::span<const PreparedStatement> tournament_statements() noexcept;
// The statements of PgStore's analyses of games (pg_analyses.cpp).
[[nodiscard]] std::span<const PreparedStatement> analysis_statements() noexcept;
// The statements of a player's archive (pg_queries.cpp), made of one text per seat.
[[nodiscard]] std::span<const PreparedStatement> archive_statements();

class Session {
 public:
  using Body = std::function<Result<void>(pqxx::transaction_base&)>;

  // Connects now. kIo when the server cannot be reached or refuses the login.
  [[nodiscard]] static Result<std::unique_ptr<Session>> connect(std::string url);

  // Adds statements to those prepared on this and every later connection (each part of
  // PgStore brings its own list: pg_store.cpp, pg_accounts.cpp).
  void add_statements(std::span<const PreparedStatement> statements);

  // Runs `body` in one read-committed read-write transaction and commits it when the
  // body succeeds (durably: synchronous_commit is on). `what` names the call in errors.
  [[nodiscard]] Result<void> write(std::string_view what, const Body& body);
  // Runs `body` in one repeatable-read, read-only transaction: a single snapshot.
  [[nodiscard]] Result<void> read(std::string_view what, const Body& body);

 private:
  explicit Session(std::string url) : url_(std::move(url)) {}
  template <typename Transaction>
  [[nodiscard]] Result<void> run(std::string_view what, const Body& body);
  [[nodiscard]] Result<void> ensure_connected();

  std::mutex mutex_;
  std::string url_;
  std::unique_ptr<pqxx::connection> connection_;
  std::vector<PreparedStatement> statements_;
};

}  // namespace arbiter::store::pg
