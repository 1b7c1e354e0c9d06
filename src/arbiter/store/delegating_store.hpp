// DelegatingStore: a Store that passes every call to another one. Derive from it to change
// one behaviour and keep the rest (tests gate or fail commits, or run Store::commit's
// default one part at a time).
#pragma once

#include "arbiter/store/store.hpp"

namespace arbiter::store {

class DelegatingStore : public Store {
 public:
  explicit DelegatingStore(Store& inner) : inner_(inner) {}

  Result<void> create_game(const GameHeader& h) override { return inner_.create_game(h); }
  Result<StoredGame> load_game(std::string_view id) override { return inner_.load_game(id); }
  Result<std::vector<Lease>> renew_leases(std::string_view node, std::span<const Lease> leases,
                                          WallMs now, std::int64_t ttl_ms) override {
    return inner_.renew_leases(node, leases, now, ttl_ms);
  }
  Result<std::vector<EventRecord>> events_after(std::string_view id, std::int64_t after) override {
    return inner_.events_after(id, after);
  }
  Result<std::vector<GameSummary>> list_games(const ListQuery& q) override {
    return inner_.list_games(q);
  }
  Result<std::vector<PlayerGame>> games_of_user(const PlayerGamesQuery& q) override {
    return inner_.games_of_user(q);
  }
  Result<void> append_move(std::string_view id, const MoveRecord& m,
                           std::span<const EventRecord> e) override {
    return inner_.append_move(id, m, e);
  }
  Result<void> append_events(std::string_view id, std::span<const EventRecord> e) override {
    return inner_.append_events(id, e);
  }
  Result<void> finish_game(std::string_view id, const Ending& end,
                           std::span<const EventRecord> e) override {
    return inner_.finish_game(id, end, e);
  }
  Result<void> append_log(std::string_view id, std::span<const LogLine> l) override {
    return inner_.append_log(id, l);
  }
  Result<std::vector<std::string>> games_without_log(int limit) override {
    return inner_.games_without_log(limit);
  }
  Result<Lease> acquire_lease(std::string_view id, std::string_view node, WallMs now,
                              std::int64_t ttl) override {
    return inner_.acquire_lease(id, node, now, ttl);
  }
  Result<void> release_lease(const Lease& l) override { return inner_.release_lease(l); }
  Result<std::optional<Lease>> read_lease(std::string_view id) override {
    return inner_.read_lease(id);
  }
  Result<void> announce_node(const NodeInfo& n) override { return inner_.announce_node(n); }
  Result<std::optional<NodeInfo>> read_node(std::string_view name) override {
    return inner_.read_node(name);
  }
  Result<std::vector<NodeInfo>> live_nodes(WallMs since) override {
    return inner_.live_nodes(since);
  }
  Result<std::vector<std::string>> orphaned_games(WallMs now, int limit) override {
    return inner_.orphaned_games(now, limit);
  }
  Result<UserRecord> create_user(const UserRecord& u) override { return inner_.create_user(u); }
  Result<std::optional<UserRecord>> find_user(std::string_view name_key) override {
    return inner_.find_user(name_key);
  }
  Result<std::optional<UserRecord>> user_by_id(std::int64_t id) override {
    return inner_.user_by_id(id);
  }
  Result<void> set_password_hash(std::int64_t user_id, std::string_view hash) override {
    return inner_.set_password_hash(user_id, hash);
  }
  Result<void> delete_user(std::int64_t user_id, WallMs now) override {
    return inner_.delete_user(user_id, now);
  }
  Result<void> create_session(const SessionRecord& s) override { return inner_.create_session(s); }
  Result<std::optional<SessionRecord>> find_session(std::string_view token_hash,
                                                    WallMs now) override {
    return inner_.find_session(token_hash, now);
  }
  Result<void> delete_session(std::string_view token_hash) override {
    return inner_.delete_session(token_hash);
  }
  Result<int> delete_other_sessions(std::int64_t user_id, std::string_view keep_hash) override {
    return inner_.delete_other_sessions(user_id, keep_hash);
  }
  Result<int> purge_sessions(WallMs now) override { return inner_.purge_sessions(now); }
  Result<std::vector<RatingRecord>> ratings_of(std::int64_t user_id) override {
    return inner_.ratings_of(user_id);
  }
  Result<std::vector<RatingChange>> record_rated_game(
      std::string_view game_id, std::string_view speed, WallMs now,
      const std::function<RatingPair(const RatingPair& before)>& compute) override {
    return inner_.record_rated_game(game_id, speed, now, compute);
  }
  Result<std::vector<RatingChange>> game_rating_changes(std::string_view game_id) override {
    return inner_.game_rating_changes(game_id);
  }
  Result<std::vector<RatingChange>> rating_history(std::int64_t user_id, std::string_view speed,
                                                   int limit) override {
    return inner_.rating_history(user_id, speed, limit);
  }
  std::vector<Result<void>> commit(std::span<const GameWrite> writes) override {
    return inner_.commit(writes);
  }

  Result<void> add_seek(const SeekRecord& s, WallMs now, int max) override {
    return inner_.add_seek(s, now, max);
  }
  Result<std::vector<SeekRecord>> open_seeks(WallMs now, int limit) override {
    return inner_.open_seeks(now, limit);
  }
  Result<std::optional<SeekRecord>> find_seek(std::string_view id, WallMs now) override {
    return inner_.find_seek(id, now);
  }
  Result<std::optional<SeekRecord>> take_seek(std::string_view id, WallMs now) override {
    return inner_.take_seek(id, now);
  }
  Result<bool> keep_seek(std::string_view id, WallMs until, WallMs now) override {
    return inner_.keep_seek(id, until, now);
  }
  Result<bool> remove_seek(std::string_view id) override { return inner_.remove_seek(id); }
  Result<std::vector<UnratedGame>> unrated_games(int limit) override {
    return inner_.unrated_games(limit);
  }
  Result<std::vector<GameToMove>> games_to_move(std::int64_t user_id, std::string_view speed,
                                                int limit) override {
    return inner_.games_to_move(user_id, speed, limit);
  }

  Result<void> create_tournament(const TournamentRecord& t) override {
    return inner_.create_tournament(t);
  }
  Result<std::optional<TournamentRecord>> find_tournament(std::string_view id) override {
    return inner_.find_tournament(id);
  }
  Result<bool> update_tournament(const TournamentRecord& t) override {
    return inner_.update_tournament(t);
  }
  Result<std::vector<TournamentRecord>> list_tournaments(std::optional<TournamentStatus> status,
                                                         int limit) override {
    return inner_.list_tournaments(status, limit);
  }
  Result<std::vector<TournamentRecord>> due_tournaments(WallMs now, int limit) override {
    return inner_.due_tournaments(now, limit);
  }
  Result<bool> lease_tournament(std::string_view id, std::string_view node, WallMs now,
                                WallMs until) override {
    return inner_.lease_tournament(id, node, now, until);
  }

  Result<bool> request_analysis(const AnalysisRecord& a) override {
    return inner_.request_analysis(a);
  }
  Result<std::optional<AnalysisRecord>> find_analysis(std::string_view game_id) override {
    return inner_.find_analysis(game_id);
  }
  Result<bool> update_analysis(const AnalysisRecord& a) override {
    return inner_.update_analysis(a);
  }
  Result<std::vector<AnalysisRecord>> pending_analyses(int limit) override {
    return inner_.pending_analyses(limit);
  }
  Result<std::vector<std::string>> games_in_play_of(std::int64_t user_id, int limit) override {
    return inner_.games_in_play_of(user_id, limit);
  }

 protected:
  Store& inner_;
};

}  // namespace arbiter::store
