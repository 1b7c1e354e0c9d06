// Server: HTTP and WebSocket on one port (Boost.Beast), static files from a document root
// (web/dist), /api/ requests and WebSocket upgrades passed to an ApiHandler.
//
//   Server server{{.port = 8080, .doc_root = "web/dist"}, api};
//   if (auto ok = server.start(); !ok) ...;   // listening; server.port() is the real port
//   ...; server.stop();
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/limits.hpp"

namespace arbiter::server {

struct ServerOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (tests)
  std::filesystem::path doc_root = "web/dist";
  // Never served, even when they lie under doc_root (the data directory).
  std::vector<std::filesystem::path> hidden_dirs;
  int threads = 2;
  Limits limits;
  // Reverse proxies whose X-Forwarded-For / Forwarded headers name the client (addresses or
  // CIDR ranges); empty: the peer is the client.
  std::vector<std::string> trusted_proxies;
};

class Server {
 public:
  Server(ServerOptions options, std::shared_ptr<ApiHandler> api);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and starts the threads. Errors: kIo (address in use, bad address),
  // kInvalidArgument (a trusted proxy that is not an address or range).
  [[nodiscard]] Result<void> start();
  // Stops accepting, closes every connection and joins the threads.
  void stop();
  [[nodiscard]] unsigned short port() const noexcept { return port_; }
  // After start(): the total cap in force (Limits::max_connections under the descriptor
  // limit), the connections open, and the failed accepts so far.
  [[nodiscard]] std::size_t connection_cap() const noexcept;
  [[nodiscard]] std::size_t connections() const noexcept;
  [[nodiscard]] std::size_t accept_errors() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  ServerOptions options_;
  std::shared_ptr<ApiHandler> api_;
  std::vector<std::thread> threads_;
  unsigned short port_ = 0;
};

}  // namespace arbiter::server
