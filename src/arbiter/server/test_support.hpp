// Test fixtures for rooms: fake connections, a temporary store (SQLite, or PostgreSQL
// with ARBITER_TEST_STORE=postgres), a hand-driven clock and task queue, and a scripted
// computer.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server::testing {

class FakeConnection final : public Connection {
 public:
  void send(std::shared_ptr<const std::string> text) override {
    std::lock_guard lock{mutex_};
    sent_.push_back(*text);
  }
  void close(unsigned short code, std::string_view) override {
    std::lock_guard lock{mutex_};
    closed_ = code;
  }
  std::vector<std::string> sent() {
    std::lock_guard lock{mutex_};
    return sent_;
  }
  unsigned short closed() {
    std::lock_guard lock{mutex_};
    return closed_;
  }
  // Messages of type `t`, in order.
  std::vector<std::string> of(std::string_view t) {
    std::vector<std::string> out;
    for (const auto& m : sent()) {
      if (wire::json_at(m, "/t") == std::string(t)) out.push_back(m);
    }
    return out;
  }
  std::string last(std::string_view t) {
    auto all = of(t);
    return all.empty() ? std::string{} : all.back();
  }
  void clear() {
    std::lock_guard lock{mutex_};
    sent_.clear();
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
  unsigned short closed_ = 0;
};

inline std::string at(const std::string& json, std::string_view pointer) {
  return wire::json_at(json, pointer).value_or("<missing>");
}

// Plays the first legal move in UCI (deterministic), or a scripted one.
class ScriptedComputer final : public ComputerMover {
 public:
  explicit ScriptedComputer(std::atomic<int>* stops) : stops_(stops) {}
  void think(const ThinkRequest& r, std::function<void(std::string)> done) override {
    auto moves = core::legal_moves(r.position);
    done(moves.empty() ? std::string{} : core::to_uci(r.position, moves[0]));
  }
  void stop() noexcept override { ++*stops_; }

 private:
  std::atomic<int>* stops_;
};

// The whole body of a reply, a streamed one (HttpReply::stream) read piece by piece as the
// transport does (its source must answer on the calling thread: no worker set).
inline std::string drained(const HttpReply& reply) {
  if (!reply.stream) return reply.body;
  std::string out;
  for (bool more = true; more;) {
    bool answered = false;
    reply.stream->next([&](Result<std::optional<std::string>> piece) {
      answered = true;
      EXPECT_TRUE(piece) << piece.error().describe();
      if (!piece || !*piece) {
        more = false;
        return;
      }
      EXPECT_FALSE((*piece)->empty()) << "an empty piece would end a chunked body";
      out += **piece;
    });
    EXPECT_TRUE(answered) << "the source answers on the caller's thread in tests";
    if (!answered) break;
  }
  return out;
}

class RoomTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("arbiter-room-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    // SQLite in dir_, or PostgreSQL with ARBITER_TEST_STORE=postgres (CMakeLists.txt).
    auto location = store::testing::test_store_location((dir_ / "arbiter.db").string());
    ASSERT_TRUE(location) << location.error().describe();
    location_ = *location;
    open();
  }
  void TearDown() override {
    if (registry_) registry_->shutdown();
    registry_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  // (Re)opens the store and a fresh registry on the same file: a restart.
  void open() {
    if (registry_) registry_->shutdown();
    registry_.reset();
    store_.reset();
    auto s = store::open_store(location_);
    ASSERT_TRUE(s) << s.error().describe();
    store_ = std::move(*s);
    RoomContext ctx;
    ctx.store = store_.get();
    ctx.clock = &clock_;
    ctx.executor = executor_override_ != nullptr ? executor_override_ : &executor_;
    ctx.writer = writer_;
    ctx.computer = [this](int) { return std::make_unique<ScriptedComputer>(&computer_stops_); };
    ctx.timings = timings_;
    ctx.node = node_;
    ctx.rated_game_ended = rated_hook_;
    ctx.tournament_game_ended = tournament_hook_;
    ctx.openings = openings_;
    registry_ = std::make_unique<GameRegistry>(ctx);
  }

  CreatedGame create(std::string body) {
    auto req = wire::parse_create_request(body);
    EXPECT_TRUE(req) << req.error().describe();
    auto g = registry_->create(*req);
    EXPECT_TRUE(g) << g.error().describe();
    return *g;
  }

  // A friend game: White created it, Black joined. Returns {room, white token, black token}.
  struct Friends {
    std::shared_ptr<GameRoom> room;
    std::string white;
    std::string black;
  };
  Friends friends(const std::string& tc = "180+2") {
    auto g = create(R"({"time_control":")" + tc +
                    R"(","color":"white","opponent":{"type":"friend"},"name":"Anna"})");
    auto j = g.room->join(wire::JoinGameRequest{"Boris", std::nullopt, g.invite});
    EXPECT_TRUE(j);
    return {g.room, g.token, j ? j->token : ""};
  }

  std::shared_ptr<FakeConnection> connect(GameRoom& room, const std::string& token,
                                          std::int64_t last_seq = 0) {
    auto c = std::make_shared<FakeConnection>();
    room.on_open(c);
    const std::string tok = token.empty() ? "null" : "\"" + token + "\"";
    room.on_message(c, R"({"t":"hello","v":1,"token":)" + tok + R"(,"last_seq":)" +
                           std::to_string(last_seq) + "}");
    return c;
  }

  // A friend game with both players connected: `w` with White's token, `b` with Black's.
  // Tests take it apart: `auto [f, w, b] = seated();`.
  struct Seated {
    Friends f;
    std::shared_ptr<FakeConnection> w;
    std::shared_ptr<FakeConnection> b;
  };
  Seated seated(const std::string& tc = "180+2") {
    Seated s{friends(tc), nullptr, nullptr};
    s.w = connect(*s.f.room, s.f.white);
    s.b = connect(*s.f.room, s.f.black);
    return s;
  }
  // The same after 1. e4 e5 (acknowledged moves with id 1): both sides have moved, White's
  // clock runs.
  Seated after_e4_e5(const std::string& tc = "180+2") {
    Seated s = seated(tc);
    move(*s.f.room, s.w, "e2e4", 1, 1);
    move(*s.f.room, s.b, "e7e5", 2, 1);
    return s;
  }

  static void say(GameRoom& room, const std::shared_ptr<FakeConnection>& c, const std::string& m) {
    room.on_message(c, m);
  }
  // Sends a move and expects its ack.
  static void move(GameRoom& room, const std::shared_ptr<FakeConnection>& c, const std::string& uci,
                   int ply, int id) {
    room.on_message(c, R"({"t":"move","id":)" + std::to_string(id) + R"(,"d":{"uci":")" + uci +
                           R"(","ply":)" + std::to_string(ply) + "}}");
    ASSERT_EQ(at(c->sent().back(), "/t"), "ack") << c->sent().back();
    ASSERT_EQ(at(c->sent().back(), "/id"), std::to_string(id));
  }

  std::filesystem::path dir_;
  ManualRoomClock clock_;
  ManualExecutor executor_;
  std::atomic<int> computer_stops_{0};
  RoomTimings timings_;   // of the rooms of the next open()
  std::string node_;      // the cluster node of the next open(); empty: a single server
  std::string location_;  // the store, reopened by open()
  // Issue #17: told of rated games' committed endings (RoomContext::rated_game_ended).
  std::function<void(RatedGameEnd)> rated_hook_;
  // Issue #18: told of events' games' committed endings.
  std::function<void(TournamentGameEnd)> tournament_hook_;
  // Issue #18 item 6: the opening names of the rooms of the next open().
  const notation::OpeningBook* openings_ = nullptr;
  // Group commit (game_room_commit_test.cpp): set by a derived fixture before open().
  CommitWriter* writer_ = nullptr;
  Executor* executor_override_ = nullptr;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<GameRegistry> registry_;
};

}  // namespace arbiter::server::testing
