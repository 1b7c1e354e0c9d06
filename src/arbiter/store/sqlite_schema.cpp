// The schema of SqliteStore: its list of migrations (migration.hpp) and how they are
// applied. The version lives in PRAGMA user_version, which this program has always read:
// a program older than a migration refuses the file instead of misreading it. The table
// schema_migrations records each applied migration, as on every backend.
#include "arbiter/store/migration.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"

namespace arbiter::store {
namespace {

// Version 1. The moves and events tables are keyed by (game, number) without rowids, so
// a duplicate ply or seq is a constraint violation, not a second row.
constexpr std::string_view kGamesMovesEvents = R"sql(
CREATE TABLE games (
  id           TEXT PRIMARY KEY,
  white_token  TEXT NOT NULL,
  black_token  TEXT NOT NULL,
  white        TEXT NOT NULL,
  black        TEXT NOT NULL,
  time_control TEXT NOT NULL,
  variant      TEXT NOT NULL,
  start_fen    TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('created','ongoing','ended','aborted')),
  result       TEXT NOT NULL,
  reason       TEXT NOT NULL,
  extra        TEXT NOT NULL,
  created_ms   INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL
);
CREATE INDEX games_by_update ON games (updated_ms DESC);
CREATE TABLE moves (
  game_id  TEXT NOT NULL REFERENCES games (id),
  ply      INTEGER NOT NULL CHECK (ply >= 1),
  uci      TEXT NOT NULL,
  san      TEXT NOT NULL,
  white_ms INTEGER NOT NULL,
  black_ms INTEGER NOT NULL,
  wall_ms  INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq     INTEGER NOT NULL CHECK (seq >= 1),
  json    TEXT NOT NULL,
  wall_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
)sql";

// Version 2: the server lists the unfinished games at start-up (list_games by status).
constexpr std::string_view kGamesByStatus =
    "CREATE INDEX games_by_status ON games (status, updated_ms DESC)";

// Version 3 (issue #16): the referee's event log, spec/game-events.md line by line. Games
// stored before it have no lines until the server converts them (docs/store.md).
constexpr std::string_view kRefereeLog = R"sql(
CREATE TABLE referee_log (
  game_id TEXT NOT NULL REFERENCES games (id),
  n       INTEGER NOT NULL CHECK (n >= 1),
  line    TEXT NOT NULL,
  PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
)sql";

// Version 4 (issue #16, docs/cluster.md): which node owns each game, and its epoch, the
// fencing token every write of the owner carries.
constexpr std::string_view kGameLeases = R"sql(
CREATE TABLE game_leases (
  game_id    TEXT PRIMARY KEY REFERENCES games (id),
  node       TEXT NOT NULL,
  epoch      INTEGER NOT NULL CHECK (epoch >= 1),
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 5 (issue #16, docs/cluster.md): the node directory, where a node forwards what
// belongs to another node's game; and the orphaned games' look-up by lease expiry.
constexpr std::string_view kClusterNodes = R"sql(
CREATE TABLE cluster_nodes (
  name    TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  seen_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX game_leases_by_expiry ON game_leases (expires_ms);
)sql";

// Version 6 (issue #16): the events as a table with rowids, keyed by a unique index. As
// a WITHOUT ROWID table keyed by (game, seq), each move's 650-byte event went into the
// middle of the B-tree, a page of a different game each time, splitting pages six rows
// at a time; now the rows are appended (the moves of one group commit share the last
// pages) and only the small index entry lands in the game's page. Measured at 4,000 games:
// 3,432 → 3,956 moves committed a second, 0.364 → 0.309 ms of CPU a move (bench/server.md).
constexpr std::string_view kEventsAppended = R"sql(
CREATE TABLE events_appended (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq     INTEGER NOT NULL CHECK (seq >= 1),
  json    TEXT NOT NULL,
  wall_ms INTEGER NOT NULL
);
INSERT INTO events_appended (game_id, seq, json, wall_ms)
  SELECT game_id, seq, json, wall_ms FROM events ORDER BY game_id, seq;
DROP TABLE events;
ALTER TABLE events_appended RENAME TO events;
CREATE UNIQUE INDEX events_by_game ON events (game_id, seq);
)sql";

// Version 7 (issue #17, docs/accounts.md): players' accounts and their logged-in browsers.
// A deleted account keeps its row, so that the games naming its id stay (anonymised): its
// name_key becomes NULL, which the UNIQUE index ignores, and the name may be taken again.
// AUTOINCREMENT: an id is never given twice, even if a row were removed by hand (games
// name it), as PostgreSQL's identity column never gives one twice. A session is keyed by
// the hash of its cookie's secret, never the secret (docs/store.md).
constexpr std::string_view kAccountsAndSessions = R"sql(
CREATE TABLE users (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT NOT NULL,
  name_key      TEXT,
  password_hash TEXT NOT NULL,
  created_ms    INTEGER NOT NULL,
  deleted_ms    INTEGER NOT NULL DEFAULT 0,
  CHECK (deleted_ms >= 0 AND (deleted_ms = 0) = (name_key IS NOT NULL))
);
CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id),
  csrf       TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_ms);
)sql";

// Version 8 (issue #17, docs/store.md "Rated games and ratings"): the accounts in a game's
// seats (0: none, so no foreign key: SQLite cannot add a column that references another
// table with a default other than NULL), whether it is rated, and each player's Glicko-2
// rating per category with the history of changes, one row per player of each rated game.
// The partial indexes find a player's games without holding the anonymous ones.
constexpr std::string_view kRatedGamesAndRatings = R"sql(
ALTER TABLE games ADD COLUMN white_user INTEGER NOT NULL DEFAULT 0 CHECK (white_user >= 0);
ALTER TABLE games ADD COLUMN black_user INTEGER NOT NULL DEFAULT 0 CHECK (black_user >= 0);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
CREATE INDEX games_by_white_user ON games (white_user, updated_ms DESC) WHERE white_user <> 0;
CREATE INDEX games_by_black_user ON games (black_user, updated_ms DESC) WHERE black_user <> 0;
CREATE TABLE ratings (
  user_id    INTEGER NOT NULL REFERENCES users (id),
  speed      TEXT NOT NULL
               CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  rating     REAL NOT NULL,
  deviation  REAL NOT NULL CHECK (deviation > 0),
  volatility REAL NOT NULL CHECK (volatility > 0),
  games      INTEGER NOT NULL CHECK (games >= 0),
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, speed)
) WITHOUT ROWID;
CREATE TABLE rating_changes (
  game_id           TEXT NOT NULL REFERENCES games (id),
  user_id           INTEGER NOT NULL REFERENCES users (id),
  speed             TEXT NOT NULL
                      CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  before_rating     REAL NOT NULL,
  before_deviation  REAL NOT NULL,
  before_volatility REAL NOT NULL,
  before_games      INTEGER NOT NULL,
  before_updated_ms INTEGER NOT NULL,
  after_rating      REAL NOT NULL,
  after_deviation   REAL NOT NULL,
  after_volatility  REAL NOT NULL,
  after_games       INTEGER NOT NULL,
  after_updated_ms  INTEGER NOT NULL,
  at_ms             INTEGER NOT NULL,
  PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, speed, at_ms);
)sql";

// Version 9 (issue #17, docs/store.md "A player's archive"): each game's rating category,
// rating::to_string(rating::speed_of(time control)), which the store computes when it
// inserts a game; the games stored before get theirs from MigrationStep::FillGameSpeeds
// (fill_game_speeds below), in the same transaction.
// The archive's order is (updated_ms DESC, id): the indexes of a player's games (version
// 8's) are made again with the id after the end time, and two more lead with the
// category, so that a page reads `limit` entries of an index and sorts nothing, and a
// category the player seldom plays does not read all the player's games. Like version
// 8's, they hold only the games of accounts.
constexpr std::string_view kGameCategories = R"sql(
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT ''
  CHECK (speed IN ('','bullet','blitz','rapid','classical','correspondence'));
DROP INDEX games_by_white_user;
DROP INDEX games_by_black_user;
CREATE INDEX games_by_white_user ON games (white_user, updated_ms DESC, id)
  WHERE white_user <> 0;
CREATE INDEX games_by_black_user ON games (black_user, updated_ms DESC, id)
  WHERE black_user <> 0;
CREATE INDEX games_by_white_speed ON games (white_user, speed, updated_ms DESC, id)
  WHERE white_user <> 0;
CREATE INDEX games_by_black_speed ON games (black_user, speed, updated_ms DESC, id)
  WHERE black_user <> 0;
)sql";

// Version 10 (issue #17, docs/lobby.md): the lobby's open seeks, one row each, short-lived
// (add_seek removes the expired ones). The owner's seeks are counted by account, or by
// address for an anonymous owner (owner_user_id 0): seeks_by_owner serves both counts;
// seeks_by_expiry serves the removal of the expired and the listing of the live ones.
// No foreign keys: an account id of 0 is no account, as in games.white_user.
constexpr std::string_view kLobbySeeks = R"sql(
CREATE TABLE seeks (
  id                TEXT PRIMARY KEY,
  key_hash          TEXT NOT NULL,
  game_id           TEXT NOT NULL,
  invite            TEXT NOT NULL,
  owner_user_id     INTEGER NOT NULL,
  owner_name        TEXT NOT NULL,
  owner_address     TEXT NOT NULL,
  owner_rating      INTEGER NOT NULL,
  owner_provisional INTEGER NOT NULL CHECK (owner_provisional IN (0, 1)),
  target_user_id    INTEGER NOT NULL,
  time_control      TEXT NOT NULL,
  variant           TEXT NOT NULL CHECK (variant IN ('standard','chess960')),
  speed             TEXT NOT NULL
                      CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  color             TEXT NOT NULL CHECK (color IN ('white','black','random')),
  rated             INTEGER NOT NULL CHECK (rated IN (0, 1)),
  rating_min        INTEGER NOT NULL,
  rating_max        INTEGER NOT NULL,
  pool              TEXT NOT NULL,
  created_ms        INTEGER NOT NULL,
  alive_until_ms    INTEGER NOT NULL,
  CHECK (0 <= rating_min AND rating_min <= rating_max AND rating_max <= 4000),
  CHECK (alive_until_ms > created_ms)
) WITHOUT ROWID;
CREATE INDEX seeks_by_owner ON seeks (owner_user_id, owner_address);
CREATE INDEX seeks_by_expiry ON seeks (alive_until_ms);
)sql";

// Version 11 (issue #18, docs/store.md "Events run by the server"): the events a server
// runs, a Swiss or an arena, one row each: the few fields they are looked up by, the
// version every update compares and sets, the lease of the node directing them, and their
// text (`state`, up to 16 MiB), last, so that reading the other columns never walks it.
// tournaments_by_status and tournaments_by_start serve list_tournaments (the latest start
// first, by id within a millisecond; of one status, or of all); tournaments_due, partial,
// holds only the events not finished that have a due time, and serves due_tournaments. No
// foreign key on owner_user_id, as in seeks.
// A table with rowids, not WITHOUT ROWID: a row holds the whole state, far more than the
// twentieth of a page up to which SQLite advises clustering a table by its primary key.
constexpr std::string_view kTournaments = R"sql(
CREATE TABLE tournaments (
  id             TEXT PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN ('swiss','arena')),
  name           TEXT NOT NULL,
  owner_user_id  INTEGER NOT NULL CHECK (owner_user_id > 0),
  status         TEXT NOT NULL CHECK (status IN ('created','running','finished')),
  version        INTEGER NOT NULL CHECK (version >= 1),
  created_ms     INTEGER NOT NULL,
  starts_ms      INTEGER NOT NULL,
  due_ms         INTEGER NOT NULL,
  node           TEXT NOT NULL,
  lease_until_ms INTEGER NOT NULL,
  state          TEXT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_ms DESC, id);
CREATE INDEX tournaments_by_start ON tournaments (starts_ms DESC, id);
CREATE INDEX tournaments_due ON tournaments (due_ms, id)
  WHERE status <> 'finished' AND due_ms > 0;
)sql";

// Version 12 (issue #18 item 3, docs/store.md "Analyses of games"): a game's analysis by the
// server's engine, one row per game (game_id the primary key, referencing the game): its
// status, its progress (done of total positions), who asked and when, and its text
// (analysis::to_text's once done, the reason once failed; up to 8 MiB), last, so that
// reading the other columns never walks it. game_analyses_pending, partial, holds only the
// analyses queued or running and serves pending_analyses, the oldest request first.
// games_in_play_by_white and games_in_play_by_black, partial, hold only the games in play
// (created or ongoing) of accounts and serve games_in_play_of: the archive's indexes of a
// player's games (version 9's) would walk all the games the player ever played to find the
// few in play. Their queries repeat the indexes' terms word for word.
// A table with rowids, as tournaments: a row holds a whole text, up to 8 MiB.
constexpr std::string_view kGameAnalyses = R"sql(
CREATE TABLE game_analyses (
  game_id      TEXT PRIMARY KEY REFERENCES games (id),
  status       TEXT NOT NULL CHECK (status IN ('queued','running','done','failed')),
  done         INTEGER NOT NULL CHECK (done >= 0),
  total        INTEGER NOT NULL CHECK (total >= done AND total <= 100000),
  requested_by INTEGER NOT NULL CHECK (requested_by >= 0),
  requested_ms INTEGER NOT NULL,
  updated_ms   INTEGER NOT NULL,
  text         TEXT NOT NULL
);
CREATE INDEX game_analyses_pending ON game_analyses (requested_ms, game_id)
  WHERE status IN ('queued','running');
CREATE INDEX games_in_play_by_white ON games (white_user, id)
  WHERE white_user <> 0 AND status IN ('created','ongoing');
CREATE INDEX games_in_play_by_black ON games (black_user, id)
  WHERE black_user <> 0 AND status IN ('created','ongoing');
)sql";

constexpr Migration kMigrations[] = {
    {1, "games, moves and events", kGamesMovesEvents},
    {2, "games by status", kGamesByStatus},
    {3, "referee event log", kRefereeLog},
    {4, "game leases", kGameLeases},
    {5, "cluster nodes", kClusterNodes},
    {6, "events appended", kEventsAppended},
    {7, "accounts and sessions", kAccountsAndSessions},
    {8, "rated games and ratings", kRatedGamesAndRatings},
    {9, "game categories", kGameCategories, MigrationStep::FillGameSpeeds},
    {10, "lobby seeks", kLobbySeeks},
    {11, "tournaments", kTournaments},
    {12, "game analyses", kGameAnalyses},
};

Result<std::int64_t> user_version(sqlite::Database& db) {
  auto query = db.prepare("PRAGMA user_version");
  if (!query) return tl::unexpected(query.error());
  ARB_TRY(query->step());
  return query->column_int(0);
}

// Records the migrations up to `version` in schema_migrations: those applied now, and
// those a database of the time before the table already had (user_version 1).
Result<void> record(sqlite::Database& db, std::int64_t version) {
  ARB_TRY(db.exec(kCreateMigrationsTable));
  auto insert =
      db.prepare("INSERT OR IGNORE INTO schema_migrations (version, name) VALUES (?1, ?2)");
  if (!insert) return tl::unexpected(insert.error());
  for (const Migration& m : kMigrations) {
    if (m.version > version) break;
    insert->reset();
    insert->bind(1, std::int64_t{m.version}).bind(2, m.name);
    ARB_TRY(insert->run());
  }
  return db.exec("PRAGMA user_version = " + std::to_string(version));
}

// MigrationStep::FillGameSpeeds: the category of every game whose speed is '', one UPDATE
// through a temporary table of each distinct time control's category (one pass over the
// games, however many time controls). A time control that does not parse keeps ''.
Result<void> fill_game_speeds(sqlite::Database& db) {
  auto distinct = db.prepare("SELECT DISTINCT time_control FROM games WHERE speed = ''");
  if (!distinct) return tl::unexpected(distinct.error());
  auto controls = distinct->first_column_texts();
  if (!controls) return tl::unexpected(controls.error());
  if (controls->empty()) return {};
  ARB_TRY(db.exec(
      "CREATE TEMP TABLE game_speeds (time_control TEXT PRIMARY KEY, speed TEXT NOT NULL)"));
  for (const std::string& control : *controls) {
    const std::string speed = game_speed(control);
    if (speed.empty()) continue;
    auto insert = db.prepare("INSERT INTO temp.game_speeds (time_control, speed) VALUES (?1, ?2)");
    if (!insert) return tl::unexpected(insert.error());
    insert->bind(1, control).bind(2, speed);
    ARB_TRY(insert->run());
  }
  ARB_TRY(
      db.exec("UPDATE games SET speed = (SELECT s.speed FROM temp.game_speeds s"
              " WHERE s.time_control = games.time_control)"
              " WHERE speed = '' AND time_control IN (SELECT time_control FROM temp.game_speeds)"));
  return db.exec("DROP TABLE temp.game_speeds");
}

Result<void> run_step(sqlite::Database& db, MigrationStep step) {
  switch (step) {
    case MigrationStep::None: return {};
    case MigrationStep::FillGameSpeeds: return fill_game_speeds(db);
  }
  return {};
}

}  // namespace

std::span<const Migration> sqlite_migrations() noexcept { return kMigrations; }

Result<void> SqliteStore::migrate() {
  std::lock_guard lock{mutex_};
  for (;;) {
    // BEGIN IMMEDIATE: two processes opening a new file at once apply each migration once.
    auto tx = sqlite::Transaction::begin(db_);
    if (!tx) return tl::unexpected(tx.error());
    auto current = user_version(db_);
    if (!current) return tl::unexpected(current.error());
    auto pending = pending_migrations(kMigrations, *current, "SQLite");
    if (!pending) return tl::unexpected(pending.error());
    if (pending->empty()) return tx->commit();
    const Migration& next = pending->front();
    ARB_TRY(db_.exec(next.sql));
    ARB_TRY(run_step(db_, next.step));
    ARB_TRY(record(db_, next.version));
    ARB_TRY(tx->commit());
  }
}

}  // namespace arbiter::store
