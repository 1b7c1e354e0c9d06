// Transport limits (docs/web-protocol.md §1–2).
#pragma once

#include <chrono>
#include <cstddef>

namespace arbiter::server {

struct Limits {
  std::size_t http_body_max = 16 * 1024;         // 413 beyond
  std::size_t http_header_max = 8 * 1024;        // 431 beyond
  std::chrono::seconds http_timeout{30};         // reading one request
  std::size_t ws_message_max = 8 * 1024;         // close 1009 beyond
  std::chrono::seconds ws_handshake_timeout{5};  // WebSocket opening / closing handshake
  std::chrono::seconds ws_idle_timeout{30};      // no frame from the client (pings included)
  std::size_t ws_queue_max = 256;                // pending outgoing messages of a slow client
};

}  // namespace arbiter::server
