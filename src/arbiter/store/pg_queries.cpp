// The read side of PgStore: load_game, list_games and a player's archive (games_of_user).
// Each reads in one repeatable-read transaction, so that the header, moves and events of
// load_game come from one snapshot.
#include <limits>
#include <string>
#include <utility>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

std::string text(const pqxx::row& row, int column) { return row[column].as<std::string>(); }
std::int64_t number(const pqxx::row& row, int column) { return row[column].as<std::int64_t>(); }

Result<GameHeader> read_header(pqxx::transaction_base& tx, const std::string& id) {
  const pqxx::result rows = tx.exec_prepared("read_header", id);
  if (rows.empty()) return no_such_game(id);
  const pqxx::row& r = rows[0];
  GameHeader h;
  h.id = text(r, 0);
  h.white_token = text(r, 1);
  h.black_token = text(r, 2);
  h.white = text(r, 3);
  h.black = text(r, 4);
  h.time_control = text(r, 5);
  h.variant = text(r, 6);
  h.start_fen = text(r, 7);
  auto status = parse_game_status(text(r, 8));
  if (!status) return tl::unexpected(status.error());
  h.status = *status;
  h.result = text(r, 9);
  h.reason = text(r, 10);
  h.extra = text(r, 11);
  h.created_ms = number(r, 12);
  h.updated_ms = number(r, 13);
  h.white_user = number(r, 14);
  h.black_user = number(r, 15);
  h.rated = r[16].as<bool>();
  return h;
}

std::vector<MoveRecord> read_moves(pqxx::transaction_base& tx, const std::string& id) {
  std::vector<MoveRecord> moves;
  for (const pqxx::row& r : tx.exec_prepared("read_moves", id)) {
    moves.push_back({static_cast<int>(number(r, 0)), text(r, 1), text(r, 2), number(r, 3),
                     number(r, 4), number(r, 5)});
  }
  return moves;
}

std::vector<EventRecord> read_events(pqxx::transaction_base& tx, const std::string& id) {
  std::vector<EventRecord> events;
  for (const pqxx::row& r : tx.exec_prepared("read_events", id)) {
    events.push_back({number(r, 0), text(r, 1), number(r, 2)});
  }
  return events;
}

std::vector<LogLine> read_log(pqxx::transaction_base& tx, const std::string& id) {
  std::vector<LogLine> lines;
  for (const pqxx::row& r : tx.exec_prepared("read_log", id)) {
    lines.push_back({number(r, 0), text(r, 1)});
  }
  return lines;
}

Result<GameSummary> read_summary(const pqxx::row& r) {
  GameSummary s;
  s.id = text(r, 0);
  s.white = text(r, 1);
  s.black = text(r, 2);
  s.time_control = text(r, 3);
  s.variant = text(r, 4);
  auto status = parse_game_status(text(r, 5));
  if (!status) return tl::unexpected(status.error());
  s.status = *status;
  s.result = text(r, 6);
  s.reason = text(r, 7);
  s.plies = static_cast<int>(number(r, 8));
  s.created_ms = number(r, 9);
  s.updated_ms = number(r, 10);
  return s;
}

// A summary and the four columns after it (the seats' accounts, rated, the category).
Result<PlayerGame> read_player_game(const pqxx::row& r) {
  auto summary = read_summary(r);
  if (!summary) return tl::unexpected(summary.error());
  PlayerGame g;
  g.summary = std::move(*summary);
  g.white_user = number(r, 11);
  g.black_user = number(r, 12);
  g.rated = r[13].as<bool>();
  g.speed = text(r, 14);
  return g;
}

// One seat's part of a player's archive: the ended games in which the player ($1) holds
// `seat`, newest first, at most $7 of them, read in the order of games_by_white_user /
// games_by_black_user (seat, updated_ms DESC, id COLLATE "C"), or with a category ($8) of
// games_by_white_speed / games_by_black_speed: no sort. The term `<> 0` is written out so
// that a generic plan may use these partial indexes.
// Ids compare byte by byte (COLLATE "C"), as in SQLite, here as in the whole: each part
// keeps the rows the whole keeps.
std::string archive_seat(std::string_view seat, std::string_view other,
                         std::string_view result_parameter, bool by_speed) {
  std::string sql =
      "SELECT * FROM (SELECT g.id, g.white, g.black, g.time_control, g.variant, g.status,"
      " g.result, g.reason, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies,"
      " g.created_ms, g.updated_ms, g.white_user, g.black_user, g.rated, g.speed"
      " FROM games g WHERE g.";
  sql += seat;
  sql += " = $1 AND g.";
  sql += seat;
  sql += " <> 0 AND g.status = 'ended'";
  if (by_speed) sql += " AND g.speed = $8";
  sql += " AND g.updated_ms >= $3 AND g.updated_ms < $4 AND ($2::bigint = 0 OR g.";
  sql += other;
  sql += " = $2) AND (";
  sql += result_parameter;
  sql += "::text = '' OR g.result = ";
  sql += result_parameter;
  sql += ") ORDER BY g.updated_ms DESC, g.id COLLATE \"C\" LIMIT $7) AS as_";
  sql += seat;
  return sql;
}

// A player's archive: the newest $7 of both seats' parts (a player never holds both seats
// of one game). $5 and $6 are the results the outcome needs as white and as black.
std::string archive_query(bool by_speed) {
  return "SELECT * FROM (" + archive_seat("white_user", "black_user", "$5", by_speed) +
         " UNION ALL " + archive_seat("black_user", "white_user", "$6", by_speed) +
         ") AS a ORDER BY a.updated_ms DESC, a.id COLLATE \"C\" LIMIT $7";
}

}  // namespace

namespace pg {
std::span<const PreparedStatement> archive_statements() {
  static const std::string by_user = archive_query(false);
  static const std::string by_user_and_speed = archive_query(true);
  static const std::string unrated = [] {
    std::string sql{kUnratedGames};
    sql.replace(sql.find("?1"), 2, "$1");
    return sql;
  }();
  static const std::string to_move =
      "SELECT g.id, g.white, g.black, g.time_control, g.variant, g.status, g.result, g.reason,"
      " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies, g.created_ms,"
      " g.updated_ms, g.white_user, g.black_user, g.rated, g.speed, g.start_fen,"
      " COALESCE((SELECT MAX(m.wall_ms) FROM moves m WHERE m.game_id = g.id),"
      " (SELECT MAX(e.wall_ms) FROM events e WHERE e.game_id = g.id), g.updated_ms)"
      " FROM games g WHERE (g.white_user = $1 OR g.black_user = $1) AND g.speed = $2 AND " +
      std::string(kGamesInPlay);
  static const PreparedStatement statements[] = {
      {"games_of_user", by_user.c_str()},
      {"games_of_user_by_speed", by_user_and_speed.c_str()},
      {"games_to_move", to_move.c_str()},
      {"unrated_games", unrated.c_str()},
  };
  return statements;
}
}  // namespace pg

Result<StoredGame> PgStore::load_game(std::string_view game_id) {
  ARB_TRY(validate_game_id(game_id));
  const std::string id{game_id};
  StoredGame game;
  ARB_TRY(session_->read("load_game", [&](pqxx::transaction_base& tx) -> Result<void> {
    auto header = read_header(tx, id);
    if (!header) return tl::unexpected(header.error());
    game.header = std::move(*header);
    game.moves = read_moves(tx, id);
    game.events = read_events(tx, id);
    game.log = read_log(tx, id);
    return {};
  }));
  return game;
}

Result<std::vector<EventRecord>> PgStore::events_after(std::string_view game_id,
                                                       std::int64_t after) {
  ARB_TRY(validate_game_id(game_id));
  const std::string id{game_id};
  std::vector<EventRecord> events;
  ARB_TRY(session_->read("events_after", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (tx.exec_prepared("game_exists", id).empty()) return no_such_game(id);
    for (const pqxx::row& r : tx.exec_prepared("read_events_after", id, after)) {
      events.push_back({number(r, 0), text(r, 1), number(r, 2)});
    }
    return {};
  }));
  return events;
}

Result<std::vector<GameSummary>> PgStore::list_games(const ListQuery& q) {
  ARB_TRY(validate_limit(q.limit));
  const std::string status{q.status ? to_string(*q.status) : ""};
  std::vector<GameSummary> games;
  ARB_TRY(session_->read("list_games", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("list_games", status, q.limit)) {
      auto summary = read_summary(r);
      if (!summary) return tl::unexpected(summary.error());
      games.push_back(std::move(*summary));
    }
    return {};
  }));
  return games;
}

Result<std::vector<PlayerGame>> PgStore::games_of_user(const PlayerGamesQuery& q) {
  ARB_TRY(validate_player_games_query(q));
  const std::int64_t since =
      q.since_ms == 0 ? std::numeric_limits<std::int64_t>::min() : q.since_ms;
  const std::int64_t before =
      q.before_ms == 0 ? std::numeric_limits<std::int64_t>::max() : q.before_ms;
  const std::string as_white{outcome_result(q.outcome, true)};
  const std::string as_black{outcome_result(q.outcome, false)};
  std::vector<PlayerGame> games;
  ARB_TRY(session_->read("games_of_user", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result rows =
        q.speed.empty() ? tx.exec_prepared("games_of_user", q.user_id, q.opponent_id, since, before,
                                           as_white, as_black, q.limit)
                        : tx.exec_prepared("games_of_user_by_speed", q.user_id, q.opponent_id,
                                           since, before, as_white, as_black, q.limit, q.speed);
    for (const pqxx::row& r : rows) {
      auto game = read_player_game(r);
      if (!game) return tl::unexpected(game.error());
      games.push_back(std::move(*game));
    }
    return {};
  }));
  return games;
}

Result<std::vector<std::string>> PgStore::games_without_log(int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<std::string> ids;
  ARB_TRY(session_->read("games_without_log", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("games_without_log", limit))
      ids.push_back(text(r, 0));
    return {};
  }));
  return ids;
}

Result<std::vector<GameToMove>> PgStore::games_to_move(std::int64_t user_id, std::string_view speed,
                                                       int limit) {
  if (user_id < 1) {
    return make_error(ErrorCode::kInvalidArgument, "user_id must be positive", {0, 0, "user_id"});
  }
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_limit(limit));
  std::vector<GameToMove> games;
  ARB_TRY(session_->read("games_to_move", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("games_to_move", user_id, std::string(speed))) {
      auto game = read_player_game(r);
      if (!game) return tl::unexpected(game.error());
      GameToMove& g = games.emplace_back();
      g.game = std::move(*game);
      g.white_to_move = white_to_move(text(r, 15), g.game.summary.plies);
      g.last_move_ms = number(r, 16);
    }
    return {};
  }));
  return games_to_move_of(std::move(games), user_id, limit);
}

Result<std::vector<UnratedGame>> PgStore::unrated_games(int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<UnratedGame> games;
  ARB_TRY(session_->read("unrated_games", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("unrated_games", limit)) {
      games.push_back({text(r, 0), text(r, 1), text(r, 2)});
    }
    return {};
  }));
  return games;
}

}  // namespace arbiter::store
