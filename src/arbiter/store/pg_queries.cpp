// The read side of PgStore: load_game and list_games. load_game reads in one
// repeatable-read transaction, so the header, moves and events come from one snapshot.
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

}  // namespace

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

}  // namespace arbiter::store
