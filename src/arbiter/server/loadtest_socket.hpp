// `arbiter loadtest`: one player's WebSocket, asynchronous on its game's io_context. It
// connects from a given source address, keeps one write in flight and a queue behind it,
// and hands every text message to its owner. Not thread-safe: everything happens on the
// io_context's one thread.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/loadtest_options.hpp"

namespace arbiter::server {

// Opens `socket` for `target` and binds it to `source` (empty: any address); `to` is the
// endpoint to connect to. What failed is named in `what` ("connect" for a bad target,
// "bind").
[[nodiscard]] beast::error_code open_from(tcp::socket& socket, const LoadTarget& target,
                                          const std::string& source, tcp::endpoint& to,
                                          std::string& what);

class LoadSocket : public std::enable_shared_from_this<LoadSocket> {
 public:
  struct Handlers {
    std::function<void()> opened;                   // the upgrade succeeded
    std::function<void(std::string_view)> message;  // a text message arrived
    // The socket failed or the server closed it; `kind` names it ("connect: …",
    // "close 4008", …). Not called after close().
    std::function<void(const std::string& kind, bool connecting)> failed;
  };

  LoadSocket(net::io_context& ioc, Handlers handlers);

  // A server that answers nothing, not even a WebSocket ping, for this long is taken as
  // lost (failed "read"): a frozen node (--reconnect). Zero (the default): never. Before open().
  void set_idle_timeout(std::chrono::milliseconds timeout) { idle_timeout_ = timeout; }
  // Connects from `source` (empty: any address) and upgrades on `path`.
  void open(const LoadTarget& target, const std::string& source, const std::string& path);
  void send(std::string text);
  // A normal close (1000); nothing is reported afterwards.
  void close();
  [[nodiscard]] bool is_open() const noexcept { return open_; }

 private:
  void fail(const std::string& kind, beast::error_code ec);
  void read();
  void write_next();
  void finish_close();

  websocket::stream<beast::tcp_stream> ws_;
  Handlers handlers_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string host_;
  bool writing_ = false;
  bool open_ = false;
  bool closing_ = false;
  bool failed_ = false;
  std::chrono::milliseconds idle_timeout_{0};
};

}  // namespace arbiter::server
