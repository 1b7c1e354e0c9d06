#include "arbiter/store/sqlite_store.hpp"

#include <algorithm>
#include <utility>

#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr int kSchemaVersion = 1;

// Version 1. The moves and events tables are keyed by (game, number) without rowids, so
// a duplicate ply or seq is a constraint violation, not a second row.
constexpr std::string_view kSchemaV1 = R"sql(
CREATE TABLE games (
  id           TEXT PRIMARY KEY,
  white_token  TEXT NOT NULL,
  black_token  TEXT NOT NULL,
  white        TEXT NOT NULL,
  black        TEXT NOT NULL,
  time_control TEXT NOT NULL,
  variant      TEXT NOT NULL,
  start_fen    TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('created','ongoing','ended','aborted')),
  result       TEXT NOT NULL,
  reason       TEXT NOT NULL,
  extra        TEXT NOT NULL,
  created_ms   INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL
);
CREATE INDEX games_by_update ON games (updated_ms DESC);
CREATE TABLE moves (
  game_id  TEXT NOT NULL REFERENCES games (id),
  ply      INTEGER NOT NULL CHECK (ply >= 1),
  uci      TEXT NOT NULL,
  san      TEXT NOT NULL,
  white_ms INTEGER NOT NULL,
  black_ms INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq     INTEGER NOT NULL CHECK (seq >= 1),
  json    TEXT NOT NULL,
  wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
PRAGMA user_version = 1;
)sql";

tl::unexpected<Error> state_error(std::string message, const char* field) {
  return make_error(ErrorCode::kProtocolState, std::move(message), {0, 0, field});
}

#define ARB_TRY(expr)                                    \
  do {                                                   \
    if (auto arb_ok_ = (expr); !arb_ok_) {               \
      return tl::unexpected(std::move(arb_ok_).error()); \
    }                                                    \
  } while (false)

}  // namespace

Result<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path,
                                                       SqliteOptions options) {
  auto db = sqlite::Database::open(path, options.busy_timeout_ms);
  if (!db) return tl::unexpected(db.error());
  // WAL: readers see the last committed state and never block the writer; a commit is
  // one append to the -wal file, which survives kill -9 (docs/store.md).
  auto mode = db->prepare("PRAGMA journal_mode = WAL");
  if (!mode) return tl::unexpected(mode.error());
  auto row = mode->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row || mode->column_text(0) != "wal") {
    return make_error(ErrorCode::kIo, "cannot switch " + path + " to WAL mode", {0, 0, "sqlite"});
  }
  mode = sqlite::Statement{};
  ARB_TRY(db->exec(options.synchronous_full ? "PRAGMA synchronous = FULL"
                                            : "PRAGMA synchronous = NORMAL"));
  ARB_TRY(db->exec("PRAGMA foreign_keys = ON"));
  std::unique_ptr<SqliteStore> store{new SqliteStore{std::move(*db)}};
  ARB_TRY(store->migrate());
  return store;
}

Result<void> SqliteStore::migrate() {
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto version = db_.prepare("PRAGMA user_version");
  if (!version) return tl::unexpected(version.error());
  ARB_TRY(version->step());
  const std::int64_t current = version->column_int(0);
  *version = sqlite::Statement{};
  if (current > kSchemaVersion) {
    return make_error(ErrorCode::kUnsupported,
                      "database schema version " + std::to_string(current) +
                          " is newer than this program's " + std::to_string(kSchemaVersion),
                      {0, 0, "sqlite"});
  }
  if (current == 0) ARB_TRY(db_.exec(kSchemaV1));
  return tx->commit();
}

Result<void> SqliteStore::create_game(const GameHeader& h) {
  ARB_TRY(validate_header(h));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto exists = status_of(h.id);
  if (exists) return state_error("game '" + h.id + "' already exists", "id");
  auto insert = db_.prepare(
      "INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,"
      " start_fen, status, result, reason, extra, created_ms, updated_ms)"
      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, h.id).bind(2, h.white_token).bind(3, h.black_token).bind(4, h.white);
  insert->bind(5, h.black).bind(6, h.time_control).bind(7, h.variant).bind(8, h.start_fen);
  insert->bind(9, to_string(h.status)).bind(10, h.result).bind(11, h.reason).bind(12, h.extra);
  insert->bind(13, h.created_ms).bind(14, std::max(h.created_ms, h.updated_ms));
  ARB_TRY(insert->run());
  return tx->commit();
}

Result<GameStatus> SqliteStore::status_of(std::string_view game_id) {
  auto query = db_.prepare("SELECT status FROM games WHERE id = ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, game_id);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return state_error("no game '" + std::string{game_id} + "'", "game_id");
  return parse_game_status(query->column_text(0));
}

Result<void> SqliteStore::insert_events(std::string_view game_id,
                                        std::span<const EventRecord> events) {
  if (events.empty()) return {};
  auto last = db_.prepare("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1");
  if (!last) return tl::unexpected(last.error());
  last->bind(1, game_id);
  ARB_TRY(last->step());
  const std::int64_t expected = last->column_int(0) + 1;
  if (events.front().seq != expected) {
    return state_error("event seq " + std::to_string(events.front().seq) + " given, " +
                           std::to_string(expected) + " expected",
                       "seq");
  }
  auto insert =
      db_.prepare("INSERT INTO events (game_id, seq, json, wall_ms) VALUES (?1, ?2, ?3, ?4)");
  if (!insert) return tl::unexpected(insert.error());
  for (const EventRecord& e : events) {
    insert->reset();
    insert->bind(1, game_id).bind(2, e.seq).bind(3, e.json).bind(4, e.wall_ms);
    ARB_TRY(insert->run());
  }
  return {};
}

Result<void> SqliteStore::touch(std::string_view game_id, WallMs wall_ms,
                                std::span<const EventRecord> events) {
  for (const EventRecord& e : events) wall_ms = std::max(wall_ms, e.wall_ms);
  auto update = db_.prepare("UPDATE games SET updated_ms = MAX(updated_ms, ?2) WHERE id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, game_id).bind(2, wall_ms);
  return update->run();
}

Result<void> SqliteStore::require_live(std::string_view game_id) {
  auto status = status_of(game_id);
  if (!status) return tl::unexpected(status.error());
  if (*status == GameStatus::Ended || *status == GameStatus::Aborted) {
    return state_error("game '" + std::string{game_id} + "' is already over", "status");
  }
  return {};
}

Result<void> SqliteStore::write_move(std::string_view game_id, const MoveRecord& move,
                                     std::span<const EventRecord> events) {
  ARB_TRY(require_live(game_id));
  auto last = db_.prepare("SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = ?1");
  if (!last) return tl::unexpected(last.error());
  last->bind(1, game_id);
  ARB_TRY(last->step());
  const std::int64_t stored = last->column_int(0);
  if (move.ply <= stored) {
    return state_error("ply " + std::to_string(move.ply) + " is already stored", "ply");
  }
  if (move.ply != stored + 1) {
    return state_error(
        "ply " + std::to_string(move.ply) + " given, " + std::to_string(stored + 1) + " expected",
        "ply");
  }
  auto insert = db_.prepare(
      "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, wall_ms)"
      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, game_id).bind(2, std::int64_t{move.ply}).bind(3, move.uci).bind(4, move.san);
  insert->bind(5, move.white_ms).bind(6, move.black_ms).bind(7, move.wall_ms);
  ARB_TRY(insert->run());
  ARB_TRY(insert_events(game_id, events));
  auto ongoing = db_.prepare("UPDATE games SET status = 'ongoing' WHERE id = ?1");
  if (!ongoing) return tl::unexpected(ongoing.error());
  ongoing->bind(1, game_id);
  ARB_TRY(ongoing->run());
  return touch(game_id, move.wall_ms, events);
}

Result<void> SqliteStore::write_events(std::string_view game_id,
                                       std::span<const EventRecord> events) {
  if (auto status = status_of(game_id); !status) return tl::unexpected(status.error());
  ARB_TRY(insert_events(game_id, events));
  return touch(game_id, 0, events);
}

Result<void> SqliteStore::write_ending(std::string_view game_id, const Ending& ending,
                                       std::span<const EventRecord> events) {
  ARB_TRY(require_live(game_id));
  ARB_TRY(insert_events(game_id, events));
  auto update = db_.prepare("UPDATE games SET status = ?2, result = ?3, reason = ?4 WHERE id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, game_id).bind(2, to_string(ending.status)).bind(3, ending.result);
  update->bind(4, ending.reason);
  ARB_TRY(update->run());
  return touch(game_id, ending.wall_ms, events);
}

Result<void> SqliteStore::append_move(std::string_view game_id, const MoveRecord& move,
                                      std::span<const EventRecord> events) {
  ARB_TRY(validate_move(move));
  ARB_TRY(validate_events(events));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  ARB_TRY(write_move(game_id, move, events));
  return tx->commit();
}

Result<void> SqliteStore::append_events(std::string_view game_id,
                                        std::span<const EventRecord> events) {
  ARB_TRY(validate_events(events));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  ARB_TRY(write_events(game_id, events));
  return tx->commit();
}

Result<void> SqliteStore::finish_game(std::string_view game_id, const Ending& ending,
                                      std::span<const EventRecord> events) {
  ARB_TRY(validate_ending(ending));
  ARB_TRY(validate_events(events));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  ARB_TRY(write_ending(game_id, ending, events));
  return tx->commit();
}

Result<void> SqliteStore::write_one(const GameWrite& w) {
  if (!w.ending && !w.ending_events.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "ending events without an ending",
                      {0, 0, "ending_events"});
  }
  if (w.move) ARB_TRY(validate_move(*w.move));
  ARB_TRY(validate_events(w.events));
  if (w.ending) ARB_TRY(validate_ending(*w.ending));
  ARB_TRY(validate_events(w.ending_events));
  // A savepoint: a failed write leaves no trace and does not fail the others.
  ARB_TRY(db_.run("SAVEPOINT game_write"));
  Result<void> ok{};
  if (w.move) {
    ok = write_move(w.game_id, *w.move, w.events);
  } else if (!w.events.empty()) {
    ok = write_events(w.game_id, w.events);
  }
  if (ok && w.ending) ok = write_ending(w.game_id, *w.ending, w.ending_events);
  if (!ok) {
    ARB_TRY(db_.run("ROLLBACK TO game_write"));
  }
  ARB_TRY(db_.run("RELEASE game_write"));
  return ok;
}

std::vector<Result<void>> SqliteStore::commit(std::span<const GameWrite> writes) {
  std::vector<Result<void>> results;
  results.reserve(writes.size());
  std::lock_guard lock{mutex_};
  const auto all_fail = [&](const Error& e) {
    results.assign(writes.size(), Result<void>{tl::unexpected(e)});
    return results;
  };
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return all_fail(tx.error());
  for (const GameWrite& w : writes) {
    auto ok = write_one(w);
    // A failure of the savepoint itself leaves the transaction unusable.
    if (!ok && ok.error().code == ErrorCode::kIo) return all_fail(ok.error());
    results.push_back(std::move(ok));
  }
  if (auto committed = tx->commit(); !committed) return all_fail(committed.error());
  return results;
}

}  // namespace arbiter::store

#undef ARB_TRY
