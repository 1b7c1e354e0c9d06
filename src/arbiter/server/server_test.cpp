// The transport against real sockets on 127.0.0.1 (an ephemeral port): static files, API
// pass-through, limits, and WebSocket rooms with ordered delivery.
#include "arbiter/server/server.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <mutex>
#include <set>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/static_files.hpp"

namespace arbiter::server {
namespace {

// Every message is broadcast to every connection of the room; on open, the room sends
// `greetings` numbered messages to the new connection.
class Room final : public SocketHandler {
 public:
  explicit Room(int greetings) : greetings_(greetings) {}
  void on_open(const std::shared_ptr<Connection>& c) override {
    {
      std::lock_guard lock{mutex_};
      members_.insert(c);
    }
    for (int i = 0; i < greetings_; ++i) c->send(std::make_shared<std::string>(std::to_string(i)));
  }
  void on_message(const std::shared_ptr<Connection>&, std::string_view text) override {
    auto shared = std::make_shared<const std::string>(text);
    std::lock_guard lock{mutex_};
    for (const auto& m : members_) m->send(shared);
  }
  void on_close(const std::shared_ptr<Connection>& c) override {
    std::lock_guard lock{mutex_};
    members_.erase(c);
  }

  std::size_t members() {
    std::lock_guard lock{mutex_};
    return members_.size();
  }

 private:
  int greetings_;
  std::mutex mutex_;
  std::set<std::shared_ptr<Connection>> members_;
};

// On any message: 50 numbered messages, then a close with 4001.
class Closer final : public SocketHandler {
 public:
  void on_open(const std::shared_ptr<Connection>&) override {}
  void on_message(const std::shared_ptr<Connection>& c, std::string_view) override {
    for (int i = 0; i < 50; ++i) c->send(std::make_shared<std::string>(std::to_string(i)));
    c->close(4001, "done");
  }
  void on_close(const std::shared_ptr<Connection>&) override {}
};

class TestApi final : public ApiHandler {
 public:
  HttpReply handle(const HttpRequest& r) override {
    return {
        200, "text/plain", r.method + " " + r.target + " " + std::to_string(r.body.size()), {}, {}};
  }
  std::shared_ptr<Room> room() const { return room_; }
  std::shared_ptr<SocketHandler> socket_for(std::string_view target) override {
    if (target == "/api/games/room/ws") return room_;
    if (target == "/api/games/quiet/ws") return quiet_;
    if (target == "/api/games/greet/ws") return greeter_;
    if (target == "/api/games/closer/ws") return std::make_shared<Closer>();
    return nullptr;
  }

 private:
  std::shared_ptr<Room> room_ = std::make_shared<Room>(1);  // "0" on joining
  std::shared_ptr<Room> quiet_ = std::make_shared<Room>(0);
  std::shared_ptr<Room> greeter_ = std::make_shared<Room>(100);
};

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("arbiter-server-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root_);
    std::ofstream{root_ / "index.html"} << "<!doctype html><title>Arbiter</title>";
    std::ofstream{root_ / "app.js"} << "console.log(1);";
    ServerOptions options;
    options.port = 0;
    options.doc_root = root_;
    api_ = std::make_shared<TestApi>();
    server_ = std::make_unique<Server>(options, api_);
    auto ok = server_->start();
    ASSERT_TRUE(ok) << ok.error().describe();
  }
  void TearDown() override {
    server_->stop();
    std::filesystem::remove_all(root_);
  }

  http::response<http::string_body> request(http::verb verb, const std::string& target,
                                            std::string body = {}) {
    net::io_context ioc;
    beast::tcp_stream stream{ioc};
    stream.connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), server_->port()});
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, "localhost");
    req.body() = std::move(body);
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    beast::error_code ec;
    http::read(stream, buffer, res, ec);
    return res;
  }

  std::unique_ptr<websocket::stream<tcp::socket>> open_socket(net::io_context& ioc,
                                                              const std::string& target) {
    auto ws = std::make_unique<websocket::stream<tcp::socket>>(ioc);
    ws->next_layer().connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), server_->port()});
    ws->handshake("localhost", target);
    return ws;
  }

  static std::string read_text(websocket::stream<tcp::socket>& ws) {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }

  std::filesystem::path root_;
  std::shared_ptr<TestApi> api_;
  std::unique_ptr<Server> server_;
};

TEST_F(ServerTest, ServesFilesAndTheAppRoutes) {
  auto index = request(http::verb::get, "/");
  EXPECT_EQ(index.result_int(), 200u);
  EXPECT_EQ(index.body(), "<!doctype html><title>Arbiter</title>");
  EXPECT_EQ(index[http::field::content_type], "text/html; charset=utf-8");
  EXPECT_EQ(request(http::verb::get, "/g/abc123").body(), index.body());
  auto js = request(http::verb::get, "/app.js?v=2");
  EXPECT_EQ(js.result_int(), 200u);
  EXPECT_EQ(js[http::field::content_type], "text/javascript; charset=utf-8");
  EXPECT_EQ(request(http::verb::get, "/missing.css").result_int(), 404u);
  EXPECT_EQ(request(http::verb::get, "/../secret").result_int(), 404u);
  // Issue #14: the root joined with an absolute path served any file of the machine.
  for (const char* target : {"//etc/passwd", "/%2fetc/passwd", "//proc/self/environ"}) {
    auto res = request(http::verb::get, target);
    EXPECT_EQ(res.result_int(), 404u) << target;
    EXPECT_EQ(res.body().find("root:"), std::string::npos) << target;
  }
  EXPECT_EQ(request(http::verb::post, "/index.html").result_int(), 405u);
}

TEST_F(ServerTest, PassesApiRequestsAndLimitsTheirSize) {
  auto res = request(http::verb::post, "/api/games", "{\"a\":1}");
  EXPECT_EQ(res.result_int(), 200u);
  EXPECT_EQ(res.body(), "POST /api/games 7");
  auto big = request(http::verb::post, "/api/games", std::string(20'000, 'x'));
  EXPECT_EQ(big.result_int(), 413u);
}

TEST_F(ServerTest, WebSocketRoomBroadcastsToEveryMember) {
  net::io_context ioc;
  auto a = open_socket(ioc, "/api/games/room/ws");
  auto b = open_socket(ioc, "/api/games/room/ws");
  // The greeting "0" is sent after on_open made the socket a member of the room.
  EXPECT_EQ(read_text(*a), "0");
  EXPECT_EQ(read_text(*b), "0");
  a->write(net::buffer(std::string{"hello"}));
  EXPECT_EQ(read_text(*a), "hello");
  EXPECT_EQ(read_text(*b), "hello");
  b->write(net::buffer(std::string{"back"}));
  EXPECT_EQ(read_text(*a), "back");
  EXPECT_EQ(read_text(*b), "back");
  a->close(websocket::close_code::normal);
  b->close(websocket::close_code::normal);
}

TEST_F(ServerTest, QueuedMessagesArriveInOrder) {
  net::io_context ioc;
  auto ws = open_socket(ioc, "/api/games/greet/ws");
  for (int i = 0; i < 100; ++i) ASSERT_EQ(read_text(*ws), std::to_string(i));
  ws->close(websocket::close_code::normal);
}

TEST_F(ServerTest, OversizedMessageClosesTheSocket) {
  net::io_context ioc;
  auto ws = open_socket(ioc, "/api/games/quiet/ws");
  ws->write(net::buffer(std::string(9000, 'x')));
  beast::flat_buffer buffer;
  beast::error_code ec;
  ws->read(buffer, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(ws->reason().code, websocket::close_code::too_big);
}

TEST_F(ServerTest, StopTellsHandlersTheirConnectionsAreGone) {
  net::io_context ioc;
  auto ws = open_socket(ioc, "/api/games/room/ws");
  EXPECT_EQ(read_text(*ws), "0");
  EXPECT_EQ(api_->room()->members(), 1u);
  server_->stop();  // the client never closed: the room must still let go of it
  EXPECT_EQ(api_->room()->members(), 0u);
}

TEST_F(ServerTest, CloseSendsTheQueuedMessagesFirst) {
  // An error that explains a close must reach the client before the close does.
  net::io_context ioc;
  auto ws = open_socket(ioc, "/api/games/closer/ws");
  ws->write(net::buffer(std::string("go")));
  for (int i = 0; i < 50; ++i) EXPECT_EQ(read_text(*ws), std::to_string(i));
  beast::flat_buffer buffer;
  beast::error_code ec;
  ws->read(buffer, ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(ws->reason().code, 4001);
}

TEST_F(ServerTest, UnknownWebSocketPathIsRefused) {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  ws.next_layer().connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), server_->port()});
  beast::error_code ec;
  ws.handshake("localhost", "/api/games/nope/ws", ec);
  EXPECT_TRUE(ec);
}

}  // namespace
}  // namespace arbiter::server
