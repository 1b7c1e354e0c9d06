#include "arbiter/server/server.hpp"

#include "arbiter/server/beast.hpp"
#include "arbiter/server/http_session.hpp"
#include "arbiter/server/static_files.hpp"

namespace arbiter::server {
namespace {

// Accepts connections and starts an HttpSession on its own strand for each.
class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, std::shared_ptr<ApiHandler> api, StaticSite site,
           const Limits& limits, std::shared_ptr<SessionRegistry> registry)
      : ioc_(ioc),
        acceptor_(net::make_strand(ioc)),
        api_(std::move(api)),
        site_(std::move(site)),
        limits_(limits),
        registry_(std::move(registry)) {}

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
    });
  }

 private:
  void accept_next() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }

  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;  // closed by stop()
    if (!ec) {
      std::make_shared<HttpSession>(std::move(socket), api_, site_, limits_, registry_)->run();
    }
    accept_next();
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  std::shared_ptr<ApiHandler> api_;
  StaticSite site_;
  Limits limits_;
  std::shared_ptr<SessionRegistry> registry_;
};

}  // namespace

struct Server::Impl {
  explicit Impl(int threads) : ioc(threads) {}
  net::io_context ioc;
  std::shared_ptr<Listener> listener;
  std::shared_ptr<SessionRegistry> registry = std::make_shared<SessionRegistry>();
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
  impl_->listener = std::make_shared<Listener>(impl_->ioc, api_,
                                               StaticSite{options_.doc_root, options_.hidden_dirs},
                                               options_.limits, impl_->registry);
  auto port = impl_->listener->listen(tcp::endpoint{address, options_.port});
  if (!port) return tl::unexpected(port.error());
  port_ = *port;
  impl_->listener->run();
  for (int i = 0; i < std::max(1, options_.threads); ++i) {
    threads_.emplace_back([this] { impl_->ioc.run(); });
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

}  // namespace arbiter::server
