// SqliteStore's analyses of games (issue #18 item 3, docs/store.md "Analyses of games").
// request_analysis runs in one BEGIN IMMEDIATE transaction, which holds the database's
// write lock from the read of the game's status to the insert: of two connections, in one
// process or two, requesting the analysis of one game, the second finds the first's row
// queued, and its INSERT ... ON CONFLICT DO UPDATE ... WHERE status = 'failed' changes
// nothing (false). The other calls are one statement each.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

// A new request is queued; one replaces the stored analysis only when that one failed.
constexpr std::string_view kRequestAnalysis =
    "INSERT INTO game_analyses (game_id, status, done, total, requested_by, requested_ms,"
    " updated_ms, text) VALUES (?1, 'queued', ?2, ?3, ?4, ?5, ?6, ?7)"
    " ON CONFLICT (game_id) DO UPDATE SET status = 'queued', done = excluded.done,"
    " total = excluded.total, requested_by = excluded.requested_by,"
    " requested_ms = excluded.requested_ms, updated_ms = excluded.updated_ms,"
    " text = excluded.text WHERE game_analyses.status = 'failed'";
constexpr std::string_view kFindAnalysis =
    "SELECT game_id, status, done, total, requested_by, requested_ms, updated_ms, text"
    " FROM game_analyses WHERE game_id = ?1";
constexpr std::string_view kUpdateAnalysis =
    "UPDATE game_analyses SET status = ?2, done = ?3, total = ?4, text = ?5, updated_ms = ?6"
    " WHERE game_id = ?1";
// The term `status IN ('queued','running')` is the partial index game_analyses_pending's
// own, which SQLite uses only when the query repeats it word for word.
constexpr std::string_view kPendingAnalyses =
    "SELECT game_id, status, done, total, requested_by, requested_ms, updated_ms, text"
    " FROM game_analyses WHERE status IN ('queued','running')"
    " ORDER BY requested_ms, game_id LIMIT ?1";
// One half for each seat, each with the terms of its partial index (games_in_play_by_white,
// games_in_play_by_black); UNION: a game is listed once.
constexpr std::string_view kGamesInPlayOf =
    "SELECT id FROM games WHERE white_user = ?1 AND white_user <> 0"
    " AND status IN ('created','ongoing')"
    " UNION SELECT id FROM games WHERE black_user = ?1 AND black_user <> 0"
    " AND status IN ('created','ongoing')"
    " ORDER BY id LIMIT ?2";

// A row of kFindAnalysis or kPendingAnalyses.
Result<AnalysisRecord> read_analysis(const sqlite::Statement& row) {
  AnalysisRecord a;
  a.game_id = row.column_text(0);
  auto status = stored_analysis_status(row.column_text(1));
  if (!status) return tl::unexpected(status.error());
  a.status = *status;
  a.done = static_cast<int>(row.column_int(2));
  a.total = static_cast<int>(row.column_int(3));
  a.requested_by = row.column_int(4);
  a.requested_ms = row.column_int(5);
  a.updated_ms = row.column_int(6);
  a.text = row.column_text(7);
  return a;
}

// Every row of `query`, in order.
Result<std::vector<AnalysisRecord>> all_analyses(sqlite::Statement& query) {
  std::vector<AnalysisRecord> analyses;
  std::optional<Error> bad;
  ARB_TRY(query.each_row([&](const sqlite::Statement& row) {
    if (bad) return;
    auto a = read_analysis(row);
    if (!a) {
      bad = a.error();
      return;
    }
    analyses.push_back(std::move(*a));
  }));
  if (bad) return tl::unexpected(std::move(*bad));
  return analyses;
}

}  // namespace

Result<bool> SqliteStore::request_analysis(const AnalysisRecord& a) {
  ARB_TRY(validate_analysis(a));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto status = status_of(a.game_id);
  if (!status) return tl::unexpected(status.error());
  ARB_TRY(check_analysable(a.game_id, *status));
  auto request = db_.prepare(kRequestAnalysis);
  if (!request) return tl::unexpected(request.error());
  request->bind(1, a.game_id).bind(2, std::int64_t{a.done}).bind(3, std::int64_t{a.total});
  request->bind(4, a.requested_by).bind(5, a.requested_ms).bind(6, a.updated_ms).bind(7, a.text);
  ARB_TRY(request->run());
  const bool queued = db_.changes() != 0;
  ARB_TRY(tx->commit());
  return queued;
}

Result<std::optional<AnalysisRecord>> SqliteStore::find_analysis(std::string_view game_id) {
  ARB_TRY(validate_analysis_game_id(game_id));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kFindAnalysis);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, game_id);
  auto found = all_analyses(*query);
  if (!found) return tl::unexpected(found.error());
  if (found->empty()) return std::optional<AnalysisRecord>{};
  return std::optional<AnalysisRecord>{std::move(found->front())};
}

Result<bool> SqliteStore::update_analysis(const AnalysisRecord& a) {
  ARB_TRY(validate_analysis(a));
  std::lock_guard lock{mutex_};
  auto update = db_.prepare(kUpdateAnalysis);
  if (!update) return tl::unexpected(update.error());
  update->bind(1, a.game_id).bind(2, to_string(a.status)).bind(3, std::int64_t{a.done});
  update->bind(4, std::int64_t{a.total}).bind(5, a.text).bind(6, a.updated_ms);
  ARB_TRY(update->run());
  return db_.changes() != 0;
}

Result<std::vector<AnalysisRecord>> SqliteStore::pending_analyses(int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kPendingAnalyses);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, std::int64_t{limit});
  return all_analyses(*query);
}

Result<std::vector<std::string>> SqliteStore::games_in_play_of(std::int64_t user_id, int limit) {
  ARB_TRY(validate_in_play_query(user_id, limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kGamesInPlayOf);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, user_id).bind(2, std::int64_t{limit});
  return query->first_column_texts();
}

}  // namespace arbiter::store
