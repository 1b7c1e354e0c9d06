// TournamentService: the events the server runs (issue #18, docs/events.md). Its REST
// routes (web-protocol.md §1.8) and its director, which pairs each round when the one
// before is over, creates the games, and records their results. An arena (issue #18 item
// 2) is its ArenaService's: the same routes, records and director, its own rules.
//
//   POST /api/tournaments                  create (201, logged in)
//   GET  /api/tournaments?status=          list: created | running | finished
//   GET  /api/tournaments/{id}             the event: players, rounds, standings, "me"
//   POST /api/tournaments/{id}/join        enter ({"password"} when it has one)
//   POST /api/tournaments/{id}/withdraw    withdraw (an arena: pause)
//   POST /api/tournaments/{id}/pause       an arena: not paired until he joins again
//   GET  /api/tournaments/{id}/trf         the event's TRF (C.04 Annex 2)
//
// One owner per piece of state: the event is the store's record, changed only by a
// compare-and-set of its version (a join on one node and a result on another never lose
// each other); the rules are tournament::online_rules; the games are the registry's rooms.
// On a cluster one node directs an event at a time, the holder of its lease.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "arbiter/account/password.hpp"
#include "arbiter/server/account_api.hpp"
#include "arbiter/server/arena_service.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/worker_pool.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/tournament/online_event.hpp"

namespace arbiter::server {

struct TournamentOptions {
  account::PasswordCost cost = account::interactive_cost();  // an event's password's hash
  std::string node;                // this cluster node's name; "" on a single server
  std::int64_t lease_ms = 10'000;  // how long a director's lease runs
  // How often the director checks a round in play against the store, in case an ending's
  // notice was lost (the game ended on a node that stopped before telling).
  std::int64_t sweep_ms = 15'000;
  int max_open_per_owner = 5;  // events not finished an account may have created
  ArenaOptions arena;          // its sweep_ms is this sweep_ms
};

class TournamentService {
 public:
  TournamentService(store::Store& store, GameRegistry& registry, const RoomClock& clock,
                    std::shared_ptr<AccountApi> accounts, TournamentOptions options = {});
  // Waits for the director's work in hand.
  ~TournamentService();
  // Takes no more work and finishes what was queued (results recorded): before the
  // registry goes.
  void stop() { pool_->drain(); }
  TournamentService(const TournamentService&) = delete;
  TournamentService& operator=(const TournamentService&) = delete;

  [[nodiscard]] static bool owns(std::string_view target) noexcept;
  // Blocking (it hashes passwords and reads the store): off the network threads.
  [[nodiscard]] HttpReply handle(const HttpRequest& request);

  // RoomContext::tournament_game_ended: records the result on the service's own thread.
  void game_ended(TournamentGameEnd end);
  // Every second: directs the events that are due, on the service's own thread (a tick
  // while the last one still runs is skipped).
  void tick();
  // Directs the due events now, on the caller's thread (tests; what tick() runs).
  void direct_due();
  // Records a game's result now, on the caller's thread (what game_ended() runs).
  void record(const TournamentGameEnd& end);

 private:
  using Change = std::function<Result<void>(tournament::OnlineEvent&, store::TournamentRecord&)>;
  // Load, change, store, again when another writer came first; the record as stored.
  Result<store::TournamentRecord> change(std::string_view id, const Change& f);
  void direct(const store::TournamentRecord& record);
  // Creates the games of the last round's boards that have none yet, and stores their ids.
  Result<void> create_games(const std::string& id);
  // Records the results of the last round's games that have ended without being recorded.
  Result<void> sweep(const std::string& id);

  HttpReply create(const HttpRequest& request);
  // Stores a new event of `owner` under a fresh id (201), unless he has too many open.
  HttpReply store_new(const store::UserRecord& owner, store::TournamentRecord r);
  HttpReply list(std::string_view query);
  HttpReply show(const HttpRequest& request, std::string_view id);
  HttpReply join(const HttpRequest& request, std::string_view id);
  // Withdraws from a Swiss, pauses in an arena; `pause`: only the latter (409 for a Swiss).
  HttpReply withdraw(const HttpRequest& request, std::string_view id, bool pause);
  HttpReply trf(std::string_view id);
  // The kind ("swiss", "arena") of the event `id`; nullopt when there is none.
  Result<std::optional<std::string>> kind_of(std::string_view id);

  store::Store& store_;
  GameRegistry& registry_;
  const RoomClock& clock_;
  std::shared_ptr<AccountApi> accounts_;
  TournamentOptions options_;
  ArenaService arenas_;
  std::atomic<bool> directing_{false};
  std::unique_ptr<WorkerPool> pool_;  // last: stopped first
};

}  // namespace arbiter::server
