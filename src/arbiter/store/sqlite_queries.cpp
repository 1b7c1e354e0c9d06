// The read side of SqliteStore: load_game, list_games and a player's archive
// (games_of_user). Each read runs in one transaction, so it sees a single committed state
// even while another connection writes.
#include <limits>
#include <string>
#include <utility>

#include "arbiter/store/rules.hpp"
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

// The columns of a GameSummary, first in a row of list_games and games_of_user.
constexpr std::string_view kSummaryColumns =
    "g.id, g.white, g.black, g.time_control, g.variant, g.status, g.result, g.reason,"
    " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies, g.created_ms,"
    " g.updated_ms";

Result<GameSummary> read_summary(const sqlite::Statement& row) {
  GameSummary s;
  s.id = row.column_text(0);
  s.white = row.column_text(1);
  s.black = row.column_text(2);
  s.time_control = row.column_text(3);
  s.variant = row.column_text(4);
  auto status = parse_game_status(row.column_text(5));
  if (!status) return tl::unexpected(status.error());
  s.status = *status;
  s.result = row.column_text(6);
  s.reason = row.column_text(7);
  s.plies = static_cast<int>(row.column_int(8));
  s.created_ms = row.column_int(9);
  s.updated_ms = row.column_int(10);
  return s;
}

// A summary and the four columns after it (the seats' accounts, rated, the category).
Result<PlayerGame> read_player_game(const sqlite::Statement& row) {
  auto summary = read_summary(row);
  if (!summary) return tl::unexpected(summary.error());
  PlayerGame g;
  g.summary = std::move(*summary);
  g.white_user = row.column_int(11);
  g.black_user = row.column_int(12);
  g.rated = row.column_int(13) != 0;
  g.speed = row.column_text(14);
  return g;
}

// One seat's part of a player's archive: the ended games in which the player (?1) holds
// `seat`, newest first, at most ?7 of them, read in the order of games_by_white_user /
// games_by_black_user (seat, updated_ms DESC, id), or with a category (?8) of
// games_by_white_speed / games_by_black_speed, from the end bound ?4 down: no sort, and
// no more than ?7 entries read besides those the other filters skip. The term `<> 0` is
// written out so that SQLite may use these partial indexes (it cannot prove it from a
// bound parameter); `+` keeps the status from being a way in: without statistics SQLite
// found games_by_status (status, updated_ms) as good as the category's index, and would
// have read every ended game of the time range.
std::string archive_seat(std::string_view seat, std::string_view other,
                         std::string_view result_parameter, bool by_speed) {
  std::string sql = "SELECT * FROM (SELECT ";
  sql += kSummaryColumns;
  sql += ", g.white_user, g.black_user, g.rated, g.speed FROM games g WHERE g.";
  sql += seat;
  sql += " = ?1 AND g.";
  sql += seat;
  sql += " <> 0 AND +g.status = 'ended'";
  if (by_speed) sql += " AND g.speed = ?8";
  sql += " AND g.updated_ms >= ?3 AND g.updated_ms < ?4 AND (?2 = 0 OR g.";
  sql += other;
  sql += " = ?2) AND (";
  sql += result_parameter;
  sql += " = '' OR g.result = ";
  sql += result_parameter;
  sql += ") ORDER BY g.updated_ms DESC, g.id LIMIT ?7) AS as_";
  sql += seat;
  return sql;
}

// A player's archive: the newest ?7 of both seats' parts (a player never holds both seats
// of one game). ?5 and ?6 are the results the outcome needs as white and as black.
std::string archive_query(bool by_speed) {
  return "SELECT * FROM (" + archive_seat("white_user", "black_user", "?5", by_speed) +
         " UNION ALL " + archive_seat("black_user", "white_user", "?6", by_speed) +
         ") AS a ORDER BY a.updated_ms DESC, a.id LIMIT ?7";
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
  static const std::string kListGames = "SELECT " + std::string{kSummaryColumns} +
                                        " FROM games g WHERE (?1 IS NULL OR g.status = ?1)"
                                        " ORDER BY g.updated_ms DESC, g.id LIMIT ?2";
  auto query = db_.prepare(kListGames);
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
    auto summary = read_summary(*query);
    if (!summary) return tl::unexpected(summary.error());
    games.push_back(std::move(*summary));
  }
  return games;
}

Result<std::vector<PlayerGame>> SqliteStore::games_of_user(const PlayerGamesQuery& q) {
  ARB_TRY(validate_player_games_query(q));
  const bool by_speed = !q.speed.empty();
  static const std::string kByUser = archive_query(false);
  static const std::string kByUserAndSpeed = archive_query(true);
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(by_speed ? kByUserAndSpeed : kByUser);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, q.user_id).bind(2, q.opponent_id);
  query->bind(3, q.since_ms == 0 ? std::numeric_limits<std::int64_t>::min() : q.since_ms);
  query->bind(4, q.before_ms == 0 ? std::numeric_limits<std::int64_t>::max() : q.before_ms);
  query->bind(5, outcome_result(q.outcome, true)).bind(6, outcome_result(q.outcome, false));
  query->bind(7, std::int64_t{q.limit});
  if (by_speed) query->bind(8, q.speed);
  std::vector<PlayerGame> games;
  for (;;) {
    auto row = query->step();
    if (!row) return tl::unexpected(row.error());
    if (!*row) break;
    auto game = read_player_game(*query);
    if (!game) return tl::unexpected(game.error());
    games.push_back(std::move(*game));
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

Result<std::vector<GameToMove>> SqliteStore::games_to_move(std::int64_t user_id,
                                                           std::string_view speed, int limit) {
  if (user_id < 1) {
    return make_error(ErrorCode::kInvalidArgument, "user_id must be positive", {0, 0, "user_id"});
  }
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_limit(limit));
  static const std::string kSql =
      "SELECT " + std::string(kSummaryColumns) +
      ", g.white_user, g.black_user, g.rated, g.speed, g.start_fen,"
      " COALESCE((SELECT MAX(m.wall_ms) FROM moves m WHERE m.game_id = g.id),"
      " (SELECT MAX(e.wall_ms) FROM events e WHERE e.game_id = g.id), g.updated_ms)"
      " FROM games g WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.speed = ?2 AND " +
      std::string(kGamesInPlay);
  std::vector<GameToMove> games;
  {
    std::lock_guard lock{mutex_};
    auto query = db_.prepare(kSql);
    if (!query) return tl::unexpected(query.error());
    query->bind(1, user_id).bind(2, speed);
    for (;;) {
      auto row = query->step();
      if (!row) return tl::unexpected(row.error());
      if (!*row) break;
      auto game = read_player_game(*query);
      if (!game) return tl::unexpected(game.error());
      GameToMove& g = games.emplace_back();
      g.game = std::move(*game);
      g.white_to_move = white_to_move(query->column_text(15), g.game.summary.plies);
      g.last_move_ms = query->column_int(16);
    }
  }
  return games_to_move_of(std::move(games), user_id, limit);
}

Result<std::vector<UnratedGame>> SqliteStore::unrated_games(int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kUnratedGames);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, std::int64_t{limit});
  std::vector<UnratedGame> games;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) {
    games.push_back({row.column_text(0), row.column_text(1), row.column_text(2)});
  }));
  return games;
}

}  // namespace arbiter::store
