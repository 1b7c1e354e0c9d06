// PgStore's lobby seeks (issue #17, docs/lobby.md). Each call is one transaction; the
// statements are prepared.
//
// Several servers on one database: take_seek is a single DELETE ... RETURNING of a live
// seek, so that of two servers taking the same seek, the second waits for the first's row
// lock and, the row gone, deletes nothing (nullopt). add_seek takes an advisory lock on its
// owner first (the account, or the anonymous owner's address), so that two servers adding
// seeks of one owner at once count one after the other and never pass the limit together.
// Its removal of the expired seeks skips the rows another transaction has locked (a seek
// being taken or removed, or another server's removal of the same expired rows): it neither
// waits for nor deadlocks with them, and the count looks at live seeks only, whatever the
// removal left.
#include <optional>
#include <string>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr pg::PreparedStatement kSeekStatements[] = {
    // The two-key form of the advisory locks, whose keys never meet the one-key lock of the
    // migrations (pg_schema.cpp); 1399154027 is "Seek" in ASCII.
    {"lock_seek_owner", "SELECT pg_advisory_xact_lock(1399154027, hashtext($1))"},
    {"delete_expired_seeks",
     "DELETE FROM seeks WHERE id IN (SELECT id FROM seeks WHERE alive_until_ms <= $1"
     " FOR UPDATE SKIP LOCKED)"},
    // The owner's live seeks: by account, or by address among the anonymous owners' seeks.
    {"count_owner_seeks",
     "SELECT COUNT(*) FROM seeks WHERE owner_user_id = $1 AND ($1 <> 0 OR owner_address = $2)"
     " AND alive_until_ms > $3"},
    {"insert_seek",
     "INSERT INTO seeks (id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
     " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color,"
     " rated, rating_min, rating_max, pool, created_ms, alive_until_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,"
     " $19, $20) ON CONFLICT (id) DO NOTHING"},
    // Oldest first; seeks posted in the same millisecond by id, byte by byte as in SQLite.
    {"open_seeks",
     "SELECT id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
     " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color,"
     " rated, rating_min, rating_max, pool, created_ms, alive_until_ms FROM seeks"
     " WHERE alive_until_ms > $1 ORDER BY created_ms, id COLLATE \"C\" LIMIT $2"},
    {"find_seek",
     "SELECT id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
     " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color,"
     " rated, rating_min, rating_max, pool, created_ms, alive_until_ms FROM seeks"
     " WHERE id = $1 AND alive_until_ms > $2"},
    {"take_seek",
     "DELETE FROM seeks WHERE id = $1 AND alive_until_ms > $2"
     " RETURNING id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,"
     " owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color,"
     " rated, rating_min, rating_max, pool, created_ms, alive_until_ms"},
    // A row the WHERE matches counts as updated even when `until` is not later: it is alive.
    {"keep_seek",
     "UPDATE seeks SET alive_until_ms = GREATEST(alive_until_ms, $3)"
     " WHERE id = $1 AND alive_until_ms > $2"},
    {"remove_seek", "DELETE FROM seeks WHERE id = $1"},
};

// A row of open_seeks, find_seek or take_seek.
SeekRecord read_seek(const pqxx::row& r) {
  SeekRecord s;
  s.id = r[0].as<std::string>();
  s.key_hash = r[1].as<std::string>();
  s.game_id = r[2].as<std::string>();
  s.invite = r[3].as<std::string>();
  s.owner_user_id = r[4].as<std::int64_t>();
  s.owner_name = r[5].as<std::string>();
  s.owner_address = r[6].as<std::string>();
  s.owner_rating = r[7].as<int>();
  s.owner_provisional = r[8].as<bool>();
  s.target_user_id = r[9].as<std::int64_t>();
  s.time_control = r[10].as<std::string>();
  s.variant = r[11].as<std::string>();
  s.speed = r[12].as<std::string>();
  s.color = r[13].as<std::string>();
  s.rated = r[14].as<bool>();
  s.rating_min = r[15].as<int>();
  s.rating_max = r[16].as<int>();
  s.pool = r[17].as<std::string>();
  s.created_ms = r[18].as<std::int64_t>();
  s.alive_until_ms = r[19].as<std::int64_t>();
  return s;
}

std::optional<SeekRecord> first_seek(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  return read_seek(rows[0]);
}

// The key of the owner's advisory lock: accounts and addresses never share one.
std::string owner_key(const SeekRecord& seek) {
  if (seek.owner_user_id != 0) return "user:" + std::to_string(seek.owner_user_id);
  return "address:" + seek.owner_address;
}

}  // namespace

namespace pg {
std::span<const PreparedStatement> seek_statements() noexcept { return kSeekStatements; }
}  // namespace pg

Result<void> PgStore::add_seek(const SeekRecord& seek, WallMs now, int max_per_owner) {
  ARB_TRY(validate_seek(seek));
  return session_->write("add_seek", [&](pqxx::transaction_base& tx) -> Result<void> {
    tx.exec_prepared("lock_seek_owner", owner_key(seek));
    tx.exec_prepared0("delete_expired_seeks", now);
    const auto live =
        tx.exec_prepared1("count_owner_seeks", seek.owner_user_id, seek.owner_address, now)[0]
            .as<std::int64_t>();
    if (live >= max_per_owner) return seek_limit_reached(seek, max_per_owner);
    const pqxx::result inserted = tx.exec_prepared(
        "insert_seek", seek.id, seek.key_hash, seek.game_id, seek.invite, seek.owner_user_id,
        seek.owner_name, seek.owner_address, seek.owner_rating, seek.owner_provisional,
        seek.target_user_id, seek.time_control, seek.variant, seek.speed, seek.color, seek.rated,
        seek.rating_min, seek.rating_max, seek.pool, seek.created_ms, seek.alive_until_ms);
    if (inserted.affected_rows() == 0) return seek_exists(seek.id);
    return {};
  });
}

Result<std::vector<SeekRecord>> PgStore::open_seeks(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<SeekRecord> seeks;
  ARB_TRY(session_->read("open_seeks", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("open_seeks", now, limit)) {
      seeks.push_back(read_seek(r));
    }
    return {};
  }));
  return seeks;
}

Result<std::optional<SeekRecord>> PgStore::find_seek(std::string_view id, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  const std::string key{id};
  std::optional<SeekRecord> found;
  ARB_TRY(session_->read("find_seek", [&](pqxx::transaction_base& tx) -> Result<void> {
    found = first_seek(tx.exec_prepared("find_seek", key, now));
    return {};
  }));
  return found;
}

Result<std::optional<SeekRecord>> PgStore::take_seek(std::string_view id, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  const std::string key{id};
  std::optional<SeekRecord> taken;
  ARB_TRY(session_->write("take_seek", [&](pqxx::transaction_base& tx) -> Result<void> {
    taken = first_seek(tx.exec_prepared("take_seek", key, now));
    return {};
  }));
  return taken;
}

Result<bool> PgStore::keep_seek(std::string_view id, WallMs until, WallMs now) {
  ARB_TRY(validate_seek_id(id));
  const std::string key{id};
  bool kept = false;
  ARB_TRY(session_->write("keep_seek", [&](pqxx::transaction_base& tx) -> Result<void> {
    kept = tx.exec_prepared("keep_seek", key, now, until).affected_rows() != 0;
    return {};
  }));
  return kept;
}

Result<bool> PgStore::remove_seek(std::string_view id) {
  ARB_TRY(validate_seek_id(id));
  const std::string key{id};
  bool removed = false;
  ARB_TRY(session_->write("remove_seek", [&](pqxx::transaction_base& tx) -> Result<void> {
    removed = tx.exec_prepared("remove_seek", key).affected_rows() != 0;
    return {};
  }));
  return removed;
}

}  // namespace arbiter::store
