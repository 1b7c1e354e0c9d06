// PgStore's ratings (issue #17, docs/store.md "Rated games and ratings"). Each call is one
// transaction; the statements are prepared.
//
// Several servers on one database: record_rated_game locks the game's row first (FOR UPDATE),
// so that one game is rated once (the second call waits, then finds its changes); it locks
// both accounts (FOR SHARE) against a concurrent delete_user; and it locks both ratings rows
// (inserting a row of the defaults first if the player has none in the category, so that
// there is a row to lock), in the order of the account ids, so that two games of one player
// rated at once on two servers run one after the other and neither update is lost, and two
// games of the same two players with the colours swapped cannot deadlock.
#include <algorithm>
#include <utility>

#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {
namespace {

constexpr pg::PreparedStatement kRatingStatements[] = {
    {"lock_rated_game",
     "SELECT status, rated, white_user, black_user FROM games WHERE id = $1 FOR UPDATE"},
    // The categories in the order of rating::kAllSpeeds, the shortest games first.
    {"ratings_of",
     "SELECT user_id, speed, rating, deviation, volatility, games, updated_ms FROM ratings"
     " WHERE user_id = $1 ORDER BY CASE speed WHEN 'bullet' THEN 1 WHEN 'blitz' THEN 2"
     " WHEN 'rapid' THEN 3 WHEN 'classical' THEN 4 ELSE 5 END"},
    // A row to lock for a player's first rated game in the category: the defaults, never
    // rated (games 0, updated_ms 0). It is updated in the same transaction, or rolled back.
    {"insert_unrated",
     "INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, updated_ms)"
     " VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (user_id, speed) DO NOTHING"},
    {"lock_rating",
     "SELECT user_id, speed, rating, deviation, volatility, games, updated_ms FROM ratings"
     " WHERE user_id = $1 AND speed = $2 FOR UPDATE"},
    {"update_rating",
     "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6,"
     " updated_ms = $7 WHERE user_id = $1 AND speed = $2"},
    {"insert_rating_change",
     "INSERT INTO rating_changes (game_id, user_id, speed, before_rating, before_deviation,"
     " before_volatility, before_games, before_updated_ms, after_rating, after_deviation,"
     " after_volatility, after_games, after_updated_ms, at_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"},
    // White's change first: the seats of a rated game hold two different accounts.
    {"game_rating_changes",
     "SELECT c.game_id, c.user_id, c.speed, c.before_rating, c.before_deviation,"
     " c.before_volatility, c.before_games, c.before_updated_ms, c.after_rating,"
     " c.after_deviation, c.after_volatility, c.after_games, c.after_updated_ms, c.at_ms"
     " FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.game_id = $1"
     " ORDER BY c.user_id = g.black_user"},
    // The `limit` most recent, then oldest first. after_games orders the changes of one
    // player's category as they were made, should two share a time.
    {"rating_history",
     "SELECT c.game_id, c.user_id, c.speed, c.before_rating, c.before_deviation,"
     " c.before_volatility, c.before_games, c.before_updated_ms, c.after_rating,"
     " c.after_deviation, c.after_volatility, c.after_games, c.after_updated_ms, c.at_ms"
     " FROM (SELECT * FROM rating_changes WHERE user_id = $1 AND speed = $2"
     " ORDER BY at_ms DESC, after_games DESC LIMIT $3) AS c ORDER BY c.at_ms, c.after_games"},
};

RatingRecord read_rating(const pqxx::row& r) {
  return RatingRecord{r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<double>(),
                      r[3].as<double>(),       r[4].as<double>(),      r[5].as<int>(),
                      r[6].as<std::int64_t>()};
}

// A row of game_rating_changes or rating_history.
RatingChange read_change(const pqxx::row& r) {
  RatingChange c;
  c.game_id = r[0].as<std::string>();
  c.user_id = r[1].as<std::int64_t>();
  c.speed = r[2].as<std::string>();
  const auto record = [&](int first) {
    return RatingRecord{c.user_id,
                        c.speed,
                        r[first].as<double>(),
                        r[first + 1].as<double>(),
                        r[first + 2].as<double>(),
                        r[first + 3].as<int>(),
                        r[first + 4].as<std::int64_t>()};
  };
  c.before = record(3);
  c.after = record(8);
  c.at_ms = r[13].as<std::int64_t>();
  return c;
}

std::vector<RatingChange> changes_of(pqxx::transaction_base& tx, const std::string& id) {
  std::vector<RatingChange> changes;
  for (const pqxx::row& r : tx.exec_prepared("game_rating_changes", id)) {
    changes.push_back(read_change(r));
  }
  return changes;
}

// The player's rating in the category, its row locked until the transaction ends (made
// first, of the defaults, when the player has none).
RatingRecord lock_rating(pqxx::transaction_base& tx, std::int64_t user_id,
                         const std::string& speed) {
  const RatingRecord defaults = unrated(user_id, speed);
  tx.exec_prepared0("insert_unrated", user_id, speed, defaults.rating, defaults.deviation,
                    defaults.volatility);
  return read_rating(tx.exec_prepared1("lock_rating", user_id, speed));
}

}  // namespace

namespace pg {
std::span<const PreparedStatement> rating_statements() noexcept { return kRatingStatements; }
}  // namespace pg

Result<std::vector<RatingRecord>> PgStore::ratings_of(std::int64_t user_id) {
  std::vector<RatingRecord> ratings;
  ARB_TRY(session_->read("ratings_of", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("ratings_of", user_id)) {
      ratings.push_back(read_rating(r));
    }
    return {};
  }));
  return ratings;
}

Result<std::vector<RatingChange>> PgStore::record_rated_game(
    std::string_view game_id, std::string_view speed, WallMs now,
    const std::function<RatingPair(const RatingPair& before)>& compute) {
  ARB_TRY(validate_game_id(game_id));
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_rating_time(now));
  const std::string id{game_id};
  const std::string category{speed};
  std::vector<RatingChange> changes;
  // Not ARB_TRY around the body, which uses it.
  auto done = session_->write("record_rated_game", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result game = tx.exec_prepared("lock_rated_game", id);
    if (game.empty()) return no_such_game(id);
    // Rated once: a second call (a retry, another server) gets the stored changes.
    changes = changes_of(tx, id);
    if (!changes.empty()) return {};
    auto status = parse_game_status(game[0][0].as<std::string>());
    if (!status) return tl::unexpected(status.error());
    ARB_TRY(check_ratable(id, *status, game[0][1].as<bool>()));
    const std::int64_t white = game[0][2].as<std::int64_t>();
    const std::int64_t black = game[0][3].as<std::int64_t>();
    for (const std::int64_t user : {white, black}) {
      if (tx.exec_prepared("lock_live_user", user).empty()) return no_live_user(user);
    }
    // In the order of the ids (a rated game's two accounts differ).
    const RatingRecord first = lock_rating(tx, std::min(white, black), category);
    const RatingRecord second = lock_rating(tx, std::max(white, black), category);
    RatingPair before{white < black ? first : second, white < black ? second : first};
    const RatingPair computed = compute(before);
    ARB_TRY(validate_computed(computed));
    changes = rating_changes(id, category, now, before, computed);
    for (const RatingChange& c : changes) {
      const RatingRecord& a = c.after;
      const RatingRecord& b = c.before;
      tx.exec_prepared0("update_rating", a.user_id, a.speed, a.rating, a.deviation, a.volatility,
                        a.games, a.updated_ms);
      tx.exec_prepared0("insert_rating_change", c.game_id, c.user_id, c.speed, b.rating,
                        b.deviation, b.volatility, b.games, b.updated_ms, a.rating, a.deviation,
                        a.volatility, a.games, a.updated_ms, c.at_ms);
    }
    return {};
  });
  if (!done) return tl::unexpected(done.error());
  return changes;
}

Result<std::vector<RatingChange>> PgStore::game_rating_changes(std::string_view game_id) {
  ARB_TRY(validate_game_id(game_id));
  const std::string id{game_id};
  std::vector<RatingChange> changes;
  ARB_TRY(session_->read("game_rating_changes", [&](pqxx::transaction_base& tx) -> Result<void> {
    if (tx.exec_prepared("game_exists", id).empty()) return no_such_game(id);
    changes = changes_of(tx, id);
    return {};
  }));
  return changes;
}

Result<std::vector<RatingChange>> PgStore::rating_history(std::int64_t user_id,
                                                          std::string_view speed, int limit) {
  ARB_TRY(validate_speed(speed));
  ARB_TRY(validate_history_limit(limit));
  const std::string category{speed};
  std::vector<RatingChange> changes;
  ARB_TRY(session_->read("rating_history", [&](pqxx::transaction_base& tx) -> Result<void> {
    for (const pqxx::row& r : tx.exec_prepared("rating_history", user_id, category, limit)) {
      changes.push_back(read_change(r));
    }
    return {};
  }));
  return changes;
}

}  // namespace arbiter::store
