// SqliteStore's lobby seeks (issue #17, docs/lobby.md). add_seek runs in one BEGIN
// IMMEDIATE transaction: no other connection adds, takes or removes a seek between the
// removal of the expired ones, the owner's count and the insert. The other calls are one
// statement each, in SQLite's implicit transaction: take_seek is a single DELETE ...
// RETURNING (SQLite 3.35 or later, which create_user's INSERT ... RETURNING needs too), so
// that of two connections, in one process or two, taking the same seek, the one that
// deletes the row gets it and the other finds none.
#include <optional>
#include <utility>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr std::string_view kDeleteExpired = "DELETE FROM seeks WHERE alive_until_ms <= ?1";
// The owner's live seeks: by account, or by address among the anonymous owners' seeks.
constexpr std::string_view kCountOwner =
    "SELECT COUNT(*) FROM seeks WHERE owner_user_id = ?1 AND (?1 <> 0 OR owner_address = ?2)"
    " AND alive_until_ms > ?3";
constexpr std::string_view kInsertSeek =
    "INSERT INTO seeks (id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
    " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color, rated,"
    " rating_min, rating_max, pool, created_ms, alive_until_ms)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,"
    " ?19, ?20) ON CONFLICT (id) DO NOTHING";
// Oldest first; seeks posted in the same millisecond by id.
constexpr std::string_view kOpenSeeks =
    "SELECT id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
    " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color, rated,"
    " rating_min, rating_max, pool, created_ms, alive_until_ms FROM seeks"
    " WHERE alive_until_ms > ?1 ORDER BY created_ms, id LIMIT ?2";
constexpr std::string_view kFindSeek =
    "SELECT id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
    " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color, rated,"
    " rating_min, rating_max, pool, created_ms, alive_until_ms FROM seeks"
    " WHERE id = ?1 AND alive_until_ms > ?2";
constexpr std::string_view kTakeSeek =
    "DELETE FROM seeks WHERE id = ?1 AND alive_until_ms > ?2"
    " RETURNING id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
    " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color, rated,"
    " rating_min, rating_max, pool, created_ms, alive_until_ms";
// A row the WHERE matches counts as changed even when `until` is not later: the seek is alive.
constexpr std::string_view kKeepSeek =
    "UPDATE seeks SET alive_until_ms = MAX(alive_until_ms, ?3)"
    " WHERE id = ?1 AND alive_until_ms > ?2";
constexpr std::string_view kRemoveSeek = "DELETE FROM seeks WHERE id = ?1";

// A row of kOpenSeeks, kFindSeek or kTakeSeek.
SeekRecord read_seek(const sqlite::Statement& row) {
  SeekRecord s;
  s.id = row.column_text(0);
  s.key_hash = row.column_text(1);
  s.game_id = row.column_text(2);
  s.invite = row.column_text(3);
  s.owner_user_id = row.column_int(4);
  s.owner_name = row.column_text(5);
  s.owner_address = row.column_text(6);
  s.owner_rating = static_cast<int>(row.column_int(7));
  s.owner_provisional = row.column_int(8) != 0;
  s.target_user_id = row.column_int(9);
  s.time_control = row.column_text(10);
  s.variant = row.column_text(11);
  s.speed = row.column_text(12);
  s.color = row.column_text(13);
  s.rated = row.column_int(14) != 0;
  s.rating_min = static_cast<int>(row.column_int(15));
  s.rating_max = static_cast<int>(row.column_int(16));
  s.pool = row.column_text(17);
  s.created_ms = row.column_int(18);
  s.alive_until_ms = row.column_int(19);
  return s;
}

std::int64_t as_flag(bool value) { return value ? 1 : 0; }

// The first row of `query`, if any; the statement then runs to completion, so that a
// write (DELETE ... RETURNING) is committed, or its failure reported, before the return.
Result<std::optional<SeekRecord>> first_seek(sqlite::Statement& query) {
  auto row = query.step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return std::optional<SeekRecord>{};
  std::optional<SeekRecord> found{read_seek(query)};
  ARB_TRY(query.run());
  return found;
}

}  // namespace

Result<void> SqliteStore::add_seek(const SeekRecord& seek, WallMs now, int max_per_owner) {
  ARB_TRY(validate_seek(seek));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto expired = db_.prepare(kDeleteExpired);
  if (!expired) return tl::unexpected(expired.error());
  expired->bind(1, now);
  ARB_TRY(expired->run());
  auto count = db_.prepare(kCountOwner);
  if (!count) return tl::unexpected(count.error());
  count->bind(1, seek.owner_user_id).bind(2, seek.owner_address).bind(3, now);
  auto row = count->step();
  if (!row) return tl::unexpected(row.error());
  const std::int64_t live = *row ? count->column_int(0) : 0;
  count->reset();
  if (live >= max_per_owner) return seek_limit_reached(seek, max_per_owner);
  auto insert = db_.prepare(kInsertSeek);
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, seek.id).bind(2, seek.key_hash).bind(3, seek.game_id).bind(4, seek.invite);
  insert->bind(5, seek.owner_user_id).bind(6, seek.owner_name).bind(7, seek.owner_address);
  insert->bind(8, std::int64_t{seek.owner_rating}).bind(9, as_flag(seek.owner_provisional));
  insert->bind(10, seek.target_user_id).bind(11, seek.time_control).bind(12, seek.variant);
  insert->bind(13, seek.speed).bind(14, seek.color).bind(15, as_flag(seek.rated));
  insert->bind(16, std::int64_t{seek.rating_min}).bind(17, std::int64_t{seek.rating_max});
  insert->bind(18, seek.pool).bind(19, seek.created_ms).bind(20, seek.alive_until_ms);
  ARB_TRY(insert->run());
  if (db_.changes() == 0) return seek_exists(seek.id);
  return tx->commit();
}

Result<std::vector<SeekRecord>> SqliteStore::open_seeks(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kOpenSeeks);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, now).bind(2, std::int64_t{limit});
  std::vector<SeekRecord> seeks;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) { seeks.push_back(read_seek(row)); }));
  return seeks;
}

Result<std::optional<SeekRecord>> SqliteStore::find_seek(std::string_view id, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kFindSeek);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id).bind(2, now);
  return first_seek(*query);
}

Result<std::optional<SeekRecord>> SqliteStore::take_seek(std::string_view id, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  std::lock_guard lock{mutex_};
  auto take = db_.prepare(kTakeSeek);
  if (!take) return tl::unexpected(take.error());
  take->bind(1, id).bind(2, now);
  return first_seek(*take);
}

Result<bool> SqliteStore::keep_seek(std::string_view id, WallMs until, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  std::lock_guard lock{mutex_};
  auto keep = db_.prepare(kKeepSeek);
  if (!keep) return tl::unexpected(keep.error());
  keep->bind(1, id).bind(2, now).bind(3, until);
  ARB_TRY(keep->run());
  return db_.changes() != 0;
}

Result<bool> SqliteStore::remove_seek(std::string_view id) {
  ARB_TRY(validate_seek_id(id));
  std::lock_guard lock{mutex_};
  auto remove = db_.prepare(kRemoveSeek);
  if (!remove) return tl::unexpected(remove.error());
  remove->bind(1, id);
  ARB_TRY(remove->run());
  return db_.changes() != 0;
}

}  // namespace arbiter::store
