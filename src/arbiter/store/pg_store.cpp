// The write side of PgStore. Every write locks the game's row first (SELECT ... FOR
// UPDATE), so that writers to one game, from this process or another, run one after the
// other and the ply and seq checks see the latest committed state.
#include "arbiter/store/pg_store.hpp"

#include <algorithm>
#include <utility>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr pg::PreparedStatement kStatements[] = {
    {"insert_game",
     "INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,"
     " start_fen, status, result, reason, extra, created_ms, updated_ms, white_user, black_user,"
     " rated, speed)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
     " ON CONFLICT (id) DO NOTHING"},
    {"lock_game", "SELECT status FROM games WHERE id = $1 FOR UPDATE"},
    {"lock_game_seats", "SELECT white_user, black_user FROM games WHERE id = $1 FOR UPDATE"},
    {"take_white_seat", "UPDATE games SET white_user = $2 WHERE id = $1"},
    {"take_black_seat", "UPDATE games SET black_user = $2 WHERE id = $1"},
    {"name_white_seat", "UPDATE games SET white = $2 WHERE id = $1"},
    {"name_black_seat", "UPDATE games SET black = $2 WHERE id = $1"},
    {"last_ply", "SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = $1"},
    {"insert_move",
     "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, wall_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7)"},
    {"last_seq", "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = $1"},
    {"insert_event", "INSERT INTO events (game_id, seq, json, wall_ms) VALUES ($1, $2, $3, $4)"},
    {"last_line", "SELECT COALESCE(MAX(n), 0) FROM referee_log WHERE game_id = $1"},
    {"insert_line", "INSERT INTO referee_log (game_id, n, line) VALUES ($1, $2, $3)"},
    {"read_log", "SELECT n, line FROM referee_log WHERE game_id = $1 ORDER BY n"},
    {"games_without_log",
     "SELECT g.id FROM games g WHERE NOT EXISTS"
     " (SELECT 1 FROM referee_log l WHERE l.game_id = g.id)"
     " ORDER BY g.created_ms, g.id COLLATE \"C\" LIMIT $1"},
    {"read_lease", "SELECT node, epoch, expires_ms FROM game_leases WHERE game_id = $1"},
    {"upsert_lease",
     "INSERT INTO game_leases (game_id, node, epoch, expires_ms) VALUES ($1, $2, $3, $4)"
     " ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, epoch = excluded.epoch,"
     " expires_ms = excluded.expires_ms"},
    {"release_lease", "UPDATE game_leases SET expires_ms = 0 WHERE game_id = $1"},
    // The arrays come as text literals: the ids are validated ([A-Za-z0-9_-]) and the
    // epochs are numbers, so nothing in them needs quoting.
    {"renew_leases",
     "UPDATE game_leases AS l SET expires_ms = $4"
     " FROM unnest($1::text[], $2::bigint[]) AS u (game_id, epoch)"
     " WHERE l.game_id = u.game_id AND l.epoch = u.epoch AND l.node = $3"
     " RETURNING l.game_id, l.epoch"},
    // updated_ms is the time of the last change of status (docs/store.md): a move of a
    // game in play changes no row of games, and so none of its two indexes.
    {"mark_ongoing",
     "UPDATE games SET status = 'ongoing', updated_ms = GREATEST(updated_ms, $2) WHERE id = $1"},
    {"finish",
     "UPDATE games SET status = $2, result = $3, reason = $4,"
     " updated_ms = GREATEST(updated_ms, $5) WHERE id = $1"},
    {"read_header",
     "SELECT id, white_token, black_token, white, black, time_control, variant, start_fen,"
     " status, result, reason, extra, created_ms, updated_ms, white_user, black_user, rated"
     " FROM games WHERE id = $1"},
    {"read_moves",
     "SELECT ply, uci, san, white_ms, black_ms, wall_ms FROM moves WHERE game_id = $1"
     " ORDER BY ply"},
    {"read_events", "SELECT seq, json, wall_ms FROM events WHERE game_id = $1 ORDER BY seq"},
    {"read_events_after",
     "SELECT seq, json, wall_ms FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq"},
    {"game_exists", "SELECT 1 FROM games WHERE id = $1"},
    // Ids compare byte by byte (COLLATE "C"), as in SQLite, whatever the database's locale.
    {"list_games",
     "SELECT g.id, g.white, g.black, g.time_control, g.variant, g.status, g.result, g.reason,"
     " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.created_ms, g.updated_ms"
     " FROM games g WHERE ($1 = '' OR g.status = $1)"
     " ORDER BY g.updated_ms DESC, g.id COLLATE \"C\" LIMIT $2"},
};

// The game's status, its row locked until the transaction ends; kProtocolState when
// there is no such game.
Result<GameStatus> lock_game(pqxx::transaction_base& tx, const std::string& id) {
  const pqxx::result row = tx.exec_prepared("lock_game", id);
  if (row.empty()) return no_such_game(id);
  return parse_game_status(row[0][0].as<std::string>());
}

Result<void> lock_live_game(pqxx::transaction_base& tx, const std::string& id) {
  auto status = lock_game(tx, id);
  if (!status) return tl::unexpected(status.error());
  return check_live(id, *status);
}

// Inserts events whose seqs continue the stored ones (the game's row is locked).
Result<void> insert_events(pqxx::transaction_base& tx, const std::string& id,
                           std::span<const EventRecord> events) {
  if (events.empty()) return {};
  ARB_TRY(check_next_seq(tx.exec_prepared1("last_seq", id)[0].as<std::int64_t>(), events));
  for (const EventRecord& e : events) {
    tx.exec_prepared0("insert_event", id, e.seq, e.json, e.wall_ms);
  }
  return {};
}

std::optional<Lease> lease_of(pqxx::transaction_base& tx, const std::string& id) {
  const pqxx::result rows = tx.exec_prepared("read_lease", id);
  if (rows.empty()) return std::nullopt;
  return Lease{id, rows[0][0].as<std::string>(), rows[0][1].as<std::int64_t>(),
               rows[0][2].as<std::int64_t>()};
}

// The bodies of the writes, inside a transaction, input validated.
// The game's row is locked by the caller.
Result<void> write_log(pqxx::transaction_base& tx, const std::string& id,
                       std::span<const LogLine> lines) {
  if (lines.empty()) return {};
  ARB_TRY(check_next_line(tx.exec_prepared1("last_line", id)[0].as<std::int64_t>(), lines));
  for (const LogLine& l : lines) tx.exec_prepared0("insert_line", id, l.n, l.text);
  return {};
}

Result<void> write_move(pqxx::transaction_base& tx, const std::string& id, const MoveRecord& move,
                        std::span<const EventRecord> events) {
  auto status = lock_game(tx, id);
  if (!status) return tl::unexpected(status.error());
  ARB_TRY(check_live(id, *status));
  ARB_TRY(check_next_ply(tx.exec_prepared1("last_ply", id)[0].as<std::int64_t>(), move.ply));
  tx.exec_prepared0("insert_move", id, move.ply, move.uci, move.san, move.white_ms, move.black_ms,
                    move.wall_ms);
  ARB_TRY(insert_events(tx, id, events));
  if (*status == GameStatus::Created)
    tx.exec_prepared0("mark_ongoing", id, latest_wall(move.wall_ms, events));
  return {};
}

Result<void> write_events(pqxx::transaction_base& tx, const std::string& id,
                          std::span<const EventRecord> events) {
  if (auto status = lock_game(tx, id); !status) return tl::unexpected(status.error());
  return insert_events(tx, id, events);
}

Result<void> write_ending(pqxx::transaction_base& tx, const std::string& id, const Ending& ending,
                          std::span<const EventRecord> events) {
  ARB_TRY(lock_live_game(tx, id));
  ARB_TRY(insert_events(tx, id, events));
  tx.exec_prepared0("finish", id, std::string{to_string(ending.status)}, ending.result,
                    ending.reason, latest_wall(ending.wall_ms, events));
  return {};
}

// The account exists and is not deleted (kProtocolState "user"), its row locked against a
// concurrent delete_user (FOR SHARE) until the transaction ends.
Result<void> lock_live_user(pqxx::transaction_base& tx, std::int64_t user_id) {
  if (tx.exec_prepared("lock_live_user", user_id).empty()) return no_live_user(user_id);
  return {};
}

Result<void> insert_game(pqxx::transaction_base& tx, const GameHeader& h) {
  for (const std::int64_t user : {h.white_user, h.black_user}) {
    if (user != 0) ARB_TRY(lock_live_user(tx, user));
  }
  const pqxx::result inserted = tx.exec_prepared(
      "insert_game", h.id, h.white_token, h.black_token, h.white, h.black, h.time_control,
      h.variant, h.start_fen, std::string{to_string(h.status)}, h.result, h.reason, h.extra,
      h.created_ms, std::max(h.created_ms, h.updated_ms), h.white_user, h.black_user, h.rated,
      // The category is the store's to compute (issue #17): a caller cannot get it wrong.
      game_speed(h.time_control));
  if (inserted.affected_rows() == 0) return game_already_exists(h.id);
  return {};
}

// An account takes a seat (GameWrite::seat_user), under the game's row lock.
Result<void> take_seat(pqxx::transaction_base& tx, const std::string& id,
                       const GameWrite::SeatUser& seat) {
  const pqxx::result seats = tx.exec_prepared("lock_game_seats", id);
  if (seats.empty()) return no_such_game(id);
  ARB_TRY(check_seat(id, seat, seats[0][0].as<std::int64_t>(), seats[0][1].as<std::int64_t>()));
  ARB_TRY(lock_live_user(tx, seat.user_id));
  tx.exec_prepared0(seat.white ? "take_white_seat" : "take_black_seat", id, seat.user_id);
  return {};
}

Result<void> write_one(pqxx::transaction_base& tx, const GameWrite& w) {
  if (w.create) ARB_TRY(insert_game(tx, *w.create));
  if (w.epoch) {
    // The fence (issue #16): under the game's row lock, only the current epoch writes.
    if (auto status = lock_game(tx, w.game_id); !status) return tl::unexpected(status.error());
    ARB_TRY(check_epoch(w.game_id, lease_of(tx, w.game_id), *w.epoch));
  }
  // An account taking a seat (issue #17), before the move and events that announce it.
  if (w.seat_user) ARB_TRY(take_seat(tx, w.game_id, *w.seat_user));
  if (w.seat_name) {
    const pqxx::result named = tx.exec_prepared(
        w.seat_name->white ? "name_white_seat" : "name_black_seat", w.game_id, w.seat_name->name);
    if (named.affected_rows() == 0) return no_such_game(w.game_id);
  }
  // The game's row is locked before its log lines: by the fence, the move, the events, or here.
  if (w.move) {
    ARB_TRY(write_move(tx, w.game_id, *w.move, w.events));
  } else if (!w.events.empty()) {
    ARB_TRY(write_events(tx, w.game_id, w.events));
  } else if (!w.epoch && !w.log.empty()) {
    if (auto status = lock_game(tx, w.game_id); !status) return tl::unexpected(status.error());
  }
  ARB_TRY(write_log(tx, w.game_id, w.log));
  if (w.ending) ARB_TRY(write_ending(tx, w.game_id, *w.ending, w.ending_events));
  return {};
}

}  // namespace

PgStore::PgStore(std::unique_ptr<pg::Session> session) : session_(std::move(session)) {}
PgStore::~PgStore() = default;

Result<std::unique_ptr<PgStore>> PgStore::open(const std::string& url) {
  auto session = pg::Session::connect(url);
  if (!session) return tl::unexpected(session.error());
  std::unique_ptr<PgStore> store{new PgStore{std::move(*session)}};
  ARB_TRY(store->migrate());
  // After the migrations made the tables.
  store->session_->add_statements(kStatements);
  store->session_->add_statements(pg::account_statements());
  store->session_->add_statements(pg::rating_statements());
  store->session_->add_statements(pg::archive_statements());
  store->session_->add_statements(pg::seek_statements());
  store->session_->add_statements(pg::tournament_statements());
  store->session_->add_statements(pg::analysis_statements());
  return store;
}

Result<void> PgStore::create_game(const GameHeader& h) {
  ARB_TRY(validate_header(h));
  return session_->write("create_game",
                         [&](pqxx::transaction_base& tx) { return insert_game(tx, h); });
}

Result<void> PgStore::append_move(std::string_view game_id, const MoveRecord& move,
                                  std::span<const EventRecord> events) {
  ARB_TRY(validate_move(move));
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write(
      "append_move", [&](pqxx::transaction_base& tx) { return write_move(tx, id, move, events); });
}

Result<void> PgStore::append_events(std::string_view game_id, std::span<const EventRecord> events) {
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write("append_events",
                         [&](pqxx::transaction_base& tx) { return write_events(tx, id, events); });
}

Result<void> PgStore::finish_game(std::string_view game_id, const Ending& ending,
                                  std::span<const EventRecord> events) {
  ARB_TRY(validate_ending(ending));
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write("finish_game", [&](pqxx::transaction_base& tx) {
    return write_ending(tx, id, ending, events);
  });
}

Result<void> PgStore::append_log(std::string_view game_id, std::span<const LogLine> lines) {
  ARB_TRY(validate_log(lines));
  const std::string id{game_id};
  return session_->write("append_log", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (auto status = lock_game(tx, id); !status) return tl::unexpected(status.error());
    return write_log(tx, id, lines);
  });
}

Result<Lease> PgStore::acquire_lease(std::string_view game_id, std::string_view node, WallMs now,
                                     std::int64_t ttl_ms) {
  ARB_TRY(validate_game_id(game_id));
  ARB_TRY(validate_lease_request(node, ttl_ms));
  const std::string id{game_id};
  Lease taken;
  ARB_TRY(session_->write("acquire_lease", [&](pqxx::transaction_base& tx) -> Result<void> {
    // The game's row lock orders this with the game's writes and with other nodes' takes.
    if (auto status = lock_game(tx, id); !status) return tl::unexpected(status.error());
    auto next = next_lease(id, lease_of(tx, id), node, now, ttl_ms);
    if (!next) return tl::unexpected(next.error());
    tx.exec_prepared0("upsert_lease", id, next->node, next->epoch, next->expires_ms);
    taken = std::move(*next);
    return {};
  }));
  return taken;
}

Result<std::vector<Lease>> PgStore::renew_leases(std::string_view node,
                                                 std::span<const Lease> leases, WallMs now,
                                                 std::int64_t ttl_ms) {
  ARB_TRY(validate_renewal(node, leases, ttl_ms));
  std::vector<Lease> renewed;
  if (leases.empty()) return renewed;
  std::string ids = "{";
  std::string epochs = "{";
  for (const Lease& l : leases) {
    if (ids.size() > 1) {
      ids += ',';
      epochs += ',';
    }
    ids += l.game_id;
    epochs += std::to_string(l.epoch);
  }
  ids += '}';
  epochs += '}';
  ARB_TRY(session_->write("renew_leases", [&](pqxx::transaction_base& tx) -> Result<void> {
    renewed.clear();  // a retried transaction starts again
    for (const pqxx::row& r :
         tx.exec_prepared("renew_leases", ids, epochs, std::string{node}, now + ttl_ms)) {
      renewed.push_back(
          Lease{r[0].as<std::string>(), std::string{node}, r[1].as<std::int64_t>(), now + ttl_ms});
    }
    return {};
  }));
  return renewed;
}

Result<void> PgStore::release_lease(const Lease& lease) {
  ARB_TRY(validate_game_id(lease.game_id));
  return session_->write("release_lease", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (auto status = lock_game(tx, lease.game_id); !status) return tl::unexpected(status.error());
    ARB_TRY(check_epoch(lease.game_id, lease_of(tx, lease.game_id), lease.epoch));
    tx.exec_prepared0("release_lease", lease.game_id);
    return {};
  });
}

Result<std::optional<Lease>> PgStore::read_lease(std::string_view game_id) {
  ARB_TRY(validate_game_id(game_id));
  const std::string id{game_id};
  std::optional<Lease> lease;
  ARB_TRY(session_->read("read_lease", [&](pqxx::transaction_base& tx) -> Result<void> {
    lease = lease_of(tx, id);
    return {};
  }));
  return lease;
}

std::vector<Result<void>> PgStore::commit(std::span<const GameWrite> writes) {
  std::vector<Result<void>> results(writes.size());
  for (std::size_t i = 0; i < writes.size(); ++i) results[i] = validate_write(writes[i]);
  auto whole = session_->write("commit", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (std::size_t i = 0; i < writes.size(); ++i) {
      if (!results[i]) continue;
      // A savepoint: a failed write leaves no trace and does not fail the others. A
      // violated constraint is that write's own error; anything else (the connection, the
      // server) fails the whole transaction in Session::write.
      tx.exec0("SAVEPOINT game_write");
      try {
        results[i] = write_one(tx, writes[i]);
      } catch (const pqxx::integrity_constraint_violation& e) {
        results[i] =
            make_error(ErrorCode::kProtocolState, std::string{"PostgreSQL commit: "} + e.what(),
                       {0, 0, "postgresql"});
      }
      if (!results[i]) tx.exec0("ROLLBACK TO SAVEPOINT game_write");
      tx.exec0("RELEASE SAVEPOINT game_write");
    }
    return {};
  });
  if (!whole) results.assign(writes.size(), Result<void>{tl::unexpected(whole.error())});
  return results;
}

Result<std::string> PgStore::setting(const std::string& name) {
  std::string value;
  ARB_TRY(session_->read("setting", [&](pqxx::transaction_base& tx) -> Result<void> {
    value = tx.exec_params1("SELECT current_setting($1)", name)[0].as<std::string>();
    return {};
  }));
  return value;
}

}  // namespace arbiter::store
