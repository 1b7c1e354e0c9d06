// The schema of PgStore: its list of migrations (migration.hpp, the same versions and
// names as SQLite's) and how they are applied. The version is the highest one recorded
// in schema_migrations. Servers starting at once on one database take an advisory lock,
// so that each migration is applied by one of them, once.
#include <string>
#include <vector>

#include "arbiter/store/migration.hpp"
#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/try.hpp"

namespace arbiter::store {
namespace {

// Version 1. Times are BIGINT milliseconds; the primary keys (game, ply) and (game, seq)
// turn a duplicate into a constraint violation.
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
  created_ms   BIGINT NOT NULL,
  updated_ms   BIGINT NOT NULL
);
CREATE INDEX games_by_update ON games (updated_ms DESC);
CREATE TABLE moves (
  game_id  TEXT NOT NULL REFERENCES games (id),
  ply      INTEGER NOT NULL CHECK (ply >= 1),
  uci      TEXT NOT NULL,
  san      TEXT NOT NULL,
  white_ms BIGINT NOT NULL,
  black_ms BIGINT NOT NULL,
  wall_ms  BIGINT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq     BIGINT NOT NULL CHECK (seq >= 1),
  json    TEXT NOT NULL,
  wall_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
)sql";

// Version 2: the server lists the unfinished games at start-up (list_games by status).
constexpr std::string_view kGamesByStatus =
    "CREATE INDEX games_by_status ON games (status, updated_ms DESC)";

// Version 3 (issue #16): the referee's event log, spec/game-events.md line by line.
constexpr std::string_view kRefereeLog = R"sql(
CREATE TABLE referee_log (
  game_id TEXT NOT NULL REFERENCES games (id),
  n       BIGINT NOT NULL CHECK (n >= 1),
  line    TEXT NOT NULL,
  PRIMARY KEY (game_id, n)
);
)sql";

// Version 4 (issue #16, docs/cluster.md): which node owns each game, and its epoch, the
// fencing token every write of the owner carries.
constexpr std::string_view kGameLeases = R"sql(
CREATE TABLE game_leases (
  game_id    TEXT PRIMARY KEY REFERENCES games (id),
  node       TEXT NOT NULL,
  epoch      BIGINT NOT NULL CHECK (epoch >= 1),
  expires_ms BIGINT NOT NULL
);
)sql";

// Version 5 (issue #16, docs/cluster.md): the node directory, where a node forwards what
// belongs to another node's game; and the orphaned games' look-up by lease expiry.
constexpr std::string_view kClusterNodes = R"sql(
CREATE TABLE cluster_nodes (
  name    TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  seen_ms BIGINT NOT NULL
);
CREATE INDEX game_leases_by_expiry ON game_leases (expires_ms);
)sql";

// Version 6: SQLite's events became a table with rowids (sqlite_schema.cpp); PostgreSQL's
// tables are heaps with their keys in separate indexes already, so only a comment on the
// table changes here. The version is kept so that both backends share one numbered list.
constexpr std::string_view kEventsAppended =
    "COMMENT ON TABLE events IS 'the protocol events of each game, numbered by seq'";

// Version 7 (issue #17, docs/accounts.md): players' accounts and their logged-in browsers.
// A deleted account keeps its row, so that the games naming its id stay (anonymised): its
// name_key becomes NULL, which the unique index ignores (NULLs are distinct), and the name
// may be taken again. The identity column never gives an id twice. A session is keyed by
// the hash of its cookie's secret, never the secret (docs/store.md).
constexpr std::string_view kAccountsAndSessions = R"sql(
CREATE TABLE users (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          TEXT NOT NULL,
  name_key      TEXT,
  password_hash TEXT NOT NULL,
  created_ms    BIGINT NOT NULL,
  deleted_ms    BIGINT NOT NULL DEFAULT 0,
  CHECK (deleted_ms >= 0 AND (deleted_ms = 0) = (name_key IS NOT NULL))
);
CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  csrf       TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_ms);
)sql";

// Version 8 (issue #17, docs/store.md "Rated games and ratings"): the accounts in a game's
// seats (0: none, so no foreign key), whether it is rated, and each player's Glicko-2
// rating per category with the history of changes, one row per player of each rated game.
// Adding a column with a constant default rewrites no row (PostgreSQL 11 and later). The
// partial indexes find a player's games without holding the anonymous ones.
constexpr std::string_view kRatedGamesAndRatings = R"sql(
ALTER TABLE games ADD COLUMN white_user BIGINT NOT NULL DEFAULT 0 CHECK (white_user >= 0);
ALTER TABLE games ADD COLUMN black_user BIGINT NOT NULL DEFAULT 0 CHECK (black_user >= 0);
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX games_by_white_user ON games (white_user, updated_ms DESC) WHERE white_user <> 0;
CREATE INDEX games_by_black_user ON games (black_user, updated_ms DESC) WHERE black_user <> 0;
CREATE TABLE ratings (
  user_id    BIGINT NOT NULL REFERENCES users (id),
  speed      TEXT NOT NULL
               CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  rating     DOUBLE PRECISION NOT NULL,
  deviation  DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
  volatility DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
  games      INTEGER NOT NULL CHECK (games >= 0),
  updated_ms BIGINT NOT NULL,
  PRIMARY KEY (user_id, speed)
);
CREATE TABLE rating_changes (
  game_id           TEXT NOT NULL REFERENCES games (id),
  user_id           BIGINT NOT NULL REFERENCES users (id),
  speed             TEXT NOT NULL
                      CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  before_rating     DOUBLE PRECISION NOT NULL,
  before_deviation  DOUBLE PRECISION NOT NULL,
  before_volatility DOUBLE PRECISION NOT NULL,
  before_games      INTEGER NOT NULL,
  before_updated_ms BIGINT NOT NULL,
  after_rating      DOUBLE PRECISION NOT NULL,
  after_deviation   DOUBLE PRECISION NOT NULL,
  after_volatility  DOUBLE PRECISION NOT NULL,
  after_games       INTEGER NOT NULL,
  after_updated_ms  BIGINT NOT NULL,
  at_ms             BIGINT NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, speed, at_ms);
)sql";

// Version 9 (issue #17, docs/store.md "A player's archive"): each game's rating category,
// rating::to_string(rating::speed_of(time control)), which the store computes when it
// inserts a game; the games stored before get theirs from MigrationStep::FillGameSpeeds
// (fill_game_speeds below), in the same transaction.
// The archive's order is (updated_ms DESC, id COLLATE "C"): the indexes of a player's games
// (version 8's) are made again with the id, in its byte order, after the end time, and
// two more lead with the category, so that a page reads `limit` entries of an index and
// sorts nothing (without the id, PostgreSQL 15's generic plan read and sorted all of a
// player's 30,000 games for each page: 11 ms instead of 0.2). Like version 8's, they hold
// only the games of accounts.
constexpr std::string_view kGameCategories = R"sql(
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT ''
  CHECK (speed IN ('','bullet','blitz','rapid','classical','correspondence'));
DROP INDEX games_by_white_user;
DROP INDEX games_by_black_user;
CREATE INDEX games_by_white_user ON games (white_user, updated_ms DESC, id COLLATE "C")
  WHERE white_user <> 0;
CREATE INDEX games_by_black_user ON games (black_user, updated_ms DESC, id COLLATE "C")
  WHERE black_user <> 0;
CREATE INDEX games_by_white_speed ON games (white_user, speed, updated_ms DESC, id COLLATE "C")
  WHERE white_user <> 0;
CREATE INDEX games_by_black_speed ON games (black_user, speed, updated_ms DESC, id COLLATE "C")
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
  owner_user_id     BIGINT NOT NULL,
  owner_name        TEXT NOT NULL,
  owner_address     TEXT NOT NULL,
  owner_rating      INTEGER NOT NULL,
  owner_provisional BOOLEAN NOT NULL,
  target_user_id    BIGINT NOT NULL,
  time_control      TEXT NOT NULL,
  variant           TEXT NOT NULL CHECK (variant IN ('standard','chess960')),
  speed             TEXT NOT NULL
                      CHECK (speed IN ('bullet','blitz','rapid','classical','correspondence')),
  color             TEXT NOT NULL CHECK (color IN ('white','black','random')),
  rated             BOOLEAN NOT NULL,
  rating_min        INTEGER NOT NULL,
  rating_max        INTEGER NOT NULL,
  pool              TEXT NOT NULL,
  created_ms        BIGINT NOT NULL,
  alive_until_ms    BIGINT NOT NULL,
  CHECK (0 <= rating_min AND rating_min <= rating_max AND rating_max <= 4000),
  CHECK (alive_until_ms > created_ms)
);
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
// The ids in the indexes are in byte order (COLLATE "C"), as the queries order them, and as
// SQLite does.
constexpr std::string_view kTournaments = R"sql(
CREATE TABLE tournaments (
  id             TEXT PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN ('swiss','arena')),
  name           TEXT NOT NULL,
  owner_user_id  BIGINT NOT NULL CHECK (owner_user_id > 0),
  status         TEXT NOT NULL CHECK (status IN ('created','running','finished')),
  version        BIGINT NOT NULL CHECK (version >= 1),
  created_ms     BIGINT NOT NULL,
  starts_ms      BIGINT NOT NULL,
  due_ms         BIGINT NOT NULL,
  node           TEXT NOT NULL,
  lease_until_ms BIGINT NOT NULL,
  state          TEXT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_ms DESC, id COLLATE "C");
CREATE INDEX tournaments_by_start ON tournaments (starts_ms DESC, id COLLATE "C");
CREATE INDEX tournaments_due ON tournaments (due_ms, id COLLATE "C")
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
// The ids in the indexes are in byte order (COLLATE "C"), as the queries order them, and as
// SQLite does.
constexpr std::string_view kGameAnalyses = R"sql(
CREATE TABLE game_analyses (
  game_id      TEXT PRIMARY KEY REFERENCES games (id),
  status       TEXT NOT NULL CHECK (status IN ('queued','running','done','failed')),
  done         INTEGER NOT NULL CHECK (done >= 0),
  total        INTEGER NOT NULL CHECK (total >= done AND total <= 100000),
  requested_by BIGINT NOT NULL CHECK (requested_by >= 0),
  requested_ms BIGINT NOT NULL,
  updated_ms   BIGINT NOT NULL,
  text         TEXT NOT NULL
);
CREATE INDEX game_analyses_pending ON game_analyses (requested_ms, game_id COLLATE "C")
  WHERE status IN ('queued','running');
CREATE INDEX games_in_play_by_white ON games (white_user, id COLLATE "C")
  WHERE white_user <> 0 AND status IN ('created','ongoing');
CREATE INDEX games_in_play_by_black ON games (black_user, id COLLATE "C")
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

// pg_advisory_xact_lock key of the migrations ("Arbiter" in ASCII).
constexpr std::string_view kLockMigrations = "SELECT pg_advisory_xact_lock(18421640487789938)";

// MigrationStep::FillGameSpeeds: the category of every game whose speed is '', one UPDATE
// joined to a temporary table of each distinct time control's category (one pass over the
// games, however many time controls). A time control that does not parse keeps ''.
void fill_game_speeds(pqxx::transaction_base& tx) {
  std::vector<std::string> controls;
  for (const pqxx::row& r : tx.exec("SELECT DISTINCT time_control FROM games WHERE speed = ''")) {
    controls.push_back(r[0].as<std::string>());
  }
  if (controls.empty()) return;
  tx.exec0(
      "CREATE TEMP TABLE game_speeds (time_control TEXT PRIMARY KEY, speed TEXT NOT NULL)"
      " ON COMMIT DROP");
  for (const std::string& control : controls) {
    const std::string speed = game_speed(control);
    if (speed.empty()) continue;
    tx.exec_params0("INSERT INTO pg_temp.game_speeds (time_control, speed) VALUES ($1, $2)",
                    control, speed);
  }
  tx.exec0(
      "UPDATE games AS g SET speed = s.speed FROM pg_temp.game_speeds AS s"
      " WHERE g.time_control = s.time_control AND g.speed = ''");
}

void run_step(pqxx::transaction_base& tx, MigrationStep step) {
  switch (step) {
    case MigrationStep::None: return;
    case MigrationStep::FillGameSpeeds: fill_game_speeds(tx); return;
  }
}

}  // namespace

std::span<const Migration> pg_migrations() noexcept { return kMigrations; }

Result<void> PgStore::migrate() {
  for (bool done = false; !done;) {
    ARB_TRY(session_->write("migration", [&](pqxx::transaction_base& tx) -> Result<void> {
      tx.exec(std::string{kLockMigrations});
      // Checked first: CREATE TABLE IF NOT EXISTS would print a notice on every start.
      if (tx.exec1("SELECT to_regclass('schema_migrations') IS NULL")[0].as<bool>()) {
        tx.exec0(std::string{kCreateMigrationsTable});
      }
      const auto current =
          tx.exec1("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")[0].as<std::int64_t>();
      auto pending = pending_migrations(kMigrations, current, "PostgreSQL");
      if (!pending) return tl::unexpected(pending.error());
      done = pending->empty();
      if (done) return {};
      const Migration& next = pending->front();
      tx.exec0(std::string{next.sql});
      run_step(tx, next.step);
      tx.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", next.version,
                      std::string{next.name});
      return {};
    }));
  }
  return {};
}

}  // namespace arbiter::store
