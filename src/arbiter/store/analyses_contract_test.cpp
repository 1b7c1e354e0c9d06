// The analyses of games (issue #18 item 3, docs/store.md "Analyses of games"): the contract
// of store.hpp on every backend (backend_test_support.hpp): an analysis requested once for
// an ended game and queued, refused for a game in play, aborted or unknown; a failed one
// replaced by a new request; updates of its progress and its text; the pending ones, the
// oldest request first; the games in play of an account, in either seat; every bad field
// refused by name; and racing stores on one database requesting the same games, of which
// exactly one queues each.
#include <gtest/gtest.h>

#include <atomic>
#include <barrier>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/delegating_store.hpp"

namespace arbiter::store {
namespace {

using testing::sample_header;
using testing::sample_move;

constexpr WallMs kNow = 1'700'000'000'000;
constexpr WallMs kMinute = 60'000;
constexpr std::size_t kMaxText = std::size_t{8} << 20;
constexpr const char* kHash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";

// The field an error names, or "(success)": what every refusal below is checked by.
template <typename T>
std::string refusal(const Result<T>& result, ErrorCode code) {
  if (result) return "(success)";
  EXPECT_EQ(result.error().code, code) << result.error().describe();
  return result.error().where.field;
}

std::vector<std::string> ids_of(const std::vector<AnalysisRecord>& analyses) {
  std::vector<std::string> ids;
  for (const AnalysisRecord& a : analyses) ids.push_back(a.game_id);
  return ids;
}

using Ids = std::vector<std::string>;

// The request of an analysis of `game_id` at `at`, every field set to a value of its own
// so that a field lost or swapped shows.
AnalysisRecord request_of(const std::string& game_id, WallMs at = kNow, std::int64_t by = 0) {
  AnalysisRecord a;
  a.game_id = game_id;
  a.status = AnalysisStatus::Queued;
  a.done = 0;
  a.total = 81;
  a.requested_by = by;
  a.requested_ms = at;
  a.updated_ms = at + 1;
  a.text = "";
  return a;
}

class Analyses : public testing::BackendTest {
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
  // A game between the accounts `white` and `black` (0: a player without one), brought to
  // `status`: created (no move), ongoing (one move), ended (a move and a result) or aborted.
  void game(const std::string& id, GameStatus status, std::int64_t white = 0,
            std::int64_t black = 0) {
    GameHeader h = sample_header(id, kNow - 10 * kMinute);
    h.white_user = white;
    h.black_user = black;
    auto created = store_->create_game(h);
    ASSERT_TRUE(created) << id << ": " << created.error().describe();
    if (status == GameStatus::Ongoing || status == GameStatus::Ended) {
      auto moved = store_->append_move(id, sample_move(1, kNow - 9 * kMinute), {});
      ASSERT_TRUE(moved) << id << ": " << moved.error().describe();
    }
    if (status == GameStatus::Ended || status == GameStatus::Aborted) {
      const Ending ending = status == GameStatus::Ended
                                ? Ending{GameStatus::Ended, "1-0", "checkmate", kNow - kMinute}
                                : Ending{GameStatus::Aborted, "*", "aborted", kNow - kMinute};
      auto finished = store_->finish_game(id, ending, {});
      ASSERT_TRUE(finished) << id << ": " << finished.error().describe();
    }
  }
  void end(const std::string& id) {
    auto finished =
        store_->finish_game(id, Ending{GameStatus::Ended, "0-1", "resignation", kNow}, {});
    ASSERT_TRUE(finished) << id << ": " << finished.error().describe();
  }
  // request_analysis's answer; false after an error too (reported).
  bool request(const AnalysisRecord& a) {
    auto queued = store_->request_analysis(a);
    EXPECT_TRUE(queued) << a.game_id << ": " << queued.error().describe();
    return queued && *queued;
  }
  std::optional<AnalysisRecord> find(const std::string& game_id) {
    auto found = store_->find_analysis(game_id);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::nullopt;
  }
  bool update(const AnalysisRecord& a) {
    auto updated = store_->update_analysis(a);
    EXPECT_TRUE(updated) << a.game_id << ": " << updated.error().describe();
    return updated && *updated;
  }
  Ids pending(int limit = 1000) {
    auto found = store_->pending_analyses(limit);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? ids_of(*found) : Ids{};
  }
  Ids in_play(std::int64_t user_id, int limit = 1000) {
    auto found = store_->games_in_play_of(user_id, limit);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : Ids{};
  }

  std::unique_ptr<Store> store_;
  std::int64_t anna_ = 0;
  std::int64_t boris_ = 0;
  std::int64_t carl_ = 0;
};
ARB_STORE_BACKENDS(Analyses);

TEST(AnalysisStatusNames, RoundTrip) {
  EXPECT_EQ(to_string(AnalysisStatus::Queued), "queued");
  EXPECT_EQ(to_string(AnalysisStatus::Running), "running");
  EXPECT_EQ(to_string(AnalysisStatus::Done), "done");
  EXPECT_EQ(to_string(AnalysisStatus::Failed), "failed");
  for (AnalysisStatus s : {AnalysisStatus::Queued, AnalysisStatus::Running, AnalysisStatus::Done,
                           AnalysisStatus::Failed}) {
    EXPECT_EQ(parse_analysis_status(to_string(s)), s);
  }
  for (const char* bad : {"", "Queued", "DONE", "pending", "done ", "ended", "finished"}) {
    EXPECT_EQ(parse_analysis_status(bad), std::nullopt) << bad;
  }
}

TEST_P(Analyses, AnEndedGameIsQueuedOnceAndKeptWhileQueuedRunningOrDone) {
  game("g", GameStatus::Ended, anna_, boris_);
  AnalysisRecord a = request_of("g", kNow, anna_);
  a.status = AnalysisStatus::Done;  // not the caller's: a request is queued
  a.done = 3;
  a.text = "queued \xE2\x99\x9E";
  EXPECT_TRUE(request(a));
  AnalysisRecord expected = a;
  expected.status = AnalysisStatus::Queued;
  EXPECT_EQ(find("g"), expected);
  EXPECT_EQ(find("none"), std::nullopt);
  // Another connection (another server) finds it.
  auto other = open();
  ASSERT_TRUE(other);
  EXPECT_EQ(*other->find_analysis("g"), expected);
  // Asked again, by anyone, while queued, running or done: false, nothing changed.
  AnalysisRecord again = request_of("g", kNow + kMinute, boris_);
  again.total = 12;
  again.text = "again";
  EXPECT_FALSE(request(again));
  EXPECT_EQ(find("g"), expected);
  AnalysisRecord running = expected;
  running.status = AnalysisStatus::Running;
  running.updated_ms = kNow + 2 * kMinute;
  ASSERT_TRUE(update(running));
  EXPECT_FALSE(request(again));
  EXPECT_EQ(find("g"), running);
  AnalysisRecord done = running;
  done.status = AnalysisStatus::Done;
  done.done = done.total;
  done.text = "the analysis";
  ASSERT_TRUE(update(done));
  EXPECT_FALSE(request(again));
  EXPECT_FALSE(other->request_analysis(again).value_or(true));
  EXPECT_EQ(find("g"), done);
}

TEST_P(Analyses, AFailedAnalysisIsReplacedByANewRequest) {
  game("g", GameStatus::Ended);
  ASSERT_TRUE(request(request_of("g", kNow, anna_)));
  AnalysisRecord failed = request_of("g", kNow, anna_);
  failed.status = AnalysisStatus::Failed;
  failed.done = 40;
  failed.text = "the engine stopped";
  failed.updated_ms = kNow + kMinute;
  ASSERT_TRUE(update(failed));
  EXPECT_EQ(find("g"), failed);
  // Asked again: the new request replaces every field, queued.
  AnalysisRecord retry = request_of("g", kNow + 5 * kMinute, boris_);
  retry.total = 90;
  EXPECT_TRUE(request(retry));
  EXPECT_EQ(find("g"), retry);
  // Queued again, it is kept.
  EXPECT_FALSE(request(request_of("g", kNow + 6 * kMinute, carl_)));
  EXPECT_EQ(find("g"), retry);
  EXPECT_EQ(pending(), Ids{"g"});
}

TEST_P(Analyses, AGameNotEndedOrUnknownIsRefusedAndNothingStored) {
  game("created", GameStatus::Created, anna_, boris_);
  game("ongoing", GameStatus::Ongoing, anna_, boris_);
  game("aborted", GameStatus::Aborted, anna_, boris_);
  for (const char* id : {"created", "ongoing", "aborted"}) {
    auto refused = store_->request_analysis(request_of(id, kNow, anna_));
    EXPECT_EQ(refusal(refused, ErrorCode::kProtocolState), "status") << id;
    EXPECT_NE(refused.error().message.find(id), std::string::npos) << refused.error().message;
    EXPECT_EQ(find(id), std::nullopt) << id;
  }
  auto unknown = store_->request_analysis(request_of("unknown", kNow, anna_));
  EXPECT_EQ(refusal(unknown, ErrorCode::kProtocolState), "game_id");
  EXPECT_EQ(find("unknown"), std::nullopt);
  EXPECT_EQ(pending(), Ids{});
  // Once the game has ended, it is analysed.
  end("ongoing");
  EXPECT_TRUE(request(request_of("ongoing", kNow, anna_)));
  EXPECT_EQ(pending(), Ids{"ongoing"});
}

TEST_P(Analyses, AnUpdateReplacesStatusProgressTextAndTimeOnly) {
  game("g", GameStatus::Ended);
  game("other", GameStatus::Ended);
  const AnalysisRecord asked = request_of("g", kNow, anna_);
  ASSERT_TRUE(request(asked));
  ASSERT_TRUE(request(request_of("other", kNow + 1)));
  // Progress: running, 10 of 81, at a later time. requested_by and requested_ms are the
  // request's and stay.
  AnalysisRecord progress = asked;
  progress.status = AnalysisStatus::Running;
  progress.done = 10;
  progress.updated_ms = kNow + kMinute;
  progress.requested_by = carl_;
  progress.requested_ms = kNow + 99 * kMinute;
  EXPECT_TRUE(update(progress));
  AnalysisRecord expected = asked;
  expected.status = AnalysisStatus::Running;
  expected.done = 10;
  expected.updated_ms = kNow + kMinute;
  EXPECT_EQ(find("g"), expected);
  // Done, with its text: every kind of character, several lines, many bytes.
  std::string text = "line 1\n\tline 2 \"quoted\" \\ \xE2\x99\x9E \xF0\x9F\x99\x82\r\n";
  while (text.size() < 100'000) text += text;
  expected.status = AnalysisStatus::Done;
  expected.done = 81;
  expected.text = text;
  expected.updated_ms = kNow + 2 * kMinute;
  EXPECT_TRUE(update(expected));
  EXPECT_EQ(find("g"), expected);
  // The other analysis is untouched.
  EXPECT_EQ(find("other"), request_of("other", kNow + 1));
  // No analysis of that game, or no such game: false, and nothing is stored.
  game("unasked", GameStatus::Ended);
  AnalysisRecord unasked = expected;
  unasked.game_id = "unasked";
  EXPECT_FALSE(update(unasked));
  EXPECT_EQ(find("unasked"), std::nullopt);
  unasked.game_id = "unknown";
  EXPECT_FALSE(update(unasked));
  EXPECT_EQ(find("unknown"), std::nullopt);
}

TEST_P(Analyses, PendingAreTheQueuedAndRunningOldestRequestFirst) {
  for (const char* id : {"a", "b", "c", "d", "e", "B", "f"}) game(id, GameStatus::Ended);
  ASSERT_TRUE(request(request_of("a", kNow + 3000)));
  ASSERT_TRUE(request(request_of("b", kNow + 1000)));
  ASSERT_TRUE(request(request_of("c", kNow + 2000)));
  ASSERT_TRUE(request(request_of("d", kNow + 500)));
  ASSERT_TRUE(request(request_of("e", kNow + 4000)));
  // Requested in the same millisecond as "b": by game id, byte order (upper case first).
  ASSERT_TRUE(request(request_of("B", kNow + 1000)));
  EXPECT_EQ(pending(), (Ids{"d", "B", "b", "c", "a", "e"}));
  EXPECT_EQ(pending(3), (Ids{"d", "B", "b"}));
  EXPECT_EQ(pending(1), Ids{"d"});
  // The rows are whole.
  auto rows = store_->pending_analyses(2);
  ASSERT_TRUE(rows) << rows.error().describe();
  EXPECT_EQ(*rows, (std::vector<AnalysisRecord>{request_of("d", kNow + 500),
                                                request_of("B", kNow + 1000)}));
  // Running stays pending (a process stopped in the middle takes it again at start); done
  // and failed are not.
  AnalysisRecord running = request_of("d", kNow + 500);
  running.status = AnalysisStatus::Running;
  running.done = 5;
  ASSERT_TRUE(update(running));
  AnalysisRecord done = request_of("B", kNow + 1000);
  done.status = AnalysisStatus::Done;
  done.done = done.total;
  done.text = "done";
  ASSERT_TRUE(update(done));
  AnalysisRecord failed = request_of("c", kNow + 2000);
  failed.status = AnalysisStatus::Failed;
  failed.text = "the engine stopped";
  ASSERT_TRUE(update(failed));
  EXPECT_EQ(pending(), (Ids{"d", "b", "a", "e"}));
  EXPECT_EQ(store_->pending_analyses(1)->front(), running);
  // A failed one asked again is pending at its new time.
  ASSERT_TRUE(request(request_of("c", kNow + 3500)));
  EXPECT_EQ(pending(), (Ids{"d", "b", "a", "c", "e"}));
  // A game never asked for is not pending.
  EXPECT_EQ(find("f"), std::nullopt);
}

TEST_P(Analyses, NoAnalysesArePendingInAnEmptyStore) {
  EXPECT_EQ(pending(), Ids{});
  EXPECT_EQ(in_play(anna_), Ids{});
}

TEST_P(Analyses, TheGamesInPlayOfAnAccountInEitherSeat) {
  game("w-created", GameStatus::Created, anna_, boris_);
  game("b-ongoing", GameStatus::Ongoing, carl_, anna_);
  game("w-anon", GameStatus::Ongoing, anna_, 0);  // against a player without an account
  game("b-anon", GameStatus::Created, 0, anna_);
  game("ended", GameStatus::Ended, anna_, boris_);
  game("aborted", GameStatus::Aborted, boris_, anna_);
  game("others", GameStatus::Ongoing, boris_, carl_);
  game("anonymous", GameStatus::Ongoing);
  EXPECT_EQ(in_play(anna_), (Ids{"b-anon", "b-ongoing", "w-anon", "w-created"}));
  EXPECT_EQ(in_play(boris_), (Ids{"others", "w-created"}));
  EXPECT_EQ(in_play(carl_), (Ids{"b-ongoing", "others"}));
  EXPECT_EQ(in_play(anna_, 2), (Ids{"b-anon", "b-ongoing"}));
  EXPECT_EQ(in_play(anna_, 1), Ids{"b-anon"});
  EXPECT_EQ(in_play(carl_ + 100), Ids{});
  // A game that ends leaves the list; one that starts stays in it.
  end("b-ongoing");
  ASSERT_TRUE(store_->append_move("w-created", sample_move(1, kNow), {}));
  EXPECT_EQ(in_play(anna_), (Ids{"b-anon", "w-anon", "w-created"}));
  EXPECT_EQ(in_play(carl_), Ids{"others"});
  // An account taking a seat (the invitee joining) is in play from then on.
  game("open", GameStatus::Created, boris_, 0);
  EXPECT_EQ(in_play(carl_), Ids{"others"});
  GameWrite join;
  join.game_id = "open";
  join.seat_user = GameWrite::SeatUser{false, carl_};
  const auto joined = store_->commit({&join, 1});
  ASSERT_TRUE(joined.at(0)) << joined[0].error().describe();
  EXPECT_EQ(in_play(carl_), (Ids{"open", "others"}));
  EXPECT_EQ(in_play(boris_), (Ids{"open", "others", "w-created"}));
}

TEST_P(Analyses, EachBadFieldIsRefusedByNameAndNothingIsStored) {
  game("kept", GameStatus::Ended);
  game("ok", GameStatus::Ended);
  const AnalysisRecord kept = request_of("kept", kNow, anna_);
  ASSERT_TRUE(request(kept));
  const auto field_of = [&](const std::function<void(AnalysisRecord&)>& spoil) {
    AnalysisRecord a = request_of("ok");
    spoil(a);
    const std::string on_request =
        refusal(store_->request_analysis(a), ErrorCode::kInvalidArgument);
    // update_analysis checks the same, before the database: the stored one is untouched.
    AnalysisRecord u = kept;
    spoil(u);
    if (u.game_id == "ok") u.game_id = "kept";
    const std::string on_update = refusal(store_->update_analysis(u), ErrorCode::kInvalidArgument);
    EXPECT_EQ(on_request, on_update);
    return on_request;
  };
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.game_id = ""; }), "game_id");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.game_id = std::string(65, 'g'); }), "game_id");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.game_id = "a b"; }), "game_id");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.game_id = "a'; --"; }), "game_id");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.game_id = "g\xC3\xA9"; }), "game_id");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.status = static_cast<AnalysisStatus>(4); }),
            "status");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.total = -1; }), "total");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.total = 100'001; }), "total");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.done = -1; }), "done");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.done = a.total + 1; }), "done");
  EXPECT_EQ(field_of([](AnalysisRecord& a) {
              a.total = 0;
              a.done = 1;
            }),
            "done");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.requested_by = -1; }), "requested_by");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = std::string(kMaxText + 1, 't'); }), "text");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = std::string("ab\0c", 4); }), "text");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = "bad \xFF"; }), "text");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = "cut \xE2\x99"; }), "text");
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = "\xC0\xAF"; }), "text");      // overlong
  EXPECT_EQ(field_of([](AnalysisRecord& a) { a.text = "\xED\xA0\x80"; }), "text");  // surrogate
  // A bad field is refused before the game is looked up.
  AnalysisRecord unknown = request_of("unknown");
  unknown.total = -1;
  EXPECT_EQ(refusal(store_->request_analysis(unknown), ErrorCode::kInvalidArgument), "total");
  // Nothing was stored, and the stored analysis did not change.
  EXPECT_EQ(find("ok"), std::nullopt);
  EXPECT_EQ(find("kept"), kept);
  EXPECT_EQ(pending(), Ids{"kept"});
  // The limits themselves are allowed.
  AnalysisRecord edges = request_of("ok", kNow, carl_);
  edges.total = 100'000;
  edges.done = 100'000;
  edges.text = std::string(kMaxText, 't');
  EXPECT_TRUE(request(edges));
  EXPECT_EQ(find("ok"), edges);
  const std::string long_id(64, 'L');
  game(long_id, GameStatus::Ended);
  EXPECT_TRUE(request(request_of(long_id)));
  EXPECT_EQ(find(long_id), request_of(long_id));
  // A malformed id, user id or limit is refused by every call that takes one.
  for (const std::string& bad : {std::string{}, std::string{"a b"}, std::string(65, 'g')}) {
    EXPECT_EQ(refusal(store_->find_analysis(bad), ErrorCode::kInvalidArgument), "game_id");
  }
  for (int limit : {0, -1, 1001}) {
    EXPECT_EQ(refusal(store_->pending_analyses(limit), ErrorCode::kInvalidArgument), "limit");
    EXPECT_EQ(refusal(store_->games_in_play_of(anna_, limit), ErrorCode::kInvalidArgument),
              "limit");
  }
  for (std::int64_t bad : {std::int64_t{0}, std::int64_t{-1}}) {
    EXPECT_EQ(refusal(store_->games_in_play_of(bad, 10), ErrorCode::kInvalidArgument), "user_id");
  }
  EXPECT_EQ(pending(1000).size(), 3u);
  EXPECT_EQ(in_play(anna_, 1000), Ids{});
}

TEST_P(Analyses, ADelegatingStorePassesTheCallsOn) {
  game("g", GameStatus::Ended);
  game("h", GameStatus::Ongoing, anna_, boris_);
  DelegatingStore delegating{*store_};
  EXPECT_EQ(*delegating.request_analysis(request_of("g")), true);
  EXPECT_EQ(*delegating.request_analysis(request_of("g")), false);
  EXPECT_EQ(*delegating.find_analysis("g"), request_of("g"));
  EXPECT_EQ(ids_of(*delegating.pending_analyses(10)), Ids{"g"});
  AnalysisRecord done = request_of("g");
  done.status = AnalysisStatus::Done;
  EXPECT_EQ(*delegating.update_analysis(done), true);
  EXPECT_EQ(find("g"), done);
  EXPECT_EQ(ids_of(*delegating.pending_analyses(10)), Ids{});
  EXPECT_EQ(*delegating.games_in_play_of(boris_, 10), Ids{"h"});
}

// Several servers (stores of their own on one database) asking for the analysis of the
// same ended games at once, in lockstep: each game is queued by exactly one of them. Then
// each analysis fails, and they ask again at once: exactly one request replaces it.
TEST_P(Analyses, OfStoresRequestingOneGameAtOnceExactlyOneQueuesIt) {
  constexpr int kStores = 4;
  constexpr int kGames = 15;
  for (int i = 0; i < kGames; ++i) game("g" + std::to_string(i), GameStatus::Ended);
  std::vector<std::unique_ptr<Store>> stores;
  for (int i = 0; i < kStores; ++i) {
    stores.push_back(open(false));
    ASSERT_TRUE(stores.back());
  }
  // Round 0 asks for each game; round 1, after each failed, asks again.
  for (int round = 0; round < 2; ++round) {
    std::barrier step{kStores};
    std::atomic<int> errors{0};
    std::vector<std::atomic<int>> winners(kGames);
    std::vector<std::atomic<int>> winner_of(kGames);
    std::vector<std::thread> threads;
    for (int s = 0; s < kStores; ++s) {
      threads.emplace_back([&, s] {
        Store& store = *stores[static_cast<std::size_t>(s)];
        for (int i = 0; i < kGames; ++i) {
          step.arrive_and_wait();
          const AnalysisRecord a = request_of("g" + std::to_string(i), kNow + 1000 * round, s + 1);
          auto queued = store.request_analysis(a);
          if (!queued) {
            ADD_FAILURE() << queued.error().describe();
            ++errors;
          } else if (*queued) {
            ++winners[static_cast<std::size_t>(i)];
            winner_of[static_cast<std::size_t>(i)] = s;
          }
        }
      });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(errors.load(), 0);
    for (int i = 0; i < kGames; ++i) {
      const auto at = static_cast<std::size_t>(i);
      const std::string id = "g" + std::to_string(i);
      EXPECT_EQ(winners[at].load(), 1) << id << ", round " << round;
      const std::optional<AnalysisRecord> stored = find(id);
      ASSERT_TRUE(stored) << id;
      // The winner's request is the one stored.
      EXPECT_EQ(stored, request_of(id, kNow + 1000 * round, winner_of[at].load() + 1)) << id;
      if (round == 0) {
        AnalysisRecord failed = *stored;
        failed.status = AnalysisStatus::Failed;
        failed.text = "the engine stopped";
        ASSERT_TRUE(update(failed));
      }
    }
  }
  EXPECT_EQ(pending().size(), static_cast<std::size_t>(kGames));
}

}  // namespace
}  // namespace arbiter::store
