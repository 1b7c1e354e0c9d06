// The read side of SqliteStore: load_game and list_games. Each read runs in one
// transaction, so it sees a single committed state even while another connection writes.
#include <utility>

#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

Result<GameHeader> read_header(sqlite::Database& db, std::string_view id) {
  auto query = db.prepare(
      "SELECT id, white_token, black_token, white, black, time_control, variant, start_fen,"
      " status, result, reason, extra, created_ms, updated_ms, white_user, black_user, rated"
      " FROM games WHERE id = ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) {
    return make_error(ErrorCode::kProtocolState, "no game '" + std::string{id} + "'",
                      {0, 0, "game_id"});
  }
  GameHeader h;
  h.id = query->column_text(0);
  h.white_token = query->column_text(1);
  h.black_token = query->column_text(2);
  h.white = query->column_text(3);
  h.black = query->column_text(4);
  h.time_control = query->column_text(5);
  h.variant = query->column_text(6);
  h.start_fen = query->column_text(7);
  auto status = parse_game_status(query->column_text(8));
  if (!status) return tl::unexpected(status.error());
  h.status = *status;
  h.result = query->column_text(9);
  h.reason = query->column_text(10);
  h.extra = query->column_text(11);
  h.created_ms = query->column_int(12);
  h.updated_ms = query->column_int(13);
  h.white_user = query->column_int(14);
  h.black_user = query->column_int(15);
  h.rated = query->column_int(16) != 0;
  return h;
}

Result<std::vector<MoveRecord>> read_moves(sqlite::Database& db, std::string_view id) {
  auto query = db.prepare(
      "SELECT ply, uci, san, white_ms, black_ms, wall_ms FROM moves WHERE game_id = ?1"
      " ORDER BY ply");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  std::vector<MoveRecord> moves;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) {
    MoveRecord& m = moves.emplace_back();
    m.ply = static_cast<int>(row.column_int(0));
    m.uci = row.column_text(1);
    m.san = row.column_text(2);
    m.white_ms = row.column_int(3);
    m.black_ms = row.column_int(4);
    m.wall_ms = row.column_int(5);
  }));
  return moves;
}

Result<std::vector<EventRecord>> read_events(sqlite::Database& db, std::string_view id) {
  auto query = db.prepare("SELECT seq, json, wall_ms FROM events WHERE game_id = ?1 ORDER BY seq");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  std::vector<EventRecord> events;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) {
    events.push_back({row.column_int(0), row.column_text(1), row.column_int(2)});
  }));
  return events;
}

Result<std::vector<LogLine>> read_log(sqlite::Database& db, std::string_view id) {
  auto query = db.prepare("SELECT n, line FROM referee_log WHERE game_id = ?1 ORDER BY n");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, id);
  std::vector<LogLine> lines;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) {
    lines.push_back({row.column_int(0), row.column_text(1)});
  }));
  return lines;
}

}  // namespace

Result<StoredGame> SqliteStore::load_game(std::string_view id) {
  if (auto ok = validate_game_id(id); !ok) return tl::unexpected(ok.error());
  std::lock_guard lock{mutex_};
  // A read transaction (BEGIN DEFERRED) pins one snapshot of the WAL for all three reads.
  if (auto ok = db_.exec("BEGIN"); !ok) return tl::unexpected(ok.error());
  StoredGame game;
  auto result = [&]() -> Result<void> {
    auto header = read_header(db_, id);
    if (!header) return tl::unexpected(header.error());
    game.header = std::move(*header);
    auto moves = read_moves(db_, id);
    if (!moves) return tl::unexpected(moves.error());
    game.moves = std::move(*moves);
    auto events = read_events(db_, id);
    if (!events) return tl::unexpected(events.error());
    game.events = std::move(*events);
    auto log = read_log(db_, id);
    if (!log) return tl::unexpected(log.error());
    game.log = std::move(*log);
    return {};
  }();
  (void)db_.exec(result ? "COMMIT" : "ROLLBACK");
  if (!result) return tl::unexpected(result.error());
  return game;
}

Result<std::vector<EventRecord>> SqliteStore::events_after(std::string_view id,
                                                           std::int64_t after) {
  if (auto ok = validate_game_id(id); !ok) return tl::unexpected(ok.error());
  std::lock_guard lock{mutex_};
  if (auto ok = db_.exec("BEGIN"); !ok) return tl::unexpected(ok.error());
  std::vector<EventRecord> events;
  auto result = [&]() -> Result<void> {
    ARB_TRY(status_of(id));  // no such game: an error, not an empty list
    auto query = db_.prepare(
        "SELECT seq, json, wall_ms FROM events WHERE game_id = ?1 AND seq > ?2 ORDER BY seq");
    if (!query) return tl::unexpected(query.error());
    query->bind(1, id).bind(2, after);
    for (;;) {
      auto row = query->step();
      if (!row) return tl::unexpected(row.error());
      if (!*row) return {};
      events.push_back({query->column_int(0), query->column_text(1), query->column_int(2)});
    }
  }();
  (void)db_.exec(result ? "COMMIT" : "ROLLBACK");
  if (!result) return tl::unexpected(result.error());
  return events;
}

Result<std::vector<GameSummary>> SqliteStore::list_games(const ListQuery& q) {
  ARB_TRY(validate_limit(q.limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(
      "SELECT g.id, g.white, g.black, g.time_control, g.variant, g.status, g.result, g.reason,"
      " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.created_ms, g.updated_ms"
      " FROM games g WHERE (?1 IS NULL OR g.status = ?1)"
      " ORDER BY g.updated_ms DESC, g.id LIMIT ?2");
  if (!query) return tl::unexpected(query.error());
  if (q.status) {
    query->bind(1, to_string(*q.status));
  } else {
    query->bind_null(1);
  }
  query->bind(2, std::int64_t{q.limit});
  std::vector<GameSummary> games;
  for (;;) {
    auto row = query->step();
    if (!row) return tl::unexpected(row.error());
    if (!*row) break;
    GameSummary& s = games.emplace_back();
    s.id = query->column_text(0);
    s.white = query->column_text(1);
    s.black = query->column_text(2);
    s.time_control = query->column_text(3);
    s.variant = query->column_text(4);
    auto status = parse_game_status(query->column_text(5));
    if (!status) return tl::unexpected(status.error());
    s.status = *status;
    s.result = query->column_text(6);
    s.reason = query->column_text(7);
    s.plies = static_cast<int>(query->column_int(8));
    s.created_ms = query->column_int(9);
    s.updated_ms = query->column_int(10);
  }
  return games;
}

Result<std::vector<std::string>> SqliteStore::games_without_log(int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(
      "SELECT g.id FROM games g WHERE NOT EXISTS"
      " (SELECT 1 FROM referee_log l WHERE l.game_id = g.id)"
      " ORDER BY g.created_ms, g.id LIMIT ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, std::int64_t{limit});
  return query->first_column_texts();
}

}  // namespace arbiter::store
