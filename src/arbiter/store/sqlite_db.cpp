#include "arbiter/store/sqlite_db.hpp"

#include <sqlite3.h>

#include <utility>

namespace arbiter::store::sqlite {
namespace {

tl::unexpected<Error> sqlite_error(sqlite3* db, std::string_view what) {
  std::string message{what};
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  const int code = db != nullptr ? sqlite3_extended_errcode(db) : SQLITE_NOMEM;
  // A violated UNIQUE / PRIMARY KEY / CHECK is the caller's mistake, not an I/O failure.
  if ((code & 0xff) == SQLITE_CONSTRAINT) {
    return make_error(ErrorCode::kProtocolState, std::move(message), {0, 0, "sqlite"});
  }
  return make_error(ErrorCode::kIo, std::move(message), {0, 0, "sqlite"});
}

}  // namespace

// --- Database

Database::~Database() { close(); }

void Database::close() noexcept {
  if (pool_) {
    for (auto& [sql, free] : *pool_) {
      for (sqlite3_stmt* stmt : free) sqlite3_finalize(stmt);
    }
    pool_->clear();
  }
  if (db_ != nullptr) sqlite3_close_v2(db_);
  db_ = nullptr;
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), pool_(std::move(other.pool_)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    pool_ = std::move(other.pool_);
  }
  return *this;
}

Result<Database> Database::open(const std::string& path, int busy_timeout_ms) {
  sqlite3* raw = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  Database db{raw};  // closes the handle on every path below
  if (rc != SQLITE_OK) return sqlite_error(raw, "cannot open " + path);
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, busy_timeout_ms);
  return db;
}

Result<void> Database::exec(std::string_view sql) {
  const std::string text{sql};
  char* message = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  sqlite3_free(message);
  if (rc != SQLITE_OK) return sqlite_error(db_, "sqlite exec");
  return {};
}

Result<Statement> Database::prepare(std::string_view sql) {
  auto& free = (*pool_)[std::string(sql)];
  if (!free.empty()) {
    sqlite3_stmt* stmt = free.back();
    free.pop_back();
    return Statement{db_, stmt, &free};
  }
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return sqlite_error(db_, "sqlite prepare");
  }
  return Statement{db_, stmt, &free};
}

Result<void> Database::run(std::string_view sql) {
  // BEGIN, COMMIT and the like: sqlite3_exec would compile the text every time.
  auto statement = prepare(sql);
  if (!statement) return tl::unexpected(statement.error());
  return statement->run();
}

std::int64_t Database::changes() const noexcept { return sqlite3_changes64(db_); }

std::string Database::last_error() const { return db_ != nullptr ? sqlite3_errmsg(db_) : ""; }

// --- Statement

Statement::~Statement() { release(); }

void Statement::release() noexcept {
  if (stmt_ == nullptr) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  if (home_ != nullptr) {
    try {
      home_->push_back(stmt_);
    } catch (...) {  // no memory to keep it: compile it again next time
      sqlite3_finalize(stmt_);
    }
  } else {
    sqlite3_finalize(stmt_);
  }
  stmt_ = nullptr;
}

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      stmt_(std::exchange(other.stmt_, nullptr)),
      home_(std::exchange(other.home_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    release();
    db_ = std::exchange(other.db_, nullptr);
    stmt_ = std::exchange(other.stmt_, nullptr);
    home_ = std::exchange(other.home_, nullptr);
  }
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies the text, so temporaries are safe to pass.
  sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Statement& Statement::bind(int index, double value) {
  sqlite3_bind_double(stmt_, index, value);
  return *this;
}

Statement& Statement::bind_null(int index) {
  sqlite3_bind_null(stmt_, index);
  return *this;
}

Result<bool> Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  auto error = sqlite_error(db_, "sqlite step");
  sqlite3_reset(stmt_);
  return error;
}

Result<void> Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return tl::unexpected(row.error());
    if (!*row) return {};
  }
}

Result<std::vector<std::string>> Statement::first_column_texts() {
  std::vector<std::string> texts;
  if (auto ok = each_row([&](const Statement& s) { texts.push_back(s.column_text(0)); }); !ok)
    return tl::unexpected(ok.error());
  return texts;
}

Result<void> Statement::each_row(const std::function<void(const Statement&)>& row) {
  for (;;) {
    auto ready = step();
    if (!ready) return tl::unexpected(ready.error());
    if (!*ready) return {};
    row(*this);
  }
}

void Statement::reset() noexcept {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::column_int(int index) const noexcept {
  return sqlite3_column_int64(stmt_, index);
}

double Statement::column_double(int index) const noexcept {
  return sqlite3_column_double(stmt_, index);
}

std::string Statement::column_text(int index) const {
  const unsigned char* text = sqlite3_column_text(stmt_, index);
  if (text == nullptr) return {};
  const int size = sqlite3_column_bytes(stmt_, index);
  return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

bool Statement::column_is_null(int index) const noexcept {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

// --- Transaction

Result<Transaction> Transaction::begin(Database& db) {
  if (auto ok = db.run("BEGIN IMMEDIATE"); !ok) return tl::unexpected(ok.error());
  return Transaction{&db};
}

Transaction::~Transaction() {
  if (db_ != nullptr) (void)db_->run("ROLLBACK");
}

Transaction::Transaction(Transaction&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Result<void> Transaction::commit() {
  if (db_ == nullptr) return make_error(ErrorCode::kProtocolState, "transaction already closed");
  auto ok = db_->run("COMMIT");
  if (ok) db_ = nullptr;  // on failure the destructor rolls back
  return ok;
}

}  // namespace arbiter::store::sqlite
