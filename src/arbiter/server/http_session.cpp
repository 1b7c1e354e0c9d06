#include "arbiter/server/http_session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>

#include "arbiter/server/static_files.hpp"
#include "arbiter/server/upstream.hpp"
#include "arbiter/server/websocket_session.hpp"

namespace arbiter::server {
namespace {

std::string error_json(std::string_view code, std::string_view message) {
  // Codes and messages here are fixed ASCII strings without quotes or backslashes.
  std::string out = R"({"error":{"code":")";
  out += code;
  out += R"(","message":")";
  out += message;
  out += R"("}})";
  return out;
}

beast::string_view bsv(std::string_view s) { return {s.data(), s.size()}; }

// At most kLogBurst refusals a second reach the log, so that a client cannot flood it; the
// count of the others is written with the next line that is logged.
void log_refused(const std::string& what) {
  static constexpr int kLogBurst = 10;
  static std::mutex mutex;
  static std::chrono::steady_clock::time_point window;
  static int logged = 0;
  static long skipped = 0;
  std::lock_guard lock{mutex};
  const auto now = std::chrono::steady_clock::now();
  if (now - window >= std::chrono::seconds{1}) {
    window = now;
    logged = 0;
  }
  if (logged >= kLogBurst) {
    ++skipped;
    return;
  }
  ++logged;
  std::fprintf(stderr, "arbiter serve: static file refused: %s", what.c_str());
  if (skipped > 0) std::fprintf(stderr, " (%ld earlier refusals not logged)", skipped);
  std::fputc('\n', stderr);
  skipped = 0;
}

// Every line of a header field, joined as one list.
std::string joined(const http::request<http::string_body>& request, std::string_view name) {
  std::string out;
  for (auto [it, end] = request.equal_range(bsv(name)); it != end; ++it) {
    if (!out.empty()) out += ", ";
    out += std::string_view{it->value().data(), it->value().size()};
  }
  return out;
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, std::shared_ptr<ApiHandler> api, StaticSite site,
                         const Limits& limits, std::shared_ptr<SessionRegistry> registry,
                         std::shared_ptr<Admission> admission, ConnectionSlot slot)
    : stream_(std::move(socket)),
      api_(std::move(api)),
      site_(std::move(site)),
      limits_(limits),
      registry_(std::move(registry)),
      admission_(std::move(admission)) {
  slots_.total = std::move(slot);
  beast::error_code ec;
  // Small messages at once: with Nagle's algorithm an `ack` written right after its event
  // waited for the client's delayed TCP acknowledgement, some 40 ms.
  stream_.socket().set_option(tcp::no_delay(true), ec);
  const auto peer = stream_.socket().remote_endpoint(ec);
  if (!ec) peer_ = peer.address().to_string();
}

bool HttpSession::admit(const http::request<http::string_body>& request) {
  const std::string forwarded = joined(request, "Forwarded");
  const std::string xff = joined(request, "X-Forwarded-For");
  client_ = client_address(admission_->proxies, peer_, {forwarded, xff});
  // Behind a proxy one connection may carry several clients: the place follows the client.
  if (slots_.address.held() && slots_.address.address() == client_) return true;
  slots_.address.release();
  auto slot = admission_->limiter->enter(client_);
  if (!slot) {
    keep_alive_ = false;
    reply(503, "application/json",
          error_json("too-many-connections", "too many connections from this address"), {}, "5");
    return false;
  }
  slots_.address = std::move(*slot);
  return true;
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::read_next, shared_from_this()));
}

void HttpSession::read_next() {
  parser_.emplace();
  // The header first: a PGN import (POST /api/pgn) may send a larger body than the rest.
  // Beast checks a Content-Length against the limit as it reads the header, so the larger
  // limit holds until the target is known, then the request's own.
  parser_->body_limit(std::max(limits_.http_body_max, limits_.http_pgn_body_max));
  parser_->header_limit(static_cast<std::uint32_t>(limits_.http_header_max));
  stream_.expires_after(limits_.http_timeout);
  http::async_read_header(
      stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
        if (ec) {
          self->on_read(ec, n);
          return;
        }
        const auto target = self->parser_->get().target();
        const std::size_t limit = std::string_view{target.data(), target.size()} == kPgnImportTarget
                                      ? self->limits_.http_pgn_body_max
                                      : self->limits_.http_body_max;
        const auto length = self->parser_->content_length();
        if (length && *length > limit) {
          self->on_read(http::error::body_limit, n);
          return;
        }
        self->parser_->body_limit(limit);  // a chunked body is counted as it comes
        http::async_read(self->stream_, self->buffer_, *self->parser_,
                         beast::bind_front_handler(&HttpSession::on_read, self));
      });
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec == http::error::body_limit) {
    keep_alive_ = false;
    const auto target = parser_->get().target();
    if (std::string_view{target.data(), target.size()} == kPgnImportTarget) {
      reply(413, "application/json",
            error_json("too-large", "a PGN import is at most " +
                                        std::to_string(limits_.http_pgn_body_max) + " bytes"));
      return;
    }
    reply(413, "application/json", error_json("too-large", "request body over the limit"));
    return;
  }
  if (ec == http::error::header_limit) {
    keep_alive_ = false;
    reply(431, "application/json", error_json("too-large", "request header over the limit"));
    return;
  }
  if (ec) return;  // timeout, reset, malformed request: drop the connection
  answer(parser_->release());
}

void HttpSession::answer(http::request<http::string_body>&& request) {
  version_ = request.version();
  keep_alive_ = request.keep_alive();
  const std::string target{request.target()};
  if (!admit(request)) return;
  if (websocket::is_upgrade(request)) {
    if (!admission_->limiter->allow_upgrade(client_)) {
      keep_alive_ = false;
      reply(429, "application/json",
            error_json("rate-limited", "too many WebSocket connections; slow down"), {}, "1");
      return;
    }
    const bool forwarded = request.count(bsv(kForwardedHeader)) > 0;
    auto route = api_->route_socket(target, forwarded);
    std::shared_ptr<SocketHandler> handler = std::move(route.handler);
    if (!handler && !route.forward_to.empty()) {
      // Another node's game (docs/cluster.md): the client's socket is relayed there.
      handler = api_->remote_socket(
          route.game_id, std::make_shared<UpstreamRelay>(stream_.get_executor(), route.forward_to,
                                                         target, client_, limits_));
    }
    if (!handler) {
      keep_alive_ = false;
      reply(404, "application/json", error_json("not-found", "no such game"));
      return;
    }
    std::make_shared<WebSocketSession>(stream_.release_socket(), std::move(handler), limits_,
                                       registry_, std::move(slots_))
        ->run(std::move(request));
    return;
  }
  if (target.starts_with("/api/")) {
    HttpRequest api_request{std::string{request.method_string()}, target, request.body(), client_,
                            request.count(bsv(kForwardedHeader)) > 0};
    api_request.cookie = std::string{request[http::field::cookie]};
    api_request.csrf = std::string{request[bsv(kCsrfHeader)]};
    // Between cluster nodes the client's Host travels as X-Forwarded-Host.
    api_request.host = std::string{api_request.forwarded ? request["X-Forwarded-Host"]
                                                         : request[http::field::host]};
    // The reply may come later, from another thread (a game is created after its commit):
    // it is written from the session's executor, and nothing else is read meanwhile.
    auto shared_request = std::make_shared<HttpRequest>(std::move(api_request));
    api_->handle_async(
        *shared_request, [self = shared_from_this(), shared_request](HttpReply r) mutable {
          const auto executor = self->stream_.get_executor();
          net::post(executor, [self = std::move(self), shared_request = std::move(shared_request),
                               r = std::move(r)]() mutable {
            if (!r.forward_to.empty()) {
              self->forward(std::move(*shared_request), std::move(r.forward_to));
              return;
            }
            if (r.stream) {
              self->reply_stream(r);
              return;
            }
            self->reply(r.status, r.content_type, std::move(r.body), r.content_disposition,
                        r.retry_after, r.set_cookies);
          });
        });
    return;
  }
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    reply(405, "application/json", error_json("method", "only GET and HEAD for files"));
    return;
  }
  serve_file(request);
}

void HttpSession::forward(HttpRequest request, std::string address) {
  // The session waits for the owner's reply (its strand is free meanwhile): requests on
  // one connection stay answered in order.
  forward_request(
      stream_.get_executor(), std::move(address), std::move(request), client_,
      std::chrono::seconds{5}, 16 * 1024 * 1024,
      [self = shared_from_this()](Result<UpstreamReply> r) {
        if (!r) {
          std::fprintf(stderr, "arbiter serve: forwarding failed: %s\n",
                       r.error().describe().c_str());
          self->reply(503, "application/json",
                      error_json("moved", "the game's node cannot be reached; try again"), {}, "1");
          return;
        }
        self->reply(r->status, r->content_type, std::move(r->body), r->content_disposition,
                    r->retry_after, r->set_cookies);
      });
}

void HttpSession::serve_file(const http::request<http::string_body>& request) {
  const std::string_view target{request.target().data(), request.target().size()};
  auto path = resolve_static(site_.root, target, site_.hidden);
  auto status = http::status::ok;
  if (!path && path.error().code == ErrorCode::kIo && is_page_path(target)) {
    // An address of no page: the app's own "page not found", with the status that says so.
    path = resolve_static(site_.root, "/", site_.hidden);
    status = http::status::not_found;
  }
  if (!path) {
    // A refused path (outside the root, hidden, badly encoded) looks like a missing file
    // to the client, and is logged (docs/security.md, "Static files").
    if (path.error().code == ErrorCode::kInvalidArgument) log_refused(path.error().describe());
    reply(404, "application/json", error_json("not-found", "no such file"));
    return;
  }
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(path->c_str(), beast::file_mode::scan, ec);
  if (ec) {
    reply(404, "application/json", error_json("not-found", "cannot open file"));
    return;
  }
  const auto size = body.size();
  const std::string file = path->string();
  if (request.method() == http::verb::head) {
    http::response<http::empty_body> res{status, version_};
    res.set(http::field::content_type, bsv(mime_type(file)));
    res.content_length(size);
    res.keep_alive(keep_alive_);
    write(std::move(res));
    return;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(status, version_)};
  res.set(http::field::content_type, bsv(mime_type(file)));
  res.set(http::field::cache_control, file.ends_with("index.html") ? "no-cache" : "max-age=300");
  res.content_length(size);
  res.keep_alive(keep_alive_);
  write(std::move(res));
}

void HttpSession::reply(unsigned status, std::string_view content_type, std::string body,
                        std::string_view disposition, std::string_view retry_after,
                        const std::vector<std::string>& cookies) {
  http::response<http::string_body> res{static_cast<http::status>(status), version_};
  res.set(http::field::server, "arbiter");
  res.set(http::field::content_type, bsv(content_type));
  res.set(http::field::cache_control, "no-store");
  if (!disposition.empty()) res.set(http::field::content_disposition, bsv(disposition));
  if (!retry_after.empty()) res.set(http::field::retry_after, bsv(retry_after));
  for (const std::string& cookie : cookies) res.insert(http::field::set_cookie, bsv(cookie));
  res.keep_alive(keep_alive_);
  res.body() = std::move(body);
  res.prepare_payload();
  write(std::move(res));
}

void HttpSession::reply_stream(const HttpReply& r) {
  auto res = std::make_shared<http::response<http::empty_body>>(static_cast<http::status>(r.status),
                                                                version_);
  res->set(http::field::server, "arbiter");
  res->set(http::field::content_type, bsv(r.content_type));
  res->set(http::field::cache_control, "no-store");
  if (!r.content_disposition.empty()) {
    res->set(http::field::content_disposition, bsv(r.content_disposition));
  }
  for (const std::string& cookie : r.set_cookies) res->insert(http::field::set_cookie, bsv(cookie));
  res->keep_alive(keep_alive_);
  res->chunked(true);
  auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*res);
  response_ = res;
  stream_.expires_after(limits_.http_timeout);  // each piece has the timeout of a reply
  http::async_write_header(stream_, *serializer,
                           [self = shared_from_this(), res, serializer, source = r.stream](
                               beast::error_code ec, std::size_t) {
                             if (ec) return;
                             self->next_chunk(source);
                           });
}

void HttpSession::next_chunk(std::shared_ptr<BodySource> source) {
  source->next([self = shared_from_this(), source](Result<std::optional<std::string>> piece) {
    net::post(self->stream_.get_executor(), [self, source, piece = std::move(piece)]() mutable {
      if (!piece) {
        // The body cannot be finished: the connection is dropped without the final chunk,
        // so that the client sees a broken transfer rather than a short file.
        std::fprintf(stderr, "arbiter serve: a streamed reply failed: %s\n",
                     piece.error().describe().c_str());
        beast::error_code ignored;
        self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        self->stream_.close();
        return;
      }
      self->stream_.expires_after(self->limits_.http_timeout);
      if (!*piece) {
        net::async_write(self->stream_, http::make_chunk_last(),
                         [self](beast::error_code ec, std::size_t n) {
                           self->on_write(!self->keep_alive_, ec, n);
                         });
        return;
      }
      auto text = std::make_shared<std::string>(std::move(**piece));
      if (text->empty()) {
        self->next_chunk(source);  // an empty chunk would end the body
        return;
      }
      net::async_write(self->stream_, http::make_chunk(net::buffer(*text)),
                       [self, source, text](beast::error_code ec, std::size_t) {
                         if (ec) return;
                         self->next_chunk(source);
                       });
    });
  });
}

template <class Body>
void HttpSession::write(http::response<Body>&& response) {
  auto sp = std::make_shared<http::response<Body>>(std::move(response));
  response_ = sp;
  http::async_write(
      stream_, *sp,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), sp->need_eof()));
}

void HttpSession::on_write(bool close, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return;
  if (close) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  read_next();
}

}  // namespace arbiter::server
