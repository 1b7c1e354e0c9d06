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
     " start_fen, status, result, reason, extra, created_ms, updated_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
     " ON CONFLICT (id) DO NOTHING"},
    {"lock_game", "SELECT status FROM games WHERE id = $1 FOR UPDATE"},
    {"last_ply", "SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = $1"},
    {"insert_move",
     "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, wall_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7)"},
    {"last_seq", "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = $1"},
    {"insert_event", "INSERT INTO events (game_id, seq, json, wall_ms) VALUES ($1, $2, $3, $4)"},
    {"mark_ongoing", "UPDATE games SET status = 'ongoing' WHERE id = $1"},
    {"touch", "UPDATE games SET updated_ms = GREATEST(updated_ms, $2) WHERE id = $1"},
    {"finish", "UPDATE games SET status = $2, result = $3, reason = $4 WHERE id = $1"},
    {"read_header",
     "SELECT id, white_token, black_token, white, black, time_control, variant, start_fen,"
     " status, result, reason, extra, created_ms, updated_ms FROM games WHERE id = $1"},
    {"read_moves",
     "SELECT ply, uci, san, white_ms, black_ms, wall_ms FROM moves WHERE game_id = $1"
     " ORDER BY ply"},
    {"read_events", "SELECT seq, json, wall_ms FROM events WHERE game_id = $1 ORDER BY seq"},
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

}  // namespace

PgStore::PgStore(std::unique_ptr<pg::Session> session) : session_(std::move(session)) {}
PgStore::~PgStore() = default;

Result<std::unique_ptr<PgStore>> PgStore::open(const std::string& url) {
  auto session = pg::Session::connect(url);
  if (!session) return tl::unexpected(session.error());
  std::unique_ptr<PgStore> store{new PgStore{std::move(*session)}};
  ARB_TRY(store->migrate());
  store->session_->set_statements(kStatements);  // after the migrations made the tables
  return store;
}

Result<void> PgStore::create_game(const GameHeader& h) {
  ARB_TRY(validate_header(h));
  return session_->write("create_game", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result inserted = tx.exec_prepared(
        "insert_game", h.id, h.white_token, h.black_token, h.white, h.black, h.time_control,
        h.variant, h.start_fen, std::string{to_string(h.status)}, h.result, h.reason, h.extra,
        h.created_ms, std::max(h.created_ms, h.updated_ms));
    if (inserted.affected_rows() == 0) return game_already_exists(h.id);
    return {};
  });
}

Result<void> PgStore::append_move(std::string_view game_id, const MoveRecord& move,
                                  std::span<const EventRecord> events) {
  ARB_TRY(validate_move(move));
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write("append_move", [&](pqxx::transaction_base& tx) -> Result<void> {
    ARB_TRY(lock_live_game(tx, id));
    ARB_TRY(check_next_ply(tx.exec_prepared1("last_ply", id)[0].as<std::int64_t>(), move.ply));
    tx.exec_prepared0("insert_move", id, move.ply, move.uci, move.san, move.white_ms, move.black_ms,
                      move.wall_ms);
    ARB_TRY(insert_events(tx, id, events));
    tx.exec_prepared0("mark_ongoing", id);
    tx.exec_prepared0("touch", id, latest_wall(move.wall_ms, events));
    return {};
  });
}

Result<void> PgStore::append_events(std::string_view game_id, std::span<const EventRecord> events) {
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write("append_events", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (auto status = lock_game(tx, id); !status) return tl::unexpected(status.error());
    ARB_TRY(insert_events(tx, id, events));
    tx.exec_prepared0("touch", id, latest_wall(0, events));
    return {};
  });
}

Result<void> PgStore::finish_game(std::string_view game_id, const Ending& ending,
                                  std::span<const EventRecord> events) {
  ARB_TRY(validate_ending(ending));
  ARB_TRY(validate_events(events));
  const std::string id{game_id};
  return session_->write("finish_game", [&](pqxx::transaction_base& tx) -> Result<void> {
    ARB_TRY(lock_live_game(tx, id));
    ARB_TRY(insert_events(tx, id, events));
    tx.exec_prepared0("finish", id, std::string{to_string(ending.status)}, ending.result,
                      ending.reason);
    tx.exec_prepared0("touch", id, latest_wall(ending.wall_ms, events));
    return {};
  });
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
