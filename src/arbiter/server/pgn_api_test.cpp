// POST /api/pgn (issue #18 item 5): the route's answers (several games, errors by line and
// column, too big, wrong method), its place among GameApi's routes, and the transport,
// which reads a body of up to 1 MiB for this route only.
#include "arbiter/server/pgn_api.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/server.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

constexpr const char* kTwoGames = R"([Event "Casual game"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

1. e4 {[%clk 0:03:00]} e5 (1... c5 $5 2. Nf3) 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0

[Event "Blunders"]
[White "Carl"]
[Black "Dora"]
[Result "*"]

1. d4 d5 2. Bg5 Kd7 3. Bxe8 *
)";

HttpRequest post(std::string body, std::string target = "/api/pgn") {
  return HttpRequest{"POST", std::move(target), std::move(body), "127.0.0.1"};
}

TEST(PgnApi, SeveralGamesComeBackWithTheirMovesAndErrors) {
  const HttpReply r = pgn_import_reply(post(kTwoGames));
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_EQ(at(r.body, "/games/0/tags/White"), "Anna");
  EXPECT_EQ(at(r.body, "/games/0/moves/0/clock_ms"), "180000");
  EXPECT_EQ(at(r.body, "/games/0/moves/1/variations/0/0/san"), "c5");
  EXPECT_EQ(at(r.body, "/games/0/moves/5/nags"), "[4]");
  EXPECT_EQ(at(r.body, "/games/0/moves/6/san"), "Qxf7#");
  EXPECT_EQ(at(r.body, "/games/0/failed"), "false");
  // Game 2: 3. Bxe8 is not a move (no bishop reaches e8); the three plies before it stay.
  EXPECT_EQ(at(r.body, "/games/1/tags/White"), "Carl");
  EXPECT_EQ(at(r.body, "/games/1/failed"), "true");
  EXPECT_EQ(at(r.body, "/games/1/moves/3/san"), "Kd7");
  EXPECT_EQ(at(r.body, "/games/1/moves/4"), "<missing>");
  EXPECT_EQ(at(r.body, "/errors/0/game"), "2");
  EXPECT_EQ(at(r.body, "/errors/0/line"), "13");
  EXPECT_EQ(at(r.body, "/errors/0/column"), "24");
  EXPECT_EQ(at(r.body, "/errors/0/code"), "pgn-illegal-move");
  EXPECT_EQ(at(r.body, "/errors/1"), "<missing>");
}

TEST(PgnApi, TextThatIsNoPgnIsAnsweredWithItsErrors) {
  const HttpReply r = pgn_import_reply(post("Hello, this is not chess.\n"));
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(at(r.body, "/games/0/failed"), "true");
  EXPECT_EQ(at(r.body, "/errors/0/line"), "1");
  EXPECT_EQ(at(r.body, "/errors/0/column"), "1");
  EXPECT_EQ(at(r.body, "/errors/0/code"), "pgn-syntax");
}

TEST(PgnApi, AnEmptyBodyHasNoGames) {
  const HttpReply r = pgn_import_reply(post(""));
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(at(r.body, "/games"), "[]");
}

TEST(PgnApi, OverOneMebibyteIs413AndOnlyPostIsAnswered) {
  const HttpReply big = pgn_import_reply(post(std::string(kPgnImportBodyMax + 1, ' ')));
  EXPECT_EQ(big.status, 413u);
  EXPECT_EQ(at(big.body, "/error/code"), "too-large");
  EXPECT_EQ(at(big.body, "/error/message"), "a PGN import is at most 1048576 bytes");
  EXPECT_EQ(pgn_import_reply(post(std::string(kPgnImportBodyMax, ' '))).status, 200u);
  HttpRequest get = post(kTwoGames);
  get.method = "GET";
  const HttpReply refused = pgn_import_reply(get);
  EXPECT_EQ(refused.status, 405u);
  EXPECT_EQ(at(refused.body, "/error/code"), "method");
}

TEST(PgnApi, OneImportIsReadAtATimeTheNextIs503) {
  auto held = PgnImportSlot::take();
  ASSERT_TRUE(held);
  EXPECT_FALSE(PgnImportSlot::take());
  const HttpReply busy = pgn_import_reply(post(kTwoGames));
  EXPECT_EQ(busy.status, 503u);
  EXPECT_EQ(at(busy.body, "/error/code"), "busy");
  EXPECT_EQ(busy.retry_after, "1");
  held.reset();
  EXPECT_EQ(pgn_import_reply(post(kTwoGames)).status, 200u);
  EXPECT_TRUE(PgnImportSlot::take()) << "the slot was given back";
}

TEST(PgnApi, TheLimitsOfAnImportAreTheDocumentedOnes) {
  EXPECT_EQ(kPgnImportBodyMax, std::size_t{1} << 20);
  EXPECT_EQ(kPgnImportLimits.max_games, 200u);
  EXPECT_EQ(kPgnImportLimits.max_moves, 40'000u);
  std::string many;
  for (int i = 0; i < 201; ++i) many += "[Event \"G" + std::to_string(i + 1) + "\"]\n\n1. e4 *\n\n";
  const HttpReply r = pgn_import_reply(post(many));
  EXPECT_EQ(at(r.body, "/games/199/tags/Event"), "G200");
  EXPECT_EQ(at(r.body, "/games/200"), "<missing>");
  EXPECT_EQ(at(r.body, "/truncated"), "true");
  EXPECT_EQ(at(r.body, "/errors/0/game"), "201");
  EXPECT_EQ(at(r.body, "/errors/0/code"), "pgn-limit");
}

// Through GameApi, as the server routes /api/ requests.
class PgnRouteTest : public RoomTest {
 protected:
  HttpReply call(const std::string& method, const std::string& target, const std::string& body) {
    if (!api_) api_ = std::make_unique<GameApi>(*registry_, time_);
    HttpReply reply;
    int replies = 0;
    api_->handle_async(HttpRequest{method, target, body, "127.0.0.1"}, [&](HttpReply r) {
      reply = std::move(r);
      ++replies;
    });
    EXPECT_EQ(replies, 1) << "answered at once, on the caller's thread";
    return reply;
  }
  ManualTimeSource time_;
  std::unique_ptr<GameApi> api_;
};

TEST_F(PgnRouteTest, GameApiAnswersPostApiPgn) {
  const HttpReply r = call("POST", "/api/pgn", kTwoGames);
  EXPECT_EQ(r.status, 200u) << r.body;
  EXPECT_EQ(at(r.body, "/games/1/tags/Black"), "Dora");
  EXPECT_EQ(at(r.body, "/errors/0/line"), "13");
  EXPECT_EQ(call("GET", "/api/pgn", "").status, 405u);
  EXPECT_EQ(call("POST", "/api/pgn/more", kTwoGames).status, 404u);
}

// The transport: a real server on loopback, answering /api/pgn with the route and
// anything else with the size of the body it got.
class PgnOrEcho final : public ApiHandler {
 public:
  HttpReply handle(const HttpRequest& r) override {
    if (r.target == kPgnImportTarget) return pgn_import_reply(r);
    return {200, "text/plain", std::to_string(r.body.size()), {}, {}};
  }
  std::shared_ptr<SocketHandler> socket_for(std::string_view) override { return nullptr; }
};

class PgnTransportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions options;
    options.port = 0;
    options.doc_root = std::filesystem::temp_directory_path();
    server_ = std::make_unique<Server>(options, std::make_shared<PgnOrEcho>());
    auto ok = server_->start();
    ASSERT_TRUE(ok) << ok.error().describe();
  }
  void TearDown() override { server_->stop(); }

  http::response<http::string_body> send(const std::string& target, std::string body) {
    net::io_context ioc;
    beast::tcp_stream stream{ioc};
    stream.connect(tcp::endpoint{net::ip::make_address("127.0.0.1"), server_->port()});
    stream.expires_after(std::chrono::seconds{20});
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, "localhost");
    req.set(http::field::content_type, "application/x-chess-pgn");
    req.body() = std::move(body);
    req.prepare_payload();
    beast::error_code ec;
    http::write(stream, req, ec);  // a refused body may be cut short: the answer still comes
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64u << 20);
    http::read(stream, buffer, parser, ec);
    return parser.release();
  }

  std::unique_ptr<Server> server_;
};

// Games padded with a comment to `bytes` in all.
std::string pgn_of_size(std::size_t bytes) {
  std::string text = kTwoGames;
  text += "{";
  text.append(bytes - text.size() - 1, 'x');
  text += "}";
  return text;
}

TEST_F(PgnTransportTest, APgnOfUpToOneMebibyteIsReadAndALargerOneIs413) {
  const std::string full = pgn_of_size(kPgnImportBodyMax);
  ASSERT_EQ(full.size(), kPgnImportBodyMax);
  auto ok = send("/api/pgn", full);
  EXPECT_EQ(ok.result_int(), 200u) << ok.body().substr(0, 200);
  EXPECT_EQ(at(ok.body(), "/games/1/tags/White"), "Carl");
  auto big = send("/api/pgn", pgn_of_size(kPgnImportBodyMax + 1));
  EXPECT_EQ(big.result_int(), 413u);
  EXPECT_EQ(at(big.body(), "/error/code"), "too-large");
  EXPECT_EQ(at(big.body(), "/error/message"), "a PGN import is at most 1048576 bytes");
}

TEST_F(PgnTransportTest, OtherRoutesKeepTheirSixteenKibibytes) {
  EXPECT_EQ(send("/api/games", std::string(16 * 1024, 'x')).body(), "16384");
  auto big = send("/api/games", std::string(20'000, 'x'));
  EXPECT_EQ(big.result_int(), 413u);
  EXPECT_EQ(at(big.body(), "/error/message"), "request body over the limit");
  EXPECT_EQ(send("/api/pgn/x", std::string(20'000, 'x')).result_int(), 413u);
  EXPECT_EQ(send("/api/pgn?a=1", std::string(20'000, 'x')).result_int(), 413u);
}

}  // namespace
}  // namespace arbiter::server::testing
