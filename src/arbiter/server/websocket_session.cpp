#include "arbiter/server/websocket_session.hpp"

#include <vector>

namespace arbiter::server {

void SessionRegistry::add(const std::shared_ptr<WebSocketSession>& session) {
  std::lock_guard lock{mutex_};
  sessions_.emplace(session.get(), session);
}

void SessionRegistry::remove(const WebSocketSession* session) {
  std::lock_guard lock{mutex_};
  sessions_.erase(session);
}

void SessionRegistry::abandon_all() {
  std::vector<std::shared_ptr<WebSocketSession>> live;
  {
    std::lock_guard lock{mutex_};
    for (const auto& entry : sessions_) {
      if (auto s = entry.second.lock()) live.push_back(std::move(s));
    }
  }
  for (const auto& s : live) s->finish();
}

WebSocketSession::WebSocketSession(tcp::socket&& socket, std::shared_ptr<SocketHandler> handler,
                                   const Limits& limits, std::shared_ptr<SessionRegistry> registry,
                                   SessionSlots slots)
    : ws_(std::move(socket)),
      handler_(std::move(handler)),
      registry_(std::move(registry)),
      slots_(std::move(slots)),
      queue_max_(limits.ws_queue_max) {
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = limits.ws_handshake_timeout;
  timeout.idle_timeout = limits.ws_idle_timeout;
  timeout.keep_alive_pings = true;  // a ping at half the idle time keeps live clients in
  ws_.set_option(timeout);
  websocket::permessage_deflate deflate;
  deflate.server_enable = false;  // design.md: no permessage-deflate
  deflate.client_enable = false;
  ws_.set_option(deflate);
  ws_.read_message_max(limits.ws_message_max);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "arbiter"); }));
}

void WebSocketSession::run(http::request<http::string_body> request) {
  // The HTTP timeout of the tcp_stream is replaced by the websocket timeouts above.
  beast::get_lowest_layer(ws_).expires_never();
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  open_ = true;
  ws_.text(true);
  registry_->add(shared_from_this());
  handler_->on_open(shared_from_this());
  read_next();
}

void WebSocketSession::read_next() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    // message_too_big: Beast has already sent close 1009; idle timeout: the socket is gone.
    finish();
    return;
  }
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (!ws_.got_text()) {
    close(websocket::close_code::bad_payload, "text frames only");
  } else {
    handler_->on_message(shared_from_this(), text);
  }
  read_next();
}

void WebSocketSession::send(std::shared_ptr<const std::string> text) {
  net::post(ws_.get_executor(), beast::bind_front_handler(&WebSocketSession::queue,
                                                          shared_from_this(), std::move(text)));
}

void WebSocketSession::queue(std::shared_ptr<const std::string> text) {
  if (!open_ || closing_) return;
  if (queue_.size() >= queue_max_) {
    websocket::close_reason why{websocket::close_code::policy_error};
    why.reason = "too slow";
    begin_close(why, false);
    return;
  }
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) write_next();  // otherwise a write is in flight
}

void WebSocketSession::write_next() {
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    queue_.clear();
    return;
  }
  queue_.pop_front();
  if (!queue_.empty()) {
    write_next();  // also while closing: a draining close sends the queue first
  } else if (closing_ && !close_sent_) {
    send_close();
  }
}

void WebSocketSession::close(unsigned short code, std::string_view reason) {
  auto self = shared_from_this();
  net::post(ws_.get_executor(), [self, code, reason = std::string{reason}] {
    websocket::close_reason why{code};
    why.reason = reason;
    self->begin_close(why, true);
  });
}

void WebSocketSession::begin_close(websocket::close_reason why, bool drain) {
  if (!open_ || closing_) return;
  closing_ = true;
  close_why_ = std::move(why);
  if (drain && !queue_.empty()) return;  // on_write sends the close after the last message
  if (!drain) {
    // Keep only the write in flight (if any); the close follows it.
    while (queue_.size() > 1) queue_.pop_back();
    if (!queue_.empty()) return;
  }
  send_close();
}

void WebSocketSession::send_close() {
  close_sent_ = true;
  auto self = shared_from_this();
  ws_.async_close(close_why_, [self](beast::error_code) { self->finish(); });
}

void WebSocketSession::finish() {
  if (finished_) return;
  finished_ = true;
  if (open_) {
    handler_->on_close(shared_from_this());
    registry_->remove(this);
  }
  open_ = false;
}

}  // namespace arbiter::server
