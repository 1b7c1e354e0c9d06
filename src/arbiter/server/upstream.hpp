// Forwarding to the node that owns a game (issue #16, docs/cluster.md). A request or a
// socket that reached a node other than the game's owner is passed on to the owner: an
// HTTP request once, a WebSocket as a relay of every message in both directions, so the
// client never notices which node it landed on. The owner answers as to any client; the
// forwarding node only adds the headers that say so (X-Forwarded-For: the client's
// address; X-Arbiter-Forwarded: never forward again).
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/server/beast.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/limits.hpp"
#include "arbiter/server/spectator_mirror.hpp"

namespace arbiter::server {

// The header a forwarding node adds; a node never forwards a request that carries it.
inline constexpr std::string_view kForwardedHeader = "X-Arbiter-Forwarded";
// The header that carries a session's anti-CSRF token (issue #17, docs/accounts.md).
inline constexpr std::string_view kCsrfHeader = "X-CSRF-Token";

// "host:port" split; kInvalidArgument (field "address") when it is not of that form.
struct HostPort {
  std::string host;
  std::string port;
};
[[nodiscard]] Result<HostPort> split_address(std::string_view address);

struct UpstreamReply {
  unsigned status = 0;
  std::string content_type;
  std::string content_disposition;
  std::string retry_after;
  std::vector<std::string> set_cookies;
  std::string body;
};

// Sends `request` (method, target, body) to the node at `address` on a new connection and
// calls `done` with its reply, on `executor`. `client`: the client's address, passed as
// X-Forwarded-For. Errors (kIo): the node cannot be reached or does not answer within
// `timeout`, or its reply is over `body_max`.
void forward_request(net::any_io_executor executor, std::string address, HttpRequest request,
                     std::string client, std::chrono::milliseconds timeout, std::size_t body_max,
                     std::function<void(Result<UpstreamReply>)> done);

// Requests of a node to the others outside any client's session (a mirror's state, for
// one): one thread of its own running them.
class NodeClient {
 public:
  NodeClient();
  ~NodeClient();
  NodeClient(const NodeClient&) = delete;
  NodeClient& operator=(const NodeClient&) = delete;
  // GET `target` of the node at `address`; `done` (on the client's thread) gets the body
  // of a 200 reply, else an error (kIo) naming the status or the failure.
  void get(std::string address, std::string target, std::function<void(Result<std::string>)> done);
  // Runs `task` on the client's thread.
  void post(std::function<void()> task);

 private:
  net::io_context ioc_;
  net::executor_work_guard<net::io_context::executor_type> work_;
  std::thread thread_;
};

// A cluster node's source for its spectator mirrors (spectator_mirror.hpp): the state from
// this node's room if it owns the game, else from the owner over HTTP; the events from the
// store. Both run on `client`'s thread, never on the caller's.
class GameRegistry;
[[nodiscard]] MirrorSource mirror_source(GameRegistry& registry, NodeClient& client,
                                         store::Store& store);

// A WebSocket relayed to the owner: the client's socket (a WebSocketSession, with all its
// limits) talks to this handler, which opens a WebSocket to the owner with the same target
// and passes every text message both ways, in order. When the owner closes, the client is
// closed with the owner's code and reason; when the owner cannot be reached or its
// connection breaks, with 4010 ("the game moved"; the client reconnects, web-protocol.md
// §2.2); when the client goes, the owner's socket is closed (1001).
class UpstreamRelay final : public SocketHandler,
                            public std::enable_shared_from_this<UpstreamRelay> {
 public:
  UpstreamRelay(net::any_io_executor executor, std::string address, std::string target,
                std::string client, const Limits& limits);

  void on_open(const std::shared_ptr<Connection>& connection) override;
  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
  void on_close(const std::shared_ptr<Connection>& connection) override;

 private:
  void start();
  void on_resolve(beast::error_code ec, const tcp::resolver::results_type& results);
  void on_connect(beast::error_code ec, const tcp::endpoint& endpoint);
  void on_handshake(beast::error_code ec);
  void read_next();
  void on_read(beast::error_code ec, std::size_t bytes);
  void queue(std::string text);
  void write_next();
  void on_write(beast::error_code ec, std::size_t bytes);
  // The upstream is gone: the client is closed with `code` (once).
  void fail(unsigned short code, std::string reason);
  void close_upstream();

  net::strand<net::any_io_executor> strand_;
  tcp::resolver resolver_;
  // Optional so that a stopped server can destroy it (on_close): an operation Beast keeps
  // suspended inside the stream (a write behind a keep-alive ping) holds this relay, and
  // with the io_context stopped nothing would ever resume or free it.
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  beast::flat_buffer buffer_;
  std::string address_;
  HostPort host_;
  std::string target_;
  std::string client_;
  std::size_t queue_max_;
  std::chrono::milliseconds handshake_limit_;  // to connect, and then to upgrade
  std::shared_ptr<Connection> connection_;     // the client's socket, until it closes
  std::deque<std::string> out_;                // to the owner
  bool open_ = false;                          // the upstream handshake is done
  bool writing_ = false;
  bool client_gone_ = false;
  bool closing_ = false;  // the upstream close has begun
};

}  // namespace arbiter::server
