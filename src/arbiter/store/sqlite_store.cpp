#include "arbiter/store/sqlite_store.hpp"

#include <algorithm>
#include <utility>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {

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
  ARB_TRY(db->exec("PRAGMA cache_size = -" + std::to_string(std::max(1, options.cache_kib))));
  ARB_TRY(db->exec("PRAGMA mmap_size = " +
                   std::to_string(std::max<std::int64_t>(0, options.mmap_bytes))));
  std::unique_ptr<SqliteStore> store{new SqliteStore{std::move(*db)}};
  ARB_TRY(store->migrate());
  return store;
}

Result<SqliteSettings> SqliteStore::settings() {
  std::lock_guard lock{mutex_};
  SqliteSettings out;
  for (const char* name : {"journal_mode", "synchronous", "cache_size", "mmap_size"}) {
    auto st = db_.prepare(std::string("PRAGMA ") + name);
    if (!st) return tl::unexpected(st.error());
    auto row = st->step();
    if (!row) return tl::unexpected(row.error());
    if (!*row) continue;  // mmap_size says nothing when memory maps are compiled out
    const std::string_view n = name;
    if (n == "journal_mode") out.journal_mode = st->column_text(0);
    if (n == "synchronous") out.synchronous = static_cast<int>(st->column_int(0));
    if (n == "cache_size") out.cache_size = st->column_int(0);
    if (n == "mmap_size") out.mmap_size = st->column_int(0);
  }
  return out;
}

Result<void> SqliteStore::create_game(const GameHeader& h) {
  ARB_TRY(validate_header(h));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  ARB_TRY(insert_game(h));
  return tx->commit();
}

Result<void> SqliteStore::insert_game(const GameHeader& h) {
  if (status_of(h.id)) return game_already_exists(h.id);
  for (const std::int64_t user : {h.white_user, h.black_user}) {
    if (user != 0) ARB_TRY(require_live_user(user));
  }
  auto insert = db_.prepare(
      "INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,"
      " start_fen, status, result, reason, extra, created_ms, updated_ms, white_user,"
      " black_user, rated, speed)"
      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
      " ?18)");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, h.id).bind(2, h.white_token).bind(3, h.black_token).bind(4, h.white);
  insert->bind(5, h.black).bind(6, h.time_control).bind(7, h.variant).bind(8, h.start_fen);
  insert->bind(9, to_string(h.status)).bind(10, h.result).bind(11, h.reason).bind(12, h.extra);
  insert->bind(13, h.created_ms).bind(14, std::max(h.created_ms, h.updated_ms));
  insert->bind(15, h.white_user).bind(16, h.black_user).bind(17, std::int64_t{h.rated ? 1 : 0});
  // The category is the store's to compute (issue #17): a caller cannot get it wrong.
  insert->bind(18, game_speed(h.time_control));
  return insert->run();
}

Result<void> SqliteStore::take_seat(std::string_view game_id, const GameWrite::SeatUser& seat) {
  auto seats = db_.prepare("SELECT white_user, black_user FROM games WHERE id = ?1");
  if (!seats) return tl::unexpected(seats.error());
  seats->bind(1, game_id);
  auto row = seats->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return no_such_game(game_id);
  const std::int64_t white = seats->column_int(0);
  const std::int64_t black = seats->column_int(1);
  seats->reset();
  ARB_TRY(check_seat(game_id, seat, white, black));
  ARB_TRY(require_live_user(seat.user_id));
  auto update = db_.prepare(seat.white ? "UPDATE games SET white_user = ?2 WHERE id = ?1"
                                       : "UPDATE games SET black_user = ?2 WHERE id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, game_id).bind(2, seat.user_id);
  return update->run();
}

Result<void> SqliteStore::name_seat(std::string_view game_id, const GameWrite::SeatName& seat) {
  auto update = db_.prepare(seat.white ? "UPDATE games SET white = ?2 WHERE id = ?1"
                                       : "UPDATE games SET black = ?2 WHERE id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, game_id).bind(2, seat.name);
  ARB_TRY(update->run());
  if (db_.changes() == 0) return no_such_game(game_id);
  return {};
}

Result<GameStatus> SqliteStore::status_of(std::string_view game_id) {
  auto query = db_.prepare("SELECT status FROM games WHERE id = ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, game_id);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return no_such_game(game_id);
  return parse_game_status(query->column_text(0));
}

Result<void> SqliteStore::insert_events(std::string_view game_id,
                                        std::span<const EventRecord> events) {
  if (events.empty()) return {};
  auto last = db_.prepare("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1");
  if (!last) return tl::unexpected(last.error());
  last->bind(1, game_id);
  ARB_TRY(last->step());
  ARB_TRY(check_next_seq(last->column_int(0), events));
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

Result<void> SqliteStore::insert_log(std::string_view game_id, std::span<const LogLine> lines) {
  if (lines.empty()) return {};
  auto last = db_.prepare("SELECT COALESCE(MAX(n), 0) FROM referee_log WHERE game_id = ?1");
  if (!last) return tl::unexpected(last.error());
  last->bind(1, game_id);
  ARB_TRY(last->step());
  ARB_TRY(check_next_line(last->column_int(0), lines));
  auto insert = db_.prepare("INSERT INTO referee_log (game_id, n, line) VALUES (?1, ?2, ?3)");
  if (!insert) return tl::unexpected(insert.error());
  for (const LogLine& l : lines) {
    insert->reset();
    insert->bind(1, game_id).bind(2, l.n).bind(3, l.text);
    ARB_TRY(insert->run());
  }
  return {};
}

Result<void> SqliteStore::require_live(std::string_view game_id) {
  auto status = status_of(game_id);
  if (!status) return tl::unexpected(status.error());
  return check_live(game_id, *status);
}

Result<void> SqliteStore::write_move(std::string_view game_id, const MoveRecord& move,
                                     std::span<const EventRecord> events) {
  auto status = status_of(game_id);
  if (!status) return tl::unexpected(status.error());
  ARB_TRY(check_live(game_id, *status));
  auto last = db_.prepare("SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = ?1");
  if (!last) return tl::unexpected(last.error());
  last->bind(1, game_id);
  ARB_TRY(last->step());
  ARB_TRY(check_next_ply(last->column_int(0), move.ply));
  auto insert = db_.prepare(
      "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, wall_ms)"
      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!insert) return tl::unexpected(insert.error());
  insert->bind(1, game_id).bind(2, std::int64_t{move.ply}).bind(3, move.uci).bind(4, move.san);
  insert->bind(5, move.white_ms).bind(6, move.black_ms).bind(7, move.wall_ms);
  ARB_TRY(insert->run());
  ARB_TRY(insert_events(game_id, events));
  // updated_ms is the time of the last change of status (docs/store.md): the moves of a
  // game in play change no row of games, and so none of its two indexes (issue #16: that
  // update was a third of the writer's time a move, bench_store).
  if (*status == GameStatus::Ongoing) return {};
  auto ongoing = db_.prepare(
      "UPDATE games SET status = 'ongoing', updated_ms = MAX(updated_ms, ?2) WHERE id = ?1");
  if (!ongoing) return tl::unexpected(ongoing.error());
  ongoing->bind(1, game_id).bind(2, latest_wall(move.wall_ms, events));
  return ongoing->run();
}

Result<void> SqliteStore::write_events(std::string_view game_id,
                                       std::span<const EventRecord> events) {
  if (auto status = status_of(game_id); !status) return tl::unexpected(status.error());
  return insert_events(game_id, events);
}

Result<void> SqliteStore::write_ending(std::string_view game_id, const Ending& ending,
                                       std::span<const EventRecord> events) {
  ARB_TRY(require_live(game_id));
  ARB_TRY(insert_events(game_id, events));
  auto update = db_.prepare(
      "UPDATE games SET status = ?2, result = ?3, reason = ?4, updated_ms = MAX(updated_ms, ?5)"
      " WHERE id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, game_id).bind(2, to_string(ending.status)).bind(3, ending.result);
  update->bind(4, ending.reason).bind(5, latest_wall(ending.wall_ms, events));
  return update->run();
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

Result<std::optional<Lease>> SqliteStore::lease_of(std::string_view game_id) {
  auto query = db_.prepare("SELECT node, epoch, expires_ms FROM game_leases WHERE game_id = ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, game_id);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return std::optional<Lease>{};
  return Lease{std::string{game_id}, query->column_text(0), query->column_int(1),
               query->column_int(2)};
}

Result<Lease> SqliteStore::acquire_lease(std::string_view game_id, std::string_view node,
                                         WallMs now, std::int64_t ttl_ms) {
  ARB_TRY(validate_game_id(game_id));
  ARB_TRY(validate_lease_request(node, ttl_ms));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  if (auto status = status_of(game_id); !status) return tl::unexpected(status.error());
  auto current = lease_of(game_id);
  if (!current) return tl::unexpected(current.error());
  auto next = next_lease(game_id, *current, node, now, ttl_ms);
  if (!next) return next;
  auto upsert = db_.prepare(
      "INSERT INTO game_leases (game_id, node, epoch, expires_ms) VALUES (?1, ?2, ?3, ?4)"
      " ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, epoch = excluded.epoch,"
      " expires_ms = excluded.expires_ms");
  if (!upsert) return tl::unexpected(upsert.error());
  upsert->bind(1, game_id).bind(2, next->node).bind(3, next->epoch).bind(4, next->expires_ms);
  ARB_TRY(upsert->run());
  ARB_TRY(tx->commit());
  return next;
}

Result<std::vector<Lease>> SqliteStore::renew_leases(std::string_view node,
                                                     std::span<const Lease> leases, WallMs now,
                                                     std::int64_t ttl_ms) {
  ARB_TRY(validate_renewal(node, leases, ttl_ms));
  std::vector<Lease> renewed;
  if (leases.empty()) return renewed;
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto update = db_.prepare(
      "UPDATE game_leases SET expires_ms = ?4 WHERE game_id = ?1 AND node = ?2 AND epoch = ?3"
      " RETURNING game_id");
  if (!update) return tl::unexpected(update.error());
  for (const Lease& l : leases) {
    update->bind(1, l.game_id).bind(2, node).bind(3, l.epoch).bind(4, now + ttl_ms);
    auto row = update->step();  // a row: the lease was still this node's, and is renewed
    if (!row) return tl::unexpected(row.error());
    if (*row) renewed.push_back(Lease{l.game_id, std::string{node}, l.epoch, now + ttl_ms});
    update->reset();  // finished before the commit
  }
  ARB_TRY(tx->commit());
  return renewed;
}

Result<void> SqliteStore::release_lease(const Lease& lease) {
  ARB_TRY(validate_game_id(lease.game_id));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto current = lease_of(lease.game_id);
  if (!current) return tl::unexpected(current.error());
  ARB_TRY(check_epoch(lease.game_id, *current, lease.epoch));
  auto update = db_.prepare("UPDATE game_leases SET expires_ms = 0 WHERE game_id = ?1");
  if (!update) return tl::unexpected(update.error());
  update->bind(1, lease.game_id);
  ARB_TRY(update->run());
  return tx->commit();
}

Result<std::optional<Lease>> SqliteStore::read_lease(std::string_view game_id) {
  ARB_TRY(validate_game_id(game_id));
  std::lock_guard lock{mutex_};
  return lease_of(game_id);
}

Result<void> SqliteStore::append_log(std::string_view game_id, std::span<const LogLine> lines) {
  ARB_TRY(validate_log(lines));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  if (auto status = status_of(game_id); !status) return tl::unexpected(status.error());
  ARB_TRY(insert_log(game_id, lines));
  return tx->commit();
}

Result<void> SqliteStore::write_one(const GameWrite& w) {
  ARB_TRY(validate_write(w));
  // A savepoint: a failed write leaves no trace and does not fail the others.
  ARB_TRY(db_.run("SAVEPOINT game_write"));
  Result<void> ok{};
  if (w.create) ok = insert_game(*w.create);
  if (ok && w.epoch) {
    // The fence (issue #16): only the holder of the game's current epoch writes.
    ok = status_of(w.game_id).map([](GameStatus) {});
    if (ok) {
      auto lease = lease_of(w.game_id);
      ok = lease ? check_epoch(w.game_id, *lease, *w.epoch)
                 : Result<void>{tl::unexpected(lease.error())};
    }
  }
  // An account taking a seat (issue #17), before the move and events that announce it.
  if (ok && w.seat_user) ok = take_seat(w.game_id, *w.seat_user);
  if (ok && w.seat_name) ok = name_seat(w.game_id, *w.seat_name);
  // The game is known to exist before its log lines: by the fence, the move, the events, or
  // here (not twice for one write, on the hot path).
  if (ok && w.move) {
    ok = write_move(w.game_id, *w.move, w.events);
  } else if (ok && !w.events.empty()) {
    ok = write_events(w.game_id, w.events);
  } else if (ok && !w.epoch && !w.log.empty()) {
    ok = status_of(w.game_id).map([](GameStatus) {});
  }
  if (ok) ok = insert_log(w.game_id, w.log);
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
