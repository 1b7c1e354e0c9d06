// One WebSocket connection, after Beast 1.74's websocket chat-multi example: reads one
// message at a time, keeps outgoing messages in a queue with a single write in flight,
// and applies the limits (message size, idle timeout, no permessage-deflate).
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/connection_limiter.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/limits.hpp"

namespace arbiter::server {

class WebSocketSession;

// The open sessions of a server. When the server stops, its io_context no longer runs
// their handlers, so stop() tells each SocketHandler through abandon_all() that its
// connections are gone (otherwise a room and its sessions would keep each other alive).
class SessionRegistry {
 public:
  void add(const std::shared_ptr<WebSocketSession>& session);
  void remove(const WebSocketSession* session);
  // Only once the io_context threads have stopped.
  void abandon_all();

 private:
  std::mutex mutex_;
  std::map<const WebSocketSession*, std::weak_ptr<WebSocketSession>> sessions_;
};

class WebSocketSession final : public Connection,
                               public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(tcp::socket&& socket, std::shared_ptr<SocketHandler> handler,
                   const Limits& limits, std::shared_ptr<SessionRegistry> registry,
                   SessionSlots slots = {});

  // Completes the upgrade of `request`, then reads until the peer closes.
  void run(http::request<http::string_body> request);

  void send(std::shared_ptr<const std::string> text) override;
  void close(unsigned short code, std::string_view reason) override;
  // The end of the connection: on_close once, then unregistered. Idempotent.
  void finish();

 private:
  void on_accept(beast::error_code ec);
  void read_next();
  void on_read(beast::error_code ec, std::size_t bytes);
  void queue(std::shared_ptr<const std::string> text);
  void write_next();
  void on_write(beast::error_code ec, std::size_t bytes);
  // On the strand. `drain`: the queued messages go out first (an error that explains the
  // close must arrive before it); otherwise the close goes out at once (a slow client).
  void begin_close(websocket::close_reason why, bool drain);
  void send_close();

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<SocketHandler> handler_;
  std::shared_ptr<SessionRegistry> registry_;
  SessionSlots slots_;  // the places in the connection counts, given back with the session
  std::size_t queue_max_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool open_ = false;
  bool closing_ = false;
  bool close_sent_ = false;
  websocket::close_reason close_why_;
  bool finished_ = false;
};

}  // namespace arbiter::server
