#include "arbiter/server/server.hpp"

#include <sys/resource.h>

#include <atomic>

#include "arbiter/base/thread_name.hpp"
#include "arbiter/server/beast.hpp"
#include "arbiter/server/http_session.hpp"
#include "arbiter/server/static_files.hpp"

namespace arbiter::server {
namespace {

// Sent as is to a connection over the total cap, before closing it (issue #14): the socket
// is fresh, so the few bytes fit its send buffer and a non-blocking write never waits.
const std::string& server_full_response() {
  static const std::string text = [] {
    const std::string body =
        R"({"error":{"code":"too-many-connections","message":"the server is full; retry"}})";
    return "HTTP/1.1 503 Service Unavailable\r\nServer: arbiter\r\n"
           "Content-Type: application/json\r\nCache-Control: no-store\r\nRetry-After: 5\r\n"
           "Connection: close\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
  }();
  return text;
}

// The accept errors that mean "out of descriptors or memory": retrying at once would spin.
bool exhausted(const beast::error_code& ec) {
  return ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
         ec == net::error::no_memory || ec.value() == ENFILE;
}

// Accepts connections and starts an HttpSession on its own strand for each.
class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, std::shared_ptr<ApiHandler> api, StaticSite site,
           const Limits& limits, std::shared_ptr<SessionRegistry> registry,
           std::shared_ptr<Admission> admission)
      : ioc_(ioc),
        acceptor_(net::make_strand(ioc)),
        backoff_(acceptor_.get_executor()),
        api_(std::move(api)),
        site_(std::move(site)),
        limits_(limits),
        registry_(std::move(registry)),
        admission_(std::move(admission)) {}

  Result<unsigned short> listen(const tcp::endpoint& endpoint) {
    beast::error_code ec;
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) return make_error(ErrorCode::kIo, "cannot listen: " + ec.message(), {0, 0, "port"});
    return acceptor_.local_endpoint().port();
  }

  void run() { accept_next(); }

  void stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ignored;
      self->acceptor_.close(ignored);
      self->backoff_.cancel();
    });
  }

  [[nodiscard]] std::size_t accept_errors() const noexcept { return accept_errors_.load(); }

 private:
  void accept_next() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }

  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;  // closed by stop()
    if (ec) ++accept_errors_;
    if (exhausted(ec)) {
      // The pending connection stays in the backlog; a pause lets descriptors free up.
      backoff_.expires_after(limits_.accept_backoff);
      backoff_.async_wait([self = shared_from_this()](beast::error_code wait) {
        if (wait != net::error::operation_aborted) self->accept_next();
      });
      return;
    }
    if (!ec) {
      if (auto slot = admission_->limiter->enter()) {
        std::make_shared<HttpSession>(std::move(socket), api_, site_, limits_, registry_,
                                      admission_, std::move(*slot))
            ->run();
      } else {
        refuse(socket);
      }
    }
    accept_next();
  }

  static void refuse(tcp::socket& socket) {
    beast::error_code ignored;
    socket.non_blocking(true, ignored);
    socket.write_some(net::buffer(server_full_response()), ignored);
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer backoff_;
  std::shared_ptr<ApiHandler> api_;
  StaticSite site_;
  Limits limits_;
  std::shared_ptr<SessionRegistry> registry_;
  std::shared_ptr<Admission> admission_;
  std::atomic<std::size_t> accept_errors_{0};
};

// The total cap: the configured one, but below the descriptor limit by the reserve.
std::size_t descriptor_cap(const Limits& limits) {
  rlimit nofile{};
  if (::getrlimit(RLIMIT_NOFILE, &nofile) != 0 || nofile.rlim_cur == RLIM_INFINITY) {
    return limits.max_connections;
  }
  const auto soft = static_cast<std::size_t>(nofile.rlim_cur);
  const std::size_t room = soft > limits.fd_reserve ? soft - limits.fd_reserve : 1;
  return std::max<std::size_t>(1, std::min(limits.max_connections, room));
}

}  // namespace

struct Server::Impl {
  explicit Impl(int threads) : ioc(threads) {}
  net::io_context ioc;
  std::shared_ptr<Listener> listener;
  std::shared_ptr<SessionRegistry> registry = std::make_shared<SessionRegistry>();
  SteadyTimeSource time;
  std::shared_ptr<Admission> admission;
};

Server::Server(ServerOptions options, std::shared_ptr<ApiHandler> api)
    : impl_(std::make_unique<Impl>(std::max(1, options.threads))),
      options_(std::move(options)),
      api_(std::move(api)) {}

Server::~Server() { stop(); }

Result<void> Server::start() {
  beast::error_code ec;
  const auto address = net::ip::make_address(options_.address, ec);
  if (ec) {
    return make_error(ErrorCode::kIo, "bad address '" + options_.address + "'", {0, 0, "address"});
  }
  auto proxies = TrustedProxies::parse(options_.trusted_proxies);
  if (!proxies) return tl::unexpected(proxies.error());
  const Limits& l = options_.limits;
  ConnectionCaps caps{descriptor_cap(l), l.max_per_address, l.ws_upgrade_burst,
                      l.ws_upgrade_per_second};
  impl_->admission = std::make_shared<Admission>(
      Admission{std::make_shared<ConnectionLimiter>(caps, impl_->time), std::move(*proxies)});
  impl_->listener = std::make_shared<Listener>(impl_->ioc, api_,
                                               StaticSite{options_.doc_root, options_.hidden_dirs},
                                               options_.limits, impl_->registry, impl_->admission);
  auto port = impl_->listener->listen(tcp::endpoint{address, options_.port});
  if (!port) return tl::unexpected(port.error());
  port_ = *port;
  impl_->listener->run();
  for (int i = 0; i < std::max(1, options_.threads); ++i) {
    threads_.emplace_back([this, i] {
      name_this_thread("arb-net-" + std::to_string(i));
      impl_->ioc.run();
    });
  }
  return {};
}

void Server::stop() {
  if (impl_->listener) impl_->listener->stop();
  impl_->ioc.stop();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
  impl_->registry->abandon_all();
  impl_->listener.reset();
}

std::size_t Server::connection_cap() const noexcept {
  return impl_->admission ? impl_->admission->limiter->caps().total : 0;
}

std::size_t Server::connections() const noexcept {
  return impl_->admission ? impl_->admission->limiter->total() : 0;
}

std::size_t Server::accept_errors() const noexcept {
  return impl_->listener ? impl_->listener->accept_errors() : 0;
}

}  // namespace arbiter::server
