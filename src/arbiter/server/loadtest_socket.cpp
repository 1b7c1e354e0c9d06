#include "arbiter/server/loadtest_socket.hpp"

#include <chrono>

namespace arbiter::server {
namespace {
constexpr std::chrono::seconds kConnectTimeout{10};
}  // namespace

beast::error_code open_from(tcp::socket& socket, const LoadTarget& target,
                            const std::string& source, tcp::endpoint& to, std::string& what) {
  beast::error_code ec;
  what = "connect";
  const auto address = net::ip::make_address(target.address, ec);
  if (ec) return ec;
  to = tcp::endpoint{address, target.port};
  what = "bind";
  socket.open(address.is_v6() ? tcp::v6() : tcp::v4(), ec);
  if (!ec && !source.empty()) socket.bind(tcp::endpoint{net::ip::make_address(source, ec), 0}, ec);
  return ec;
}

LoadSocket::LoadSocket(net::io_context& ioc, Handlers handlers)
    : ws_(ioc), handlers_(std::move(handlers)) {}

void LoadSocket::fail(const std::string& kind, beast::error_code ec) {
  if (failed_ || closing_) return;
  failed_ = true;
  const bool connecting = !open_;
  open_ = false;
  std::string what = kind;
  if (ec == websocket::error::closed) {
    what = "closed " + std::to_string(ws_.reason().code);
  } else if (ec) {
    what += ": " + ec.message();
  }
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (handlers_.failed) handlers_.failed(what, connecting);
}

void LoadSocket::open(const LoadTarget& target, const std::string& source,
                      const std::string& path) {
  auto& tcp_stream = beast::get_lowest_layer(ws_);
  tcp::endpoint to;
  std::string what;
  if (auto ec = open_from(tcp_stream.socket(), target, source, to, what)) return fail(what, ec);
  host_ = target.host + ":" + std::to_string(target.port);
  tcp_stream.expires_after(kConnectTimeout);
  tcp_stream.async_connect(to, [self = shared_from_this(), path](beast::error_code connect_ec) {
    if (connect_ec) return self->fail("connect", connect_ec);
    self->ws_.async_handshake(self->host_, path, [self](beast::error_code handshake_ec) {
      if (handshake_ec) return self->fail("upgrade", handshake_ec);
      beast::get_lowest_layer(self->ws_).expires_never();
      auto timeout = websocket::stream_base::timeout::suggested(beast::role_type::client);
      if (self->idle_timeout_.count() > 0) {
        timeout.idle_timeout = self->idle_timeout_;  // a ping at half of it
        timeout.keep_alive_pings = true;
      }
      self->ws_.set_option(timeout);
      self->ws_.text(true);
      self->open_ = true;
      if (self->handlers_.opened) self->handlers_.opened();
      self->read();
      self->write_next();
    });
  });
}

void LoadSocket::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return self->fail("read", ec);
    const auto data = self->buffer_.cdata();
    const std::string_view text{static_cast<const char*>(data.data()), data.size()};
    if (self->handlers_.message && !self->closing_) self->handlers_.message(text);
    self->buffer_.consume(self->buffer_.size());
    if (!self->failed_ && !self->closing_) self->read();
  });
}

void LoadSocket::send(std::string text) {
  if (failed_ || closing_) return;
  queue_.push_back(std::move(text));
  if (open_) write_next();
}

void LoadSocket::write_next() {
  if (writing_ || queue_.empty() || !open_) return;
  writing_ = true;
  ws_.async_write(net::buffer(queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) return self->fail("write", ec);
                    self->queue_.pop_front();
                    if (self->closing_) return self->finish_close();
                    self->write_next();
                  });
}

void LoadSocket::close() {
  if (closing_) return;
  closing_ = true;
  if (!open_) {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    return;
  }
  if (!writing_) finish_close();  // else once the write in flight is done
}

void LoadSocket::finish_close() {
  if (!open_) return;
  open_ = false;
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds{2});
  ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
  });
}

}  // namespace arbiter::server
