// Transport limits (docs/web-protocol.md §1–2, docs/server.md "Limits", issue #14).
#pragma once

#include <chrono>
#include <cstddef>
#include <string_view>

namespace arbiter::server {

// POST /api/pgn (pgn_api.hpp) takes a PGN file of up to this many bytes (413 beyond).
inline constexpr std::string_view kPgnImportTarget = "/api/pgn";
inline constexpr std::size_t kPgnImportBodyMax = std::size_t{1} << 20;

struct Limits {
  // A PGN import's body (kPgnImportTarget), 413 beyond; every other one is http_body_max.
  std::size_t http_pgn_body_max = kPgnImportBodyMax;
  std::size_t http_body_max = 16 * 1024;         // 413 beyond
  std::size_t http_header_max = 8 * 1024;        // 431 beyond
  std::chrono::seconds http_timeout{30};         // reading one request
  std::size_t ws_message_max = 8 * 1024;         // close 1009 beyond
  std::chrono::seconds ws_handshake_timeout{5};  // WebSocket opening / closing handshake
  std::chrono::seconds ws_idle_timeout{30};      // no frame from the client (pings included)
  std::size_t ws_queue_max = 256;                // pending outgoing messages of a slow client
  // Cluster (docs/cluster.md): a socket relayed to the game's owner node pings it at half
  // this time and lets the client go (4010) when nothing came back for this long: a frozen
  // owner is noticed within seconds, as a dead one is at once.
  std::chrono::milliseconds upstream_idle_timeout{4000};
  // Connections open at once (HTTP and WebSocket); the server lowers it to RLIMIT_NOFILE
  // minus fd_reserve, so that it answers 503 before the descriptors run out.
  std::size_t max_connections = 10'000;
  std::size_t fd_reserve = 64;                    // descriptors kept for files and the store
  std::size_t max_per_address = 64;               // connections of one client address (503)
  double ws_upgrade_burst = 64;                   // WebSocket upgrades of one address at once
  double ws_upgrade_per_second = 8;               // and sustained (429 beyond)
  std::chrono::milliseconds accept_backoff{100};  // pause after EMFILE / ENFILE
};

}  // namespace arbiter::server
