// Rated games and ratings (issue #17): the contract of store.hpp on every backend
// (backend_test_support.hpp): the accounts in a game's seats, an account taking a seat in
// the group commit, and record_rated_game with the ratings and their history.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/delegating_store.hpp"

namespace arbiter::store {
namespace {

using testing::sample_event;
using testing::sample_header;
using testing::sample_move;

constexpr WallMs kNow = 1'700'000'000'000;
constexpr const char* kHash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
// What `white_wins` adds: numbers that no decimal writes exactly, so that a rating stored
// and read back must come back to the last bit.
constexpr double kGain = 25.0 / 3.0;
constexpr double kShrink = 7.0 / 9.0;
constexpr double kDrift = 1e-5 / 7.0;

// A stand-in for rating::glicko2 (the store only keeps what `compute` returns): white gains,
// black loses, both deviations shrink and volatilities drift. The fields the store owns
// (the player, the category, the games counted, the time) are set to nonsense, which the
// store must not keep.
RatingPair white_wins(const RatingPair& before) {
  RatingPair after = before;
  after.white.rating += kGain;
  after.black.rating -= kGain;
  for (RatingRecord* r : {&after.white, &after.black}) {
    r->deviation *= kShrink;
    r->volatility += kDrift;
    r->user_id = -7;
    r->speed = "nonsense";
    r->games = 1000;
    r->updated_ms = -1;
  }
  return after;
}

// The rating `white_wins` makes of `before` for white (or black), as the store keeps it.
RatingRecord after_win(const RatingRecord& before, bool white, WallMs now) {
  RatingRecord r = before;
  r.rating += white ? kGain : -kGain;
  r.deviation *= kShrink;
  r.volatility += kDrift;
  r.games += 1;
  r.updated_ms = now;
  return r;
}

RatingRecord defaults(std::int64_t user_id, const std::string& speed) {
  return RatingRecord{user_id, speed, 1500.0, 500.0, 0.09, 0, 0};
}

// The field an error names, or "(success)": what every refusal below is checked by.
template <typename T>
std::string refusal(const Result<T>& result, ErrorCode code) {
  if (result) return "(success)";
  EXPECT_EQ(result.error().code, code) << result.error().describe();
  return result.error().where.field;
}

GameHeader game(const std::string& id, std::int64_t white, std::int64_t black, bool rated = true) {
  GameHeader h = sample_header(id, kNow);
  h.white_user = white;
  h.black_user = black;
  h.rated = rated;
  return h;
}

GameWrite take_seat(const std::string& id, bool white, std::int64_t user_id) {
  GameWrite w;
  w.game_id = id;
  w.seat_user = GameWrite::SeatUser{white, user_id};
  return w;
}

class Ratings : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (HasFatalFailure()) return;
    store_ = open();
    ASSERT_TRUE(store_);
    anna_ = user("Anna");
    boris_ = user("Boris");
    carl_ = user("Carl");
  }
  // Creates an account that must be accepted; its id.
  std::int64_t user(const std::string& name) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    auto created = store_->create_user(UserRecord{0, name, key, kHash, kNow, 0});
    EXPECT_TRUE(created) << created.error().describe();
    return created ? created->id : 0;
  }
  // A rated game between two accounts that ended, white winning.
  void ended_game(const std::string& id, std::int64_t white, std::int64_t black,
                  bool rated = true) {
    auto created = store_->create_game(game(id, white, black, rated));
    ASSERT_TRUE(created) << created.error().describe();
    ASSERT_TRUE(store_->append_move(id, sample_move(1, kNow), {}));
    auto ended =
        store_->finish_game(id, Ending{GameStatus::Ended, "1-0", "checkmate", kNow + 5000}, {});
    ASSERT_TRUE(ended) << ended.error().describe();
  }
  // record_rated_game with `white_wins`, counting its calls and keeping what it saw.
  Result<std::vector<RatingChange>> rate(const std::string& id, const std::string& speed = "blitz",
                                         WallMs now = kNow + 10'000) {
    return store_->record_rated_game(id, speed, now, [&](const RatingPair& before) {
      ++computed_;
      seen_ = before;
      return white_wins(before);
    });
  }
  std::vector<RatingRecord> ratings(std::int64_t user_id) {
    auto found = store_->ratings_of(user_id);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::vector<RatingRecord>{};
  }
  std::vector<RatingChange> history(std::int64_t user_id, const std::string& speed = "blitz",
                                    int limit = 100) {
    auto found = store_->rating_history(user_id, speed, limit);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::vector<RatingChange>{};
  }
  std::vector<RatingChange> changes(const std::string& id) {
    auto found = store_->game_rating_changes(id);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::vector<RatingChange>{};
  }
  GameHeader header(const std::string& id) {
    auto loaded = store_->load_game(id);
    EXPECT_TRUE(loaded) << loaded.error().describe();
    return loaded ? loaded->header : GameHeader{};
  }
  // Nothing of a rating was stored for anyone.
  void expect_no_rating(const std::string& id) {
    EXPECT_EQ(changes(id), std::vector<RatingChange>{});
    for (std::int64_t u : {anna_, boris_, carl_}) {
      EXPECT_EQ(ratings(u), std::vector<RatingRecord>{});
      EXPECT_EQ(history(u), std::vector<RatingChange>{});
    }
  }

  std::unique_ptr<Store> store_;
  std::int64_t anna_ = 0;
  std::int64_t boris_ = 0;
  std::int64_t carl_ = 0;
  int computed_ = 0;
  RatingPair seen_;
};
ARB_STORE_BACKENDS(Ratings);

// --- the accounts in a game's seats ---

TEST_P(Ratings, TheSeatsAccountsAndTheRatedFlagAreStoredWithTheGame) {
  const GameHeader rated = game("rated", anna_, boris_);
  ASSERT_TRUE(store_->create_game(rated));
  EXPECT_EQ(header("rated"), rated);
  // Through the group commit, one seat still free, not rated.
  GameWrite w;
  w.game_id = "open";
  w.create = game("open", 0, carl_, false);
  const auto results = store_->commit({&w, 1});
  ASSERT_TRUE(results.at(0)) << results[0].error().describe();
  EXPECT_EQ(header("open"), *w.create);
  // A game without accounts, as every game before issue #17.
  ASSERT_TRUE(store_->create_game(sample_header("anonymous", kNow)));
  EXPECT_EQ(header("anonymous").white_user, 0);
  EXPECT_EQ(header("anonymous").black_user, 0);
  EXPECT_FALSE(header("anonymous").rated);
  store_.reset();
  store_ = open();
  ASSERT_TRUE(store_);
  EXPECT_EQ(header("rated"), rated);
  EXPECT_EQ(header("open"), *w.create);
}

TEST_P(Ratings, OneAccountInBothSeatsIsRefused) {
  const auto field_of = [&](const GameHeader& h) {
    return refusal(store_->create_game(h), ErrorCode::kInvalidArgument);
  };
  EXPECT_EQ(field_of(game("g", anna_, anna_)), "black_user");
  EXPECT_EQ(field_of(game("g", -1, anna_)), "white_user");
  EXPECT_EQ(field_of(game("g", anna_, -1)), "black_user");
  GameWrite w;
  w.game_id = "g";
  w.create = game("g", boris_, boris_);
  EXPECT_EQ(refusal(store_->commit({&w, 1}).at(0), ErrorCode::kInvalidArgument), "black_user");
  EXPECT_EQ(refusal(store_->load_game("g"), ErrorCode::kProtocolState), "game_id");
  // Two players without an account are two zeros.
  ASSERT_TRUE(store_->create_game(game("g", 0, 0, false)));
}

TEST_P(Ratings, AGameOfAnUnknownOrDeletedAccountIsRefused) {
  ASSERT_TRUE(store_->delete_user(carl_, kNow + 1));
  const auto field_of = [&](const GameHeader& h) {
    return refusal(store_->create_game(h), ErrorCode::kProtocolState);
  };
  EXPECT_EQ(field_of(game("g", 99, boris_)), "user");
  EXPECT_EQ(field_of(game("g", anna_, 99)), "user");
  EXPECT_EQ(field_of(game("g", carl_, 0)), "user");
  EXPECT_EQ(field_of(game("g", 0, carl_)), "user");
  GameWrite w;
  w.game_id = "g";
  w.create = game("g", anna_, carl_);
  w.events = {sample_event(1)};
  EXPECT_EQ(refusal(store_->commit({&w, 1}).at(0), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(refusal(store_->load_game("g"), ErrorCode::kProtocolState), "game_id");
}

// --- an account taking a seat (GameWrite::seat_user) ---

TEST_P(Ratings, AnAccountTakesAFreeSeatInTheGroupCommit) {
  ASSERT_TRUE(store_->create_game(game("g", anna_, 0)));
  GameWrite join = take_seat("g", false, boris_);
  join.events = {sample_event(1)};
  const auto results = store_->commit({&join, 1});
  ASSERT_TRUE(results.at(0)) << results[0].error().describe();
  GameHeader expected = game("g", anna_, boris_);
  EXPECT_EQ(header("g"), expected);
  EXPECT_EQ(store_->load_game("g")->events, std::vector<EventRecord>{sample_event(1)});
  // In the write that creates the game.
  GameWrite create = take_seat("h", true, carl_);
  create.create = game("h", 0, anna_);
  ASSERT_TRUE(store_->commit({&create, 1}).at(0));
  EXPECT_EQ(header("h"), game("h", carl_, anna_));
}

TEST_P(Ratings, ATakenSeatIsRefusedAndNothingOfTheWriteIsApplied) {
  ASSERT_TRUE(store_->create_game(game("g", anna_, boris_)));
  ASSERT_TRUE(store_->create_game(game("other", 0, 0, false)));
  GameWrite black = take_seat("g", false, carl_);
  black.events = {sample_event(1)};
  GameWrite white = take_seat("g", true, carl_);
  white.move = sample_move(1);
  GameWrite fine;  // another game's write in the same commit is applied
  fine.game_id = "other";
  fine.events = {sample_event(1)};
  const std::vector<GameWrite> writes{black, white, fine};
  const auto results = store_->commit(writes);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(refusal(results[0], ErrorCode::kProtocolState), "seat_user");
  EXPECT_EQ(refusal(results[1], ErrorCode::kProtocolState), "seat_user");
  EXPECT_TRUE(results[2]) << results[2].error().describe();
  auto g = store_->load_game("g");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->header, game("g", anna_, boris_));
  EXPECT_TRUE(g->events.empty());
  EXPECT_TRUE(g->moves.empty());
  EXPECT_EQ(g->header.status, GameStatus::Created);
  EXPECT_EQ(store_->load_game("other")->events.size(), 1u);
}

TEST_P(Ratings, OneAccountCannotTakeBothSeats) {
  ASSERT_TRUE(store_->create_game(game("g", anna_, 0)));
  GameWrite twice = take_seat("g", false, anna_);
  twice.events = {sample_event(1)};
  EXPECT_EQ(refusal(store_->commit({&twice, 1}).at(0), ErrorCode::kInvalidArgument), "seat_user");
  EXPECT_EQ(header("g"), game("g", anna_, 0));
  EXPECT_TRUE(store_->load_game("g")->events.empty());
  // Nor in the write that creates the game.
  GameWrite create = take_seat("h", true, boris_);
  create.create = game("h", 0, boris_);
  EXPECT_EQ(refusal(store_->commit({&create, 1}).at(0), ErrorCode::kInvalidArgument), "seat_user");
  EXPECT_EQ(refusal(store_->load_game("h"), ErrorCode::kProtocolState), "game_id");
}

TEST_P(Ratings, OnlyALiveAccountTakesASeat) {
  ASSERT_TRUE(store_->create_game(game("g", anna_, 0)));
  ASSERT_TRUE(store_->delete_user(carl_, kNow + 1));
  const auto field_of = [&](const GameWrite& w, ErrorCode code) {
    return refusal(store_->commit({&w, 1}).at(0), code);
  };
  EXPECT_EQ(field_of(take_seat("g", false, 99), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(field_of(take_seat("g", false, carl_), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(field_of(take_seat("g", false, 0), ErrorCode::kInvalidArgument), "seat_user");
  EXPECT_EQ(field_of(take_seat("g", false, -1), ErrorCode::kInvalidArgument), "seat_user");
  EXPECT_EQ(field_of(take_seat("nope", false, boris_), ErrorCode::kProtocolState), "game_id");
  EXPECT_EQ(header("g"), game("g", anna_, 0));
}

// --- record_rated_game ---

TEST_P(Ratings, TheFirstRatedGameStartsFromTheDefaults) {
  ended_game("g", anna_, boris_);
  const WallMs now = kNow + 10'000;
  auto rated = rate("g", "blitz", now);
  ASSERT_TRUE(rated) << rated.error().describe();
  EXPECT_EQ(computed_, 1);
  EXPECT_EQ(seen_.white, defaults(anna_, "blitz"));
  EXPECT_EQ(seen_.black, defaults(boris_, "blitz"));
  const RatingRecord anna = after_win(defaults(anna_, "blitz"), true, now);
  const RatingRecord boris = after_win(defaults(boris_, "blitz"), false, now);
  EXPECT_EQ(anna.games, 1);
  const std::vector<RatingChange> expected{
      {"g", anna_, "blitz", defaults(anna_, "blitz"), anna, now},
      {"g", boris_, "blitz", defaults(boris_, "blitz"), boris, now}};
  EXPECT_EQ(*rated, expected);
  EXPECT_EQ(ratings(anna_), std::vector<RatingRecord>{anna});
  EXPECT_EQ(ratings(boris_), std::vector<RatingRecord>{boris});
  EXPECT_EQ(ratings(carl_), std::vector<RatingRecord>{});
  EXPECT_EQ(changes("g"), expected);
  EXPECT_EQ(history(anna_), std::vector<RatingChange>{expected[0]});
  EXPECT_EQ(history(boris_), std::vector<RatingChange>{expected[1]});
  // Stored to the last bit, and kept across a reopening.
  store_.reset();
  store_ = open();
  ASSERT_TRUE(store_);
  EXPECT_EQ(changes("g"), expected);
  EXPECT_EQ(ratings(anna_), std::vector<RatingRecord>{anna});
}

TEST_P(Ratings, RatingAGameAgainReturnsItsChangesWithoutComputing) {
  ended_game("g", anna_, boris_);
  auto first = rate("g", "blitz", kNow + 10'000);
  ASSERT_TRUE(first) << first.error().describe();
  auto again = rate("g", "blitz", kNow + 20'000);
  ASSERT_TRUE(again) << again.error().describe();
  EXPECT_EQ(computed_, 1);
  EXPECT_EQ(*again, *first);
  EXPECT_EQ(ratings(anna_).at(0).games, 1);
  EXPECT_EQ(history(anna_).size(), 1u);
  // Even once a player's account is gone: the game was rated.
  ASSERT_TRUE(store_->delete_user(boris_, kNow + 30'000));
  auto after_deletion = rate("g", "blitz", kNow + 40'000);
  ASSERT_TRUE(after_deletion) << after_deletion.error().describe();
  EXPECT_EQ(*after_deletion, *first);
  EXPECT_EQ(computed_, 1);
}

TEST_P(Ratings, OnlyAnEndedRatedGameOfTwoLiveAccountsIsRated) {
  const auto field_of = [&](const std::string& id) {
    return refusal(rate(id), ErrorCode::kProtocolState);
  };
  ASSERT_TRUE(store_->create_game(game("created", anna_, boris_)));
  EXPECT_EQ(field_of("created"), "game");
  ASSERT_TRUE(store_->create_game(game("ongoing", anna_, boris_)));
  ASSERT_TRUE(store_->append_move("ongoing", sample_move(1, kNow), {}));
  EXPECT_EQ(field_of("ongoing"), "game");
  ASSERT_TRUE(store_->create_game(game("aborted", anna_, boris_)));
  ASSERT_TRUE(
      store_->finish_game("aborted", Ending{GameStatus::Aborted, "*", "aborted", kNow + 1000}, {}));
  EXPECT_EQ(field_of("aborted"), "game");
  ended_game("casual", anna_, boris_, false);
  EXPECT_EQ(field_of("casual"), "rated");
  ended_game("guest", anna_, 0);
  EXPECT_EQ(field_of("guest"), "user");
  ended_game("deleted", anna_, carl_);
  ASSERT_TRUE(store_->delete_user(carl_, kNow + 6000));
  EXPECT_EQ(field_of("deleted"), "user");
  EXPECT_EQ(field_of("nope"), "game_id");
  EXPECT_EQ(computed_, 0);
  for (const char* id : {"created", "ongoing", "aborted", "casual", "guest", "deleted"}) {
    expect_no_rating(id);
  }
  // Malformed requests are refused before the database.
  ended_game("g", anna_, boris_);
  EXPECT_EQ(refusal(rate("g", "Blitz"), ErrorCode::kInvalidArgument), "speed");
  EXPECT_EQ(refusal(rate("g", ""), ErrorCode::kInvalidArgument), "speed");
  EXPECT_EQ(refusal(rate("g", "ultrabullet"), ErrorCode::kInvalidArgument), "speed");
  EXPECT_EQ(refusal(rate("g", "blitz", 0), ErrorCode::kInvalidArgument), "now");
  EXPECT_EQ(refusal(rate("bad id"), ErrorCode::kInvalidArgument), "id");
  EXPECT_EQ(computed_, 0);
  expect_no_rating("g");
}

// What a server rates at start: the rated games that ended unrated (the process stopped
// between the end and the rating).
TEST_P(Ratings, UnratedGamesAreTheEndedRatedGamesOfLiveAccountsWithoutChanges) {
  ASSERT_TRUE(store_->create_game(game("ongoing", anna_, boris_)));
  ASSERT_TRUE(store_->append_move("ongoing", sample_move(1, kNow), {}));
  ASSERT_TRUE(store_->create_game(game("aborted", anna_, boris_)));
  ASSERT_TRUE(
      store_->finish_game("aborted", Ending{GameStatus::Aborted, "*", "aborted", kNow + 1000}, {}));
  ended_game("casual", anna_, boris_, false);
  ended_game("guest", anna_, 0);
  ended_game("first", anna_, boris_);
  ended_game("second", boris_, anna_);
  ended_game("deleted", anna_, carl_);
  ASSERT_TRUE(store_->delete_user(carl_, kNow + 6000));
  auto unrated = store_->unrated_games(10);
  ASSERT_TRUE(unrated) << unrated.error().describe();
  const GameHeader first = header("first");
  EXPECT_EQ(*unrated, (std::vector<UnratedGame>{{"first", first.time_control, "1-0"},
                                                {"second", first.time_control, "1-0"}}));
  ASSERT_TRUE(rate("first"));
  unrated = store_->unrated_games(10);
  ASSERT_TRUE(unrated);
  ASSERT_EQ(unrated->size(), 1u);
  EXPECT_EQ(unrated->at(0).game_id, "second");
  EXPECT_EQ(store_->unrated_games(0).error().where.field, "limit");
  DelegatingStore delegating{*store_};
  EXPECT_EQ(delegating.unrated_games(10)->size(), 1u);
}

TEST_P(Ratings, NumbersThatAreNotARatingAreRefusedAndNothingIsWritten) {
  ended_game("g", anna_, boris_);
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::vector<std::function<void(RatingPair&)>> spoilers{
      [](RatingPair& p) { p.white.rating = kNaN; },
      [](RatingPair& p) { p.black.rating = -kInf; },
      [](RatingPair& p) { p.white.deviation = 0; },
      [](RatingPair& p) { p.black.deviation = kInf; },
      [](RatingPair& p) { p.white.deviation = kNaN; },
      [](RatingPair& p) { p.black.volatility = -0.01; },
      [](RatingPair& p) { p.white.volatility = kNaN; },
  };
  int calls = 0;
  for (const auto& spoil : spoilers) {
    auto refused = store_->record_rated_game("g", "rapid", kNow + 10'000, [&](const RatingPair& b) {
      ++calls;
      RatingPair p = white_wins(b);
      spoil(p);
      return p;
    });
    EXPECT_EQ(refusal(refused, ErrorCode::kInvalidArgument), "compute");
    expect_no_rating("g");
    EXPECT_EQ(history(anna_, "rapid"), std::vector<RatingChange>{});
  }
  EXPECT_EQ(calls, static_cast<int>(spoilers.size()));
  // The game can still be rated, from the defaults.
  auto rated = rate("g", "rapid");
  ASSERT_TRUE(rated) << rated.error().describe();
  EXPECT_EQ(seen_.white, defaults(anna_, "rapid"));
  EXPECT_EQ(ratings(anna_).at(0).games, 1);
}

TEST_P(Ratings, RatedGamesAccumulate) {
  ended_game("first", anna_, boris_);
  ended_game("second", boris_, anna_);  // the colours swapped
  auto first = rate("first", "blitz", kNow + 10'000);
  ASSERT_TRUE(first) << first.error().describe();
  auto second = rate("second", "blitz", kNow + 20'000);
  ASSERT_TRUE(second) << second.error().describe();
  ASSERT_EQ(first->size(), 2u);
  ASSERT_EQ(second->size(), 2u);
  // White's change first: Boris's in the second game.
  const RatingChange& anna1 = (*first)[0];
  const RatingChange& boris1 = (*first)[1];
  const RatingChange& boris2 = (*second)[0];
  const RatingChange& anna2 = (*second)[1];
  EXPECT_EQ(anna2.user_id, anna_);
  EXPECT_EQ(boris2.user_id, boris_);
  EXPECT_EQ(seen_.white, boris1.after);
  EXPECT_EQ(seen_.black, anna1.after);
  EXPECT_EQ(anna2.before, anna1.after);
  EXPECT_EQ(boris2.before, boris1.after);
  EXPECT_EQ(anna2.after, after_win(anna1.after, false, kNow + 20'000));
  EXPECT_EQ(boris2.after, after_win(boris1.after, true, kNow + 20'000));
  EXPECT_EQ(anna2.after.games, 2);
  EXPECT_EQ(ratings(anna_), std::vector<RatingRecord>{anna2.after});
  EXPECT_EQ(ratings(boris_), std::vector<RatingRecord>{boris2.after});
  EXPECT_EQ(history(anna_), (std::vector<RatingChange>{anna1, anna2}));
  EXPECT_EQ(history(boris_), (std::vector<RatingChange>{boris1, boris2}));
  EXPECT_EQ(changes("second"), *second);
}

TEST_P(Ratings, EachCategoryHasItsOwnRating) {
  // Rated in an order that is not the categories'.
  const char* speeds[] = {"classical", "bullet", "correspondence", "blitz", "rapid"};
  for (int i = 0; i < 5; ++i) {
    const std::string id = "g" + std::to_string(i);
    ended_game(id, anna_, boris_);
    ASSERT_TRUE(rate(id, speeds[i]));
    // Each game starts from the defaults: a category of its own.
    EXPECT_EQ(seen_.white, defaults(anna_, speeds[i]));
  }
  ended_game("carl", carl_, anna_);
  ASSERT_TRUE(rate("carl", "blitz"));
  const auto anna = ratings(anna_);
  ASSERT_EQ(anna.size(), 5u);
  const char* order[] = {"bullet", "blitz", "rapid", "classical", "correspondence"};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(anna[i].speed, order[i]);
    EXPECT_EQ(anna[i].user_id, anna_);
    EXPECT_EQ(anna[i].games, order[i] == std::string_view{"blitz"} ? 2 : 1) << order[i];
  }
  EXPECT_EQ(ratings(boris_).size(), 5u);
  EXPECT_EQ(ratings(carl_).size(), 1u);
  EXPECT_EQ(ratings(99), std::vector<RatingRecord>{});
  EXPECT_EQ(history(anna_, "bullet").size(), 1u);
  EXPECT_EQ(history(anna_, "blitz").size(), 2u);
  EXPECT_EQ(changes("g1").at(0).speed, "bullet");
}

TEST_P(Ratings, TheHistoryIsOldestFirstAndEndsWithTheMostRecent) {
  // Games 4 and 5 rated at the same time: they keep the order they were rated in.
  const WallMs times[] = {kNow + 1000, kNow + 2000, kNow + 3000, kNow + 4000, kNow + 4000};
  std::vector<RatingChange> annas;
  for (int i = 0; i < 5; ++i) {
    const std::string id = "g" + std::to_string(i + 1);
    ended_game(id, anna_, boris_);
    auto rated = rate(id, "blitz", times[i]);
    ASSERT_TRUE(rated) << rated.error().describe();
    annas.push_back(rated->at(0));
  }
  EXPECT_EQ(history(anna_, "blitz", 10), annas);
  EXPECT_EQ(history(anna_, "blitz", 5), annas);
  EXPECT_EQ(history(anna_, "blitz", 3), std::vector<RatingChange>(annas.begin() + 2, annas.end()));
  EXPECT_EQ(history(anna_, "blitz", 1), std::vector<RatingChange>{annas.back()});
  EXPECT_EQ(history(anna_, "blitz", 1).at(0).after.games, 5);
  for (std::size_t i = 1; i < annas.size(); ++i) EXPECT_EQ(annas[i].before, annas[i - 1].after);
  EXPECT_EQ(history(anna_, "rapid", 10), std::vector<RatingChange>{});
  EXPECT_EQ(history(carl_, "blitz", 10), std::vector<RatingChange>{});
  EXPECT_EQ(history(boris_, "blitz", 10).size(), 5u);
  EXPECT_EQ(refusal(store_->rating_history(anna_, "blitz", 0), ErrorCode::kInvalidArgument),
            "limit");
  EXPECT_EQ(refusal(store_->rating_history(anna_, "blitz", 10'001), ErrorCode::kInvalidArgument),
            "limit");
  EXPECT_TRUE(store_->rating_history(anna_, "blitz", 10'000));
  EXPECT_EQ(refusal(store_->rating_history(anna_, "BLITZ", 10), ErrorCode::kInvalidArgument),
            "speed");
}

TEST_P(Ratings, TheChangesOfAGameAreThoseOfARatedGameOnly) {
  ended_game("casual", anna_, boris_, false);
  EXPECT_EQ(changes("casual"), std::vector<RatingChange>{});
  EXPECT_EQ(refusal(store_->game_rating_changes("nope"), ErrorCode::kProtocolState), "game_id");
  EXPECT_EQ(refusal(store_->game_rating_changes("bad id"), ErrorCode::kInvalidArgument), "id");
}

// Two servers (two stores on one database) rating games of the same two players at once,
// with the colours swapped between them: every game counts, from the rating the previous
// one left (no update lost), and neither waits for the other for ever.
TEST_P(Ratings, TwoStoresRatingGamesOfOnePlayerAtOnceLoseNoUpdate) {
  constexpr int kGames = 12;
  for (int i = 0; i < kGames; ++i) {
    ended_game("a" + std::to_string(i), anna_, boris_);
    ended_game("b" + std::to_string(i), boris_, anna_);
  }
  auto first = open(false);
  auto second = open(false);
  ASSERT_TRUE(first && second);
  std::atomic<int> failures{0};
  const auto rate_all = [&](Store& store, const std::string& prefix) {
    for (int i = 0; i < kGames; ++i) {
      // Both players gain a point a game: a lost update shows in the sum.
      auto rated = store.record_rated_game(prefix + std::to_string(i), "blitz", kNow + 10'000 + i,
                                           [](const RatingPair& before) {
                                             RatingPair after = before;
                                             after.white.rating += 1;
                                             after.black.rating += 1;
                                             return after;
                                           });
      if (!rated) {
        ADD_FAILURE() << rated.error().describe();
        ++failures;
      }
    }
  };
  std::thread other([&] { rate_all(*second, "b"); });
  rate_all(*first, "a");
  other.join();
  ASSERT_EQ(failures.load(), 0);
  for (std::int64_t player : {anna_, boris_}) {
    const auto now = ratings(player);
    ASSERT_EQ(now.size(), 1u);
    EXPECT_EQ(now[0].games, 2 * kGames);
    EXPECT_EQ(now[0].rating, 1500.0 + 2 * kGames);
    // Each change starts where the one before it ended.
    auto chain = history(player, "blitz", 100);
    ASSERT_EQ(chain.size(), 2u * kGames);
    std::sort(chain.begin(), chain.end(),
              [](const auto& x, const auto& y) { return x.after.games < y.after.games; });
    for (std::size_t i = 0; i < chain.size(); ++i) {
      EXPECT_EQ(chain[i].before.games, static_cast<int>(i));
      if (i > 0) {
        EXPECT_EQ(chain[i].before, chain[i - 1].after);
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::store
