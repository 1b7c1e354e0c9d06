// A thin RAII layer over the SQLite C API, private to the store module: a connection,
// prepared statements with typed binding, and a transaction guard that rolls back unless
// committed. Errors become Result<> values with code kIo and SQLite's message.
//
// Prepared statements are kept: a Statement returns its compiled form to the connection
// when it goes out of scope, and the next prepare() of the same SQL text reuses it (issue
// #16: compiling the SQL of every call was a third of the store's processor time).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arbiter/base/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace arbiter::store::sqlite {

class Statement;

// Compiled statements not in use, by SQL text (node-based: a Statement keeps a pointer
// to its list across rehashes).
using StatementPool = std::unordered_map<std::string, std::vector<sqlite3_stmt*>>;

class Database {
 public:
  Database() = default;
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;

  // Opens (creating if needed) the database file, with a busy timeout so that a writer
  // in another connection makes us wait instead of failing at once.
  [[nodiscard]] static Result<Database> open(const std::string& path, int busy_timeout_ms);

  // Runs one or more statements without results (schema, pragmas, BEGIN/COMMIT).
  [[nodiscard]] Result<void> exec(std::string_view sql);
  // A statement for `sql`, reused from the pool when one is free. Statements must not
  // outlive their Database.
  [[nodiscard]] Result<Statement> prepare(std::string_view sql);
  // One statement without parameters or results (BEGIN, SAVEPOINT ...), through the pool.
  [[nodiscard]] Result<void> run(std::string_view sql);
  // The rows changed by the last INSERT, UPDATE or DELETE that ran to completion.
  [[nodiscard]] std::int64_t changes() const noexcept;
  [[nodiscard]] std::string last_error() const;
  [[nodiscard]] sqlite3* handle() const noexcept { return db_; }

 private:
  explicit Database(sqlite3* db) : db_(db), pool_(std::make_unique<StatementPool>()) {}
  void close() noexcept;
  sqlite3* db_ = nullptr;
  std::unique_ptr<StatementPool> pool_;  // on the heap: stable when the Database moves
};

class Statement {
 public:
  Statement() = default;
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;

  // Parameters are 1-based as in SQLite.
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);  // a REAL; SQLite would store a NaN as NULL
  Statement& bind_null(int index);

  // Advances: true with a row ready, false when done; kIo (or kProtocolState for a
  // constraint violation) on failure.
  [[nodiscard]] Result<bool> step();
  // step() until done, for statements without results.
  [[nodiscard]] Result<void> run();
  // step() until done, collecting the first column of every row as text.
  [[nodiscard]] Result<std::vector<std::string>> first_column_texts();
  // step() until done, calling `row` with each row ready (read with column_*).
  [[nodiscard]] Result<void> each_row(const std::function<void(const Statement&)>& row);
  void reset() noexcept;

  [[nodiscard]] std::int64_t column_int(int index) const noexcept;
  [[nodiscard]] double column_double(int index) const noexcept;
  [[nodiscard]] std::string column_text(int index) const;
  [[nodiscard]] bool column_is_null(int index) const noexcept;

 private:
  friend class Database;
  Statement(sqlite3* db, sqlite3_stmt* stmt, std::vector<sqlite3_stmt*>* home) noexcept
      : db_(db), stmt_(stmt), home_(home) {}
  void release() noexcept;  // back to the pool (reset, bindings cleared)
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::vector<sqlite3_stmt*>* home_ = nullptr;  // the pool's list for this SQL text
};

// BEGIN IMMEDIATE on construction (the write lock is taken at once, so two writers never
// deadlock on a lock upgrade); ROLLBACK on destruction unless commit() succeeded.
class Transaction {
 public:
  [[nodiscard]] static Result<Transaction> begin(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;

  [[nodiscard]] Result<void> commit();

 private:
  explicit Transaction(Database* db) noexcept : db_(db) {}
  Database* db_ = nullptr;  // null once committed or rolled back
};

}  // namespace arbiter::store::sqlite
