// SqliteStore's events run by the server (issue #18, docs/store.md). Every call is one
// statement in SQLite's implicit transaction, which holds the database's write lock for a
// write: update_tournament is a single UPDATE ... WHERE id = ? AND version = ?, so that of
// two connections, in one process or two, updating an event from the same version, the
// first changes the row and the second, finding the version moved on, changes nothing
// (false). lease_tournament is a single UPDATE whose WHERE is the condition of the grant.
#include <optional>
#include <utility>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr std::string_view kInsertTournament =
    "INSERT INTO tournaments (id, kind, name, owner_user_id, status, version, created_ms,"
    " starts_ms, due_ms, node, lease_until_ms, state)"
    " VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (id) DO NOTHING";
constexpr std::string_view kFindTournament =
    "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms, node,"
    " lease_until_ms, state FROM tournaments WHERE id = ?1";
// The compare-and-set: the row changes only if it is still at the version the caller read.
constexpr std::string_view kUpdateTournament =
    "UPDATE tournaments SET name = ?3, status = ?4, state = ?5, starts_ms = ?6, due_ms = ?7,"
    " version = version + 1 WHERE id = ?1 AND version = ?2";
// The latest start first; events starting in the same millisecond by id (byte order).
constexpr std::string_view kListTournaments =
    "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms, node,"
    " lease_until_ms, state FROM tournaments ORDER BY starts_ms DESC, id LIMIT ?1";
constexpr std::string_view kListTournamentsByStatus =
    "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms, node,"
    " lease_until_ms, state FROM tournaments WHERE status = ?1"
    " ORDER BY starts_ms DESC, id LIMIT ?2";
// The terms `status <> 'finished' AND due_ms > 0` are the partial index's own
// (tournaments_due), which SQLite uses only when the query implies them word for word.
constexpr std::string_view kDueTournaments =
    "SELECT id, kind, name, owner_user_id, status, version, created_ms, starts_ms, due_ms, node,"
    " lease_until_ms, state FROM tournaments"
    " WHERE status <> 'finished' AND due_ms > 0 AND due_ms <= ?1 ORDER BY due_ms, id LIMIT ?2";
// Granted when nobody holds the event (no node, or a lease run out at `now`) or `node`
// does: the row changes then, and only then.
constexpr std::string_view kLeaseTournament =
    "UPDATE tournaments SET node = ?2, lease_until_ms = ?4"
    " WHERE id = ?1 AND (node = '' OR lease_until_ms <= ?3 OR node = ?2)";

// A row of kFindTournament, kListTournaments* or kDueTournaments.
Result<TournamentRecord> read_tournament(const sqlite::Statement& row) {
  TournamentRecord t;
  t.id = row.column_text(0);
  t.kind = row.column_text(1);
  t.name = row.column_text(2);
  t.owner_user_id = row.column_int(3);
  auto status = stored_tournament_status(row.column_text(4));
  if (!status) return tl::unexpected(status.error());
  t.status = *status;
  t.version = row.column_int(5);
  t.created_ms = row.column_int(6);
  t.starts_ms = row.column_int(7);
  t.due_ms = row.column_int(8);
  t.node = row.column_text(9);
  t.lease_until_ms = row.column_int(10);
  t.state = row.column_text(11);
  return t;
}

// Every row of `query`, in order.
Result<std::vector<TournamentRecord>> all_tournaments(sqlite::Statement& query) {
  std::vector<TournamentRecord> events;
  std::optional<Error> bad;
  ARB_TRY(query.each_row([&](const sqlite::Statement& row) {
    if (bad) return;
    auto t = read_tournament(row);
    if (!t) {
      bad = t.error();
      return;
    }
    events.push_back(std::move(*t));
  }));
  if (bad) return tl::unexpected(std::move(*bad));
  return events;
}

}  // namespace

Result<void> SqliteStore::create_tournament(const TournamentRecord& t) {
  ARB_TRY(validate_tournament(t));
  std::lock_guard lock{mutex_};
  auto insert = db_.prepare(kInsertTournament);
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, t.id).bind(2, t.kind).bind(3, t.name).bind(4, t.owner_user_id);
  insert->bind(5, to_string(t.status)).bind(6, t.created_ms).bind(7, t.starts_ms);
  insert->bind(8, t.due_ms).bind(9, t.node).bind(10, t.lease_until_ms).bind(11, t.state);
  ARB_TRY(insert->run());
  if (db_.changes() == 0) return tournament_exists(t.id);
  return {};
}

Result<std::optional<TournamentRecord>> SqliteStore::find_tournament(std::string_view id) {
  ARB_TRY(validate_tournament_id(id));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kFindTournament);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  auto found = all_tournaments(*query);
  if (!found) return tl::unexpected(found.error());
  if (found->empty()) return std::optional<TournamentRecord>{};
  return std::optional<TournamentRecord>{std::move(found->front())};
}

Result<bool> SqliteStore::update_tournament(const TournamentRecord& t) {
  ARB_TRY(validate_tournament(t));
  std::lock_guard lock{mutex_};
  auto update = db_.prepare(kUpdateTournament);
  if (!update) return tl::unexpected(update.error());
  update->bind(1, t.id).bind(2, t.version).bind(3, t.name).bind(4, to_string(t.status));
  update->bind(5, t.state).bind(6, t.starts_ms).bind(7, t.due_ms);
  ARB_TRY(update->run());
  return db_.changes() != 0;
}

Result<std::vector<TournamentRecord>> SqliteStore::list_tournaments(
    std::optional<TournamentStatus> status, int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(status ? kListTournamentsByStatus : kListTournaments);
  if (!query) return tl::unexpected(query.error());
  if (status) {
    query->bind(1, to_string(*status)).bind(2, std::int64_t{limit});
  } else {
    query->bind(1, std::int64_t{limit});
  }
  return all_tournaments(*query);
}

Result<std::vector<TournamentRecord>> SqliteStore::due_tournaments(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kDueTournaments);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, now).bind(2, std::int64_t{limit});
  return all_tournaments(*query);
}

Result<bool> SqliteStore::lease_tournament(std::string_view id, std::string_view node, WallMs now,
                                           WallMs until) {
  ARB_TRY(validate_tournament_lease(id, node));
  std::lock_guard lock{mutex_};
  auto lease = db_.prepare(kLeaseTournament);
  if (!lease) return tl::unexpected(lease.error());
  lease->bind(1, id).bind(2, node).bind(3, now).bind(4, until);
  ARB_TRY(lease->run());
  return db_.changes() != 0;
}

}  // namespace arbiter::store
