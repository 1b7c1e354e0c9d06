// A player's archive (issue #17): the contract of Store::games_of_user on every backend
// (backend_test_support.hpp): the category each game is stored with, a player's ended games
// newest first, each filter alone and together, the time bounds and paging, the limit, and
// every bad field refused by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/delegating_store.hpp"

namespace arbiter::store {
namespace {

using testing::sample_header;
using testing::sample_move;

constexpr WallMs kNow = 1'700'000'000'000;
constexpr const char* kHash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";

// The field an error names, or "(success)".
template <typename T>
std::string refusal(const Result<T>& result, ErrorCode code) {
  if (result) return "(success)";
  EXPECT_EQ(result.error().code, code) << result.error().describe();
  return result.error().where.field;
}

// A game that ended at `end` with `result`: created a minute before, `plies` moves played.
struct Played {
  std::string id;
  std::int64_t white = 0;
  std::int64_t black = 0;
  std::string result = "1-0";
  WallMs end = kNow;
  std::string time_control = "180+2";
  int plies = 2;
  bool rated = false;
};

class Archive : public testing::BackendTest {
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
  std::int64_t user(const std::string& name) {
    std::string key = name;
    for (char& c : key) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    auto created = store_->create_user(UserRecord{0, name, key, kHash, kNow - 3'600'000, 0});
    EXPECT_TRUE(created) << created.error().describe();
    return created ? created->id : 0;
  }
  static GameHeader header_of(const Played& p) {
    GameHeader h = sample_header(p.id, p.end - 60'000);
    h.white_user = p.white;
    h.black_user = p.black;
    h.time_control = p.time_control;
    h.rated = p.rated;
    return h;
  }
  // Creates the game, plays its moves (the first one makes it ongoing); ends it unless
  // `ending` says otherwise.
  void play(const Played& p, std::optional<GameStatus> ending = GameStatus::Ended) {
    auto created = store_->create_game(header_of(p));
    ASSERT_TRUE(created) << created.error().describe();
    for (int ply = 1; ply <= p.plies; ++ply) {
      auto moved = store_->append_move(p.id, sample_move(ply, p.end - 60'000), {});
      ASSERT_TRUE(moved) << moved.error().describe();
    }
    if (!ending) return;
    const Ending end = *ending == GameStatus::Ended
                           ? Ending{GameStatus::Ended, p.result, "checkmate", p.end}
                           : Ending{GameStatus::Aborted, "*", "aborted", p.end};
    auto ended = store_->finish_game(p.id, end, {});
    ASSERT_TRUE(ended) << ended.error().describe();
  }
  std::vector<PlayerGame> games(const PlayerGamesQuery& q) {
    auto found = store_->games_of_user(q);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::vector<PlayerGame>{};
  }
  // The ids games_of_user returns, in order.
  std::vector<std::string> ids(const PlayerGamesQuery& q) {
    std::vector<std::string> out;
    for (const PlayerGame& g : games(q)) out.push_back(g.summary.id);
    return out;
  }
  PlayerGamesQuery of(std::int64_t user_id) const {
    PlayerGamesQuery q;
    q.user_id = user_id;
    return q;
  }

  std::unique_ptr<Store> store_;
  std::int64_t anna_ = 0;
  std::int64_t boris_ = 0;
  std::int64_t carl_ = 0;
};
ARB_STORE_BACKENDS(Archive);

using Ids = std::vector<std::string>;

// --- the category stored with each game ---

TEST_P(Archive, EachGameIsStoredWithTheCategoryOfItsTimeControl) {
  const std::pair<const char*, const char*> controls[] = {{"60", "bullet"},
                                                          {"180+2", "blitz"},
                                                          {"900+10", "rapid"},
                                                          {"5400+30", "classical"},
                                                          {"-", "correspondence"}};
  WallMs end = kNow;
  for (const auto& [control, speed] : controls) {
    Played p{std::string{speed}, anna_, boris_};
    p.time_control = control;
    p.end = end += 1000;
    play(p);
  }
  // Created through the group commit too (the server's way).
  GameWrite w;
  w.game_id = "committed";
  w.create = header_of({"committed", boris_, anna_});
  w.create->time_control = "40/5400+30:1800+30";
  w.ending = Ending{GameStatus::Ended, "1/2-1/2", "agreement", end += 1000};
  const auto results = store_->commit({&w, 1});
  ASSERT_TRUE(results.at(0)) << results[0].error().describe();
  const auto found = games(of(anna_));
  ASSERT_EQ(found.size(), 6u);
  EXPECT_EQ(found[0].summary.id, "committed");
  EXPECT_EQ(found[0].speed, "classical");
  for (std::size_t i = 1; i < found.size(); ++i) {
    // Newest first: the controls above in reverse; each game's id is its category.
    EXPECT_EQ(found[i].summary.id, controls[5 - i].second);
    EXPECT_EQ(found[i].speed, controls[5 - i].second);
    EXPECT_EQ(found[i].summary.time_control, controls[5 - i].first);
  }
  // Each category filters exactly its games.
  for (const auto& [control, speed] : controls) {
    PlayerGamesQuery q = of(anna_);
    q.speed = speed;
    const Ids expected =
        std::string_view{speed} == "classical" ? Ids{"committed", speed} : Ids{speed};
    EXPECT_EQ(ids(q), expected) << control;
  }
}

TEST_P(Archive, ATimeControlThatDoesNotParseIsStoredWithoutACategory) {
  // The server never stores one (it parses the time control first); the store does not
  // refuse it, and gives it no category.
  Played p{"odd", anna_, boris_};
  p.time_control = "ten minutes";
  play(p);
  const auto found = games(of(anna_));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].speed, "");
  for (const char* speed : {"bullet", "blitz", "rapid", "classical", "correspondence"}) {
    PlayerGamesQuery q = of(anna_);
    q.speed = speed;
    EXPECT_EQ(ids(q), Ids{}) << speed;
  }
}

// --- a player's ended games ---

TEST_P(Archive, APlayersEndedGamesComeNewestFirstWithTheirSummary) {
  Played first{"first", anna_, boris_, "1-0", kNow + 1000};
  first.plies = 3;
  first.rated = true;
  play(first);
  play({"second", carl_, anna_, "1/2-1/2", kNow + 2000, "900+10", 4});
  play({"anonymous", anna_, 0, "0-1", kNow + 3000, "60", 1});
  // Not Anna's, not ended: none of these is listed.
  play({"others", boris_, carl_, "1-0", kNow + 4000});
  play({"aborted", anna_, boris_, "*", kNow + 5000, "180+2", 1}, GameStatus::Aborted);
  play({"ongoing", boris_, anna_, "*", kNow + 6000, "180+2", 2}, std::nullopt);
  play({"created", anna_, carl_, "*", kNow + 7000, "180+2", 0}, std::nullopt);
  play({"before", 0, anna_, "*", kNow + 8000, "180+2", 0}, GameStatus::Aborted);

  const auto found = games(of(anna_));
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].summary.id, "anonymous");
  EXPECT_EQ(found[1].summary.id, "second");
  EXPECT_EQ(found[2].summary.id, "first");
  const PlayerGame& g = found[2];
  EXPECT_EQ(g.summary.white, "Anna");
  EXPECT_EQ(g.summary.black, "Boris");
  EXPECT_EQ(g.summary.time_control, "180+2");
  EXPECT_EQ(g.summary.variant, "standard");
  EXPECT_EQ(g.summary.status, GameStatus::Ended);
  EXPECT_EQ(g.summary.result, "1-0");
  EXPECT_EQ(g.summary.reason, "checkmate");
  EXPECT_EQ(g.summary.plies, 3);
  EXPECT_EQ(g.summary.created_ms, kNow + 1000 - 60'000);
  EXPECT_EQ(g.summary.updated_ms, kNow + 1000);  // the end
  EXPECT_EQ(g.white_user, anna_);
  EXPECT_EQ(g.black_user, boris_);
  EXPECT_TRUE(g.rated);
  EXPECT_EQ(g.speed, "blitz");
  EXPECT_EQ(found[1].white_user, carl_);
  EXPECT_EQ(found[1].black_user, anna_);
  EXPECT_FALSE(found[1].rated);
  EXPECT_EQ(found[1].summary.plies, 4);
  EXPECT_EQ(found[1].speed, "rapid");
  EXPECT_EQ(found[0].black_user, 0);
  EXPECT_EQ(found[0].speed, "bullet");
  // The same summary as list_games gives.
  auto listed = store_->list_games({GameStatus::Ended, 100});
  ASSERT_TRUE(listed);
  for (const GameSummary& s : *listed) {
    if (s.id != "first") continue;
    EXPECT_EQ(s.plies, g.summary.plies);
    EXPECT_EQ(s.updated_ms, g.summary.updated_ms);
    EXPECT_EQ(s.created_ms, g.summary.created_ms);
  }
  // The other players' archives; an account without games, an unknown one.
  EXPECT_EQ(ids(of(boris_)), (Ids{"others", "first"}));
  EXPECT_EQ(ids(of(carl_)), (Ids{"others", "second"}));
  EXPECT_EQ(ids(of(user("Dora"))), Ids{});
  EXPECT_EQ(ids(of(9999)), Ids{});
  // A game that ends later enters the archive at its end.
  ASSERT_TRUE(
      store_->finish_game("ongoing", {GameStatus::Ended, "0-1", "resignation", kNow + 9000}, {}));
  EXPECT_EQ(ids(of(anna_)), (Ids{"ongoing", "anonymous", "second", "first"}));
}

TEST_P(Archive, GamesEndingAtOneTimeComeInTheOrderOfTheirIds) {
  for (const char* id : {"b", "C", "a", "B"}) play({id, anna_, boris_, "1-0", kNow});
  play({"later", boris_, anna_, "1-0", kNow + 1});
  // Byte order on both backends: upper case first.
  EXPECT_EQ(ids(of(anna_)), (Ids{"later", "B", "C", "a", "b"}));
  PlayerGamesQuery q = of(anna_);
  q.limit = 3;
  EXPECT_EQ(ids(q), (Ids{"later", "B", "C"}));
}

// --- each filter alone ---

TEST_P(Archive, TheOpponentFilterKeepsTheGamesAgainstThatAccountInEitherColour) {
  play({"ab", anna_, boris_, "1-0", kNow + 1000});
  play({"ca", carl_, anna_, "1-0", kNow + 2000});
  play({"ba", boris_, anna_, "0-1", kNow + 3000});
  play({"a0", anna_, 0, "1-0", kNow + 4000});
  play({"bc", boris_, carl_, "1-0", kNow + 5000});
  PlayerGamesQuery q = of(anna_);
  q.opponent_id = boris_;
  EXPECT_EQ(ids(q), (Ids{"ba", "ab"}));
  q.opponent_id = carl_;
  EXPECT_EQ(ids(q), Ids{"ca"});
  q.opponent_id = 9999;
  EXPECT_EQ(ids(q), Ids{});
  q.opponent_id = 0;  // any opponent, with an account or without
  EXPECT_EQ(ids(q), (Ids{"a0", "ba", "ca", "ab"}));
  q = of(boris_);
  q.opponent_id = anna_;
  EXPECT_EQ(ids(q), (Ids{"ba", "ab"}));
}

TEST_P(Archive, TheOutcomeIsThePlayersWhicheverColourTheyPlayed) {
  play({"white-wins", anna_, boris_, "1-0", kNow + 1000});
  play({"black-wins", boris_, anna_, "0-1", kNow + 2000});
  play({"white-loses", anna_, boris_, "0-1", kNow + 3000});
  play({"black-loses", boris_, anna_, "1-0", kNow + 4000});
  play({"white-draws", anna_, boris_, "1/2-1/2", kNow + 5000});
  play({"black-draws", boris_, anna_, "1/2-1/2", kNow + 6000});
  // Both forfeited (spec/game-events.md): neither a win, a loss nor a draw.
  play({"both-lose", anna_, boris_, "0-0", kNow + 7000});
  const auto outcome = [&](std::int64_t player, const char* wanted) {
    PlayerGamesQuery q = of(player);
    q.outcome = wanted;
    return ids(q);
  };
  EXPECT_EQ(outcome(anna_, "win"), (Ids{"black-wins", "white-wins"}));
  EXPECT_EQ(outcome(anna_, "loss"), (Ids{"black-loses", "white-loses"}));
  EXPECT_EQ(outcome(anna_, "draw"), (Ids{"black-draws", "white-draws"}));
  // Boris's side of the same games.
  EXPECT_EQ(outcome(boris_, "win"), (Ids{"black-loses", "white-loses"}));
  EXPECT_EQ(outcome(boris_, "loss"), (Ids{"black-wins", "white-wins"}));
  EXPECT_EQ(outcome(boris_, "draw"), (Ids{"black-draws", "white-draws"}));
  // Without an outcome every result is listed, 0-0 too.
  EXPECT_EQ(outcome(anna_, ""), (Ids{"both-lose", "black-draws", "white-draws", "black-loses",
                                     "white-loses", "black-wins", "white-wins"}));
}

TEST_P(Archive, TheSpeedFilterKeepsOneCategoryInEitherColour) {
  play({"blitz-white", anna_, boris_, "1-0", kNow + 1000, "300"});
  play({"bullet-black", carl_, anna_, "1-0", kNow + 2000, "60+1"});
  play({"blitz-black", boris_, anna_, "1-0", kNow + 3000, "180+2"});
  play({"rapid", anna_, 0, "1-0", kNow + 4000, "600+5"});
  play({"others-blitz", boris_, carl_, "1-0", kNow + 5000, "180+2"});
  PlayerGamesQuery q = of(anna_);
  q.speed = "blitz";
  EXPECT_EQ(ids(q), (Ids{"blitz-black", "blitz-white"}));
  q.speed = "bullet";
  EXPECT_EQ(ids(q), Ids{"bullet-black"});
  q.speed = "rapid";
  EXPECT_EQ(ids(q), Ids{"rapid"});
  q.speed = "classical";
  EXPECT_EQ(ids(q), Ids{});
  q.speed = "";
  EXPECT_EQ(ids(q).size(), 4u);
}

// --- the filters together ---

TEST_P(Archive, TheFiltersCombine) {
  // Anna against Boris and Carl, winning, losing and drawing, in blitz and rapid.
  play({"b-blitz-win", anna_, boris_, "1-0", kNow + 1000, "180+2"});
  play({"b-blitz-win2", boris_, anna_, "0-1", kNow + 2000, "300"});
  play({"b-blitz-loss", anna_, boris_, "0-1", kNow + 3000, "180+2"});
  play({"b-rapid-win", boris_, anna_, "0-1", kNow + 4000, "900+10"});
  play({"c-blitz-win", carl_, anna_, "0-1", kNow + 5000, "180+2"});
  play({"c-rapid-draw", anna_, carl_, "1/2-1/2", kNow + 6000, "900+10"});
  play({"b-blitz-win3", anna_, boris_, "1-0", kNow + 7000, "180+2"});
  PlayerGamesQuery q = of(anna_);
  q.opponent_id = boris_;
  q.outcome = "win";
  EXPECT_EQ(ids(q), (Ids{"b-blitz-win3", "b-rapid-win", "b-blitz-win2", "b-blitz-win"}));
  q.speed = "blitz";
  EXPECT_EQ(ids(q), (Ids{"b-blitz-win3", "b-blitz-win2", "b-blitz-win"}));
  q.since_ms = kNow + 2000;
  EXPECT_EQ(ids(q), (Ids{"b-blitz-win3", "b-blitz-win2"}));
  q.before_ms = kNow + 7000;
  EXPECT_EQ(ids(q), Ids{"b-blitz-win2"});
  q.limit = 1;
  q.before_ms = 0;
  EXPECT_EQ(ids(q), Ids{"b-blitz-win3"});
  // Outcome and category without an opponent; opponent and category without an outcome.
  q = of(anna_);
  q.outcome = "win";
  q.speed = "blitz";
  EXPECT_EQ(ids(q), (Ids{"b-blitz-win3", "c-blitz-win", "b-blitz-win2", "b-blitz-win"}));
  q = of(anna_);
  q.opponent_id = carl_;
  q.speed = "rapid";
  EXPECT_EQ(ids(q), Ids{"c-rapid-draw"});
  q.outcome = "draw";
  EXPECT_EQ(ids(q), Ids{"c-rapid-draw"});
  q.outcome = "loss";
  EXPECT_EQ(ids(q), Ids{});
  // Boris's view of the same games.
  q = of(boris_);
  q.opponent_id = anna_;
  q.outcome = "win";
  q.speed = "blitz";
  EXPECT_EQ(ids(q), Ids{"b-blitz-loss"});
}

// --- the time bounds and paging ---

TEST_P(Archive, SinceIsInclusiveAndBeforeExclusiveOnTheEndTime) {
  for (int i = 1; i <= 5; ++i) {
    play({"g" + std::to_string(i), i % 2 ? anna_ : boris_, i % 2 ? boris_ : anna_, "1-0",
          kNow + 1000 * i});
  }
  PlayerGamesQuery q = of(anna_);
  q.since_ms = kNow + 2000;
  EXPECT_EQ(ids(q), (Ids{"g5", "g4", "g3", "g2"}));
  q.since_ms = kNow + 2001;
  EXPECT_EQ(ids(q), (Ids{"g5", "g4", "g3"}));
  q = of(anna_);
  q.before_ms = kNow + 4000;
  EXPECT_EQ(ids(q), (Ids{"g3", "g2", "g1"}));
  q.before_ms = kNow + 4001;
  EXPECT_EQ(ids(q), (Ids{"g4", "g3", "g2", "g1"}));
  q.since_ms = kNow + 2000;
  q.before_ms = kNow + 4000;
  EXPECT_EQ(ids(q), (Ids{"g3", "g2"}));
  q.since_ms = kNow + 4000;  // an empty range
  EXPECT_EQ(ids(q), Ids{});
  // The creation and the first move do not count: a game is in the archive by its end.
  q = of(anna_);
  q.before_ms = kNow + 1000;
  EXPECT_EQ(ids(q), Ids{});
}

TEST_P(Archive, BeforeTheLastRowGivesTheNextPageWithoutOverlap) {
  Ids all;
  for (int i = 1; i <= 8; ++i) {
    const std::string id = "p" + std::to_string(i);
    const bool white = i % 3 != 0;
    play({id, white ? anna_ : carl_, white ? boris_ : anna_, "1-0", kNow + 1000 * i,
          i % 2 ? "180+2" : "60"});
    all.insert(all.begin(), id);
  }
  PlayerGamesQuery q = of(anna_);
  q.limit = 3;
  Ids paged;
  std::vector<std::size_t> sizes;
  for (;;) {
    const auto page = games(q);
    if (page.empty()) break;
    sizes.push_back(page.size());
    for (const PlayerGame& g : page) paged.push_back(g.summary.id);
    q.before_ms = page.back().summary.updated_ms;
    ASSERT_LT(sizes.size(), 10u);
  }
  EXPECT_EQ(sizes, (std::vector<std::size_t>{3, 3, 2}));
  EXPECT_EQ(paged, all);
  // Pages of one category, in both colours.
  q = of(anna_);
  q.speed = "bullet";
  q.limit = 2;
  EXPECT_EQ(ids(q), (Ids{"p8", "p6"}));
  q.before_ms = kNow + 6000;
  EXPECT_EQ(ids(q), (Ids{"p4", "p2"}));
  q.before_ms = kNow + 2000;
  EXPECT_EQ(ids(q), Ids{});
}

TEST_P(Archive, AtMostLimitGamesTheNewest) {
  for (int i = 1; i <= 12; ++i) {
    play({"l" + std::to_string(i), i % 2 ? anna_ : boris_, i % 2 ? boris_ : anna_, "1-0",
          kNow + 1000 * i, "180+2", 1});
  }
  PlayerGamesQuery q = of(anna_);
  q.limit = 1;
  EXPECT_EQ(ids(q), Ids{"l12"});
  q.limit = 5;
  EXPECT_EQ(ids(q), (Ids{"l12", "l11", "l10", "l9", "l8"}));
  q.limit = 1000;
  EXPECT_EQ(ids(q).size(), 12u);
  EXPECT_EQ(ids(of(anna_)).size(), 12u);  // the default, 50
}

// --- refusals ---

TEST_P(Archive, EveryBadFieldIsRefusedByName) {
  const auto field_of = [&](const PlayerGamesQuery& q) {
    return refusal(store_->games_of_user(q), ErrorCode::kInvalidArgument);
  };
  PlayerGamesQuery q = of(anna_);
  EXPECT_EQ(field_of(q), "(success)");
  q.user_id = 0;
  EXPECT_EQ(field_of(q), "user_id");
  q.user_id = -1;
  EXPECT_EQ(field_of(q), "user_id");
  q = of(anna_);
  q.opponent_id = -1;
  EXPECT_EQ(field_of(q), "opponent_id");
  for (const char* outcome : {"won", "Win", "1-0", " win", "draws"}) {
    q = of(anna_);
    q.outcome = outcome;
    EXPECT_EQ(field_of(q), "outcome") << outcome;
  }
  for (const char* speed : {"Blitz", "fast", "standard", "blitz "}) {
    q = of(anna_);
    q.speed = speed;
    EXPECT_EQ(field_of(q), "speed") << speed;
  }
  for (int limit : {0, -1, 1001}) {
    q = of(anna_);
    q.limit = limit;
    EXPECT_EQ(field_of(q), "limit") << limit;
  }
  q = of(anna_);
  q.since_ms = -1;
  EXPECT_EQ(field_of(q), "since_ms");
  q = of(anna_);
  q.before_ms = -1;
  EXPECT_EQ(field_of(q), "before_ms");
  // The good values at the edges.
  q = of(anna_);
  q.limit = 1000;
  q.outcome = "draw";
  q.speed = "correspondence";
  q.opponent_id = 9999;
  EXPECT_EQ(field_of(q), "(success)");
}

TEST_P(Archive, ADelegatingStorePassesTheQueryOn) {
  play({"d1", anna_, boris_, "1-0", kNow + 1000});
  play({"d2", boris_, anna_, "1-0", kNow + 2000, "60"});
  DelegatingStore delegating{*store_};
  PlayerGamesQuery q = of(anna_);
  q.speed = "bullet";
  auto found = delegating.games_of_user(q);
  ASSERT_TRUE(found) << found.error().describe();
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ(found->at(0).summary.id, "d2");
  EXPECT_EQ(found->at(0).speed, "bullet");
  q.user_id = 0;
  EXPECT_EQ(refusal(delegating.games_of_user(q), ErrorCode::kInvalidArgument), "user_id");
}

// Issue #17 item 5: the lobby's "your turn" list, Store::games_to_move.
TEST_P(Archive, GamesToMoveAreTheOngoingGamesOfTheCategoryWhereThePlayerIsToMove) {
  constexpr const char* kDays = "0d259200";
  play({"t1", anna_, boris_, "*", kNow, kDays, 2}, std::nullopt);   // White (Anna) to move
  play({"t2", boris_, anna_, "*", kNow, kDays, 1}, std::nullopt);   // Black (Anna) to move
  play({"t3", anna_, boris_, "*", kNow, kDays, 1}, std::nullopt);   // Boris to move
  play({"t4", anna_, carl_, "*", kNow, "180+2", 2}, std::nullopt);  // blitz: another category
  play({"t5", anna_, boris_, "1-0", kNow, kDays, 4});               // ended
  // A seek's game: Anna's seat taken, nobody else's yet: no one's turn.
  Played waiting{"t6", anna_, 0, "*", kNow, kDays, 0};
  ASSERT_TRUE(store_->create_game(header_of(waiting)));
  // Both seats taken, no move yet: White's first move is due.
  Played fresh{"t7", boris_, anna_, "*", kNow + 5'000'000, kDays, 0};
  ASSERT_TRUE(store_->create_game(header_of(fresh)));

  auto anna = store_->games_to_move(anna_, "correspondence", 50);
  ASSERT_TRUE(anna) << anna.error().describe();
  std::vector<std::string> ids;
  for (const GameToMove& g : *anna) ids.push_back(g.game.summary.id);
  // Oldest last move first: t2's one move is older than t1's second; t7 has none (its
  // creation, later).
  EXPECT_EQ(ids, (std::vector<std::string>{"t2", "t1"}));
  ASSERT_EQ(anna->size(), 2u);
  EXPECT_FALSE(anna->at(0).white_to_move);
  EXPECT_TRUE(anna->at(1).white_to_move);
  EXPECT_EQ(anna->at(1).last_move_ms, sample_move(2, kNow - 60'000).wall_ms);
  EXPECT_EQ(anna->at(0).game.speed, "correspondence");

  auto boris = store_->games_to_move(boris_, "correspondence", 50);
  ASSERT_TRUE(boris);
  ids.clear();
  for (const GameToMove& g : *boris) ids.push_back(g.game.summary.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"t3", "t7"}));
  EXPECT_EQ(boris->at(1).last_move_ms, kNow + 5'000'000 - 60'000);  // no move, no event: created

  auto one = store_->games_to_move(anna_, "correspondence", 1);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->size(), 1u);
  auto blitz = store_->games_to_move(anna_, "blitz", 50);
  ASSERT_TRUE(blitz);
  ASSERT_EQ(blitz->size(), 1u);
  EXPECT_EQ(blitz->at(0).game.summary.id, "t4");

  EXPECT_EQ(refusal(store_->games_to_move(0, "correspondence", 5), ErrorCode::kInvalidArgument),
            "user_id");
  EXPECT_EQ(refusal(store_->games_to_move(anna_, "daily", 5), ErrorCode::kInvalidArgument),
            "speed");
  EXPECT_EQ(refusal(store_->games_to_move(anna_, "correspondence", 0), ErrorCode::kInvalidArgument),
            "limit");
  DelegatingStore delegating{*store_};
  auto passed = delegating.games_to_move(anna_, "correspondence", 50);
  ASSERT_TRUE(passed);
  EXPECT_EQ(passed->size(), 2u);
}

}  // namespace
}  // namespace arbiter::store
