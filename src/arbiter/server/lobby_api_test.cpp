// The lobby's routes (issue #17 item 3, docs/lobby.md) as browsers use them, without
// sockets: seeks posted, listed and taken by one click, challenges to a named player,
// quick-pairing pools, seeks kept alive and expiring, and the security tests of the issue
// (CSRF, a stranger and a challenge, bad input on every route: a clear error, nothing
// changed).
#include "arbiter/server/lobby_api.hpp"

#include <gtest/gtest.h>

#include <string>

#include "arbiter/account/password.hpp"
#include "arbiter/account/session_token.hpp"
#include "arbiter/account/user_name.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server::testing {
namespace {

using std::chrono::milliseconds;

std::string field(const std::string& json, std::string_view pointer) {
  return wire::json_at(json, pointer).value_or("<missing>");
}

// A browser: its session cookie and CSRF token ("" and "" for an anonymous one) and its
// address.
struct Browser {
  std::string cookie;
  std::string csrf;
  std::string remote = "10.0.0.9";
};

class LobbyApiTest : public RoomTest {
 protected:
  void SetUp() override {
    RoomTest::SetUp();
    AccountOptions options;
    options.cost = account::test_cost();
    accounts_ = std::make_shared<AccountApi>(*store_, clock_, options);
    lobby_ = std::make_unique<LobbyApi>(*registry_, *store_, clock_, accounts_,
                                        [this] { return admit_; });
    anna_ = sign_up("Anna", "10.0.0.1");
    boris_ = sign_up("Boris", "10.0.0.2");
    carl_ = sign_up("Carl", "10.0.0.3");
  }
  void TearDown() override {
    lobby_.reset();
    accounts_.reset();
    RoomTest::TearDown();
  }
  Browser sign_up(const std::string& name, const std::string& remote) {
    HttpRequest r{"POST", "/api/account/signup",
                  R"({"name":")" + name + R"(","password":"a good password"})", remote};
    r.csrf = "1";
    const HttpReply reply = accounts_->handle(r);
    EXPECT_EQ(reply.status, 201u) << reply.body;
    std::string secret;
    for (const std::string& c : reply.set_cookies) {
      const std::string pair = c.substr(0, c.find(';'));
      if (auto v = cookie_value(pair, kSessionCookie)) secret = std::string(*v);
    }
    return Browser{std::string(kSessionCookie) + "=" + secret, field(reply.body, "/csrf"), remote};
  }
  HttpReply post(const Browser& b, const std::string& route, const std::string& body) {
    HttpRequest r{"POST", "/api/lobby" + route, body, b.remote};
    r.cookie = b.cookie;
    r.csrf = b.csrf;
    return lobby_->handle(r);
  }
  HttpReply lobby(const Browser& b) {
    HttpRequest r{"GET", "/api/lobby", "", b.remote};
    r.cookie = b.cookie;
    return lobby_->handle(r);
  }
  // The number of seeks `b` sees in the lobby.
  int listed(const Browser& b) {
    const HttpReply r = lobby(b);
    EXPECT_EQ(r.status, 200u) << r.body;
    int n = 0;
    while (wire::json_at(r.body, "/seeks/" + std::to_string(n) + "/id")) ++n;
    return n;
  }
  // Takes the seek with `invite` into its game's other seat, as the browser then does.
  Result<JoinResult> join(const HttpReply& matched, const SeatAccount& who) {
    auto [room, owner] = registry_->locate(field(matched.body, "/game"));
    EXPECT_TRUE(room != nullptr) << matched.body;
    if (!room) return make_error(ErrorCode::kProtocolState, "no room");
    return room->join(wire::JoinGameRequest{"Taker", std::nullopt, field(matched.body, "/invite")},
                      who);
  }
  SeatAccount seat_of(const std::string& name) {
    auto u = store_->find_user(account::name_key(name));
    EXPECT_TRUE(u && *u);
    return SeatAccount{u && *u ? (*u)->id : 0, name};
  }

  static constexpr const char* kBlitz = R"({"time_control":"180+2","color":"white","rated":true})";
  bool admit_ = true;
  std::shared_ptr<AccountApi> accounts_;
  std::unique_ptr<LobbyApi> lobby_;
  Browser anna_;
  Browser boris_;
  Browser carl_;
  Browser stranger_{"", "", "10.0.0.50"};
};

TEST_F(LobbyApiTest, ASeekIsListedAndTakenWithOneClick) {
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  ASSERT_EQ(posted.status, 201u) << posted.body;
  EXPECT_EQ(field(posted.body, "/status"), "waiting");
  EXPECT_EQ(field(posted.body, "/seat"), "white");
  const std::string game = field(posted.body, "/id");
  const std::string seek = field(posted.body, "/seek/id");
  // The owner's page holds the game and the seek's key; never the invitation.
  EXPECT_EQ(wire::json_at(posted.body, "/invite"), std::nullopt);

  const HttpReply seen = lobby(boris_);
  ASSERT_EQ(seen.status, 200u) << seen.body;
  EXPECT_EQ(field(seen.body, "/seeks/0/id"), seek);
  EXPECT_EQ(field(seen.body, "/seeks/0/owner"), "Anna");
  EXPECT_EQ(field(seen.body, "/seeks/0/rating"), "1500");
  EXPECT_EQ(field(seen.body, "/seeks/0/provisional"), "true");
  EXPECT_EQ(field(seen.body, "/seeks/0/speed"), "blitz");
  EXPECT_EQ(field(seen.body, "/seeks/0/rated"), "true");
  EXPECT_EQ(field(seen.body, "/seeks/0/color"), "white");
  EXPECT_EQ(field(seen.body, "/seeks/0/mine"), "false");
  EXPECT_EQ(field(lobby(anna_).body, "/seeks/0/mine"), "true");
  // The list names neither the game nor its invitation: only the taker learns them.
  EXPECT_EQ(seen.body.find(game), std::string::npos) << seen.body;

  const HttpReply matched = post(boris_, "/seeks/" + seek + "/accept", "{}");
  ASSERT_EQ(matched.status, 200u) << matched.body;
  EXPECT_EQ(field(matched.body, "/status"), "matched");
  EXPECT_EQ(field(matched.body, "/game"), game);
  auto joined = join(matched, seat_of("Boris"));
  ASSERT_TRUE(joined) << joined.error().describe();
  EXPECT_EQ(joined->seat, core::Color::Black);
  EXPECT_TRUE(joined->state.rated);
  EXPECT_EQ(joined->state.white.name, "Anna");
  EXPECT_EQ(joined->state.black.name, "Boris");

  // Taken once: gone from the lobby, and a second taker is told so.
  EXPECT_EQ(listed(carl_), 0);
  const HttpReply late = post(carl_, "/seeks/" + seek + "/accept", "{}");
  EXPECT_EQ(late.status, 404u);
  EXPECT_EQ(field(late.body, "/error/code"), "no-seek");
}

TEST_F(LobbyApiTest, OnlyAccountsPostOrTakeRatedSeeks) {
  const HttpReply anonymous = post(stranger_, "/seeks", kBlitz);
  EXPECT_EQ(anonymous.status, 401u) << anonymous.body;
  EXPECT_EQ(listed(anna_), 0);
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  ASSERT_EQ(posted.status, 201u);
  const HttpReply taken =
      post(stranger_, "/seeks/" + field(posted.body, "/seek/id") + "/accept", "{}");
  EXPECT_EQ(taken.status, 401u) << taken.body;
  EXPECT_EQ(listed(anna_), 1);  // still there for someone else
}

TEST_F(LobbyApiTest, AnonymousPlayersMeetInCasualSeeks) {
  const HttpReply posted = post(stranger_, "/seeks", R"({"time_control":"300+3","name":"Guest"})");
  ASSERT_EQ(posted.status, 201u) << posted.body;
  EXPECT_EQ(field(lobby(anna_).body, "/seeks/0/owner"), "Guest");
  EXPECT_EQ(field(lobby(anna_).body, "/seeks/0/rating"), "0");
  const Browser other{"", "", "10.0.0.51"};
  const HttpReply matched =
      post(other, "/seeks/" + field(posted.body, "/seek/id") + "/accept", "{}");
  ASSERT_EQ(matched.status, 200u) << matched.body;
  auto joined = join(matched, {});
  ASSERT_TRUE(joined) << joined.error().describe();
  EXPECT_FALSE(joined->state.rated);
}

TEST_F(LobbyApiTest, TheRatingRangeDecidesWhoMayTakeASeek) {
  const HttpReply high =
      post(anna_, "/seeks", R"({"time_control":"180+2","rating_min":1600,"rating_max":2000})");
  ASSERT_EQ(high.status, 201u) << high.body;
  const HttpReply refused =
      post(boris_, "/seeks/" + field(high.body, "/seek/id") + "/accept", "{}");
  EXPECT_EQ(refused.status, 403u);
  EXPECT_EQ(field(refused.body, "/error/code"), "rating-range");
  const HttpReply anonymous =
      post(stranger_, "/seeks/" + field(high.body, "/seek/id") + "/accept", "{}");
  EXPECT_EQ(anonymous.status, 401u);
  const HttpReply near =
      post(anna_, "/seeks", R"({"time_control":"180+2","rating_min":1400,"rating_max":1600})");
  ASSERT_EQ(near.status, 201u) << near.body;
  EXPECT_EQ(post(boris_, "/seeks/" + field(near.body, "/seek/id") + "/accept", "{}").status, 200u);
}

TEST_F(LobbyApiTest, ARangeAroundTheOwnersRating) {
  const HttpReply posted = post(anna_, "/seeks", R"({"time_control":"180+2","rating_delta":150})");
  ASSERT_EQ(posted.status, 201u) << posted.body;
  const HttpReply seen = lobby(boris_);
  EXPECT_EQ(field(seen.body, "/seeks/0/rating_min"), "1350");
  EXPECT_EQ(field(seen.body, "/seeks/0/rating_max"), "1650");
  EXPECT_EQ(post(stranger_, "/seeks", R"({"rating_delta":100})").status, 401u);
}

TEST_F(LobbyApiTest, AChallengeIsSeenAndTakenOnlyByThePlayerChallenged) {
  const HttpReply posted = post(anna_, "/seeks", R"({"time_control":"600+5","challenge":"BORIS"})");
  ASSERT_EQ(posted.status, 201u) << posted.body;
  const std::string seek = field(posted.body, "/seek/id");
  EXPECT_EQ(listed(stranger_), 0);
  EXPECT_EQ(listed(carl_), 0);
  EXPECT_EQ(field(lobby(boris_).body, "/seeks/0/challenge"), "Boris");
  EXPECT_EQ(field(lobby(anna_).body, "/seeks/0/challenge"), "Boris");
  const HttpReply carl = post(carl_, "/seeks/" + seek + "/accept", "{}");
  EXPECT_EQ(carl.status, 403u);
  EXPECT_EQ(field(carl.body, "/error/code"), "not-yours");
  EXPECT_EQ(post(stranger_, "/seeks/" + seek + "/accept", "{}").status, 403u);
  EXPECT_EQ(post(carl_, "/seeks/" + seek + "/decline", "{}").status, 403u);
  EXPECT_EQ(listed(boris_), 1);  // nothing changed
  const HttpReply declined = post(boris_, "/seeks/" + seek + "/decline", "{}");
  EXPECT_EQ(declined.status, 200u) << declined.body;
  EXPECT_EQ(listed(anna_), 0);
}

TEST_F(LobbyApiTest, AChallengeNeedsAnAccountAndAnotherPlayer) {
  EXPECT_EQ(post(stranger_, "/seeks", R"({"challenge":"Boris"})").status, 401u);
  const HttpReply unknown = post(anna_, "/seeks", R"({"challenge":"Nobody"})");
  EXPECT_EQ(unknown.status, 404u);
  EXPECT_EQ(field(unknown.body, "/error/field"), "challenge");
  const HttpReply self = post(anna_, "/seeks", R"({"challenge":"anna"})");
  EXPECT_EQ(self.status, 400u);
  EXPECT_EQ(field(self.body, "/error/field"), "challenge");
  EXPECT_EQ(listed(anna_), 0);
}

TEST_F(LobbyApiTest, NoOneTakesTheirOwnSeek) {
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  const HttpReply own = post(anna_, "/seeks/" + field(posted.body, "/seek/id") + "/accept", "{}");
  EXPECT_EQ(own.status, 409u);
  EXPECT_EQ(field(own.body, "/error/code"), "own-seek");
}

TEST_F(LobbyApiTest, ASeekNotKeptLeavesTheLobbyWithinHalfAMinute) {
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  const std::string seek = field(posted.body, "/seek/id");
  const std::string key = R"({"key":")" + field(posted.body, "/seek/key") + R"("})";
  clock_.advance(milliseconds{20'000});
  const HttpReply kept = post(anna_, "/seeks/" + seek + "/keep", key);
  ASSERT_EQ(kept.status, 200u) << kept.body;
  EXPECT_EQ(field(kept.body, "/status"), "waiting");
  clock_.advance(milliseconds{20'000});
  EXPECT_EQ(listed(boris_), 1);  // kept 20 s ago: alive
  clock_.advance(milliseconds{10'000});
  EXPECT_EQ(listed(boris_), 0);  // 30 s without a keep: gone
  EXPECT_EQ(post(anna_, "/seeks/" + seek + "/keep", key).status, 404u);
}

TEST_F(LobbyApiTest, OnlyTheKeyCancelsOrKeepsASeek) {
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  const std::string seek = field(posted.body, "/seek/id");
  const HttpReply wrong = post(boris_, "/seeks/" + seek + "/cancel", R"({"key":"guess"})");
  EXPECT_EQ(wrong.status, 403u);
  EXPECT_EQ(field(wrong.body, "/error/code"), "bad-key");
  EXPECT_EQ(post(boris_, "/seeks/" + seek + "/keep", R"({"key":"guess"})").status, 403u);
  EXPECT_EQ(listed(boris_), 1);
  const HttpReply cancelled = post(anna_, "/seeks/" + seek + "/cancel",
                                   R"({"key":")" + field(posted.body, "/seek/key") + R"("})");
  EXPECT_EQ(cancelled.status, 200u) << cancelled.body;
  EXPECT_EQ(listed(boris_), 0);
}

TEST_F(LobbyApiTest, APoolPairsTheSecondPlayerWithTheFirstsGame) {
  const HttpReply first = post(anna_, "/pool", R"({"preset":"blitz"})");
  ASSERT_EQ(first.status, 201u) << first.body;
  EXPECT_EQ(field(first.body, "/status"), "waiting");
  EXPECT_EQ(listed(boris_), 0);  // a pool's seek is not in the list...
  EXPECT_EQ(field(lobby(boris_).body, "/pools/0/preset"), "blitz");  // ...but counted
  EXPECT_EQ(field(lobby(boris_).body, "/pools/0/waiting"), "1");
  // Anonymous players are not paired with accounts.
  const HttpReply guest = post(stranger_, "/pool", R"({"preset":"blitz"})");
  ASSERT_EQ(guest.status, 201u) << guest.body;
  const HttpReply second = post(boris_, "/pool", R"({"preset":"blitz"})");
  ASSERT_EQ(second.status, 200u) << second.body;
  EXPECT_EQ(field(second.body, "/status"), "matched");
  EXPECT_EQ(field(second.body, "/game"), field(first.body, "/id"));
  auto joined = join(second, seat_of("Boris"));
  ASSERT_TRUE(joined) << joined.error().describe();
  EXPECT_TRUE(joined->state.rated);  // accounts' pools are rated
  EXPECT_EQ(joined->state.time_control, field(first.body, "/game/time_control"));
}

TEST_F(LobbyApiTest, OfTwoPlayersWaitingInAPoolTheLaterPairsWhenItKeepsItsSeek) {
  // Two pool seeks stored side by side (as two nodes would when both arrive at once).
  const HttpReply first = post(anna_, "/pool", R"({"preset":"rapid"})");
  ASSERT_EQ(first.status, 201u);
  auto open = store_->open_seeks(clock_.wall_ms(), 10);
  ASSERT_TRUE(open && open->size() == 1u);
  clock_.advance(milliseconds{1000});
  store::SeekRecord later = (*open)[0];
  later.id = "later";
  later.owner_user_id = seat_of("Boris").id;
  later.owner_name = "Boris";
  later.owner_address = boris_.remote;
  later.created_ms = clock_.wall_ms();
  later.alive_until_ms = later.created_ms + 30'000;
  later.game_id = "elsewhere";
  later.key_hash = account::session_hash("boris's key");
  ASSERT_TRUE(store_->add_seek(later, clock_.wall_ms(), 3));
  // The earlier one keeps waiting; the later one takes the earlier one's game.
  const std::string anna_key = R"({"key":")" + field(first.body, "/seek/key") + R"("})";
  EXPECT_EQ(field(post(anna_, "/seeks/" + field(first.body, "/seek/id") + "/keep", anna_key).body,
                  "/status"),
            "waiting");
  const HttpReply paired = post(boris_, "/seeks/later/keep", R"({"key":"boris's key"})");
  ASSERT_EQ(paired.status, 200u) << paired.body;
  EXPECT_EQ(field(paired.body, "/status"), "matched");
  EXPECT_EQ(field(paired.body, "/game"), field(first.body, "/id"));
  auto left = store_->open_seeks(clock_.wall_ms(), 10);
  ASSERT_TRUE(left);
  EXPECT_TRUE(left->empty());  // both seeks are gone
}

TEST_F(LobbyApiTest, ASessionWithoutItsCsrfTokenChangesNothing) {
  Browser forged = anna_;
  forged.csrf = "";
  const HttpReply r = post(forged, "/seeks", kBlitz);
  EXPECT_EQ(r.status, 403u);
  EXPECT_EQ(field(r.body, "/error/code"), "csrf");
  forged.csrf = "wrong";
  EXPECT_EQ(post(forged, "/pool", R"({"preset":"blitz"})").status, 403u);
  EXPECT_EQ(listed(boris_), 0);
  auto open = store_->open_seeks(clock_.wall_ms(), 10);
  ASSERT_TRUE(open);
  EXPECT_TRUE(open->empty());
}

TEST_F(LobbyApiTest, AnOwnerHasAtMostThreeSeeksAndTheServerItsRateOfGames) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(post(anna_, "/seeks", kBlitz).status, 201u);
  const HttpReply fourth = post(anna_, "/seeks", kBlitz);
  EXPECT_EQ(fourth.status, 409u);
  EXPECT_EQ(field(fourth.body, "/error/code"), "too-many-seeks");
  admit_ = false;
  EXPECT_EQ(post(boris_, "/seeks", kBlitz).status, 503u);
  EXPECT_EQ(listed(carl_), 3);
}

TEST_F(LobbyApiTest, TheCorrespondenceGamesWhereItIsYourMoveWithTheirDeadlines) {
  const HttpReply posted = post(anna_, "/seeks", R"({"time_control":"0d259200","color":"white"})");
  ASSERT_EQ(posted.status, 201u) << posted.body;
  EXPECT_EQ(field(lobby(boris_).body, "/seeks/0/speed"), "correspondence");
  // A correspondence seek waits days for a taker, not half a minute.
  clock_.advance(std::chrono::hours{24});
  const HttpReply matched =
      post(boris_, "/seeks/" + field(posted.body, "/seek/id") + "/accept", "{}");
  ASSERT_EQ(matched.status, 200u) << matched.body;
  auto joined = join(matched, seat_of("Boris"));
  ASSERT_TRUE(joined) << joined.error().describe();
  const std::int64_t joined_at = clock_.wall_ms();
  // White (Anna) is to move: her list has the game, Boris's has none.
  const HttpReply anna = lobby(anna_);
  EXPECT_EQ(field(anna.body, "/your_turn/0/game"), field(posted.body, "/id"));
  EXPECT_EQ(field(anna.body, "/your_turn/0/opponent"), "Boris");
  EXPECT_EQ(field(anna.body, "/your_turn/0/deadline_ms"),
            std::to_string(joined_at + 3 * 86'400'000LL));  // from the join
  EXPECT_EQ(field(lobby(boris_).body, "/your_turn/0/game"), "<missing>");
  EXPECT_EQ(field(lobby(stranger_).body, "/your_turn/0/game"), "<missing>");
}

struct BadInput {
  const char* name;
  const char* route;
  std::string body;
  unsigned status;
  const char* field;
};

class LobbyBadInputTest : public LobbyApiTest, public ::testing::WithParamInterface<BadInput> {};

TEST_P(LobbyBadInputTest, IsAClearErrorAndChangesNothing) {
  const BadInput& in = GetParam();
  const HttpReply posted = post(anna_, "/seeks", kBlitz);
  ASSERT_EQ(posted.status, 201u);
  std::string route = in.route;
  if (const auto at = route.find("{id}"); at != std::string::npos) {
    route.replace(at, 4, field(posted.body, "/seek/id"));
  }
  const HttpReply r = post(boris_, route, in.body);
  EXPECT_EQ(r.status, in.status) << r.body;
  if (*in.field != '\0') {
    EXPECT_EQ(field(r.body, "/error/field"), in.field) << r.body;
  }
  EXPECT_FALSE(field(r.body, "/error/message").empty());
  EXPECT_EQ(listed(carl_), 1);  // Anna's seek, still there, and nothing else
}

INSTANTIATE_TEST_SUITE_P(
    EveryRoute, LobbyBadInputTest,
    ::testing::Values(
        BadInput{"SeekNotJson", "/seeks", "{", 400, ""},
        BadInput{"SeekNotAnObject", "/seeks", "[1]", 400, ""},
        BadInput{"SeekComputer", "/seeks", R"({"opponent":{"type":"computer"}})", 400, "opponent"},
        BadInput{"SeekRatingText", "/seeks", R"({"rating_min":"high"})", 400, "rating_min"},
        BadInput{"SeekRatingHuge", "/seeks", R"({"rating_max":99999})", 400, "rating_max"},
        BadInput{"SeekRangeBackwards", "/seeks", R"({"rating_min":1800,"rating_max":1200})", 400,
                 "rating_min"},
        BadInput{"SeekDeltaHuge", "/seeks", R"({"rating_delta":5000})", 400, "rating_delta"},
        BadInput{"SeekDeltaAndRange", "/seeks", R"({"rating_delta":100,"rating_min":1200})", 400,
                 "rating_delta"},
        BadInput{"SeekChallengeNumber", "/seeks", R"({"challenge":7})", 400, "challenge"},
        BadInput{
            "SeekChallengeHuge", "/seeks",
            R"({"challenge":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})",
            400, "challenge"},
        BadInput{"SeekBadControl", "/seeks", R"({"time_control":"fast"})", 400, ""},
        BadInput{"PoolNoPreset", "/pool", "{}", 400, "preset"},
        BadInput{"PoolUnknownPreset", "/pool", R"({"preset":"hyper"})", 400, "preset"},
        BadInput{"PoolNameControl", "/pool", "{\"preset\":\"blitz\",\"name\":\"a\\u0001\"}", 400,
                 "name"},
        BadInput{"KeepNoKey", "/seeks/{id}/keep", "{}", 400, "key"},
        BadInput{"CancelNotJson", "/seeks/{id}/cancel", "nope", 400, ""},
        BadInput{"CancelHugeKey", "/seeks/{id}/cancel",
                 "{\"key\":\"" + std::string(200, 'k') + "\"}", 400, "key"},
        BadInput{"AcceptUnknownSeek", "/seeks/nosuch/accept", "{}", 404, "id"},
        BadInput{"AcceptMalformedId", "/seeks/no%20such!/accept", "{}", 404, "id"},
        BadInput{"KeepMalformedId", "/seeks/..%2F../keep", R"({"key":"k"})", 404, "id"},
        BadInput{"ChallengeNoSuchName", "/seeks", R"({"challenge":"no such name!"})", 404,
                 "challenge"},
        BadInput{"UnknownAction", "/seeks/{id}/steal", "{}", 404, ""},
        BadInput{"UnknownRoute", "/everything", "{}", 404, ""}),
    [](const ::testing::TestParamInfo<BadInput>& case_info) {
      return std::string(case_info.param.name);
    });

}  // namespace
}  // namespace arbiter::server::testing
