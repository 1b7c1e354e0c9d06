// `arbiter loadtest`: the REST calls of one game (create, join) on one keep-alive HTTP
// connection from a given source address, asynchronous on the game's io_context.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/loadtest_options.hpp"

namespace arbiter::server {

class LoadRest : public std::enable_shared_from_this<LoadRest> {
 public:
  // `failure` is empty on success (then `status` and `body` are the answer's), else it
  // names what failed: "connect: …", "write: …", "read: …".
  using Done = std::function<void(const std::string& failure, unsigned status, std::string body)>;

  LoadRest(net::io_context& ioc, LoadTarget target, std::string source);

  // POST `target` with a JSON body; connects first if needed. One call at a time.
  void post(std::string target, std::string body, Done done);
  void close();

 private:
  void send();
  void finish(const std::string& failure, beast::error_code ec);

  beast::tcp_stream stream_;
  LoadTarget target_;
  std::string source_;
  bool connected_ = false;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
  beast::flat_buffer buffer_;
  Done done_;
};

}  // namespace arbiter::server
