// The registry's memory limits (docs/security.md): idle and finished games leave
// memory and come back from the store unchanged, a room in use is never dropped and never
// doubled, only rooms with something time-dependent are ticked, and computer games are
// capped.
#include "arbiter/server/registry.hpp"

#include "arbiter/server/computer.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;

class RegistryTest : public RoomTest {
 protected:
  static void close(GameRoom& room, const std::shared_ptr<FakeConnection>& c) { room.on_close(c); }
  std::string state_json(const std::string& id) {
    auto room = registry_->find(id);
    return room ? wire::write_game_state(room->state()) : std::string{};
  }
};

TEST_F(RegistryTest, AFinishedGameLeavesMemoryAndComesBackTheSame) {
  auto [f, w, b] = seated();
  move(*f.room, w, "f2f3", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  move(*f.room, w, "g2g4", 3, 2);
  move(*f.room, b, "d8h4", 4, 2);  // Fool's mate
  ASSERT_TRUE(f.room->is_over());
  const std::string id = f.room->id();
  const std::string before = wire::write_game_state(f.room->state());
  close(*f.room, w);
  close(*f.room, b);
  std::weak_ptr<GameRoom> old = f.room;
  f.room.reset();
  registry_->tick_all();
  EXPECT_EQ(registry_->evict_idle(), 0u);  // within the grace
  clock_.advance(60s);
  EXPECT_EQ(registry_->evict_idle(), 1u);
  EXPECT_EQ(registry_->rooms_in_memory(), 0u);
  EXPECT_TRUE(old.expired());  // nothing of it is left
  EXPECT_EQ(state_json(id), before);
  EXPECT_EQ(registry_->rooms_in_memory(), 1u);
}

TEST_F(RegistryTest, AGameWaitingForItsSecondPlayerIsEvictedAndCanStillBeJoined) {
  auto g = create(R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  const std::string id = g.room->id();
  g.room.reset();
  clock_.advance(61s);
  EXPECT_EQ(registry_->evict_idle(), 1u);
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  auto joined = room->join(wire::JoinGameRequest{"Boris", std::nullopt, g.invite});
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->seat, core::Color::Black);
}

TEST_F(RegistryTest, ARoomInUseOrWithATimeLimitStays) {
  // A socket holds the room (the registry's reference is not the only one).
  auto [f, w, b] = seated();
  clock_.advance(120s);
  EXPECT_EQ(registry_->evict_idle(), 0u);
  // No socket, but the first-move deadline runs (both seats taken, nobody moved).
  close(*f.room, w);
  close(*f.room, b);
  auto held = f.room;  // a request that found the room a moment ago
  f.room.reset();
  clock_.advance(20s);
  EXPECT_EQ(registry_->evict_idle(), 0u);
  // Aborted by the deadline: over, but held, so it stays while held.
  held->tick();
  ASSERT_TRUE(held->is_over());
  clock_.advance(60s);
  EXPECT_EQ(registry_->evict_idle(), 0u);
  EXPECT_FALSE(held->has_timer());  // nothing in it depends on time any more
  held.reset();
  EXPECT_EQ(registry_->evict_idle(), 1u);
}

TEST_F(RegistryTest, AGameWithARunningClockStaysAndItsFlagFalls) {
  auto s = after_e4_e5("60");
  close(*s.f.room, s.w);
  close(*s.f.room, s.b);
  std::weak_ptr<GameRoom> room = s.f.room;
  const std::string id = s.f.room->id();
  s.f.room.reset();
  clock_.advance(30s);
  EXPECT_EQ(registry_->evict_idle(), 0u);
  EXPECT_EQ(registry_->rooms_ticking(), 1u);
  clock_.advance(31s);
  registry_->tick_all();  // the flag falls although nobody is connected
  auto found = registry_->find(id);
  ASSERT_EQ(found, room.lock());
  EXPECT_TRUE(found->is_over());
  EXPECT_EQ(found->state().termination, "time_forfeit");
  found.reset();
  EXPECT_EQ(registry_->rooms_ticking(), 0u);  // let go after the tick that ended it
  clock_.advance(60s);
  EXPECT_EQ(registry_->evict_idle(), 1u);
}

TEST_F(RegistryTest, OneRoomPerGameAcrossEvictionAndReload) {
  auto g = create(R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  const std::string id = g.room->id();
  EXPECT_EQ(registry_->find(id), g.room);
  g.room.reset();
  clock_.advance(61s);
  auto first = registry_->find(id);  // a socket is connecting: it holds the room
  EXPECT_EQ(registry_->evict_idle(), 0u);
  EXPECT_EQ(registry_->find(id), first);
  std::weak_ptr<GameRoom> old = first;
  first.reset();
  EXPECT_EQ(registry_->evict_idle(), 1u);
  EXPECT_TRUE(old.expired());  // the old room is gone before a new one is loaded
  auto second = registry_->find(id);
  ASSERT_TRUE(second);
  EXPECT_EQ(registry_->find(id), second);
}

TEST_F(RegistryTest, OnlyRoomsWithSomethingTimeDependentAreTicked) {
  for (int i = 0; i < 5; ++i) {
    create(R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  }
  EXPECT_EQ(registry_->rooms_in_memory(), 5u);
  EXPECT_EQ(registry_->rooms_ticking(), 0u);  // waiting for a second player: no timer
  auto f = friends();                         // joined: the first-move deadline runs
  EXPECT_EQ(registry_->rooms_ticking(), 1u);
  auto w = connect(*f.room, f.white);
  EXPECT_EQ(registry_->rooms_ticking(), 1u);  // reported once
  registry_->tick_all();
  EXPECT_EQ(registry_->rooms_ticking(), 1u);
  say(*f.room, w, R"({"t":"abort","id":1})");
  ASSERT_TRUE(f.room->is_over());
  registry_->tick_all();
  EXPECT_EQ(registry_->rooms_ticking(), 1u);  // the socket still wants pings
  close(*f.room, w);
  registry_->tick_all();
  EXPECT_EQ(registry_->rooms_ticking(), 0u);
  // A socket arriving later reports the room again, and its hello timeout is enforced.
  auto late = std::make_shared<FakeConnection>();
  f.room->on_open(late);
  EXPECT_EQ(registry_->rooms_ticking(), 1u);
  clock_.advance(6s);
  registry_->tick_all();
  EXPECT_EQ(late->closed(), 1008);
}

// Issue #16: rooms are not polled; each asks for its next timer. A socket that arrives
// after the room asked for a later timer (a spectator's ping, 15 s away) brings its own,
// earlier one (its hello timeout, 5 s), and that one fires on time.
TEST_F(RegistryTest, AnEarlierTimerReplacesALaterOne) {
  auto [f, w, b] = seated();
  say(*f.room, w, R"({"t":"abort","id":1})");
  ASSERT_TRUE(f.room->is_over());
  say(*f.room, w, R"({"t":"ack","seq":100})");  // every event so far: no resend is due
  close(*f.room, b);
  clock_.advance(2s);
  registry_->tick_all();  // the crowd; then only w's pings and idle time remain
  const std::size_t pings = w->of("ping").size();
  auto late = std::make_shared<FakeConnection>();
  f.room->on_open(late);
  clock_.advance(4s);
  registry_->tick_all();
  EXPECT_EQ(late->closed(), 0);  // 4 s: not yet
  clock_.advance(1s);
  registry_->tick_all();
  EXPECT_EQ(late->closed(), 1008);         // 5 s without a hello
  EXPECT_EQ(w->of("ping").size(), pings);  // and nothing else was due
  clock_.advance(10s);
  registry_->tick_all();
  EXPECT_EQ(w->of("ping").size(), pings + 1);  // the quiet ping, 15 s after the last
}

TEST_F(RegistryTest, ComputerGamesBeyondTheCapAreRefused) {
  EnginePoolOptions o;
  o.searchers = 1;
  o.hash_mb = 1;
  o.max_games = 1;
  EnginePool pool{o};
  RoomContext ctx;
  ctx.store = store_.get();
  ctx.clock = &clock_;
  ctx.executor = &executor_;
  ctx.computer = [&pool](int level) { return pool.seat(level); };
  GameRegistry registry{ctx};
  const std::string body =
      R"({"time_control":"300+3","color":"white","opponent":{"type":"computer","level":2}})";
  auto first = registry.create(*wire::parse_create_request(body));
  ASSERT_TRUE(first);
  EXPECT_EQ(pool.seats_in_use(), 1);
  auto second = registry.create(*wire::parse_create_request(body));
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, ErrorCode::kCapacity);
  EXPECT_NE(second.error().message.find("--max-computer-games"), std::string::npos);
  // The end of the first game gives its seat back: the next game may start.
  auto w = connect(*first->room, first->token);
  say(*first->room, w, R"({"t":"resign","id":1})");
  ASSERT_TRUE(first->room->is_over());
  EXPECT_EQ(pool.seats_in_use(), 0);
  EXPECT_TRUE(registry.create(*wire::parse_create_request(body)));
  registry.shutdown();
}

}  // namespace
}  // namespace arbiter::server::testing
