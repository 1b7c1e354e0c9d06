// PgStore: the PostgreSQL backend of Store (docs/store.md), through libpqxx. The same
// contract as SqliteStore: the same checks and errors, one transaction a call, durable on
// success (synchronous_commit on). Thread-safe: one connection serialised by a mutex;
// several servers (or PgStore objects) may use the same database, writers to one game
// are serialised by a lock on its row.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "arbiter/store/store.hpp"

namespace arbiter::store {

namespace pg {
class Session;
}  // namespace pg

class PgStore final : public Store {
 public:
  // Connects to `url` (a libpq URI: postgresql://user@host:port/database?options=...)
  // and applies the missing migrations. Errors: kIo (cannot connect, SQL failure),
  // kUnsupported (schema written by a newer version).
  [[nodiscard]] static Result<std::unique_ptr<PgStore>> open(const std::string& url);
  ~PgStore() override;
  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

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
  // Accounts and sessions (issue #17; pg_accounts.cpp).
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
  // Ratings (issue #17; pg_ratings.cpp).
  [[nodiscard]] Result<std::vector<RatingRecord>> ratings_of(std::int64_t user_id) override;
  [[nodiscard]] Result<std::vector<RatingChange>> record_rated_game(
      std::string_view game_id, std::string_view speed, WallMs now,
      const std::function<RatingPair(const RatingPair& before)>& compute) override;
  [[nodiscard]] Result<std::vector<RatingChange>> game_rating_changes(
      std::string_view game_id) override;
  [[nodiscard]] Result<std::vector<RatingChange>> rating_history(std::int64_t user_id,
                                                                 std::string_view speed,
                                                                 int limit) override;
  // The lobby's seeks (issue #17; pg_seeks.cpp).
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
  // Events run by the server (issue #18; pg_tournaments.cpp).
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
  // Analyses of games (issue #18 item 3; pg_analyses.cpp).
  [[nodiscard]] Result<bool> request_analysis(const AnalysisRecord& a) override;
  [[nodiscard]] Result<std::optional<AnalysisRecord>> find_analysis(
      std::string_view game_id) override;
  [[nodiscard]] Result<bool> update_analysis(const AnalysisRecord& a) override;
  [[nodiscard]] Result<std::vector<AnalysisRecord>> pending_analyses(int limit) override;
  [[nodiscard]] Result<std::vector<std::string>> games_in_play_of(std::int64_t user_id,
                                                                  int limit) override;
  // One transaction, one flush; a savepoint per write.
  [[nodiscard]] std::vector<Result<void>> commit(std::span<const GameWrite> writes) override;

  // A run-time setting as this store's connection sees it (current_setting), e.g.
  // "synchronous_commit"; for tests and diagnostics.
  [[nodiscard]] Result<std::string> setting(const std::string& name);

 private:
  explicit PgStore(std::unique_ptr<pg::Session> session);
  [[nodiscard]] Result<void> migrate();

  std::unique_ptr<pg::Session> session_;
};

}  // namespace arbiter::store
