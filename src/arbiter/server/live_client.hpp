// Tests: synchronous Beast clients with deadlines for a server on loopback — a REST call
// and a player's or spectator's WebSocket (web-protocol.md §1–2).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {

using Socket = websocket::stream<beast::tcp_stream>;

inline std::string http_call(unsigned short port, http::verb verb, const std::string& target,
                             const std::string& body = {}, unsigned* status = nullptr) {
  net::io_context ioc;
  beast::tcp_stream stream{ioc};
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), port});
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "localhost");
  req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  if (status) *status = res.result_int();
  return res.body();
}

// Opens the game's socket and says hello with `token` (empty: a spectator).
inline std::unique_ptr<Socket> open_socket(net::io_context& ioc, unsigned short port,
                                           const std::string& id, const std::string& token,
                                           std::int64_t last_seq = 0) {
  auto ws = std::make_unique<Socket>(ioc);
  beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(*ws).connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), port});
  ws->handshake("localhost", "/api/games/" + id + "/ws");
  const std::string tok = token.empty() ? "null" : "\"" + token + "\"";
  ws->write(net::buffer(R"({"t":"hello","v":1,"token":)" + tok + R"(,"last_seq":)" +
                        std::to_string(last_seq) + "}"));
  return ws;
}

// Reads until a message of type `t` (others are skipped; pings are answered).
inline std::string next(Socket& ws, std::string_view t) {
  for (;;) {
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(20));
    beast::flat_buffer buffer;
    ws.read(buffer);
    std::string text = beast::buffers_to_string(buffer.data());
    const std::string type = at(text, "/t");
    if (type == "ping") {
      ws.write(net::buffer(R"({"t":"pong","n":)" + at(text, "/n") + "}"));
    }
    if (type == t) return text;
  }
}

inline void send(Socket& ws, const std::string& text) { ws.write(net::buffer(text)); }

}  // namespace arbiter::server::testing
