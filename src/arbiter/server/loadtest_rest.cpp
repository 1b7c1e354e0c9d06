#include "arbiter/server/loadtest_rest.hpp"

#include <chrono>

#include "arbiter/server/loadtest_socket.hpp"

namespace arbiter::server {
namespace {
constexpr std::chrono::seconds kTimeout{10};
}  // namespace

LoadRest::LoadRest(net::io_context& ioc, LoadTarget target, std::string source)
    : stream_(ioc), target_(std::move(target)), source_(std::move(source)) {}

void LoadRest::finish(const std::string& failure, beast::error_code ec) {
  Done done = std::move(done_);
  done_ = nullptr;
  if (!failure.empty()) {
    connected_ = false;
    beast::error_code ignored;
    stream_.socket().close(ignored);
    if (done) done(failure + ": " + ec.message(), 0, {});
    return;
  }
  if (done) done({}, response_.result_int(), std::move(response_.body()));
}

void LoadRest::post(std::string target, std::string body, Done done) {
  done_ = std::move(done);
  request_ = {};
  request_.method(http::verb::post);
  request_.target(target);
  request_.version(11);
  request_.set(http::field::host, target_.host + ":" + std::to_string(target_.port));
  request_.set(http::field::content_type, "application/json");
  request_.keep_alive(true);
  request_.body() = std::move(body);
  request_.prepare_payload();
  if (connected_) return send();
  tcp::endpoint to;
  std::string what;
  if (auto ec = open_from(stream_.socket(), target_, source_, to, what)) return finish(what, ec);
  stream_.expires_after(kTimeout);
  stream_.async_connect(to, [self = shared_from_this()](beast::error_code connect_ec) {
    if (connect_ec) return self->finish("connect", connect_ec);
    self->connected_ = true;
    self->send();
  });
}

void LoadRest::send() {
  stream_.expires_after(kTimeout);
  http::async_write(stream_, request_,
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->finish("write", ec);
                      self->response_ = {};
                      http::async_read(self->stream_, self->buffer_, self->response_,
                                       [self](beast::error_code read_ec, std::size_t) {
                                         if (read_ec) return self->finish("read", read_ec);
                                         if (!self->response_.keep_alive()) {
                                           self->connected_ = false;
                                           beast::error_code ignored;
                                           self->stream_.socket().close(ignored);
                                         }
                                         self->finish({}, {});
                                       });
                    });
}

void LoadRest::close() {
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
  stream_.socket().close(ignored);
  connected_ = false;
}

}  // namespace arbiter::server
