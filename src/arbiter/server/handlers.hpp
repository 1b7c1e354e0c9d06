// The seams between the transport (Boost.Beast sessions) and the application (game rooms,
// REST routes): the server calls an ApiHandler for /api/ requests and WebSocket upgrades,
// and each WebSocket talks to its SocketHandler through a Connection. Nothing here
// depends on Boost, so rooms and routes are testable without sockets.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

// One open WebSocket, as the application sees it. Thread-safe: send() and close() may be
// called from any thread; messages go out in order, one write in flight at a time.
class Connection {
 public:
  virtual ~Connection() = default;
  // Queues a text message. A client that lets too many messages pile up is disconnected.
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Closes with a WebSocket close code (1000 normal, 1008 policy, 4000-4999 application).
  virtual void close(unsigned short code, std::string_view reason) = 0;
};

// Receives the events of one WebSocket. Calls for one connection never overlap.
class SocketHandler {
 public:
  virtual ~SocketHandler() = default;
  virtual void on_open(const std::shared_ptr<Connection>& connection) = 0;
  virtual void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) = 0;
  virtual void on_close(const std::shared_ptr<Connection>& connection) = 0;
};

// A reply body made piece by piece (issue #17: a player's whole archive as one PGN file):
// the transport sends it chunked, asking for the next piece only once the last one is
// written, so that a large body never sits whole in memory. `next` answers through `done`
// exactly once, on any thread: the next piece, nullopt at the end, or an error, on which
// the transport drops the connection without the final chunk (a client sees a truncated
// transfer, never a short file that looks whole).
class BodySource {
 public:
  using Done = std::function<void(Result<std::optional<std::string>>)>;
  virtual ~BodySource() = default;
  virtual void next(Done done) = 0;
};

struct HttpReply {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string content_disposition;  // e.g. attachment; filename="game.pgn"
  std::string retry_after = {};     // seconds, with a 429 or 503
  // Set-Cookie headers, one each (accounts, issue #17: the session cookie).
  std::vector<std::string> set_cookies = {};
  // Cluster (docs/cluster.md): when set, the request belongs to another node, whose
  // address ("host:port") this is; the transport passes the request there and answers
  // with that node's reply (the other fields are unused).
  std::string forward_to = {};
  // When set, the body comes from here, sent chunked (`body` is unused).
  std::shared_ptr<BodySource> stream = {};
};

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query, e.g. "/api/games?status=ongoing"
  std::string body;
  std::string remote;  // the client's address ("127.0.0.1"), for rate limits
  // Passed on by another cluster node (header X-Arbiter-Forwarded): never forwarded again.
  bool forwarded = false;
  std::string cookie = {};  // the Cookie header as sent ("" when none)
  std::string csrf = {};    // the X-CSRF-Token header ("" when none)
  std::string host = {};    // the Host the client asked for (X-Forwarded-Host between nodes)
};

// Where a WebSocket upgrade goes: to a handler here, to another node, or nowhere (404).
struct SocketRoute {
  std::shared_ptr<SocketHandler> handler;
  std::string forward_to;  // another cluster node's "host:port": relay the socket there
  std::string game_id;     // with forward_to: the game
};

// The application behind /api/. Called on the server's threads, possibly concurrently.
class ApiHandler {
 public:
  virtual ~ApiHandler() = default;
  [[nodiscard]] virtual HttpReply handle(const HttpRequest& request) = 0;
  // As handle(), answering through `respond`, exactly once, on any thread: a request that
  // waits for the store (creating a game, issue #16) is answered after its commit without
  // holding a server thread meanwhile. By default, handle() and respond at once.
  using Respond = std::function<void(HttpReply)>;
  virtual void handle_async(const HttpRequest& request, Respond respond) {
    respond(handle(request));
  }
  // The handler for a WebSocket upgrade to `target`, or null (answered 404).
  [[nodiscard]] virtual std::shared_ptr<SocketHandler> socket_for(std::string_view target) = 0;
  // As socket_for(), with the cluster's forwarding: `forwarded` as in HttpRequest.
  [[nodiscard]] virtual SocketRoute route_socket(std::string_view target, bool forwarded) {
    (void)forwarded;
    return {socket_for(target), {}, {}};
  }
  // The handler of a socket for `game_id`, which another node owns, given `relay`, which
  // passes everything to that node: `relay` itself, or a handler that serves some of the
  // socket here (a cluster node's spectators, spectator_mirror.hpp).
  [[nodiscard]] virtual std::shared_ptr<SocketHandler> remote_socket(
      const std::string& game_id, std::shared_ptr<SocketHandler> relay) {
    (void)game_id;
    return relay;
  }
};

}  // namespace arbiter::server
