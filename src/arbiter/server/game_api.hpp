// GameApi: the REST routes of web-protocol.md §1 and the WebSocket upgrade of §2 on top of
// a GameRegistry, with a per-address rate limit (a token bucket).
//
//   GET  /api/presets                 the lobby's time-control presets
//   POST /api/games                   create (201)
//   GET  /api/games?status=&limit=    list: ongoing | recent | (absent: all)
//   GET  /api/games/{id}              GameState
//   POST /api/games/{id}/join         take the open seat (409 seat-taken)
//   GET  /api/games/{id}/pgn          PGN export
//   GET  /api/games/{id}/fen[?ply=N]  FEN
//   GET  /api/games/{id}/ws           WebSocket upgrade
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "arbiter/base/time_source.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/registry.hpp"

namespace arbiter::server {

struct RateLimit {
  double burst = 120;      // requests a client may make at once
  double per_second = 20;  // and the sustained rate
};

class GameApi final : public ApiHandler {
 public:
  GameApi(GameRegistry& registry, const TimeSource& time, RateLimit limit = {});
  [[nodiscard]] HttpReply handle(const HttpRequest& request) override;
  [[nodiscard]] std::shared_ptr<SocketHandler> socket_for(std::string_view target) override;

 private:
  [[nodiscard]] bool allow(const std::string& remote);
  HttpReply route(const HttpRequest& request);

  GameRegistry& registry_;
  const TimeSource& time_;
  RateLimit limit_;
  std::mutex mutex_;
  struct Bucket {
    double tokens = 0;
    Millis at{0};
  };
  std::map<std::string, Bucket> buckets_;
};

}  // namespace arbiter::server
