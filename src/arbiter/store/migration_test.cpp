// Versioned migrations: the list's rules, a SQLite file made by the program before
// migrations existed (schema version 1 in PRAGMA user_version, no schema_migrations), and
// databases of versions 6, 7, 8, 9, 10 and 11 on every backend, from before accounts, before
// rated games, before the games' categories, before the lobby's seeks (issue #17), before
// the events run by the server and before the analyses of games (issue #18).
#include "arbiter/store/migration.hpp"

#include <gtest/gtest.h>

#include <map>
#include <pqxx/pqxx>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/sqlite_db.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/test_support.hpp"

namespace arbiter::store {
namespace {

using testing::Backend;
using testing::TempDir;

// The schema and a game exactly as the program of version 1 wrote them.
constexpr const char* kVersion1File = R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY, white_token TEXT NOT NULL, black_token TEXT NOT NULL,
  white TEXT NOT NULL, black TEXT NOT NULL, time_control TEXT NOT NULL,
  variant TEXT NOT NULL, start_fen TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created','ongoing','ended','aborted')),
  result TEXT NOT NULL, reason TEXT NOT NULL, extra TEXT NOT NULL,
  created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
CREATE INDEX games_by_update ON games (updated_ms DESC);
CREATE TABLE moves (
  game_id TEXT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL CHECK (ply >= 1),
  uci TEXT NOT NULL, san TEXT NOT NULL, white_ms INTEGER NOT NULL,
  black_ms INTEGER NOT NULL, wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL CHECK (seq >= 1),
  json TEXT NOT NULL, wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
PRAGMA user_version = 1;
INSERT INTO games VALUES ('old', 'w', 'b', 'Anna', 'Boris', '180+2', 'standard',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'ongoing', '*', '', '{}',
  1000, 2000);
INSERT INTO moves VALUES ('old', 1, 'e2e4', 'e4', 180000, 180000, 2000);
INSERT INTO events VALUES ('old', 1, '{"type":"move"}', 2000);
)sql";

std::int64_t query_int(sqlite::Database& db, const char* sql) {
  auto q = db.prepare(sql);
  EXPECT_TRUE(q);
  EXPECT_TRUE(q->step().value_or(false)) << sql;
  return q->column_int(0);
}

TEST(Migrations, BothBackendsHaveTheSameNumberedList) {
  const auto sqlite = sqlite_migrations();
  const auto pg = pg_migrations();
  ASSERT_EQ(sqlite.size(), pg.size());
  for (std::size_t i = 0; i < sqlite.size(); ++i) {
    EXPECT_EQ(sqlite[i].version, static_cast<int>(i) + 1);
    EXPECT_EQ(pg[i].version, sqlite[i].version);
    EXPECT_EQ(pg[i].name, sqlite[i].name);
    EXPECT_EQ(pg[i].step, sqlite[i].step);
  }
  EXPECT_EQ(latest_version(sqlite), 12);
  EXPECT_EQ(sqlite[8].name, "game categories");
  EXPECT_EQ(sqlite[8].step, MigrationStep::FillGameSpeeds);
  EXPECT_EQ(sqlite[9].name, "lobby seeks");
  EXPECT_EQ(sqlite[10].name, "tournaments");
  EXPECT_EQ(sqlite.back().name, "game analyses");
  EXPECT_EQ(sqlite.back().step, MigrationStep::None);
}

TEST(Migrations, PendingAreThoseAfterTheCurrentVersion) {
  const Migration list[] = {{1, "a", "A"}, {2, "b", "B"}, {3, "c", "C"}};
  EXPECT_EQ(pending_migrations(list, 0, "X")->size(), 3u);
  auto after_one = pending_migrations(list, 1, "X");
  ASSERT_TRUE(after_one);
  ASSERT_EQ(after_one->size(), 2u);
  EXPECT_EQ(after_one->front().name, "b");
  EXPECT_TRUE(pending_migrations(list, 3, "X")->empty());
  auto newer = pending_migrations(list, 4, "X");
  ASSERT_FALSE(newer);
  EXPECT_EQ(newer.error().code, ErrorCode::kUnsupported);
  EXPECT_NE(newer.error().message.find("X database schema version 4 is newer"), std::string::npos);
}

TEST(Migrations, AVersion1SqliteFileIsMigratedAndKeepsItsGames) {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  {
    auto db = sqlite::Database::open(path, 1000);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db->exec(kVersion1File));
  }
  {
    auto store = SqliteStore::open(path);
    ASSERT_TRUE(store) << store.error().describe();
    auto game = (*store)->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->moves[0].san, "e4");
    EXPECT_EQ(game->events.size(), 1u);
    auto ongoing = (*store)->list_games({GameStatus::Ongoing, 10});
    ASSERT_TRUE(ongoing);
    EXPECT_EQ(ongoing->size(), 1u);
  }
  auto db = sqlite::Database::open(path, 1000);
  ASSERT_TRUE(db);
  EXPECT_EQ(query_int(*db, "PRAGMA user_version"), 12);
  EXPECT_EQ(query_int(*db,
                      "SELECT COUNT(*) FROM schema_migrations"
                      " WHERE version IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)"),
            12);
  // Version 9: the game of version 1 got its category; a player's games are indexed with
  // the id after the end time, and by category.
  EXPECT_EQ(query_int(*db, "SELECT speed = 'blitz' FROM games WHERE id = 'old'"), 1);
  EXPECT_EQ(query_int(*db,
                      "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('games_by_white_user',"
                      " 'games_by_black_user', 'games_by_white_speed', 'games_by_black_speed')"
                      " AND sql LIKE '%updated_ms DESC, id)%'"),
            4);
  // Version 10: the lobby's seeks and their two indexes.
  EXPECT_EQ(query_int(*db,
                      "SELECT COUNT(*) FROM sqlite_master"
                      " WHERE name IN ('seeks', 'seeks_by_owner', 'seeks_by_expiry')"),
            3);
  // Version 11: the events run by the server and their three indexes.
  EXPECT_EQ(query_int(*db,
                      "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('tournaments',"
                      " 'tournaments_by_status', 'tournaments_by_start', 'tournaments_due')"),
            4);
  // Version 12: the analyses of games and their index, and the games in play of a seat.
  EXPECT_EQ(
      query_int(*db,
                "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('game_analyses',"
                " 'game_analyses_pending', 'games_in_play_by_white', 'games_in_play_by_black')"),
      4);
  // Version 6: the events kept, in a table with rowids under a unique (game, seq) index.
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM events WHERE game_id = 'old' AND seq = 1"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'events_by_game'"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'events_appended'"), 0);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'cluster_nodes'"), 1);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'games_by_status'"), 1);
  // Version 3: the old game has no referee log yet; the server's conversion will write it.
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'referee_log'"), 1);
  auto store = SqliteStore::open(path);
  ASSERT_TRUE(store);
  auto unconverted = (*store)->games_without_log(10);
  ASSERT_TRUE(unconverted);
  EXPECT_EQ(*unconverted, std::vector<std::string>{"old"});
}

TEST(Migrations, ANewSqliteFileRecordsEveryMigrationOnce) {
  TempDir dir;
  const std::string path = dir.file("new.db");
  ASSERT_TRUE(SqliteStore::open(path));
  ASSERT_TRUE(SqliteStore::open(path));  // a second open applies nothing
  auto db = sqlite::Database::open(path, 1000);
  ASSERT_TRUE(db);
  EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM schema_migrations"), 12);
  EXPECT_EQ(query_int(*db,
                      "SELECT name = 'games by status' FROM schema_migrations"
                      " WHERE version = 2"),
            1);
  EXPECT_EQ(query_int(*db,
                      "SELECT name = 'referee event log' FROM schema_migrations"
                      " WHERE version = 3"),
            1);
  EXPECT_EQ(query_int(*db, "SELECT name = 'game leases' FROM schema_migrations WHERE version = 4"),
            1);
}

TEST(Migrations, ASqliteFileOfANewerProgramIsRefused) {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  {
    auto db = sqlite::Database::open(path, 1000);
    ASSERT_TRUE(db);
    // One past the latest migration this program knows.
    const std::string newer =
        "PRAGMA user_version = " + std::to_string(latest_version(sqlite_migrations()) + 1);
    ASSERT_TRUE(db->exec(newer));
  }
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().code, ErrorCode::kUnsupported);
}

// A database as the program of schema version `version` (6 to 11) left it, on either
// backend: that backend's own migrations 1..version applied and recorded, and a game with a
// move, an event and a referee log line; from version 7 on, an account too (id 1, Anna).
// Only the SQL of each migration is run, not its step (MigrationStep): from version 9 on,
// the games inserted here would lack what a step fills in.
std::string old_database(Backend backend, int version) {
  const auto all = backend == Backend::Sqlite ? sqlite_migrations() : pg_migrations();
  std::string sql{kCreateMigrationsTable};
  sql += ";\n";
  for (const Migration& m : all.first(static_cast<std::size_t>(version))) {
    sql += m.sql;
    sql += ";\nINSERT INTO schema_migrations (version, name) VALUES (" + std::to_string(m.version) +
           ", '" + std::string{m.name} + "');\n";
  }
  if (backend == Backend::Sqlite) sql += "PRAGMA user_version = " + std::to_string(version) + ";\n";
  if (version >= 7) {
    sql +=
        "INSERT INTO users (name, name_key, password_hash, created_ms)"
        " VALUES ('Anna', 'anna', '$argon2id$h', 500);\n";
  }
  sql += R"sql(
INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,
  start_fen, status, result, reason, extra, created_ms, updated_ms)
  VALUES ('old', 'w', 'b', 'Anna', 'Boris', '180+2', 'standard',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'ongoing', '*', '', '{}',
  1000, 2000);
INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, wall_ms)
  VALUES ('old', 1, 'e2e4', 'e4', 180000, 180000, 2000);
INSERT INTO events (game_id, seq, json, wall_ms) VALUES ('old', 1, '{"type":"move"}', 2000);
)sql";
  sql += "INSERT INTO referee_log (game_id, n, line) VALUES ('old', 1, '" +
         testing::sample_line(1).text + "');\n";
  return sql;
}

// The schema version as each backend records it: SQLite's PRAGMA user_version, which
// must agree with schema_migrations, or PostgreSQL's highest row there.
std::int64_t schema_version(Backend backend, const std::string& location) {
  if (backend == Backend::Sqlite) {
    auto db = sqlite::Database::open(location.substr(std::string_view{"sqlite:"}.size()), 1000);
    EXPECT_TRUE(db);
    const std::int64_t pragma = query_int(*db, "PRAGMA user_version");
    EXPECT_EQ(query_int(*db, "SELECT MAX(version) FROM schema_migrations"), pragma);
    EXPECT_EQ(query_int(*db, "SELECT COUNT(*) FROM schema_migrations"), pragma);
    return pragma;
  }
  pqxx::connection connection{location};
  pqxx::nontransaction tx{connection};
  EXPECT_EQ(tx.exec1("SELECT COUNT(*) = MAX(version) FROM schema_migrations")[0].as<bool>(), true);
  return tx.exec1("SELECT MAX(version) FROM schema_migrations")[0].as<std::int64_t>();
}

class MigrationToAccounts : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToAccounts);

TEST_P(MigrationToAccounts, AVersion6DatabaseGainsAccountsAndKeepsItsGames) {
  ASSERT_TRUE(testing::execute_sql(location(), old_database(GetParam(), 6)));
  ASSERT_EQ(schema_version(GetParam(), location()), 6);
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto game = store->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    EXPECT_EQ(game->header.status, GameStatus::Ongoing);
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->moves[0].san, "e4");
    EXPECT_EQ(game->events, (std::vector<EventRecord>{{1, R"({"type":"move"})", 2000}}));
    EXPECT_EQ(game->log, std::vector<LogLine>{testing::sample_line(1)});
    // Version 7: the accounts work, ids from 1.
    auto anna = store->create_user({0, "Anna", "anna", "$argon2id$h", 3000, 0});
    ASSERT_TRUE(anna) << anna.error().describe();
    EXPECT_EQ(anna->id, 1);
    const SessionRecord s{std::string(64, 'a'), anna->id, "csrf", 3000, 4000};
    ASSERT_TRUE(store->create_session(s));
    EXPECT_EQ(*store->find_session(s.token_hash, 3500), s);
  }
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
}

class MigrationToRatings : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToRatings);

TEST_P(MigrationToRatings, AVersion7DatabaseGainsRatedGamesAndKeepsItsGames) {
  ASSERT_TRUE(testing::execute_sql(location(), old_database(GetParam(), 7)));
  ASSERT_EQ(schema_version(GetParam(), location()), 7);
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto game = store->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    EXPECT_EQ(game->header.status, GameStatus::Ongoing);
    EXPECT_EQ(game->header.created_ms, 1000);
    EXPECT_EQ(game->header.updated_ms, 2000);
    // Version 8: the game has no accounts in its seats and is not rated.
    EXPECT_EQ(game->header.white_user, 0);
    EXPECT_EQ(game->header.black_user, 0);
    EXPECT_FALSE(game->header.rated);
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->moves[0].san, "e4");
    EXPECT_EQ(game->events, (std::vector<EventRecord>{{1, R"({"type":"move"})", 2000}}));
    EXPECT_EQ(game->log, std::vector<LogLine>{testing::sample_line(1)});
    EXPECT_EQ(*store->game_rating_changes("old"), std::vector<RatingChange>{});
    // The account of version 7 is kept, and plays a rated game.
    EXPECT_EQ(store->find_user("anna")->value().id, 1);
    auto boris = store->create_user({0, "Boris", "boris", "$argon2id$h", 3000, 0});
    ASSERT_TRUE(boris) << boris.error().describe();
    GameHeader rated = testing::sample_header("rated", 3000);
    rated.white_user = 1;
    rated.black_user = boris->id;
    rated.rated = true;
    ASSERT_TRUE(store->create_game(rated));
    ASSERT_TRUE(store->finish_game("rated", {GameStatus::Ended, "1-0", "resignation", 4000}, {}));
    auto changes = store->record_rated_game("rated", "blitz", 5000,
                                            [](const RatingPair& before) { return before; });
    ASSERT_TRUE(changes) << changes.error().describe();
    ASSERT_EQ(changes->size(), 2u);
    EXPECT_EQ(store->ratings_of(1)->at(0).games, 1);
  }
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
}

// Each game's stored category (games.speed), by id, read with the backend's own client.
std::map<std::string, std::string> stored_speeds(Backend backend, const std::string& location) {
  std::map<std::string, std::string> speeds;
  if (backend == Backend::Sqlite) {
    auto db = sqlite::Database::open(location.substr(std::string_view{"sqlite:"}.size()), 1000);
    EXPECT_TRUE(db);
    auto q = db->prepare("SELECT id, speed FROM games");
    EXPECT_TRUE(q);
    EXPECT_TRUE(q->each_row(
        [&](const sqlite::Statement& row) { speeds[row.column_text(0)] = row.column_text(1); }));
    return speeds;
  }
  pqxx::connection connection{location};
  pqxx::nontransaction tx{connection};
  for (const pqxx::row& r : tx.exec("SELECT id, speed FROM games")) {
    speeds[r[0].as<std::string>()] = r[1].as<std::string>();
  }
  return speeds;
}

class MigrationToCategories : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToCategories);

TEST_P(MigrationToCategories, AVersion8DatabaseGetsEachGamesCategory) {
  // Version 8 with Anna (1) and Boris (2), and ended games between them of every category,
  // besides the ongoing anonymous 'old' game (180+2) of old_database; one game's time
  // control does not parse (the server never stored one: the migration must not fail).
  std::string sql = old_database(GetParam(), 8);
  sql +=
      "INSERT INTO users (name, name_key, password_hash, created_ms)"
      " VALUES ('Boris', 'boris', '$argon2id$h', 600);\n";
  const std::pair<const char*, const char*> games[] = {
      {"60", "bullet"},         {"180+2", "blitz"},      {"900+10", "rapid"},
      {"5400+30", "classical"}, {"-", "correspondence"}, {"nonsense", ""}};
  int end = 10'000;
  for (const auto& [control, speed] : games) {
    const std::string id = *speed ? speed : "unparsed";
    sql +=
        "INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,"
        " start_fen, status, result, reason, extra, created_ms, updated_ms, white_user,"
        " black_user) VALUES ('" +
        id + "', 'w', 'b', 'Anna', 'Boris', '" + control +
        "', 'standard', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'ended',"
        " '1-0', 'checkmate', '{}', 5000, " +
        std::to_string(end += 1000) + ", 1, 2);\n";
  }
  ASSERT_TRUE(testing::execute_sql(location(), sql));
  ASSERT_EQ(schema_version(GetParam(), location()), 8);
  {
    auto store = open();
    ASSERT_TRUE(store);
    PlayerGamesQuery q;
    q.user_id = 1;
    auto archive = store->games_of_user(q);
    ASSERT_TRUE(archive) << archive.error().describe();
    ASSERT_EQ(archive->size(), 6u);
    for (std::size_t i = 0; i < archive->size(); ++i) {
      // Newest first: the list above in reverse.
      const auto& [control, speed] = games[5 - i];
      EXPECT_EQ(archive->at(i).summary.time_control, control);
      EXPECT_EQ(archive->at(i).speed, speed) << control;
      EXPECT_EQ(archive->at(i).white_user, 1);
      EXPECT_EQ(archive->at(i).black_user, 2);
    }
    q.speed = "rapid";
    archive = store->games_of_user(q);
    ASSERT_TRUE(archive) << archive.error().describe();
    ASSERT_EQ(archive->size(), 1u);
    EXPECT_EQ(archive->at(0).summary.id, "rapid");
    // A game created now gets its category from the store.
    GameHeader h = testing::sample_header("new", 30'000);
    h.time_control = "60+1";
    ASSERT_TRUE(store->create_game(h));
  }
  const std::map<std::string, std::string> expected{
      {"old", "blitz"},   {"bullet", "bullet"},       {"blitz", "blitz"},
      {"rapid", "rapid"}, {"classical", "classical"}, {"correspondence", "correspondence"},
      {"unparsed", ""},   {"new", "bullet"}};
  EXPECT_EQ(stored_speeds(GetParam(), location()), expected);
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  EXPECT_EQ(stored_speeds(GetParam(), location()), expected);
}

class MigrationToSeeks : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToSeeks);

TEST_P(MigrationToSeeks, AVersion9DatabaseGainsTheLobbysSeeksAndKeepsItsGames) {
  ASSERT_TRUE(testing::execute_sql(location(), old_database(GetParam(), 9)));
  ASSERT_EQ(schema_version(GetParam(), location()), 9);
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto game = store->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    EXPECT_EQ(game->header.status, GameStatus::Ongoing);
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->log, std::vector<LogLine>{testing::sample_line(1)});
    EXPECT_EQ(store->find_user("anna")->value().id, 1);
    // Version 10: seeks are stored, found and taken.
    SeekRecord s;
    s.id = "seek1";
    s.key_hash = std::string(64, 'a');
    s.game_id = "lobby-game";
    s.invite = "inv";
    s.owner_user_id = 1;
    s.owner_name = "Anna";
    s.owner_address = "127.0.0.1";
    s.time_control = "180+2";
    s.variant = "standard";
    s.speed = "blitz";
    s.color = "random";
    s.created_ms = 3000;
    s.alive_until_ms = 4000;
    ASSERT_TRUE(store->add_seek(s, 3000, 3));
    EXPECT_EQ(*store->open_seeks(3500, 10), std::vector<SeekRecord>{s});
    EXPECT_EQ(*store->take_seek("seek1", 3500), s);
  }
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
}

class MigrationToTournaments : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToTournaments);

TEST_P(MigrationToTournaments, AVersion10DatabaseGainsEventsAndKeepsItsGamesAndSeeks) {
  std::string sql = old_database(GetParam(), 10);
  sql += R"sql(
INSERT INTO seeks (id, key_hash, game_id, invite, owner_user_id, owner_name, owner_address,
  owner_rating, owner_provisional, target_user_id, time_control, variant, speed, color, rated,
  rating_min, rating_max, pool, created_ms, alive_until_ms)
  VALUES ('seek1', ')sql" +
         std::string(64, 'a') +
         R"sql(', 'lobby-game', 'inv', 1, 'Anna', '127.0.0.1', 0, FALSE, 0, '180+2',
  'standard', 'blitz', 'random', FALSE, 0, 0, '', 3000, 4000);
)sql";
  ASSERT_TRUE(testing::execute_sql(location(), sql));
  ASSERT_EQ(schema_version(GetParam(), location()), 10);
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto game = store->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    EXPECT_EQ(game->header.status, GameStatus::Ongoing);
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->log, std::vector<LogLine>{testing::sample_line(1)});
    EXPECT_EQ(store->find_user("anna")->value().id, 1);
    auto seek = store->find_seek("seek1", 3500);
    ASSERT_TRUE(seek) << seek.error().describe();
    ASSERT_TRUE(*seek);
    EXPECT_EQ((*seek)->game_id, "lobby-game");
    // Version 11: events are stored, updated, listed, due and leased.
    TournamentRecord t;
    t.id = "weekly";
    t.kind = "swiss";
    t.name = "Weekly Swiss";
    t.owner_user_id = 1;
    t.state = R"({"rounds":5})";
    t.created_ms = 3000;
    t.starts_ms = 5000;
    t.due_ms = 5000;
    ASSERT_TRUE(store->create_tournament(t));
    t.version = 1;
    EXPECT_EQ(*store->find_tournament("weekly"), t);
    t.status = TournamentStatus::Running;
    EXPECT_EQ(*store->update_tournament(t), true);
    t.version = 2;
    EXPECT_EQ(*store->list_tournaments(TournamentStatus::Running, 10),
              std::vector<TournamentRecord>{t});
    EXPECT_EQ(*store->due_tournaments(5000, 10), std::vector<TournamentRecord>{t});
    EXPECT_EQ(*store->lease_tournament("weekly", "node-a", 5000, 6000), true);
    EXPECT_EQ(*store->lease_tournament("weekly", "node-b", 5000, 6000), false);
  }
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
}

class MigrationToAnalyses : public testing::BackendTest {};
ARB_STORE_BACKENDS(MigrationToAnalyses);

TEST_P(MigrationToAnalyses, AVersion11DatabaseGainsAnalysesAndKeepsItsGamesAndEvents) {
  std::string sql = old_database(GetParam(), 11);
  // Two more games of Anna's (account 1): one ended, one in play; and an event.
  sql += std::string{R"sql(
INSERT INTO games (id, white_token, black_token, white, black, time_control, variant,
  start_fen, status, result, reason, extra, created_ms, updated_ms, white_user, black_user,
  speed)
  VALUES ('fin', 'w', 'b', 'Anna', 'Boris', '180+2', 'standard', ')sql"} +
         testing::kStartFen + R"sql(', 'ended', '1-0', 'checkmate', '{}', 1000, 3000, 1, 0,
  'blitz'),
  ('play', 'w', 'b', 'Boris', 'Anna', '180+2', 'standard', ')sql" +
         testing::kStartFen + R"sql(', 'ongoing', '*', '', '{}', 1000, 3000, 0, 1, 'blitz');
INSERT INTO tournaments (id, kind, name, owner_user_id, status, version, created_ms,
  starts_ms, due_ms, node, lease_until_ms, state)
  VALUES ('weekly', 'swiss', 'Weekly Swiss', 1, 'running', 3, 3000, 5000, 6000, '', 0, '{}');
)sql";
  ASSERT_TRUE(testing::execute_sql(location(), sql));
  ASSERT_EQ(schema_version(GetParam(), location()), 11);
  {
    auto store = open();
    ASSERT_TRUE(store);
    auto game = store->load_game("old");
    ASSERT_TRUE(game) << game.error().describe();
    EXPECT_EQ(game->header.white, "Anna");
    EXPECT_EQ(game->header.status, GameStatus::Ongoing);
    ASSERT_EQ(game->moves.size(), 1u);
    EXPECT_EQ(game->log, std::vector<LogLine>{testing::sample_line(1)});
    EXPECT_EQ(store->find_user("anna")->value().id, 1);
    auto event = store->find_tournament("weekly");
    ASSERT_TRUE(event) << event.error().describe();
    ASSERT_TRUE(*event);
    EXPECT_EQ((*event)->version, 3);
    EXPECT_EQ((*event)->status, TournamentStatus::Running);
    // Version 12: the ended game is analysed once; the games in play before it are found.
    AnalysisRecord a;
    a.game_id = "fin";
    a.total = 40;
    a.requested_by = 1;
    a.requested_ms = 7000;
    a.updated_ms = 7000;
    EXPECT_EQ(*store->request_analysis(a), true);
    EXPECT_EQ(*store->request_analysis(a), false);
    EXPECT_EQ(*store->find_analysis("fin"), a);
    EXPECT_EQ(*store->pending_analyses(10), std::vector<AnalysisRecord>{a});
    a.status = AnalysisStatus::Done;
    a.done = 40;
    a.text = "analysis text";
    a.updated_ms = 8000;
    EXPECT_EQ(*store->update_analysis(a), true);
    EXPECT_EQ(*store->find_analysis("fin"), a);
    EXPECT_EQ(*store->pending_analyses(10), std::vector<AnalysisRecord>{});
    AnalysisRecord in_play = a;
    in_play.game_id = "old";
    EXPECT_EQ(store->request_analysis(in_play).error().where.field, "status");
    EXPECT_EQ(*store->games_in_play_of(1, 10), std::vector<std::string>{"play"});
  }
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
  ASSERT_TRUE(open());  // a second open applies nothing
  EXPECT_EQ(schema_version(GetParam(), location()), 12);
}

}  // namespace
}  // namespace arbiter::store
