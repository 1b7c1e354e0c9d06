// Correspondence games (issue #17 item 5, docs/correspondence.md): days for each move as
// the delay mode of Art. 6.3.2 with no base time; the deadline kept across restarts; the
// first move given the same days; a player's seat from any device their account is logged
// in on; the game lost on time only once the deadline has passed, 6.9 deciding win or draw.
#include <gtest/gtest.h>

#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

using namespace std::chrono_literals;
constexpr Millis kDay{24LL * 3600 * 1000};
constexpr const char* kThreeDays = "0d259200";

class CorrespondenceTest : public RoomTest {
 protected:
  SeatAccount account(const std::string& name) {
    store::UserRecord u;
    u.name = name;
    u.name_key = name;
    for (char& c : u.name_key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    u.password_hash = "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA";
    auto made = store_->create_user(u);
    EXPECT_TRUE(made) << made.error().describe();
    return SeatAccount{made ? made->id : 0, name};
  }
};

TEST_F(CorrespondenceTest, TheMoveIsDueAfterItsDaysAndNotBefore) {
  auto [f, w, b] = after_e4_e5(kThreeDays);
  auto s = f.room->state();
  EXPECT_EQ(s.category, "standard");
  ASSERT_TRUE(s.clock);
  // No main time: the move's three days are the delay, shown as the delay left.
  EXPECT_EQ(s.clock->white, 0);
  EXPECT_EQ(s.clock->delay_ms, 3 * kDay.count());
  EXPECT_EQ(s.clock->delay_left_ms, 3 * kDay.count());
  clock_.advance(kDay * 3 - 1ms);
  f.room->tick();
  EXPECT_EQ(f.room->state().status, "ongoing");
  EXPECT_EQ(f.room->state().clock->delay_left_ms, 1);
  clock_.advance(1ms);
  f.room->tick();
  s = f.room->state();
  EXPECT_EQ(s.status, "ended");
  EXPECT_EQ(s.termination, "time_forfeit");
  EXPECT_EQ(s.article, "6.9");
  EXPECT_EQ(s.result, "0-1");
}

TEST_F(CorrespondenceTest, DaysNotUsedAreNotCarriedToTheNextMove) {
  auto [f, w, b] = after_e4_e5(kThreeDays);
  clock_.advance(kDay / 2);
  move(*f.room, w, "g1f3", 3, 2);
  clock_.advance(kDay * 2);
  move(*f.room, b, "b8c6", 4, 2);
  const auto s = f.room->state();
  EXPECT_EQ(s.status, "ongoing");
  EXPECT_EQ(s.clock->running, core::Color::White);
  EXPECT_EQ(s.clock->delay_left_ms, 3 * kDay.count());
}

TEST_F(CorrespondenceTest, TheFirstMoveHasTheDaysOfAMoveNotThirtySeconds) {
  auto [f, w, b] = seated(kThreeDays);
  clock_.advance(kDay * 2);
  f.room->tick();
  EXPECT_NE(f.room->state().status, "aborted");                // a blitz game is aborted after 30 s
  auto back = connect(*f.room, f.white, f.room->state().seq);  // White returns days later
  move(*f.room, back, "e2e4", 1, 1);
  EXPECT_EQ(f.room->state().moves.size(), 1u);
}

TEST_F(CorrespondenceTest, TheDeadlineHoldsAcrossARestart) {
  auto f = friends(kThreeDays);
  const std::string id = f.room->id();
  {
    auto w = connect(*f.room, f.white);
    auto b = connect(*f.room, f.black);
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    clock_.advance(kDay / 2);  // White thinks half a day; then a deploy stops the server
  }
  f.room.reset();
  clock_.restart(kDay / 2);  // down for half a day
  open();
  auto resumed = registry_->resume_all();
  ASSERT_TRUE(resumed);
  auto room = registry_->find(id);
  ASSERT_TRUE(room);
  EXPECT_EQ(room->state().clock->delay_left_ms, 2 * kDay.count());  // a day of three is gone
  clock_.advance(kDay * 2 - 1ms);
  room->tick();
  EXPECT_EQ(room->state().status, "ongoing");
  clock_.advance(1ms);
  room->tick();
  EXPECT_EQ(room->state().status, "ended");
  EXPECT_EQ(room->state().result, "0-1");
}

TEST_F(CorrespondenceTest, OnTimeAgainstABareKingIsADraw) {
  // 6.9: White's days pass, but Black (a bare king) cannot checkmate by any series of
  // legal moves: a draw, not a loss. The game starts from a set-up position (item 8).
  auto g = create(std::string(R"({"time_control":")") + kThreeDays +
                  R"(","color":"white","opponent":{"type":"friend"},"name":"Anna",)"
                  R"("fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})");
  auto j = g.room->join(wire::JoinGameRequest{"Boris", std::nullopt, g.invite});
  ASSERT_TRUE(j) << j.error().describe();
  auto w = connect(*g.room, g.token);
  auto b = connect(*g.room, j->token);
  move(*g.room, w, "e2e3", 1, 1);
  move(*g.room, b, "e8d8", 2, 1);
  clock_.advance(kDay * 3);
  g.room->tick();
  const auto s = g.room->state();
  EXPECT_EQ(s.status, "ended");
  EXPECT_EQ(s.result, "1/2-1/2");
  EXPECT_EQ(s.article, "6.9");
}

TEST_F(CorrespondenceTest, AnAccountFindsItsSeatFromAnotherDevice) {
  const SeatAccount anna = account("Anna");
  const SeatAccount boris = account("Boris");
  auto req = wire::parse_create_request(std::string(R"({"time_control":")") + kThreeDays +
                                        R"(","color":"white","opponent":{"type":"friend"}})");
  ASSERT_TRUE(req);
  auto g = registry_->create(*req, anna);
  ASSERT_TRUE(g) << g.error().describe();
  auto joined = g->room->join(wire::JoinGameRequest{"x", std::nullopt, g->invite}, boris);
  ASSERT_TRUE(joined) << joined.error().describe();
  // A second device, logged in, without a token or the invitation: the same seats.
  const wire::JoinGameRequest bare{"x", std::nullopt, std::nullopt};
  auto anna_phone = g->room->join(bare, anna);
  ASSERT_TRUE(anna_phone) << anna_phone.error().describe();
  EXPECT_EQ(anna_phone->seat, core::Color::White);
  EXPECT_EQ(anna_phone->token, g->token);
  auto boris_phone = g->room->join(bare, boris);
  ASSERT_TRUE(boris_phone) << boris_phone.error().describe();
  EXPECT_EQ(boris_phone->seat, core::Color::Black);
  EXPECT_EQ(boris_phone->token, joined->token);
  // Someone else's account, or none, gets no seat.
  auto stranger = g->room->join(bare, account("Carl"));
  EXPECT_FALSE(stranger);
  EXPECT_FALSE(g->room->join(bare));
}

}  // namespace
}  // namespace arbiter::server::testing
