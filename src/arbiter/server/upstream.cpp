#include "arbiter/server/upstream.hpp"

#include <optional>
#include <utility>

#include "arbiter/server/registry.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {
namespace {

beast::string_view bsv(std::string_view s) { return {s.data(), s.size()}; }
std::string str(beast::string_view s) { return {s.data(), s.size()}; }

// One forwarded HTTP request: resolve, connect, write, read, done.
class ForwardedRequest final : public std::enable_shared_from_this<ForwardedRequest> {
 public:
  ForwardedRequest(net::any_io_executor executor, HostPort host, std::string client,
                   std::chrono::milliseconds timeout, std::size_t body_max,
                   std::function<void(Result<UpstreamReply>)> done)
      : executor_(std::move(executor)),
        resolver_(executor_),
        stream_(executor_),
        host_(std::move(host)),
        client_(std::move(client)),
        timeout_(timeout),
        done_(std::move(done)) {
    parser_.body_limit(body_max);
  }

  void run(const HttpRequest& request) {
    request_.method_string(bsv(request.method));
    request_.target(bsv(request.target));
    request_.version(11);
    request_.set(http::field::host, bsv(host_.host + ":" + host_.port));
    request_.set(http::field::user_agent, "arbiter-node");
    request_.set(bsv(kForwardedHeader), "1");
    request_.set("X-Forwarded-For", bsv(client_));
    // The account's session travels with the request (issue #17).
    if (!request.cookie.empty()) request_.set(http::field::cookie, bsv(request.cookie));
    if (!request.csrf.empty()) request_.set(bsv(kCsrfHeader), bsv(request.csrf));
    if (!request.host.empty()) request_.set("X-Forwarded-Host", bsv(request.host));
    if (!request.body.empty()) request_.set(http::field::content_type, "application/json");
    request_.body() = request.body;
    request_.prepare_payload();
    request_.keep_alive(false);
    stream_.expires_after(timeout_);
    resolver_.async_resolve(
        host_.host, host_.port,
        beast::bind_front_handler(&ForwardedRequest::on_resolve, shared_from_this()));
  }

 private:
  void on_resolve(beast::error_code ec, const tcp::resolver::results_type& results) {
    if (ec) return finish(ec, "resolve");
    stream_.async_connect(
        results, beast::bind_front_handler(&ForwardedRequest::on_connect, shared_from_this()));
  }
  void on_connect(beast::error_code ec, const tcp::endpoint&) {
    if (ec) return finish(ec, "connect");
    stream_.socket().set_option(tcp::no_delay(true), ec);
    http::async_write(stream_, request_,
                      beast::bind_front_handler(&ForwardedRequest::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return finish(ec, "write");
    http::async_read(stream_, buffer_, parser_,
                     beast::bind_front_handler(&ForwardedRequest::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish(ec, "read");
    const auto& res = parser_.get();
    UpstreamReply reply;
    reply.status = res.result_int();
    reply.content_type = str(res[http::field::content_type]);
    reply.content_disposition = str(res[http::field::content_disposition]);
    reply.retry_after = str(res[http::field::retry_after]);
    for (const auto& field : res) {
      if (field.name() == http::field::set_cookie) reply.set_cookies.push_back(str(field.value()));
    }
    reply.body = res.body();
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    done_(std::move(reply));
  }
  void finish(beast::error_code ec, const char* step) {
    done_(make_error(ErrorCode::kIo, std::string{"the game's node "} + host_.host + ":" +
                                         host_.port + " failed at " + step + ": " + ec.message()));
  }

  net::any_io_executor executor_;
  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  HostPort host_;
  std::string client_;
  std::chrono::milliseconds timeout_;
  std::function<void(Result<UpstreamReply>)> done_;
  http::request<http::string_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

Result<HostPort> split_address(std::string_view address) {
  const auto colon = address.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == address.size()) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a node address is host:port, not '" + std::string{address} + "'",
                      {0, 0, "address"});
  }
  std::string host{address.substr(0, colon)};
  // [::1]:8080
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  return HostPort{std::move(host), std::string{address.substr(colon + 1)}};
}

void forward_request(net::any_io_executor executor, std::string address, HttpRequest request,
                     std::string client, std::chrono::milliseconds timeout, std::size_t body_max,
                     std::function<void(Result<UpstreamReply>)> done) {
  auto host = split_address(address);
  if (!host) {
    net::post(executor, [done = std::move(done), e = host.error()] { done(tl::unexpected(e)); });
    return;
  }
  auto call = std::make_shared<ForwardedRequest>(executor, std::move(*host), std::move(client),
                                                 timeout, body_max, std::move(done));
  call->run(request);
}

NodeClient::NodeClient() : work_(net::make_work_guard(ioc_)), thread_([this] { ioc_.run(); }) {}

NodeClient::~NodeClient() {
  work_.reset();
  ioc_.stop();
  thread_.join();
}

void NodeClient::get(std::string address, std::string target,
                     std::function<void(Result<std::string>)> done) {
  HttpRequest request{"GET", std::move(target), {}, "127.0.0.1", true};
  forward_request(ioc_.get_executor(), std::move(address), std::move(request), "127.0.0.1",
                  std::chrono::seconds{3}, 16 * 1024 * 1024,
                  [done = std::move(done)](Result<UpstreamReply> reply) {
                    if (!reply) return done(tl::unexpected(reply.error()));
                    if (reply->status != 200) {
                      return done(make_error(ErrorCode::kIo,
                                             "the node answered " + std::to_string(reply->status)));
                    }
                    done(std::move(reply->body));
                  });
}

void NodeClient::post(std::function<void()> task) { net::post(ioc_, std::move(task)); }

MirrorSource mirror_source(GameRegistry& registry, NodeClient& client, store::Store& store) {
  MirrorSource source;
  source.fetch_state = [&registry, &client](const std::string& id,
                                            std::function<void(Result<std::string>)> done) {
    client.post([&registry, &client, id, done = std::move(done)]() mutable {
      auto where = registry.locate(id);
      if (where.room) return done(wire::write_game_state(where.room->state()));
      if (where.owner_address.empty()) {
        return done(make_error(ErrorCode::kIo, "no node holds game " + id));
      }
      client.get(where.owner_address, "/api/games/" + id, std::move(done));
    });
  };
  source.events_after = [&store](const std::string& id, std::int64_t after) {
    return store.events_after(id, after);
  };
  return source;
}

UpstreamRelay::UpstreamRelay(net::any_io_executor executor, std::string address, std::string target,
                             std::string client, const Limits& limits)
    : strand_(net::make_strand(executor)),
      resolver_(strand_),
      ws_(std::in_place, strand_),
      address_(std::move(address)),
      target_(std::move(target)),
      client_(std::move(client)),
      queue_max_(limits.ws_queue_max),
      handshake_limit_(
          std::max(std::chrono::milliseconds{1000}, limits.upstream_idle_timeout / 2)) {
  websocket::stream_base::timeout timeout{};
  // A live node answers the upgrade in milliseconds; a frozen one never does (the kernel
  // still accepts the connection): the client should be let go well before its own timeouts.
  timeout.handshake_timeout = handshake_limit_;
  // A frozen owner answers no ping: the relay notices within the idle time and lets the
  // client go (4010), to reconnect to whichever node then holds the game.
  timeout.idle_timeout = limits.upstream_idle_timeout;
  timeout.keep_alive_pings = true;
  ws_->set_option(timeout);
  websocket::permessage_deflate deflate;
  deflate.client_enable = false;
  deflate.server_enable = false;
  ws_->set_option(deflate);
  // The owner's messages are bounded by the owner; a relay takes what a browser takes.
  ws_->read_message_max(1u << 20);
  ws_->set_option(websocket::stream_base::decorator([client = client_](websocket::request_type& r) {
    r.set(http::field::user_agent, "arbiter-node");
    r.set(bsv(kForwardedHeader), "1");
    r.set("X-Forwarded-For", bsv(client));
  }));
}

void UpstreamRelay::on_open(const std::shared_ptr<Connection>& connection) {
  net::dispatch(strand_, [self = shared_from_this(), connection] {
    self->connection_ = connection;
    self->start();
  });
}

void UpstreamRelay::on_message(const std::shared_ptr<Connection>&, std::string_view text) {
  net::dispatch(strand_, [self = shared_from_this(), text = std::string{text}]() mutable {
    self->queue(std::move(text));
  });
}

void UpstreamRelay::on_close(const std::shared_ptr<Connection>&) {
  // The server's executors are an io_context's (server.cpp).
  auto& io = static_cast<net::io_context&>(
      net::query(strand_.get_inner_executor(), net::execution::context));
  if (io.stopped()) {
    // The server stopped (SessionRegistry::abandon_all, its threads joined): nothing runs
    // any more, so the stream is freed here, with whatever Beast kept suspended in it.
    connection_.reset();
    out_.clear();
    ws_.reset();
    return;
  }
  net::dispatch(strand_, [self = shared_from_this()] {
    self->client_gone_ = true;
    self->connection_.reset();
    self->out_.clear();
    if (self->open_) {
      self->close_upstream();
    } else {
      self->resolver_.cancel();
      beast::get_lowest_layer(*self->ws_).cancel();
    }
  });
}

void UpstreamRelay::start() {
  auto host = split_address(address_);
  if (!host) return fail(4010, "the game's node has a bad address");
  host_ = std::move(*host);
  beast::get_lowest_layer(*ws_).expires_after(handshake_limit_);
  resolver_.async_resolve(
      host_.host, host_.port,
      beast::bind_front_handler(&UpstreamRelay::on_resolve, shared_from_this()));
}

void UpstreamRelay::on_resolve(beast::error_code ec, const tcp::resolver::results_type& results) {
  if (ec || client_gone_) return fail(4010, "the game's node cannot be reached");
  beast::get_lowest_layer(*ws_).async_connect(
      results, beast::bind_front_handler(&UpstreamRelay::on_connect, shared_from_this()));
}

void UpstreamRelay::on_connect(beast::error_code ec, const tcp::endpoint&) {
  if (ec || client_gone_) return fail(4010, "the game's node cannot be reached");
  beast::get_lowest_layer(*ws_).socket().set_option(tcp::no_delay(true), ec);
  // The websocket timeouts take over from here.
  beast::get_lowest_layer(*ws_).expires_never();
  ws_->async_handshake(host_.host + ":" + host_.port, target_,
                       beast::bind_front_handler(&UpstreamRelay::on_handshake, shared_from_this()));
}

void UpstreamRelay::on_handshake(beast::error_code ec) {
  if (ec || client_gone_) {
    if (client_gone_ && !ec) close_upstream();
    return fail(4010, "the game's node refused the connection");
  }
  open_ = true;
  ws_->text(true);
  read_next();
  if (!out_.empty()) write_next();
}

void UpstreamRelay::read_next() {
  ws_->async_read(buffer_, beast::bind_front_handler(&UpstreamRelay::on_read, shared_from_this()));
}

void UpstreamRelay::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::closed) {
      // The owner closed: the client gets the same code and reason.
      const auto& why = ws_->reason();
      return fail(static_cast<unsigned short>(why.code), std::string{why.reason.c_str()});
    }
    return fail(4010, "the connection to the game's node broke");
  }
  auto text = std::make_shared<const std::string>(beast::buffers_to_string(buffer_.data()));
  buffer_.consume(buffer_.size());
  if (connection_) connection_->send(std::move(text));
  read_next();
}

void UpstreamRelay::queue(std::string text) {
  if (client_gone_ || closing_) return;
  if (out_.size() >= queue_max_) {
    // The owner does not keep up: as a slow client, the relay is let go.
    close_upstream();
    return fail(1013, "the game's node is too slow");
  }
  out_.push_back(std::move(text));
  if (open_ && !writing_) write_next();
}

void UpstreamRelay::write_next() {
  writing_ = true;
  ws_->async_write(net::buffer(out_.front()),
                   beast::bind_front_handler(&UpstreamRelay::on_write, shared_from_this()));
}

void UpstreamRelay::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    out_.clear();
    return fail(4010, "the connection to the game's node broke");
  }
  if (!out_.empty()) out_.pop_front();
  if (closing_) {
    close_upstream();
    return;
  }
  if (!out_.empty()) write_next();
}

void UpstreamRelay::fail(unsigned short code, std::string reason) {
  if (!connection_) return;
  auto connection = std::move(connection_);
  connection_.reset();
  // 1005/1006 cannot be sent in a close frame: the owner went without a proper close.
  if (code == 0 || code == 1005 || code == 1006) code = 4010;
  connection->close(code, reason);
}

void UpstreamRelay::close_upstream() {
  closing_ = true;
  if (!open_ || writing_) return;  // on_write closes once the write in flight is done
  open_ = false;
  ws_->async_close(websocket::close_code::going_away,
                   [self = shared_from_this()](beast::error_code) {});
}

}  // namespace arbiter::server
