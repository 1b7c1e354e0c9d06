// SqliteStore's accounts and sessions (issue #17, docs/accounts.md). A call of one statement
// runs in SQLite's implicit transaction, committed when the statement completes; a call of
// several (create_user, delete_user, create_session) runs in one BEGIN IMMEDIATE
// transaction, so that no other connection changes the accounts between its statements.
#include <optional>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

// A deleted account's key is NULL in the table (the unique index ignores it) and "" in
// its record.
constexpr std::string_view kUserByKey =
    "SELECT id, name, COALESCE(name_key, ''), password_hash, created_ms, deleted_ms FROM users"
    " WHERE name_key = ?1 AND deleted_ms = 0";
constexpr std::string_view kUserById =
    "SELECT id, name, COALESCE(name_key, ''), password_hash, created_ms, deleted_ms FROM users"
    " WHERE id = ?1";

UserRecord read_user(const sqlite::Statement& row) {
  return UserRecord{row.column_int(0),  row.column_text(1), row.column_text(2),
                    row.column_text(3), row.column_int(4),  row.column_int(5)};
}

// The first row of a query by key, if any, read by `read`; the statement is then finished.
template <typename Record, typename Read>
Result<std::optional<Record>> one_row(sqlite::Statement& query, Read read) {
  auto row = query.step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return std::optional<Record>{};
  std::optional<Record> found{read(query)};
  query.reset();
  return found;
}

int as_count(std::int64_t changes) { return static_cast<int>(changes); }

}  // namespace

Result<UserRecord> SqliteStore::create_user(const UserRecord& user) {
  ARB_TRY(validate_user(user));
  std::lock_guard lock{mutex_};
  // Looked up first, under the write lock: an INSERT that conflicts on the unique index
  // would still advance the AUTOINCREMENT counter, and a refused name must leave the ids
  // as they were.
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto taken = db_.prepare(kUserByKey);
  if (!taken) return tl::unexpected(taken.error());
  taken->bind(1, user.name_key);
  auto row = taken->step();
  if (!row) return tl::unexpected(row.error());
  taken->reset();
  if (*row) return name_taken(user.name);
  auto insert = db_.prepare(
      "INSERT INTO users (name, name_key, password_hash, created_ms) VALUES (?1, ?2, ?3, ?4)"
      " RETURNING id");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, user.name).bind(2, user.name_key).bind(3, user.password_hash);
  insert->bind(4, user.created_ms);
  row = insert->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return make_error(ErrorCode::kIo, "sqlite: a new account got no id", {0, 0, "sqlite"});
  UserRecord created = user;
  created.id = insert->column_int(0);
  ARB_TRY(insert->run());  // to completion before the commit
  ARB_TRY(tx->commit());
  return created;
}

Result<std::optional<UserRecord>> SqliteStore::find_user(std::string_view name_key) {
  ARB_TRY(validate_name_key(name_key));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kUserByKey);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, name_key);
  return one_row<UserRecord>(*query, read_user);
}

Result<std::optional<UserRecord>> SqliteStore::user_by_id(std::int64_t id) {
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kUserById);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  return one_row<UserRecord>(*query, read_user);
}

Result<void> SqliteStore::set_password_hash(std::int64_t user_id, std::string_view password_hash) {
  ARB_TRY(validate_password_hash(password_hash));
  std::lock_guard lock{mutex_};
  auto update = db_.prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1 AND deleted_ms = 0");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, user_id).bind(2, password_hash);
  ARB_TRY(update->run());
  if (db_.changes() == 0) return no_live_user(user_id);
  return {};
}

Result<void> SqliteStore::delete_user(std::int64_t user_id, WallMs now) {
  ARB_TRY(validate_deletion_time(now));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto update = db_.prepare(
      "UPDATE users SET name = '', name_key = NULL, password_hash = '', deleted_ms = ?2"
      " WHERE id = ?1 AND deleted_ms = 0");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, user_id).bind(2, now);
  ARB_TRY(update->run());
  if (db_.changes() == 0) return no_live_user(user_id);
  auto sessions = db_.prepare("DELETE FROM sessions WHERE user_id = ?1");
  if (!sessions) return tl::unexpected(sessions.error());
  sessions->bind(1, user_id);
  ARB_TRY(sessions->run());
  return tx->commit();
}

Result<void> SqliteStore::create_session(const SessionRecord& session) {
  ARB_TRY(validate_session(session));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  ARB_TRY(require_live_user(session.user_id));
  auto insert = db_.prepare(
      "INSERT INTO sessions (token_hash, user_id, csrf, created_ms, expires_ms)"
      " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (token_hash) DO NOTHING");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, session.token_hash).bind(2, session.user_id).bind(3, session.csrf);
  insert->bind(4, session.created_ms).bind(5, session.expires_ms);
  ARB_TRY(insert->run());
  if (db_.changes() == 0) return session_exists();
  return tx->commit();
}

Result<void> SqliteStore::require_live_user(std::int64_t user_id) {
  auto user = db_.prepare("SELECT 1 FROM users WHERE id = ?1 AND deleted_ms = 0");
  if (!user) return tl::unexpected(user.error());
  user->bind(1, user_id);
  auto live = user->step();
  if (!live) return tl::unexpected(live.error());
  user->reset();
  if (!*live) return no_live_user(user_id);
  return {};
}

Result<std::optional<SessionRecord>> SqliteStore::find_session(std::string_view token_hash,
                                                               WallMs now) {
  ARB_TRY(validate_token_hash(token_hash));
  std::lock_guard lock{mutex_};
  // The account's liveness is checked too, though delete_user removes its sessions: a
  // session never outlives its account, whatever wrote the tables.
  auto query = db_.prepare(
      "SELECT s.token_hash, s.user_id, s.csrf, s.created_ms, s.expires_ms FROM sessions s"
      " JOIN users u ON u.id = s.user_id"
      " WHERE s.token_hash = ?1 AND s.expires_ms > ?2 AND u.deleted_ms = 0");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, token_hash).bind(2, now);
  return one_row<SessionRecord>(*query, [](const sqlite::Statement& row) {
    return SessionRecord{row.column_text(0), row.column_int(1), row.column_text(2),
                         row.column_int(3), row.column_int(4)};
  });
}

Result<void> SqliteStore::delete_session(std::string_view token_hash) {
  ARB_TRY(validate_token_hash(token_hash));
  std::lock_guard lock{mutex_};
  auto remove = db_.prepare("DELETE FROM sessions WHERE token_hash = ?1");
  if (!remove) return tl::unexpected(remove.error());
  remove->bind(1, token_hash);
  return remove->run();
}

Result<int> SqliteStore::delete_other_sessions(std::int64_t user_id, std::string_view keep_hash) {
  ARB_TRY(validate_token_hash(keep_hash));
  std::lock_guard lock{mutex_};
  auto remove = db_.prepare("DELETE FROM sessions WHERE user_id = ?1 AND token_hash <> ?2");
  if (!remove) return tl::unexpected(remove.error());
  remove->bind(1, user_id).bind(2, keep_hash);
  ARB_TRY(remove->run());
  return as_count(db_.changes());
}

Result<int> SqliteStore::purge_sessions(WallMs now) {
  std::lock_guard lock{mutex_};
  auto remove = db_.prepare("DELETE FROM sessions WHERE expires_ms <= ?1");
  if (!remove) return tl::unexpected(remove.error());
  remove->bind(1, now);
  ARB_TRY(remove->run());
  return as_count(db_.changes());
}

}  // namespace arbiter::store
