// PgStore's accounts and sessions (issue #17, docs/accounts.md). Each call is one
// transaction; the statements are prepared, as find_session runs for every request of a
// logged-in browser.
//
// Two servers on one database: a new name's race ends in the unique index on name_key (the
// second INSERT does nothing, and is refused as taken); create_session locks its account's
// row (FOR SHARE) against delete_user, so that no session is stored for an account being
// deleted once the deletion has removed the others.
#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

// A deleted account's key is NULL in the table (the unique index ignores it) and "" in
// its record.
constexpr pg::PreparedStatement kAccountStatements[] = {
    {"user_by_key",
     "SELECT id, name, COALESCE(name_key, ''), password_hash, created_ms, deleted_ms FROM users"
     " WHERE name_key = $1 AND deleted_ms = 0"},
    {"user_by_id",
     "SELECT id, name, COALESCE(name_key, ''), password_hash, created_ms, deleted_ms FROM users"
     " WHERE id = $1"},
    {"insert_user",
     "INSERT INTO users (name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4)"
     " ON CONFLICT (name_key) DO NOTHING RETURNING id"},
    {"set_password_hash", "UPDATE users SET password_hash = $2 WHERE id = $1 AND deleted_ms = 0"},
    {"delete_user",
     "UPDATE users SET name = '', name_key = NULL, password_hash = '', deleted_ms = $2"
     " WHERE id = $1 AND deleted_ms = 0"},
    {"delete_user_sessions", "DELETE FROM sessions WHERE user_id = $1"},
    {"lock_live_user", "SELECT 1 FROM users WHERE id = $1 AND deleted_ms = 0 FOR SHARE"},
    {"insert_session",
     "INSERT INTO sessions (token_hash, user_id, csrf, created_ms, expires_ms)"
     " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (token_hash) DO NOTHING"},
    // The account's liveness is checked too, though delete_user removes its sessions: a
    // session never outlives its account, whatever wrote the tables.
    {"find_session",
     "SELECT s.token_hash, s.user_id, s.csrf, s.created_ms, s.expires_ms FROM sessions s"
     " JOIN users u ON u.id = s.user_id"
     " WHERE s.token_hash = $1 AND s.expires_ms > $2 AND u.deleted_ms = 0"},
    {"delete_session", "DELETE FROM sessions WHERE token_hash = $1"},
    {"delete_other_sessions", "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2"},
    {"purge_sessions", "DELETE FROM sessions WHERE expires_ms <= $1"},
};

std::optional<UserRecord> user_of(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  const pqxx::row& r = rows[0];
  return UserRecord{r[0].as<std::int64_t>(), r[1].as<std::string>(),  r[2].as<std::string>(),
                    r[3].as<std::string>(),  r[4].as<std::int64_t>(), r[5].as<std::int64_t>()};
}

int as_count(const pqxx::result& result) { return static_cast<int>(result.affected_rows()); }

}  // namespace

namespace pg {
std::span<const PreparedStatement> account_statements() noexcept { return kAccountStatements; }
}  // namespace pg

Result<UserRecord> PgStore::create_user(const UserRecord& user) {
  ARB_TRY(validate_user(user));
  UserRecord created = user;
  ARB_TRY(session_->write("create_user", [&](pqxx::transaction_base& tx) -> Result<void> {
    // Looked up first: an INSERT that does nothing still takes a number of the identity
    // sequence, and a refused name should leave the ids as they were (as on SQLite).
    if (!tx.exec_prepared("user_by_key", user.name_key).empty()) return name_taken(user.name);
    const pqxx::result id = tx.exec_prepared("insert_user", user.name, user.name_key,
                                             user.password_hash, user.created_ms);
    if (id.empty()) return name_taken(user.name);  // another server took it meanwhile
    created.id = id[0][0].as<std::int64_t>();
    return {};
  }));
  return created;
}

Result<std::optional<UserRecord>> PgStore::find_user(std::string_view name_key) {
  ARB_TRY(validate_name_key(name_key));
  const std::string key{name_key};
  std::optional<UserRecord> found;
  ARB_TRY(session_->read("find_user", [&](pqxx::transaction_base& tx) -> Result<void> {
    found = user_of(tx.exec_prepared("user_by_key", key));
    return {};
  }));
  return found;
}

Result<std::optional<UserRecord>> PgStore::user_by_id(std::int64_t id) {
  std::optional<UserRecord> found;
  ARB_TRY(session_->read("user_by_id", [&](pqxx::transaction_base& tx) -> Result<void> {
    found = user_of(tx.exec_prepared("user_by_id", id));
    return {};
  }));
  return found;
}

Result<void> PgStore::set_password_hash(std::int64_t user_id, std::string_view password_hash) {
  ARB_TRY(validate_password_hash(password_hash));
  const std::string hash{password_hash};
  return session_->write("set_password_hash", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (tx.exec_prepared("set_password_hash", user_id, hash).affected_rows() == 0) {
      return no_live_user(user_id);
    }
    return {};
  });
}

Result<void> PgStore::delete_user(std::int64_t user_id, WallMs now) {
  ARB_TRY(validate_deletion_time(now));
  return session_->write("delete_user", [&](pqxx::transaction_base& tx) -> Result<void> {
    // The UPDATE locks the row: a create_session of this account waits for the commit, then
    // finds the account deleted.
    if (tx.exec_prepared("delete_user", user_id, now).affected_rows() == 0) {
      return no_live_user(user_id);
    }
    tx.exec_prepared0("delete_user_sessions", user_id);
    return {};
  });
}

Result<void> PgStore::create_session(const SessionRecord& session) {
  ARB_TRY(validate_session(session));
  return session_->write("create_session", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (tx.exec_prepared("lock_live_user", session.user_id).empty()) {
      return no_live_user(session.user_id);
    }
    const pqxx::result inserted =
        tx.exec_prepared("insert_session", session.token_hash, session.user_id, session.csrf,
                         session.created_ms, session.expires_ms);
    if (inserted.affected_rows() == 0) return session_exists();
    return {};
  });
}

Result<std::optional<SessionRecord>> PgStore::find_session(std::string_view token_hash,
                                                           WallMs now) {
  ARB_TRY(validate_token_hash(token_hash));
  const std::string hash{token_hash};
  std::optional<SessionRecord> found;
  ARB_TRY(session_->read("find_session", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result rows = tx.exec_prepared("find_session", hash, now);
    if (rows.empty()) return {};
    const pqxx::row& r = rows[0];
    found = SessionRecord{r[0].as<std::string>(), r[1].as<std::int64_t>(), r[2].as<std::string>(),
                          r[3].as<std::int64_t>(), r[4].as<std::int64_t>()};
    return {};
  }));
  return found;
}

Result<void> PgStore::delete_session(std::string_view token_hash) {
  ARB_TRY(validate_token_hash(token_hash));
  const std::string hash{token_hash};
  return session_->write("delete_session", [&](pqxx::transaction_base& tx) -> Result<void> {
    tx.exec_prepared0("delete_session", hash);
    return {};
  });
}

Result<int> PgStore::delete_other_sessions(std::int64_t user_id, std::string_view keep_hash) {
  ARB_TRY(validate_token_hash(keep_hash));
  const std::string keep{keep_hash};
  int removed = 0;
  ARB_TRY(session_->write("delete_other_sessions", [&](pqxx::transaction_base& tx) -> Result<void> {
    removed = as_count(tx.exec_prepared("delete_other_sessions", user_id, keep));
    return {};
  }));
  return removed;
}

Result<int> PgStore::purge_sessions(WallMs now) {
  int removed = 0;
  ARB_TRY(session_->write("purge_sessions", [&](pqxx::transaction_base& tx) -> Result<void> {
    removed = as_count(tx.exec_prepared("purge_sessions", now));
    return {};
  }));
  return removed;
}

}  // namespace arbiter::store
