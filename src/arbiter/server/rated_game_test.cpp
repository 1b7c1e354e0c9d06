// Rated games (issue #17, docs/rating.md): who may create and join one, and what its end
// does to both ratings — the Glicko-2 amounts of rating::update, stored once per game.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "arbiter/rating/glicko2.hpp"
#include "arbiter/server/profile_api.hpp"
#include "arbiter/server/rating_service.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

class RatedGameTest : public RoomTest {
 protected:
  void SetUp() override {
    rated_hook_ = [this](RatedGameEnd end) { ended_.push_back(std::move(end)); };
    RoomTest::SetUp();
    anna_ = account("Anna");
    boris_ = account("Boris");
  }
  SeatAccount account(const std::string& name) {
    store::UserRecord u;
    u.name = name;
    u.name_key = name;
    for (char& c : u.name_key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    u.password_hash = "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA";
    u.created_ms = clock_.wall_ms();
    auto made = store_->create_user(u);
    EXPECT_TRUE(made) << made.error().describe();
    return SeatAccount{made ? made->id : 0, name};
  }
  Result<CreatedGame> create_rated(const SeatAccount& creator, const std::string& extra = {}) {
    auto req = wire::parse_create_request(
        R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"},"rated":true)" +
        extra + "}");
    EXPECT_TRUE(req) << req.error().describe();
    return registry_->create(*req, creator);
  }
  // A casual rapid game, Anna (White) against Boris: 1. d4 d5 and Anna resigns. Its id.
  std::string casual_game_anna_resigns() {
    auto req = wire::parse_create_request(
        R"({"time_control":"900+10","color":"white","opponent":{"type":"friend"}})");
    auto g = registry_->create(*req, anna_);
    EXPECT_TRUE(g) << g.error().describe();
    if (!g) return {};
    auto j = g->room->join(wire::JoinGameRequest{"x", std::nullopt, g->invite}, boris_);
    EXPECT_TRUE(j) << j.error().describe();
    if (!j) return {};
    auto w = connect(*g->room, g->token);
    auto b = connect(*g->room, j->token);
    move(*g->room, w, "d2d4", 1, 1);
    move(*g->room, b, "d7d5", 2, 1);
    say(*g->room, w, R"({"t":"resign","id":2})");
    return g->room->id();
  }
  // Anna (White) and Boris (Black), both connected, in a rated 3+2 game.
  Seated rated_game() {
    auto g = create_rated(anna_);
    EXPECT_TRUE(g) << g.error().describe();
    auto j = g->room->join(wire::JoinGameRequest{"ignored", std::nullopt, g->invite}, boris_);
    EXPECT_TRUE(j) << j.error().describe();
    Seated s{Friends{g->room, g->token, j ? j->token : ""}, nullptr, nullptr};
    s.w = connect(*s.f.room, s.f.white);
    s.b = connect(*s.f.room, s.f.black);
    return s;
  }

  SeatAccount anna_;
  SeatAccount boris_;
  std::vector<RatedGameEnd> ended_;
};

TEST_F(RatedGameTest, ARatedGameNeedsAnAccountAndAFriendOverAStandardBoard) {
  auto anonymous = create_rated({});
  ASSERT_FALSE(anonymous);
  EXPECT_EQ(anonymous.error().where.field, "rated");
  auto computer = registry_->create(
      *wire::parse_create_request(R"({"opponent":{"type":"computer"},"rated":true})"), anna_);
  ASSERT_FALSE(computer);
  EXPECT_EQ(computer.error().where.field, "rated");
  auto chess960 = create_rated(anna_, R"(,"variant":"chess960")");
  ASSERT_FALSE(chess960);
  EXPECT_EQ(chess960.error().where.field, "rated");
  auto from_position = create_rated(anna_, R"(,"fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")");
  ASSERT_FALSE(from_position);
  EXPECT_EQ(from_position.error().where.field, "rated");
}

TEST_F(RatedGameTest, OnlyAnotherAccountMayTakeTheSecondSeat) {
  auto g = create_rated(anna_);
  ASSERT_TRUE(g) << g.error().describe();
  const wire::JoinGameRequest join{"Visitor", std::nullopt, g->invite};
  auto anonymous = g->room->join(join);
  ASSERT_FALSE(anonymous);
  EXPECT_EQ(anonymous.error().where.field, "rated");
  // Anna's own account gets her own seat back (from another device: issue #17 item 5),
  // never the second one.
  auto herself = g->room->join(join, anna_);
  ASSERT_TRUE(herself) << herself.error().describe();
  EXPECT_EQ(herself->seat, core::Color::White);
  EXPECT_EQ(herself->token, g->token);
  EXPECT_EQ(herself->state.open_seat, core::Color::Black);
  auto boris = g->room->join(join, boris_);
  ASSERT_TRUE(boris) << boris.error().describe();
  EXPECT_TRUE(boris->state.rated);
  EXPECT_EQ(boris->state.white.name, "Anna");
  EXPECT_EQ(boris->state.black.name, "Boris");  // the account's name, not the request's
  auto stored = store_->load_game(g->room->id());
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->header.rated);
  EXPECT_EQ(stored->header.white_user, anna_.id);
  EXPECT_EQ(stored->header.black_user, boris_.id);
}

TEST_F(RatedGameTest, TheInviteesNameIsStoredWithTheGame) {
  // Issue #17 item 6: lists showed "?" for the invitee, whose name was never stored.
  auto f = friends();
  auto stored = store_->load_game(f.room->id());
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->header.white, "Anna");
  EXPECT_EQ(stored->header.black, "Boris");
}

TEST_F(RatedGameTest, AResignationRatesBothPlayersByGlicko2Once) {
  auto [f, w, b] = rated_game();
  move(*f.room, w, "e2e4", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  say(*f.room, w, R"({"t":"resign","id":2})");
  ASSERT_EQ(ended_.size(), 1u);
  EXPECT_EQ(ended_[0].game_id, f.room->id());
  EXPECT_EQ(ended_[0].result, "0-1");
  RatingService service(*store_, clock_);
  auto changes = service.rate(ended_[0]);
  ASSERT_TRUE(changes) << changes.error().describe();
  ASSERT_EQ(changes->size(), 2u);
  // Two new players (1500, 500, 0.09) and Black won: each moves by rating::update against
  // the other's rating before the game, with the online settings.
  const rating::Glicko2Rating fresh = rating::kOnlineSettings.initial;
  const rating::Glicko2Game lost{fresh, 0.0};
  const rating::Glicko2Game won{fresh, 1.0};
  const auto white = rating::update(fresh, std::span{&lost, 1}, rating::kOnlineSettings);
  const auto black = rating::update(fresh, std::span{&won, 1}, rating::kOnlineSettings);
  ASSERT_TRUE(white && black);
  EXPECT_EQ((*changes)[0].user_id, anna_.id);
  EXPECT_EQ((*changes)[0].speed, "blitz");  // 3+2: B.1
  EXPECT_DOUBLE_EQ((*changes)[0].before.rating, 1500.0);
  EXPECT_NEAR((*changes)[0].after.rating, white->rating, 1e-9);
  EXPECT_NEAR((*changes)[0].after.deviation, white->deviation, 1e-9);
  EXPECT_NEAR((*changes)[1].after.rating, black->rating, 1e-9);
  EXPECT_LT((*changes)[0].after.rating, 1500.0);
  EXPECT_GT((*changes)[1].after.rating, 1500.0);
  // Rating the same game again changes nothing.
  auto again = service.rate(ended_[0]);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again, *changes);
  auto ratings = store_->ratings_of(anna_.id);
  ASSERT_TRUE(ratings);
  ASSERT_EQ(ratings->size(), 1u);
  EXPECT_EQ((*ratings)[0].games, 1);
  EXPECT_NEAR((*ratings)[0].rating, white->rating, 1e-9);
}

TEST_F(RatedGameTest, APlayersPageShowsTheRatingsAndTheirHistory) {
  ProfileApi profiles(*store_);
  const auto get = [&](const std::string& target) {
    return profiles.handle(HttpRequest{"GET", target, "", "127.0.0.1"});
  };
  // Before any rated game: the account, and no rating yet.
  auto fresh = get("/api/users/anna");  // names in any letter case
  ASSERT_EQ(fresh.status, 200u) << fresh.body;
  EXPECT_EQ(at(fresh.body, "/name"), "Anna");
  EXPECT_EQ(at(fresh.body, "/ratings"), "[]");
  auto [f, w, b] = rated_game();
  move(*f.room, w, "e2e4", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  say(*f.room, b, R"({"t":"resign","id":2})");
  RatingService service(*store_, clock_);
  ASSERT_EQ(ended_.size(), 1u);
  auto changes = service.rate(ended_[0]);
  ASSERT_TRUE(changes) << changes.error().describe();
  auto page = get("/api/users/Anna");
  ASSERT_EQ(page.status, 200u);
  EXPECT_EQ(at(page.body, "/ratings/0/speed"), "blitz");
  EXPECT_EQ(at(page.body, "/ratings/0/games"), "1");
  EXPECT_EQ(at(page.body, "/ratings/0/rating"),
            std::to_string(std::lround((*changes)[0].after.rating)));
  EXPECT_EQ(at(page.body, "/ratings/0/provisional"), "true");  // one game: RD above 110
  auto history = get("/api/users/Anna/history?speed=blitz");
  ASSERT_EQ(history.status, 200u) << history.body;
  EXPECT_EQ(at(history.body, "/points/0/rating"), at(page.body, "/ratings/0/rating"));
  EXPECT_EQ(at(get("/api/users/Anna/history?speed=rapid").body, "/points"), "[]");
  EXPECT_EQ(get("/api/users/Anna/history?speed=hyper").status, 400u);
  EXPECT_EQ(get("/api/users/Anna/history").status, 400u);
  EXPECT_EQ(get("/api/users/Nobody").status, 404u);
  EXPECT_EQ(get("/api/users/no%20such").status, 404u);
  EXPECT_EQ(get("/api/users/Anna/games2").status, 404u);
  EXPECT_EQ(profiles.handle(HttpRequest{"POST", "/api/users/Anna", "", "127.0.0.1"}).status, 405u);
}

TEST_F(RatedGameTest, ThePgnSaysTheEventTheSiteTheDateAndTheRatings) {
  auto [f, w, b] = rated_game();
  move(*f.room, w, "e2e4", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  say(*f.room, w, R"({"t":"resign","id":2})");
  RatingService service(*store_, clock_);
  auto changes = service.rate(ended_.at(0));
  ASSERT_TRUE(changes) << changes.error().describe();
  const std::string pgn = f.room->pgn("http://chess.example/g/" + f.room->id(), *changes);
  EXPECT_NE(pgn.find("[Event \"Rated blitz game\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Site \"http://chess.example/g/" + f.room->id() + "\"]"), std::string::npos);
  // ManualRoomClock starts at 1,700,000,000,000 ms: 2023-11-14 UTC.
  EXPECT_NE(pgn.find("[Date \"2023.11.14\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[White \"Anna\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[WhiteElo \"1500\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[BlackElo \"1500\"]"), std::string::npos);
  const long white_diff = std::lround((*changes)[0].after.rating) - 1500;
  EXPECT_LT(white_diff, 0);
  EXPECT_NE(pgn.find("[WhiteRatingDiff \"" + std::to_string(white_diff) + "\"]"), std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("[BlackRatingDiff \"+"), std::string::npos);
  // A casual game has no ratings in its PGN.
  const std::string casual = f.room->pgn("?", {});
  EXPECT_EQ(casual.find("Elo"), std::string::npos);
}

TEST_F(RatedGameTest, APlayersArchiveListsAndDownloadsTheirGames) {
  ProfileApi profiles(*store_);
  const auto get = [&](const std::string& target) {
    HttpRequest r{"GET", target, "", "127.0.0.1"};
    r.host = "chess.example";
    return profiles.handle(r);
  };
  // A rated blitz game Anna wins as White, then a casual rapid game she loses as White.
  {
    auto [f, w, b] = rated_game();
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    say(*f.room, b, R"({"t":"resign","id":2})");
  }
  clock_.advance(std::chrono::minutes{5});
  casual_game_anna_resigns();
  auto all = get("/api/users/anna/games");
  ASSERT_EQ(all.status, 200u) << all.body;
  EXPECT_EQ(at(all.body, "/games/0/speed"), "rapid");  // newest first
  EXPECT_EQ(at(all.body, "/games/0/outcome"), "loss");
  EXPECT_EQ(at(all.body, "/games/0/rated"), "false");
  EXPECT_EQ(at(all.body, "/games/1/speed"), "blitz");
  EXPECT_EQ(at(all.body, "/games/1/outcome"), "win");
  EXPECT_EQ(at(all.body, "/games/1/opponent"), "Boris");
  EXPECT_EQ(at(all.body, "/next_before"), "null");
  EXPECT_EQ(at(get("/api/users/anna/games?result=win").body, "/games/0/speed"), "blitz");
  EXPECT_EQ(at(get("/api/users/anna/games?result=win").body, "/games/1"), "<missing>");
  EXPECT_EQ(at(get("/api/users/anna/games?speed=rapid").body, "/games/0/outcome"), "loss");
  EXPECT_EQ(at(get("/api/users/boris/games?vs=Anna&result=loss").body, "/games/0/speed"), "blitz");
  auto paged = get("/api/users/anna/games?limit=1");
  EXPECT_EQ(at(paged.body, "/games/0/speed"), "rapid");
  auto next = get("/api/users/anna/games?limit=1&before=" + at(paged.body, "/next_before"));
  EXPECT_EQ(at(next.body, "/games/0/speed"), "blitz");
  EXPECT_EQ(get("/api/users/anna/games?vs=Nobody").status, 404u);
  EXPECT_EQ(get("/api/users/anna/games?limit=0").status, 400u);
  EXPECT_EQ(get("/api/users/anna/games?result=maybe").status, 400u);
  EXPECT_EQ(get("/api/users/anna/games?before=soon").status, 400u);
  auto pgn = get("/api/users/anna/games.pgn");
  ASSERT_EQ(pgn.status, 200u) << pgn.body;
  EXPECT_EQ(pgn.content_type, "application/x-chess-pgn; charset=utf-8");
  EXPECT_NE(pgn.content_disposition.find("arbiter-Anna.pgn"), std::string::npos);
  ASSERT_TRUE(pgn.stream);  // streamed, a page of games at a time
  const std::string file = drained(pgn);
  EXPECT_NE(file.find("[Event \"Casual rapid game\"]"), std::string::npos) << file;
  EXPECT_NE(file.find("[Event \"Rated blitz game\"]"), std::string::npos);
  EXPECT_LT(file.find("Casual rapid"), file.find("Rated blitz"));  // newest first
  EXPECT_NE(file.find("[Site \"http://chess.example/g/"), std::string::npos);
  EXPECT_NE(file.find("{[%clk "), std::string::npos);
  EXPECT_NE(file.find("[Termination \"normal\"]"), std::string::npos);
  const std::string one = drained(get("/api/users/anna/games.pgn?limit=1"));
  EXPECT_NE(one.find("Casual rapid"), std::string::npos);
  EXPECT_EQ(one.find("Rated blitz"), std::string::npos);
  // A bad parameter is refused before anything is sent.
  EXPECT_EQ(get("/api/users/anna/games.pgn?result=maybe").status, 400u);
  EXPECT_EQ(get("/api/users/anna/games.pgn?limit=0").status, 400u);
}

// A whole archive, larger than a page, in one file: every game once, newest first, also
// when more games ended in one millisecond than a page holds.
TEST_F(RatedGameTest, TheArchivesPgnHasEveryGameOnceAcrossPages) {
  ProfileApi profiles(*store_);
  std::vector<std::string> ids;
  for (int i = 0; i < 130; ++i) {
    if (i >= 70) clock_.advance(std::chrono::milliseconds{i % 3 == 0 ? 1 : 0});
    ids.push_back(casual_game_anna_resigns());
  }
  // The first 70 games ended in one millisecond (more than a page of 50).
  HttpRequest request{"GET", "/api/users/anna/games.pgn", "", "127.0.0.1"};
  request.host = "chess.example";
  const std::string file = drained(profiles.handle(request));
  int games = 0;
  for (auto at = file.find("[Event "); at != std::string::npos; at = file.find("[Event ", at + 1)) {
    ++games;
  }
  EXPECT_EQ(games, 130);
  for (const std::string& id : ids) {
    const std::string site = "/g/" + id + "\"]";
    const auto first = file.find(site);
    EXPECT_NE(first, std::string::npos) << id;
    EXPECT_EQ(file.find(site, first + 1), std::string::npos) << id << " twice";
  }
  // Newest first: the last game created comes first.
  EXPECT_LT(file.find("/g/" + ids.back() + "\""), file.find("/g/" + ids.front() + "\""));
}

// A crash between a rated game's end and its rating: the next start rates it.
TEST_F(RatedGameTest, AGameThatEndedUnratedIsRatedAtTheNextStart) {
  {
    auto [f, w, b] = rated_game();
    move(*f.room, w, "e2e4", 1, 1);
    move(*f.room, b, "e7e5", 2, 1);
    say(*f.room, b, R"({"t":"resign","id":2})");
  }
  ASSERT_EQ(ended_.size(), 1u);  // told, but the hook here rates nothing: as if killed
  {
    RatingService service(*store_, clock_);
    auto queued = service.queue_unrated();
    ASSERT_TRUE(queued) << queued.error().describe();
    EXPECT_EQ(*queued, 1);
  }  // the service rates what it queued before it stops
  auto changes = store_->game_rating_changes(ended_[0].game_id);
  ASSERT_TRUE(changes);
  ASSERT_EQ(changes->size(), 2u);
  EXPECT_GT(changes->at(0).after.rating, 1500.0);  // White won
  RatingService again(*store_, clock_);
  EXPECT_EQ(again.queue_unrated().value_or(-1), 0);
}

TEST_F(RatedGameTest, AnAbortedRatedGameIsNotRated) {
  auto [f, w, b] = rated_game();
  say(*f.room, w, R"({"t":"abort","id":1})");
  EXPECT_EQ(f.room->state().status, "aborted");
  EXPECT_TRUE(ended_.empty());
}

TEST_F(RatedGameTest, ACasualGameBetweenAccountsIsNotRated) {
  auto req = wire::parse_create_request(
      R"({"time_control":"180+2","color":"white","opponent":{"type":"friend"}})");
  auto g = registry_->create(*req, anna_);
  ASSERT_TRUE(g);
  auto j = g->room->join(wire::JoinGameRequest{"x", std::nullopt, g->invite}, boris_);
  ASSERT_TRUE(j);
  EXPECT_FALSE(j->state.rated);
  auto w = connect(*g->room, g->token);
  auto b = connect(*g->room, j->token);
  move(*g->room, w, "e2e4", 1, 1);
  move(*g->room, b, "e7e5", 2, 1);
  say(*g->room, w, R"({"t":"resign","id":2})");
  EXPECT_EQ(g->room->state().status, "ended");
  EXPECT_TRUE(ended_.empty());
}

TEST(RateGame, IdleDaysMakeTheRatingMoveMore) {
  store::RatingPair fresh_pair;
  fresh_pair.white.rating = fresh_pair.black.rating = 1700;
  fresh_pair.white.deviation = fresh_pair.black.deviation = 60;
  fresh_pair.white.volatility = fresh_pair.black.volatility = 0.06;
  const store::WallMs now = 1'800'000'000'000;
  fresh_pair.white.updated_ms = fresh_pair.black.updated_ms = now - 86'400'000;  // yesterday
  store::RatingPair rusty = fresh_pair;
  rusty.white.updated_ms = now - 200LL * 86'400'000;  // White last played 200 days ago
  const auto active = rate_game(fresh_pair, 1.0, now);
  const auto returning = rate_game(rusty, 1.0, now);
  EXPECT_GT(active.white.rating, 1700);
  EXPECT_GT(returning.white.rating - 1700, active.white.rating - 1700);
  EXPECT_NEAR(active.white.rating - 1700, 1700 - active.black.rating, 1e-6);  // equal players
}

TEST(RateGame, OnlyWinsLossesAndDrawsAreRated) {
  EXPECT_EQ(white_score("1-0"), 1.0);
  EXPECT_EQ(white_score("0-1"), 0.0);
  EXPECT_EQ(white_score("1/2-1/2"), 0.5);
  EXPECT_EQ(white_score("0-0"), std::nullopt);
  EXPECT_EQ(white_score("*"), std::nullopt);
}

}  // namespace
}  // namespace arbiter::server::testing
