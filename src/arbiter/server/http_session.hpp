// One HTTP connection, after Beast 1.74's advanced_server example: reads a request (with
// a body limit and a timeout), answers it — static file, /api/ route, or WebSocket
// upgrade handed to a WebSocketSession — and loops while the client keeps the connection
// alive. Requests on one connection are answered in order, one at a time.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/client_address.hpp"
#include "arbiter/server/connection_limiter.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/limits.hpp"
#include "arbiter/server/static_files.hpp"
#include "arbiter/server/websocket_session.hpp"

namespace arbiter::server {

// What the sessions of a server share to admit connections (issue #14): the counts and
// the proxies whose forwarding headers are believed.
struct Admission {
  std::shared_ptr<ConnectionLimiter> limiter;
  TrustedProxies proxies;
};

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, std::shared_ptr<ApiHandler> api, StaticSite site,
              const Limits& limits, std::shared_ptr<SessionRegistry> registry,
              std::shared_ptr<Admission> admission, ConnectionSlot slot);
  void run();

 private:
  void read_next();
  void on_read(beast::error_code ec, std::size_t bytes);
  void answer(http::request<http::string_body>&& request);
  void reply(unsigned status, std::string_view content_type, std::string body,
             std::string_view disposition = {}, std::string_view retry_after = {},
             const std::vector<std::string>& cookies = {});
  // The client's address (the peer, or whom a trusted proxy names) and its place in the
  // per-address count; false (answered 503) when the address is at its cap.
  [[nodiscard]] bool admit(const http::request<http::string_body>& request);
  void serve_file(const http::request<http::string_body>& request);
  // Cluster: passes an /api/ request to the node that owns its game and answers with that
  // node's reply (docs/cluster.md).
  void forward(HttpRequest request, std::string address);
  // A reply whose body comes piece by piece (HttpReply::stream): the header, then one
  // chunk per piece, each asked for once the last is written, then the final chunk.
  void reply_stream(const HttpReply& reply);
  void next_chunk(std::shared_ptr<BodySource> source);
  template <class Body>
  void write(http::response<Body>&& response);
  void on_write(bool close, beast::error_code ec, std::size_t bytes);

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<ApiHandler> api_;
  StaticSite site_;
  Limits limits_;
  std::shared_ptr<SessionRegistry> registry_;
  std::shared_ptr<Admission> admission_;
  SessionSlots slots_;
  std::string peer_;
  std::string client_;
  unsigned version_ = 11;
  bool keep_alive_ = false;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
};

}  // namespace arbiter::server
