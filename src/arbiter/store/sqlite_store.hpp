// SqliteStore: the default Store backend, one SQLite file in WAL mode (docs/store.md).
// Thread-safe: one connection serialised by a mutex. Other processes or SqliteStore
// objects may open the same file; readers never block the writer in WAL mode.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "arbiter/store/sqlite_db.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::store {

struct SqliteOptions {
  // synchronous=FULL: a committed transaction survives a power failure, not only a
  // crash of the process (kill -9 is safe with either setting in WAL mode).
  bool synchronous_full = true;
  // How long a call waits for another connection's write lock before failing with kIo.
  int busy_timeout_ms = 5000;
  // The page cache of the connection, in KiB (PRAGMA cache_size), and how much of the file
  // is read through a memory map instead of read() (PRAGMA mmap_size, bytes; 0: none).
  // SQLite's default cache of 2 MiB without a map made a server with thousands of games
  // read its indexes back with pread for every move (issue #16: 6 % of its processor
  // time); a 64 MiB cache cured that but cost as much again, since every commit walks the
  // cache's hash table (pcache1 truncating to the file's size: a fifth of the writer's
  // time at 3,000 games). Mapped, the file's pages cost no copy, and the cache holds
  // little more than the pages being changed (bench/server.md, ninth session).
  int cache_kib = 8 * 1024;
  std::int64_t mmap_bytes = std::int64_t{1} << 30;
};

// What a connection runs with, read back from SQLite (PRAGMA values).
struct SqliteSettings {
  std::string journal_mode;     // "wal"
  int synchronous = 0;          // 1 NORMAL, 2 FULL
  std::int64_t cache_size = 0;  // negative: KiB
  std::int64_t mmap_size = 0;   // bytes; 0 when SQLite was built without memory maps
};

class SqliteStore final : public Store {
 public:
  // Opens or creates the file and its schema. Errors: kIo (cannot open, not a database,
  // WAL unavailable), kUnsupported (schema written by a newer version).
  [[nodiscard]] static Result<std::unique_ptr<SqliteStore>> open(const std::string& path,
                                                                 SqliteOptions options = {});

  [[nodiscard]] Result<void> create_game(const GameHeader& header) override;
  [[nodiscard]] Result<StoredGame> load_game(std::string_view id) override;
  [[nodiscard]] Result<std::vector<EventRecord>> events_after(std::string_view id,
                                                              std::int64_t after) override;
  [[nodiscard]] Result<std::vector<GameSummary>> list_games(const ListQuery& query) override;
  [[nodiscard]] Result<std::vector<PlayerGame>> games_of_user(
      const PlayerGamesQuery& query) override;
  [[nodiscard]] Result<void> append_move(std::string_view game_id, const MoveRecord& move,
                                         std::span<const EventRecord> events) override;
  [[nodiscard]] Result<void> append_events(std::string_view game_id,
                                           std::span<const EventRecord> events) override;
  [[nodiscard]] Result<void> finish_game(std::string_view game_id, const Ending& ending,
                                         std::span<const EventRecord> events) override;
  [[nodiscard]] Result<void> append_log(std::string_view game_id,
                                        std::span<const LogLine> lines) override;
  [[nodiscard]] Result<std::vector<std::string>> games_without_log(int limit) override;
  [[nodiscard]] Result<void> announce_node(const NodeInfo& node) override;
  [[nodiscard]] Result<std::optional<NodeInfo>> read_node(std::string_view name) override;
  [[nodiscard]] Result<std::vector<NodeInfo>> live_nodes(WallMs since) override;
  [[nodiscard]] Result<std::vector<std::string>> orphaned_games(WallMs now, int limit) override;
  [[nodiscard]] Result<Lease> acquire_lease(std::string_view game_id, std::string_view node,
                                            WallMs now, std::int64_t ttl_ms) override;
  [[nodiscard]] Result<std::vector<Lease>> renew_leases(std::string_view node,
                                                        std::span<const Lease> leases, WallMs now,
                                                        std::int64_t ttl_ms) override;
  [[nodiscard]] Result<void> release_lease(const Lease& lease) override;
  [[nodiscard]] Result<std::optional<Lease>> read_lease(std::string_view game_id) override;
  // Accounts and sessions (issue #17; sqlite_accounts.cpp).
  [[nodiscard]] Result<UserRecord> create_user(const UserRecord& user) override;
  [[nodiscard]] Result<std::optional<UserRecord>> find_user(std::string_view name_key) override;
  [[nodiscard]] Result<std::optional<UserRecord>> user_by_id(std::int64_t id) override;
  [[nodiscard]] Result<void> set_password_hash(std::int64_t user_id,
                                               std::string_view password_hash) override;
  [[nodiscard]] Result<void> delete_user(std::int64_t user_id, WallMs now) override;
  [[nodiscard]] Result<void> create_session(const SessionRecord& session) override;
  [[nodiscard]] Result<std::optional<SessionRecord>> find_session(std::string_view token_hash,
                                                                  WallMs now) override;
  [[nodiscard]] Result<void> delete_session(std::string_view token_hash) override;
  [[nodiscard]] Result<int> delete_other_sessions(std::int64_t user_id,
                                                  std::string_view keep_hash) override;
  [[nodiscard]] Result<int> purge_sessions(WallMs now) override;
  // Ratings (issue #17; sqlite_ratings.cpp).
  [[nodiscard]] Result<std::vector<RatingRecord>> ratings_of(std::int64_t user_id) override;
  [[nodiscard]] Result<std::vector<RatingChange>> record_rated_game(
      std::string_view game_id, std::string_view speed, WallMs now,
      const std::function<RatingPair(const RatingPair& before)>& compute) override;
  [[nodiscard]] Result<std::vector<RatingChange>> game_rating_changes(
      std::string_view game_id) override;
  [[nodiscard]] Result<std::vector<RatingChange>> rating_history(std::int64_t user_id,
                                                                 std::string_view speed,
                                                                 int limit) override;
  // The lobby's seeks (issue #17; sqlite_seeks.cpp).
  [[nodiscard]] Result<void> add_seek(const SeekRecord& seek, WallMs now,
                                      int max_per_owner) override;
  [[nodiscard]] Result<std::vector<SeekRecord>> open_seeks(WallMs now, int limit) override;
  [[nodiscard]] Result<std::optional<SeekRecord>> find_seek(std::string_view id,
                                                            WallMs now) override;
  [[nodiscard]] Result<std::optional<SeekRecord>> take_seek(std::string_view id,
                                                            WallMs now) override;
  [[nodiscard]] Result<bool> keep_seek(std::string_view id, WallMs until, WallMs now) override;
  [[nodiscard]] Result<bool> remove_seek(std::string_view id) override;
  [[nodiscard]] Result<std::vector<UnratedGame>> unrated_games(int limit) override;
  [[nodiscard]] Result<std::vector<GameToMove>> games_to_move(std::int64_t user_id,
                                                              std::string_view speed,
                                                              int limit) override;
  // Events run by the server (issue #18; sqlite_tournaments.cpp).
  [[nodiscard]] Result<void> create_tournament(const TournamentRecord& t) override;
  [[nodiscard]] Result<std::optional<TournamentRecord>> find_tournament(
      std::string_view id) override;
  [[nodiscard]] Result<bool> update_tournament(const TournamentRecord& t) override;
  [[nodiscard]] Result<std::vector<TournamentRecord>> list_tournaments(
      std::optional<TournamentStatus> status, int limit) override;
  [[nodiscard]] Result<std::vector<TournamentRecord>> due_tournaments(WallMs now,
                                                                      int limit) override;
  [[nodiscard]] Result<bool> lease_tournament(std::string_view id, std::string_view node,
                                              WallMs now, WallMs until) override;
  // Analyses of games (issue #18 item 3; sqlite_analyses.cpp).
  [[nodiscard]] Result<bool> request_analysis(const AnalysisRecord& a) override;
  [[nodiscard]] Result<std::optional<AnalysisRecord>> find_analysis(
      std::string_view game_id) override;
  [[nodiscard]] Result<bool> update_analysis(const AnalysisRecord& a) override;
  [[nodiscard]] Result<std::vector<AnalysisRecord>> pending_analyses(int limit) override;
  [[nodiscard]] Result<std::vector<std::string>> games_in_play_of(std::int64_t user_id,
                                                                  int limit) override;
  // The connection's settings, as SQLite reports them. Errors: kIo.
  [[nodiscard]] Result<SqliteSettings> settings();
  // One transaction, one flush; a savepoint per write.
  [[nodiscard]] std::vector<Result<void>> commit(std::span<const GameWrite> writes) override;

 private:
  explicit SqliteStore(sqlite::Database db) : db_(std::move(db)) {}
  [[nodiscard]] Result<void> migrate();
  // Inside a transaction: the game's status, or kProtocolState when there is no such game.
  [[nodiscard]] Result<GameStatus> status_of(std::string_view game_id);
  // Inside a transaction: the game exists and is neither ended nor aborted.
  [[nodiscard]] Result<void> require_live(std::string_view game_id);
  // Inside a transaction: inserts events whose seqs continue the stored ones.
  [[nodiscard]] Result<void> insert_events(std::string_view game_id,
                                           std::span<const EventRecord> events);
  // Inside a transaction: the game's lease row, if any.
  [[nodiscard]] Result<std::optional<Lease>> lease_of(std::string_view game_id);
  // Inside a transaction, validated: a new game's row (kProtocolState if the id is taken).
  [[nodiscard]] Result<void> insert_game(const GameHeader& h);
  // Inside a transaction: log lines that continue the stored ones of a game the caller has
  // found to exist.
  [[nodiscard]] Result<void> insert_log(std::string_view game_id, std::span<const LogLine> lines);
  // Inside a transaction, input validated: the bodies of the three writes.
  [[nodiscard]] Result<void> write_move(std::string_view game_id, const MoveRecord& move,
                                        std::span<const EventRecord> events);
  [[nodiscard]] Result<void> write_events(std::string_view game_id,
                                          std::span<const EventRecord> events);
  [[nodiscard]] Result<void> write_ending(std::string_view game_id, const Ending& ending,
                                          std::span<const EventRecord> events);
  // Inside a transaction: one group-commit write, validated, all or nothing (a savepoint).
  [[nodiscard]] Result<void> write_one(const GameWrite& write);
  // Inside a transaction: the account exists and is not deleted (kProtocolState "user").
  [[nodiscard]] Result<void> require_live_user(std::int64_t user_id);
  // Inside a transaction, validated: an account takes a seat of the game (GameWrite::seat_user).
  [[nodiscard]] Result<void> take_seat(std::string_view game_id, const GameWrite::SeatUser& seat);
  [[nodiscard]] Result<void> name_seat(std::string_view game_id, const GameWrite::SeatName& seat);
  // Inside a transaction: the rating changes stored for the game, white's then black's.
  [[nodiscard]] Result<std::vector<RatingChange>> changes_of(std::string_view game_id);
  // Inside a transaction: the player's rating in the category, or the defaults (updated_ms 0).
  [[nodiscard]] Result<RatingRecord> rating_of(std::int64_t user_id, std::string_view speed);

  std::mutex mutex_;
  sqlite::Database db_;
};

}  // namespace arbiter::store
