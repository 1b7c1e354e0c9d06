// PgStore's events run by the server (issue #18, docs/store.md). Each call is one
// transaction of one prepared statement.
//
// Several servers on one database: update_tournament is a single UPDATE ... WHERE id = $1
// AND version = $2. Of two servers updating an event from the same version, the second
// waits for the first's row lock; once the first commits, PostgreSQL evaluates the WHERE
// again on the row as the first left it (read committed), finds the version moved on and
// changes nothing (false): no update is lost. lease_tournament is one UPDATE whose WHERE
// is the condition of the grant, evaluated the same way: of two nodes taking a free event
// at once, the second finds it held by the first.
#include <optional>
#include <string>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr pg::PreparedStatement kTournamentStatements[] = {
    {"insert_tournament",
     "INSERT INTO tournaments (id, kind, name, owner_user_id, status, version, created_ms,"
     " starts_ms, due_ms, node, lease_until_ms, state)"
     " VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING"},
    {"find_tournament",
     "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms,"
     " node, lease_until_ms, state FROM tournaments WHERE id = $1"},
    // The compare-and-set: the row changes only if it is still at the version the caller read.
    {"update_tournament",
     "UPDATE tournaments SET name = $3, status = $4, state = $5, starts_ms = $6, due_ms = $7,"
     " version = version + 1 WHERE id = $1 AND version = $2"},
    // The latest start first; events starting in the same millisecond by id, byte by byte as
    // in SQLite (the indexes hold the ids in the same order).
    {"list_tournaments",
     "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms,"
     " node, lease_until_ms, state FROM tournaments"
     " ORDER BY starts_ms DESC, id COLLATE \"C\" LIMIT $1"},
    {"list_tournaments_by_status",
     "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms,"
     " node, lease_until_ms, state FROM tournaments WHERE status = $1"
     " ORDER BY starts_ms DESC, id COLLATE \"C\" LIMIT $2"},
    // `status <> 'finished' AND due_ms > 0`: the partial index tournaments_due's terms.
    {"due_tournaments",
     "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms,"
     " node, lease_until_ms, state FROM tournaments"
     " WHERE status <> 'finished' AND due_ms > 0 AND due_ms <= $1"
     " ORDER BY due_ms, id COLLATE \"C\" LIMIT $2"},
    // Granted when nobody holds the event (no node, or a lease run out at `now`) or `node`
    // does: the row changes then, and only then.
    {"lease_tournament",
     "UPDATE tournaments SET node = $2, lease_until_ms = $4"
     " WHERE id = $1 AND (node = '' OR lease_until_ms <= $3 OR node = $2)"},
};

// A row of find_tournament, list_tournaments* or due_tournaments.
Result<TournamentRecord> read_tournament(const pqxx::row& r) {
  TournamentRecord t;
  t.id = r[0].as<std::string>();
  t.kind = r[1].as<std::string>();
  t.name = r[2].as<std::string>();
  t.owner_user_id = r[3].as<std::int64_t>();
  auto status = stored_tournament_status(r[4].as<std::string>());
  if (!status) return tl::unexpected(status.error());
  t.status = *status;
  t.version = r[5].as<std::int64_t>();
  t.created_ms = r[6].as<std::int64_t>();
  t.starts_ms = r[7].as<std::int64_t>();
  t.due_ms = r[8].as<std::int64_t>();
  t.node = r[9].as<std::string>();
  t.lease_until_ms = r[10].as<std::int64_t>();
  t.state = r[11].as<std::string>();
  return t;
}

// Every row of `rows`, in order, appended to `events`.
Result<void> read_tournaments(const pqxx::result& rows, std::vector<TournamentRecord>& events) {
  for (const pqxx::row& r : rows) {
    auto t = read_tournament(r);
    if (!t) return tl::unexpected(t.error());
    events.push_back(std::move(*t));
  }
  return {};
}

}  // namespace

namespace pg {
std::span<const PreparedStatement> tournament_statements() noexcept {
  return kTournamentStatements;
}
}  // namespace pg

Result<void> PgStore::create_tournament(const TournamentRecord& t) {
  ARB_TRY(validate_tournament(t));
  const std::string status{to_string(t.status)};
  return session_->write("create_tournament", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result inserted =
        tx.exec_prepared("insert_tournament", t.id, t.kind, t.name, t.owner_user_id, status,
                         t.created_ms, t.starts_ms, t.due_ms, t.node, t.lease_until_ms, t.state);
    if (inserted.affected_rows() == 0) return tournament_exists(t.id);
    return {};
  });
}

Result<std::optional<TournamentRecord>> PgStore::find_tournament(std::string_view id) {
  ARB_TRY(validate_tournament_id(id));
  const std::string key{id};
  std::vector<TournamentRecord> found;
  ARB_TRY(session_->read("find_tournament", [&](pqxx::transaction_base& tx) {
    return read_tournaments(tx.exec_prepared("find_tournament", key), found);
  }));
  if (found.empty()) return std::optional<TournamentRecord>{};
  return std::optional<TournamentRecord>{std::move(found.front())};
}

Result<bool> PgStore::update_tournament(const TournamentRecord& t) {
  ARB_TRY(validate_tournament(t));
  const std::string status{to_string(t.status)};
  bool updated = false;
  ARB_TRY(session_->write("update_tournament", [&](pqxx::transaction_base& tx) -> Result<void> {
    updated = tx.exec_prepared("update_tournament", t.id, t.version, t.name, status, t.state,
                               t.starts_ms, t.due_ms)
                  .affected_rows() != 0;
    return {};
  }));
  return updated;
}

Result<std::vector<TournamentRecord>> PgStore::list_tournaments(
    std::optional<TournamentStatus> status, int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<TournamentRecord> events;
  ARB_TRY(session_->read("list_tournaments", [&](pqxx::transaction_base& tx) {
    if (!status) return read_tournaments(tx.exec_prepared("list_tournaments", limit), events);
    const std::string wanted{to_string(*status)};
    return read_tournaments(tx.exec_prepared("list_tournaments_by_status", wanted, limit), events);
  }));
  return events;
}

Result<std::vector<TournamentRecord>> PgStore::due_tournaments(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<TournamentRecord> events;
  ARB_TRY(session_->read("due_tournaments", [&](pqxx::transaction_base& tx) {
    return read_tournaments(tx.exec_prepared("due_tournaments", now, limit), events);
  }));
  return events;
}

Result<bool> PgStore::lease_tournament(std::string_view id, std::string_view node, WallMs now,
                                       WallMs until) {
  ARB_TRY(validate_tournament_lease(id, node));
  const std::string key{id};
  const std::string holder{node};
  bool granted = false;
  ARB_TRY(session_->write("lease_tournament", [&](pqxx::transaction_base& tx) -> Result<void> {
    granted = tx.exec_prepared("lease_tournament", key, holder, now, until).affected_rows() != 0;
    return {};
  }));
  return granted;
}

}  // namespace arbiter::store
