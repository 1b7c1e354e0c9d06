// GameApi: the REST routes of web-protocol.md §1 and the WebSocket upgrade of §2 on top of
// a GameRegistry, with a per-address rate limit (a token bucket) and a server-wide rate of
// game creation.
//
//   GET  /api/presets                 the lobby's time-control presets
//   POST /api/games                   create (201)
//   GET  /api/games?status=&limit=    list: ongoing | recent | (absent: all)
//   GET  /api/games/{id}              GameState
//   POST /api/games/{id}/join         take the open seat (409 seat-taken)
//   GET  /api/games/{id}/pgn          PGN export
//   GET  /api/games/{id}/fen[?ply=N]  FEN
//   GET  /api/games/{id}/log          the referee's event log
//   GET  /api/games/{id}/ws           WebSocket upgrade
//
// On a cluster node, a game another node holds is forwarded there (HttpReply::forward_to,
// SocketRoute::forward_to), once: a forwarded request for a game that is not here either
// (it moved meanwhile) is answered 503 "moved", and the client tries again.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "arbiter/base/time_source.hpp"
#include "arbiter/server/account_api.hpp"
#include "arbiter/server/analysis_service.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/lobby_api.hpp"
#include "arbiter/server/profile_api.hpp"
#include "arbiter/server/rate_limit.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/spectator_mirror.hpp"
#include "arbiter/server/tournament_service.hpp"
#include "arbiter/server/worker_pool.hpp"

namespace arbiter::server {

// The default of the server-wide rate of game creation (docs/security.md): whoever asks,
// from however many addresses.
inline constexpr RateLimit kCreationLimit{60, 5};

// The threads of GameApi's pool for requests that wait for a commit (joins): each waits a
// commit's time (milliseconds), so a few serve hundreds of joins a second.
inline constexpr int kWaitingThreads = 4;

class GameApi final : public ApiHandler {
 public:
  GameApi(GameRegistry& registry, const TimeSource& time, RateLimit limit = {},
          RateLimit creations = kCreationLimit);
  [[nodiscard]] HttpReply handle(const HttpRequest& request) override;
  // POST /api/games through GameRegistry::create_async; a join (which waits for its
  // commit) on a thread of its own pool, so that no network thread waits; everything else
  // as handle().
  void handle_async(const HttpRequest& request, Respond respond) override;
  [[nodiscard]] std::shared_ptr<SocketHandler> socket_for(std::string_view target) override;
  [[nodiscard]] SocketRoute route_socket(std::string_view target, bool forwarded) override;
  [[nodiscard]] std::shared_ptr<SocketHandler> remote_socket(
      const std::string& game_id, std::shared_ptr<SocketHandler> relay) override;
  // Cluster with Redis: spectators of another node's game are served from this node's
  // mirrors (docs/cluster.md); players are still relayed. Null: everything is relayed.
  void set_mirrors(MirrorRegistry* mirrors) noexcept { mirrors_ = mirrors; }
  // The account routes (/api/account..., issue #17), answered on the waiting pool since
  // they hash passwords. Null: those routes answer 404.
  void set_accounts(std::shared_ptr<AccountApi> accounts) noexcept {
    accounts_ = std::move(accounts);
  }
  // Players' pages (/api/users/..., issue #17), on the waiting pool (they read the store).
  void set_profiles(std::shared_ptr<ProfileApi> profiles) {
    profiles_ = std::move(profiles);
    // A streamed archive makes its pieces on the pool too.
    profiles_->set_worker(
        [pool = waiting_.get()](std::function<void()> f) { pool->post(std::move(f)); });
  }
  // The lobby (/api/lobby..., issue #17), on the waiting pool (it reads the store and
  // creates games). Null: those routes answer 404.
  void set_lobby(std::shared_ptr<LobbyApi> lobby) noexcept { lobby_ = std::move(lobby); }
  // The events (/api/tournaments..., issue #18), on the waiting pool (they read the store
  // and hash passwords). Null: those routes answer 404.
  void set_tournaments(std::shared_ptr<TournamentService> tournaments) noexcept {
    tournaments_ = std::move(tournaments);
  }
  // Post-game analysis (/api/games/{id}/analysis, the PGN's ?analysis=1; issue #18), on
  // the waiting pool. Null: those answer 404 / the plain PGN.
  void set_analyses(std::shared_ptr<AnalysisService> analyses) noexcept {
    analyses_ = std::move(analyses);
  }
  // Browser tests only: POST /api/test/clock {"advance_ms": N} (1 ms .. 30 days) moves
  // `clock` forward. Null (the default): that route answers 404.
  void set_test_clock(ShiftedRoomClock* clock) noexcept { test_clock_ = clock; }
  // The server-wide rate of game creation, for the lobby's games too.
  [[nodiscard]] bool allow_creation();

 private:
  [[nodiscard]] bool allow(const std::string& remote);
  // Issue #17: whether the request carries a session cookie, and whose account it is (a
  // store read: call off the network threads).
  [[nodiscard]] bool has_session(const HttpRequest& request) const;
  [[nodiscard]] SeatAccount seat_account(const HttpRequest& request);
  HttpReply route(const HttpRequest& request);
  // POST /api/games up to the registry: the request parsed and admitted, or the reply.
  tl::expected<wire::CreateGameRequest, HttpReply> admit_creation(const HttpRequest& request);
  static HttpReply created_reply(const Result<CreatedGame>& created);

  GameRegistry& registry_;
  const TimeSource& time_;
  MirrorRegistry* mirrors_ = nullptr;
  std::shared_ptr<AccountApi> accounts_;
  std::shared_ptr<ProfileApi> profiles_;
  std::shared_ptr<LobbyApi> lobby_;
  std::shared_ptr<TournamentService> tournaments_;
  std::shared_ptr<AnalysisService> analyses_;
  ShiftedRoomClock* test_clock_ = nullptr;

  RateLimit creation_limit_;
  std::mutex mutex_;
  AddressBuckets buckets_;
  TokenBucket creations_;
  // Last: destroyed first, so that no waiting request outlives the members it uses.
  std::unique_ptr<WorkerPool> waiting_;
};

}  // namespace arbiter::server
