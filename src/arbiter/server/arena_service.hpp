// ArenaService: the arenas the server runs (issue #18 item 2, docs/events.md "Arena"):
// lichess's kind of event, not a FIDE system. TournamentService owns it and hands it what
// is an arena's: the routes share theirs (web-protocol.md §1.8), the records share the
// store's table (kind "arena"), the director shares the lease.
//
// Its director pairs the waiting players every second while the arena runs
// (tournament::arena_pair), creates their games, records the results from the rooms'
// ending notices (a sweep catches a lost one), and finishes the arena at its end: games
// still in play then go on, but do not count.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "arbiter/server/account_api.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/tournament/online_arena.hpp"
#include "arbiter/wire/tournament_json.hpp"

namespace arbiter::server {

struct ArenaOptions {
  std::int64_t pairing_ms = 1'000;   // how often the director pairs the waiting players
  std::int64_t min_wait_ms = 2'000;  // a player waits this long before being paired
  std::int64_t sweep_ms = 15'000;    // how often the games in play are checked in the store
};

class ArenaService {
 public:
  ArenaService(store::Store& store, GameRegistry& registry, const RoomClock& clock,
               ArenaOptions options = {});

  // A new arena's record (not stored yet): the request's settings, the time control in the
  // grammar, the password's hash ("" for none). Errors: kInvalidArgument naming the field.
  [[nodiscard]] Result<store::TournamentRecord> make(const wire::TournamentRequest& request,
                                                     const std::string& time_control,
                                                     std::string password_hash,
                                                     std::int64_t owner) const;
  // The list's line of an arena; nullopt when its text cannot be read.
  [[nodiscard]] static std::optional<wire::TournamentListItem> summary(
      const store::TournamentRecord& r);
  // GET /api/tournaments/{id}: `viewer` is the one asking, if logged in.
  [[nodiscard]] HttpReply show(const store::TournamentRecord& r,
                               const std::optional<store::UserRecord>& viewer);
  // POST join: enters `user` or brings him back (the password checked when it has one).
  [[nodiscard]] HttpReply join(std::string_view id, const store::UserRecord& user,
                               const std::string& password);
  // POST pause (or withdraw): `user` is not paired until he joins again.
  [[nodiscard]] HttpReply pause(std::string_view id, const store::UserRecord& user);

  // The director's look at an arena it holds the lease of.
  void direct(const store::TournamentRecord& record);
  // A game of the arena ended.
  void record(const TournamentGameEnd& end);

 private:
  using Change = std::function<Result<void>(tournament::OnlineArena&, store::TournamentRecord&)>;
  Result<store::TournamentRecord> change(std::string_view id, const Change& f);
  // Creates the games paired without one yet, and stores their ids.
  Result<void> create_games(const std::string& id);
  // Records the results of games in play that have ended without a notice.
  Result<void> sweep(const std::string& id);
  // When the director must look again, and the status, for an arena in this state.
  void schedule(const tournament::OnlineArena& a, store::TournamentRecord& r,
                std::int64_t now) const;

  store::Store& store_;
  GameRegistry& registry_;
  const RoomClock& clock_;
  ArenaOptions options_;
  std::mutex swept_mutex_;
  std::map<std::string, std::int64_t, std::less<>> swept_;  // arena id -> last sweep
};

}  // namespace arbiter::server
