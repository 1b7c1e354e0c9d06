// PgStore's analyses of games (issue #18 item 3, docs/store.md "Analyses of games"). Each
// call is one transaction.
//
// Several servers on one database: request_analysis reads the game's status (an ended game
// stays ended) and then runs one INSERT ... ON CONFLICT (game_id) DO UPDATE ... WHERE
// status = 'failed'. Of two servers requesting one game at once, the second's insert waits
// for the first's uncommitted row; once the first commits, it takes the conflict path, locks
// the row and evaluates the WHERE on the row as the first left it (queued): nothing changes
// (false). Two servers replacing one failed analysis meet the same way on the row's lock.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr pg::PreparedStatement kAnalysisStatements[] = {
    {"analysed_game_status", "SELECT status FROM games WHERE id = $1"},
    // A new request is queued; one replaces the stored analysis only when that one failed.
    {"request_analysis",
     "INSERT INTO game_analyses (game_id, status, done, total, requested_by, requested_ms,"
     " updated_ms, text) VALUES ($1, 'queued', $2, $3, $4, $5, $6, $7)"
     " ON CONFLICT (game_id) DO UPDATE SET status = 'queued', done = excluded.done,"
     " total = excluded.total, requested_by = excluded.requested_by,"
     " requested_ms = excluded.requested_ms, updated_ms = excluded.updated_ms,"
     " text = excluded.text WHERE game_analyses.status = 'failed'"},
    {"find_analysis",
     "SELECT game_id, status, done, total, requested_by, requested_ms, updated_ms, text"
     " FROM game_analyses WHERE game_id = $1"},
    {"update_analysis",
     "UPDATE game_analyses SET status = $2, done = $3, total = $4, text = $5, updated_ms = $6"
     " WHERE game_id = $1"},
    // `status IN ('queued','running')`: the partial index game_analyses_pending's terms. The
    // same millisecond: by game id, byte by byte as in SQLite.
    {"pending_analyses",
     "SELECT game_id, status, done, total, requested_by, requested_ms, updated_ms, text"
     " FROM game_analyses WHERE status IN ('queued','running')"
     " ORDER BY requested_ms, game_id COLLATE \"C\" LIMIT $1"},
    // One half for each seat, each with the terms of its partial index
    // (games_in_play_by_white, games_in_play_by_black); UNION: a game is listed once.
    {"games_in_play_of",
     "SELECT id FROM (SELECT id FROM games WHERE white_user = $1 AND white_user <> 0"
     " AND status IN ('created','ongoing')"
     " UNION SELECT id FROM games WHERE black_user = $1 AND black_user <> 0"
     " AND status IN ('created','ongoing')) AS in_play"
     " ORDER BY id COLLATE \"C\" LIMIT $2"},
};

// A row of find_analysis or pending_analyses.
Result<AnalysisRecord> read_analysis(const pqxx::row& r) {
  AnalysisRecord a;
  a.game_id = r[0].as<std::string>();
  auto status = stored_analysis_status(r[1].as<std::string>());
  if (!status) return tl::unexpected(status.error());
  a.status = *status;
  a.done = r[2].as<int>();
  a.total = r[3].as<int>();
  a.requested_by = r[4].as<std::int64_t>();
  a.requested_ms = r[5].as<std::int64_t>();
  a.updated_ms = r[6].as<std::int64_t>();
  a.text = r[7].as<std::string>();
  return a;
}

// Every row of `rows`, in order, appended to `analyses`.
Result<void> read_analyses(const pqxx::result& rows, std::vector<AnalysisRecord>& analyses) {
  for (const pqxx::row& r : rows) {
    auto a = read_analysis(r);
    if (!a) return tl::unexpected(a.error());
    analyses.push_back(std::move(*a));
  }
  return {};
}

}  // namespace

namespace pg {
std::span<const PreparedStatement> analysis_statements() noexcept { return kAnalysisStatements; }
}  // namespace pg

Result<bool> PgStore::request_analysis(const AnalysisRecord& a) {
  ARB_TRY(validate_analysis(a));
  bool queued = false;
  ARB_TRY(session_->write("request_analysis", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result game = tx.exec_prepared("analysed_game_status", a.game_id);
    if (game.empty()) return no_such_game(a.game_id);
    auto status = parse_game_status(game[0][0].as<std::string>());
    if (!status) return tl::unexpected(status.error());
    if (auto analysable = check_analysable(a.game_id, *status); !analysable) return analysable;
    queued = tx.exec_prepared("request_analysis", a.game_id, a.done, a.total, a.requested_by,
                              a.requested_ms, a.updated_ms, a.text)
                 .affected_rows() != 0;
    return {};
  }));
  return queued;
}

Result<std::optional<AnalysisRecord>> PgStore::find_analysis(std::string_view game_id) {
  ARB_TRY(validate_analysis_game_id(game_id));
  const std::string key{game_id};
  std::vector<AnalysisRecord> found;
  ARB_TRY(session_->read("find_analysis", [&](pqxx::transaction_base& tx) {
    return read_analyses(tx.exec_prepared("find_analysis", key), found);
  }));
  if (found.empty()) return std::optional<AnalysisRecord>{};
  return std::optional<AnalysisRecord>{std::move(found.front())};
}

Result<bool> PgStore::update_analysis(const AnalysisRecord& a) {
  ARB_TRY(validate_analysis(a));
  const std::string status{to_string(a.status)};
  bool updated = false;
  ARB_TRY(session_->write("update_analysis", [&](pqxx::transaction_base& tx) -> Result<void> {
    updated = tx.exec_prepared("update_analysis", a.game_id, status, a.done, a.total, a.text,
                               a.updated_ms)
                  .affected_rows() != 0;
    return {};
  }));
  return updated;
}

Result<std::vector<AnalysisRecord>> PgStore::pending_analyses(int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<AnalysisRecord> analyses;
  ARB_TRY(session_->read("pending_analyses", [&](pqxx::transaction_base& tx) {
    return read_analyses(tx.exec_prepared("pending_analyses", limit), analyses);
  }));
  return analyses;
}

Result<std::vector<std::string>> PgStore::games_in_play_of(std::int64_t user_id, int limit) {
  ARB_TRY(validate_in_play_query(user_id, limit));
  std::vector<std::string> ids;
  ARB_TRY(session_->read("games_in_play_of", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("games_in_play_of", user_id, limit)) {
      ids.push_back(r[0].as<std::string>());
    }
    return {};
  }));
  return ids;
}

}  // namespace arbiter::store
