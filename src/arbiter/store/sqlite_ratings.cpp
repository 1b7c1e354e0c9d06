// SqliteStore's ratings (issue #17, docs/store.md "Rated games and ratings"). record_rated_game
// runs in one BEGIN IMMEDIATE transaction: no other connection rates a game, deletes an
// account or changes a rating between the reads of the two ratings and their writes. The
// reads of several statements run in one read transaction (one snapshot), as load_game's.
#include <string>
#include <utility>

#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

// The categories in the order of rating::kAllSpeeds, the shortest games first.
constexpr std::string_view kRatingsOf =
    "SELECT user_id, speed, rating, deviation, volatility, games, updated_ms FROM ratings"
    " WHERE user_id = ?1 ORDER BY CASE speed WHEN 'bullet' THEN 1 WHEN 'blitz' THEN 2"
    " WHEN 'rapid' THEN 3 WHEN 'classical' THEN 4 ELSE 5 END";
constexpr std::string_view kRatingOf =
    "SELECT user_id, speed, rating, deviation, volatility, games, updated_ms FROM ratings"
    " WHERE user_id = ?1 AND speed = ?2";
constexpr std::string_view kUpsertRating =
    "INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, updated_ms)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (user_id, speed) DO UPDATE SET"
    " rating = excluded.rating, deviation = excluded.deviation,"
    " volatility = excluded.volatility, games = excluded.games, updated_ms = excluded.updated_ms";
constexpr std::string_view kInsertChange =
    "INSERT INTO rating_changes (game_id, user_id, speed, before_rating, before_deviation,"
    " before_volatility, before_games, before_updated_ms, after_rating, after_deviation,"
    " after_volatility, after_games, after_updated_ms, at_ms)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)";
// White's change first: the seats of a rated game hold two different accounts.
constexpr std::string_view kChangesOfGame =
    "SELECT c.game_id, c.user_id, c.speed, c.before_rating, c.before_deviation,"
    " c.before_volatility, c.before_games, c.before_updated_ms, c.after_rating,"
    " c.after_deviation, c.after_volatility, c.after_games, c.after_updated_ms, c.at_ms"
    " FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.game_id = ?1"
    " ORDER BY c.user_id = g.black_user";
// The `limit` most recent, then oldest first. after_games orders the changes of one
// player's category as they were made, should two share a time.
constexpr std::string_view kHistory =
    "SELECT c.game_id, c.user_id, c.speed, c.before_rating, c.before_deviation,"
    " c.before_volatility, c.before_games, c.before_updated_ms, c.after_rating,"
    " c.after_deviation, c.after_volatility, c.after_games, c.after_updated_ms, c.at_ms"
    " FROM (SELECT * FROM rating_changes WHERE user_id = ?1 AND speed = ?2"
    " ORDER BY at_ms DESC, after_games DESC LIMIT ?3) AS c ORDER BY c.at_ms, c.after_games";

RatingRecord read_rating(const sqlite::Statement& row, int first) {
  return RatingRecord{row.column_int(first),        row.column_text(first + 1),
                      row.column_double(first + 2), row.column_double(first + 3),
                      row.column_double(first + 4), static_cast<int>(row.column_int(first + 5)),
                      row.column_int(first + 6)};
}

// A row of kChangesOfGame or kHistory.
RatingChange read_change(const sqlite::Statement& row) {
  RatingChange c;
  c.game_id = row.column_text(0);
  c.user_id = row.column_int(1);
  c.speed = row.column_text(2);
  const auto record = [&](int first) {
    return RatingRecord{c.user_id,
                        c.speed,
                        row.column_double(first),
                        row.column_double(first + 1),
                        row.column_double(first + 2),
                        static_cast<int>(row.column_int(first + 3)),
                        row.column_int(first + 4)};
  };
  c.before = record(3);
  c.after = record(8);
  c.at_ms = row.column_int(13);
  return c;
}

// Runs `body` in a read transaction (BEGIN DEFERRED: one snapshot of the WAL).
template <typename Body>
Result<void> read_transaction(sqlite::Database& db, Body body) {
  ARB_TRY(db.exec("BEGIN"));
  Result<void> result = body();
  (void)db.exec(result ? "COMMIT" : "ROLLBACK");
  return result;
}

}  // namespace

Result<std::vector<RatingChange>> SqliteStore::changes_of(std::string_view game_id) {
  auto query = db_.prepare(kChangesOfGame);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, game_id);
  std::vector<RatingChange> changes;
  ARB_TRY(
      query->each_row([&](const sqlite::Statement& row) { changes.push_back(read_change(row)); }));
  return changes;
}

Result<RatingRecord> SqliteStore::rating_of(std::int64_t user_id, std::string_view speed) {
  auto query = db_.prepare(kRatingOf);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, user_id).bind(2, speed);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return unrated(user_id, speed);
  RatingRecord found = read_rating(*query, 0);
  query->reset();
  return found;
}

Result<std::vector<RatingRecord>> SqliteStore::ratings_of(std::int64_t user_id) {
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kRatingsOf);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, user_id);
  std::vector<RatingRecord> ratings;
  ARB_TRY(query->each_row(
      [&](const sqlite::Statement& row) { ratings.push_back(read_rating(row, 0)); }));
  return ratings;
}

Result<std::vector<RatingChange>> SqliteStore::record_rated_game(
    std::string_view game_id, std::string_view speed, WallMs now,
    const std::function<RatingPair(const RatingPair& before)>& compute) {
  ARB_TRY(validate_game_id(game_id));
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_rating_time(now));
  std::lock_guard lock{mutex_};
  auto tx = sqlite::Transaction::begin(db_);
  if (!tx) return tl::unexpected(tx.error());
  auto game = db_.prepare("SELECT status, rated, white_user, black_user FROM games WHERE id = ?1");
  if (!game) return tl::unexpected(game.error());
  game->bind(1, game_id);
  auto row = game->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return no_such_game(game_id);
  auto status = parse_game_status(game->column_text(0));
  if (!status) return tl::unexpected(status.error());
  const bool rated = game->column_int(1) != 0;
  const std::int64_t white = game->column_int(2);
  const std::int64_t black = game->column_int(3);
  game->reset();
  // Rated once: a second call (a retry, another node) gets the stored changes. The
  // transaction, which wrote nothing, is rolled back.
  auto stored = changes_of(game_id);
  if (!stored || !stored->empty()) return stored;
  ARB_TRY(check_ratable(game_id, *status, rated));
  ARB_TRY(require_live_user(white));
  ARB_TRY(require_live_user(black));
  RatingPair before;
  auto white_rating = rating_of(white, speed);
  if (!white_rating) return tl::unexpected(white_rating.error());
  before.white = std::move(*white_rating);
  auto black_rating = rating_of(black, speed);
  if (!black_rating) return tl::unexpected(black_rating.error());
  before.black = std::move(*black_rating);
  const RatingPair computed = compute(before);
  ARB_TRY(validate_computed(computed));
  std::vector<RatingChange> changes = rating_changes(game_id, speed, now, before, computed);
  for (const RatingChange& c : changes) {
    auto upsert = db_.prepare(kUpsertRating);
    if (!upsert) return tl::unexpected(upsert.error());
    const RatingRecord& a = c.after;
    upsert->bind(1, a.user_id).bind(2, a.speed).bind(3, a.rating).bind(4, a.deviation);
    upsert->bind(5, a.volatility).bind(6, std::int64_t{a.games}).bind(7, a.updated_ms);
    ARB_TRY(upsert->run());
    auto insert = db_.prepare(kInsertChange);
    if (!insert) return tl::unexpected(insert.error());
    const RatingRecord& b = c.before;
    insert->bind(1, c.game_id).bind(2, c.user_id).bind(3, c.speed);
    insert->bind(4, b.rating).bind(5, b.deviation).bind(6, b.volatility);
    insert->bind(7, std::int64_t{b.games}).bind(8, b.updated_ms);
    insert->bind(9, a.rating).bind(10, a.deviation).bind(11, a.volatility);
    insert->bind(12, std::int64_t{a.games}).bind(13, a.updated_ms).bind(14, c.at_ms);
    ARB_TRY(insert->run());
  }
  ARB_TRY(tx->commit());
  return changes;
}

Result<std::vector<RatingChange>> SqliteStore::game_rating_changes(std::string_view game_id) {
  ARB_TRY(validate_game_id(game_id));
  std::lock_guard lock{mutex_};
  std::vector<RatingChange> changes;
  auto done = read_transaction(db_, [&]() -> Result<void> {
    ARB_TRY(status_of(game_id));  // no such game: an error, not an empty list
    auto stored = changes_of(game_id);
    if (!stored) return tl::unexpected(stored.error());
    changes = std::move(*stored);
    return {};
  });
  if (!done) return tl::unexpected(done.error());
  return changes;
}

Result<std::vector<RatingChange>> SqliteStore::rating_history(std::int64_t user_id,
                                                              std::string_view speed, int limit) {
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_history_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(kHistory);
  if (!query) return tl::unexpected(query.error());
  query->bind(1, user_id).bind(2, speed).bind(3, std::int64_t{limit});
  std::vector<RatingChange> changes;
  ARB_TRY(
      query->each_row([&](const sqlite::Statement& row) { changes.push_back(read_change(row)); }));
  return changes;
}

}  // namespace arbiter::store
