// The lobby's seeks (issue #17, docs/lobby.md): the contract of store.hpp on every backend
// (backend_test_support.hpp): a seek stored and read back whole, the live ones listed
// oldest first, taken once (also by racing stores on one database), kept alive, removed,
// and the limit of open seeks per owner.
#include <gtest/gtest.h>

#include <atomic>
#include <barrier>
#include <cstdio>
#include <functional>
#include <thread>

#include "arbiter/store/backend_test_support.hpp"
#include "arbiter/store/delegating_store.hpp"

namespace arbiter::store {
namespace {

constexpr WallMs kNow = 1'700'000'000'000;
constexpr WallMs kMinute = 60'000;
constexpr std::int64_t kAnna = 7;
constexpr std::int64_t kBoris = 8;
constexpr const char* kAddress = "203.0.113.5";
constexpr int kMax = 3;

// The n-th key hash: 64 lowercase hex digits, as the server writes a hash of a secret.
std::string key_hash(int n) {
  char text[65];
  std::snprintf(text, sizeof text, "%064x", n);
  return text;
}

// A seek of Anna's, posted at `created` and alive for a minute, every field set to a value
// of its own so that a field lost or swapped shows.
SeekRecord seek(const std::string& id, WallMs created = kNow) {
  SeekRecord s;
  s.id = id;
  s.key_hash = key_hash(static_cast<int>(id.size()) * 31 + id.front());
  s.game_id = "game-" + id;
  s.invite = "invite-" + id;
  s.owner_user_id = kAnna;
  s.owner_name = "Anna";
  s.owner_address = kAddress;
  s.owner_rating = 1650;
  s.owner_provisional = true;
  s.target_user_id = 0;
  s.time_control = "180+2";
  s.variant = "standard";
  s.speed = "blitz";
  s.color = "random";
  s.rated = true;
  s.rating_min = 1400;
  s.rating_max = 1900;
  s.pool = "";
  s.created_ms = created;
  s.alive_until_ms = created + kMinute;
  return s;
}

// A seek of an owner without an account, known by the address of the client.
SeekRecord anonymous(const std::string& id, const std::string& address = kAddress,
                     WallMs created = kNow) {
  SeekRecord s = seek(id, created);
  s.owner_user_id = 0;
  s.owner_name = "Anonymous";
  s.owner_address = address;
  s.owner_rating = 0;
  s.owner_provisional = false;
  s.rated = false;
  s.rating_min = 0;
  s.rating_max = 0;
  return s;
}

// The field an error names, or "(success)": what every refusal below is checked by.
template <typename T>
std::string refusal(const Result<T>& result, ErrorCode code) {
  if (result) return "(success)";
  EXPECT_EQ(result.error().code, code) << result.error().describe();
  return result.error().where.field;
}

std::vector<std::string> ids_of(const std::vector<SeekRecord>& seeks) {
  std::vector<std::string> ids;
  for (const SeekRecord& s : seeks) ids.push_back(s.id);
  return ids;
}

class Seeks : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (HasFatalFailure()) return;
    store_ = open();
    ASSERT_TRUE(store_);
  }
  // Adds a seek that must be accepted.
  void add(const SeekRecord& s, WallMs now = kNow, int max = kMax) {
    auto added = store_->add_seek(s, now, max);
    EXPECT_TRUE(added) << s.id << ": " << added.error().describe();
  }
  std::optional<SeekRecord> find(const std::string& id, WallMs now = kNow) {
    auto found = store_->find_seek(id, now);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::nullopt;
  }
  std::optional<SeekRecord> take(const std::string& id, WallMs now = kNow) {
    auto taken = store_->take_seek(id, now);
    EXPECT_TRUE(taken) << taken.error().describe();
    return taken ? *taken : std::nullopt;
  }
  std::vector<std::string> open_ids(WallMs now = kNow, int limit = 1000) {
    auto seeks = store_->open_seeks(now, limit);
    EXPECT_TRUE(seeks) << seeks.error().describe();
    return seeks ? ids_of(*seeks) : std::vector<std::string>{};
  }
  std::unique_ptr<Store> store_;
};
ARB_STORE_BACKENDS(Seeks);

TEST_P(Seeks, AnAddedSeekIsFoundAndListedAsItWasGiven) {
  SeekRecord challenge = seek("challenge-1");
  challenge.target_user_id = kBoris;
  challenge.owner_name = "Ännä \xF0\x9F\x99\x82 (Anna)";
  challenge.variant = "chess960";
  challenge.speed = "correspondence";
  challenge.time_control = "-";
  challenge.color = "black";
  challenge.created_ms = kNow - 1;
  challenge.alive_until_ms = kNow + 3 * 86'400'000;
  const SeekRecord pooled = [] {
    SeekRecord s = anonymous("pool_A", "2001:db8::1");
    s.pool = "blitz-3+2";
    s.color = "white";
    s.owner_rating = 1500;
    return s;
  }();
  add(challenge);
  add(pooled);
  EXPECT_EQ(find("challenge-1"), challenge);
  EXPECT_EQ(find("pool_A"), pooled);
  auto listed = store_->open_seeks(kNow, 10);
  ASSERT_TRUE(listed) << listed.error().describe();
  EXPECT_EQ(*listed, (std::vector<SeekRecord>{challenge, pooled}));
  EXPECT_EQ(find("nope"), std::nullopt);
  // They are stored: another connection (another server) finds them.
  auto other = open();
  ASSERT_TRUE(other);
  EXPECT_EQ(*other->find_seek("challenge-1", kNow), challenge);
}

TEST_P(Seeks, OpenSeeksAreTheLiveOnesOldestFirstAtMostLimit) {
  SeekRecord short_lived = seek("c", kNow + 1);
  short_lived.alive_until_ms = kNow + 10;
  add(seek("d", kNow + 2));
  add(seek("b", kNow));
  add(short_lived);
  add(anonymous("a", kAddress, kNow));  // posted in the same millisecond as b: by id
  EXPECT_EQ(open_ids(), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(open_ids(kNow + 9), (std::vector<std::string>{"a", "b", "c", "d"}));
  // At alive_until_ms the seek is gone.
  EXPECT_EQ(open_ids(kNow + 10), (std::vector<std::string>{"a", "b", "d"}));
  EXPECT_EQ(open_ids(kNow, 2), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(open_ids(kNow + 10, 1), std::vector<std::string>{"a"});
  EXPECT_EQ(open_ids(kNow + kMinute + 2), std::vector<std::string>{});
  EXPECT_EQ(refusal(store_->open_seeks(kNow, 0), ErrorCode::kInvalidArgument), "limit");
  EXPECT_EQ(refusal(store_->open_seeks(kNow, 1001), ErrorCode::kInvalidArgument), "limit");
}

TEST_P(Seeks, ASeekIsFoundUntilItsEndOnly) {
  add(seek("s"));
  EXPECT_EQ(find("s", kNow + kMinute - 1), seek("s"));
  EXPECT_EQ(find("s", kNow + kMinute), std::nullopt);
  EXPECT_EQ(find("s", kNow + 2 * kMinute), std::nullopt);
}

TEST_P(Seeks, ASeekIsTakenOnceThenIsGone) {
  add(seek("s"));
  add(seek("t"));
  EXPECT_EQ(take("s"), seek("s"));
  EXPECT_EQ(take("s"), std::nullopt);
  EXPECT_EQ(find("s"), std::nullopt);
  EXPECT_EQ(open_ids(), std::vector<std::string>{"t"});
  EXPECT_EQ(*store_->remove_seek("s"), false);
  EXPECT_EQ(*store_->keep_seek("s", kNow + 2 * kMinute, kNow), false);
  EXPECT_EQ(take("unknown"), std::nullopt);
}

TEST_P(Seeks, AnExpiredSeekIsNotTaken) {
  add(seek("s"));
  EXPECT_EQ(take("s", kNow + kMinute), std::nullopt);
  EXPECT_EQ(take("s", kNow + 5 * kMinute), std::nullopt);
  // Nothing was changed by the refusals: at a time the seek was alive, it is there.
  EXPECT_EQ(take("s", kNow + kMinute - 1), seek("s"));
}

TEST_P(Seeks, KeepingASeekMovesItsEndForwardOnly) {
  add(seek("s"));
  auto kept = store_->keep_seek("s", kNow + 3 * kMinute, kNow + 30'000);
  ASSERT_TRUE(kept) << kept.error().describe();
  EXPECT_TRUE(*kept);
  EXPECT_EQ(find("s", kNow + 3 * kMinute - 1)->alive_until_ms, kNow + 3 * kMinute);
  // An earlier end leaves it where it is; the seek is alive, so the answer is still true.
  EXPECT_EQ(*store_->keep_seek("s", kNow + 2 * kMinute, kNow + 40'000), true);
  EXPECT_EQ(*store_->keep_seek("s", kNow, kNow + 40'000), true);
  EXPECT_EQ(find("s")->alive_until_ms, kNow + 3 * kMinute);
  // An expired seek is not kept alive again.
  EXPECT_EQ(*store_->keep_seek("s", kNow + 10 * kMinute, kNow + 3 * kMinute), false);
  EXPECT_EQ(find("s", kNow + 3 * kMinute), std::nullopt);
  EXPECT_EQ(find("s", kNow + 3 * kMinute - 1)->alive_until_ms, kNow + 3 * kMinute);
  // A taken or unknown seek neither.
  add(seek("t"));
  ASSERT_TRUE(take("t"));
  EXPECT_EQ(*store_->keep_seek("t", kNow + 2 * kMinute, kNow), false);
  EXPECT_EQ(*store_->keep_seek("unknown", kNow + 2 * kMinute, kNow), false);
  EXPECT_EQ(find("t"), std::nullopt);
}

TEST_P(Seeks, ARemovedSeekIsGoneAndRemovingItAgainSaysSo) {
  add(seek("s"));
  add(seek("t"));
  auto removed = store_->remove_seek("s");
  ASSERT_TRUE(removed) << removed.error().describe();
  EXPECT_TRUE(*removed);
  EXPECT_EQ(*store_->remove_seek("s"), false);
  EXPECT_EQ(*store_->remove_seek("unknown"), false);
  EXPECT_EQ(find("s"), std::nullopt);
  EXPECT_EQ(take("s"), std::nullopt);
  EXPECT_EQ(open_ids(), std::vector<std::string>{"t"});
}

TEST_P(Seeks, AnAccountHasAtMostTheLimitOfLiveSeeks) {
  for (const char* id : {"a1", "a2", "a3"}) add(seek(id));
  auto fourth = store_->add_seek(seek("a4"), kNow, kMax);
  EXPECT_EQ(refusal(fourth, ErrorCode::kProtocolState), "owner");
  EXPECT_NE(fourth.error().message.find("account 7"), std::string::npos) << fourth.error().message;
  EXPECT_EQ(find("a4"), std::nullopt);
  // The account's seeks count whatever the address; other owners have their own counts.
  SeekRecord elsewhere = seek("a5");
  elsewhere.owner_address = "198.51.100.1";
  EXPECT_EQ(refusal(store_->add_seek(elsewhere, kNow, kMax), ErrorCode::kProtocolState), "owner");
  SeekRecord boris = seek("b1");
  boris.owner_user_id = kBoris;
  add(boris);
  add(anonymous("x1"));  // from Anna's address, but without an account
  // A seek taken or removed frees its place.
  ASSERT_TRUE(take("a1"));
  add(seek("a4"));
  EXPECT_EQ(refusal(store_->add_seek(seek("a5"), kNow, kMax), ErrorCode::kProtocolState), "owner");
  ASSERT_TRUE(*store_->remove_seek("a2"));
  add(seek("a5"));
  EXPECT_EQ(open_ids(), (std::vector<std::string>{"a3", "a4", "a5", "b1", "x1"}));
  // A limit of one, or none.
  SeekRecord boris_again = boris;
  boris_again.id = "b2";
  EXPECT_EQ(refusal(store_->add_seek(boris_again, kNow, 1), ErrorCode::kProtocolState), "owner");
  SeekRecord carl = seek("c1");
  carl.owner_user_id = 9;
  EXPECT_EQ(refusal(store_->add_seek(carl, kNow, 0), ErrorCode::kProtocolState), "owner");
  add(carl, kNow, 1);
}

TEST_P(Seeks, AnAnonymousOwnerIsCountedByAddress) {
  for (const char* id : {"x1", "x2", "x3"}) add(anonymous(id));
  auto fourth = store_->add_seek(anonymous("x4"), kNow, kMax);
  EXPECT_EQ(refusal(fourth, ErrorCode::kProtocolState), "owner");
  // The address is not written into the message (it would end up in the log).
  EXPECT_EQ(fourth.error().message.find(kAddress), std::string::npos) << fourth.error().message;
  EXPECT_EQ(find("x4"), std::nullopt);
  // Another address is another owner; so is an account at this address, and the
  // account's seeks do not count against the anonymous owners of its address.
  add(anonymous("y1", "198.51.100.1"));
  for (const char* id : {"a1", "a2", "a3"}) add(seek(id));
  EXPECT_EQ(refusal(store_->add_seek(anonymous("x4"), kNow, kMax), ErrorCode::kProtocolState),
            "owner");
  ASSERT_TRUE(take("x2"));
  add(anonymous("x4"));
}

TEST_P(Seeks, ExpiredSeeksDoNotCountAndAreRemovedWhenASeekIsAdded) {
  SeekRecord soon = seek("a1");
  soon.alive_until_ms = kNow + 10;
  add(soon);
  add(seek("a2"));
  add(seek("a3"));
  SeekRecord boris = seek("b1");
  boris.owner_user_id = kBoris;
  boris.alive_until_ms = kNow + 5;
  add(boris);
  EXPECT_EQ(refusal(store_->add_seek(seek("a4"), kNow + 9, kMax), ErrorCode::kProtocolState),
            "owner");
  // At kNow + 10, a1 has expired: a4 takes its place.
  add(seek("a4"), kNow + 10);
  // Both expired seeks were removed, whoever owned them: not even a time before their end
  // finds them any more.
  EXPECT_EQ(find("a1", kNow), std::nullopt);
  EXPECT_EQ(find("b1", kNow), std::nullopt);
  EXPECT_EQ(*store_->remove_seek("a1"), false);
  EXPECT_EQ(open_ids(kNow), (std::vector<std::string>{"a2", "a3", "a4"}));
}

TEST_P(Seeks, AnIdAlreadyUsedIsRefused) {
  add(seek("s"));
  SeekRecord again = anonymous("s", "198.51.100.1");
  again.game_id = "another-game";
  auto refused = store_->add_seek(again, kNow, kMax);
  EXPECT_EQ(refusal(refused, ErrorCode::kProtocolState), "id");
  EXPECT_NE(refused.error().message.find("'s'"), std::string::npos) << refused.error().message;
  EXPECT_EQ(find("s"), seek("s"));
  EXPECT_EQ(open_ids(), std::vector<std::string>{"s"});
  // Once the first has expired (and is removed by the next add), the id is free again.
  again.created_ms = kNow + kMinute;
  again.alive_until_ms = kNow + 2 * kMinute;
  add(again, kNow + kMinute);
  EXPECT_EQ(find("s", kNow + kMinute), again);
}

TEST_P(Seeks, EachBadFieldIsRefusedByNameAndNothingIsStored) {
  const auto field_of = [&](const std::function<void(SeekRecord&)>& spoil) {
    SeekRecord s = seek("ok");
    spoil(s);
    return refusal(store_->add_seek(s, kNow, kMax), ErrorCode::kInvalidArgument);
  };
  EXPECT_EQ(field_of([](SeekRecord& s) { s.id = ""; }), "id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.id = std::string(33, 'a'); }), "id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.id = "a b"; }), "id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.id = "a.b"; }), "id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.id = "s\xC3\xA9"; }), "id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.key_hash = ""; }), "key_hash");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.key_hash = std::string(63, 'a'); }), "key_hash");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.key_hash = std::string(65, 'a'); }), "key_hash");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.key_hash = std::string(64, 'A'); }), "key_hash");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.key_hash = std::string(64, 'g'); }), "key_hash");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.game_id = ""; }), "game_id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.game_id = "a game"; }), "game_id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.game_id = std::string(65, 'g'); }), "game_id");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.owner_name = ""; }), "owner_name");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.owner_name = std::string(161, 'n'); }), "owner_name");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.owner_name = "Anna\n"; }), "owner_name");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.owner_name = "An\tna"; }), "owner_name");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.owner_name = "Anna\x7f"; }), "owner_name");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.time_control = ""; }), "time_control");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.time_control = std::string(201, '1'); }),
            "time_control");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.variant = ""; }), "variant");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.variant = "atomic"; }), "variant");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.variant = "Standard"; }), "variant");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.speed = ""; }), "speed");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.speed = "ultrabullet"; }), "speed");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.color = ""; }), "color");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.color = "White"; }), "color");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.color = "green"; }), "color");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.rating_min = -1; }), "rating_min");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.rating_min = 4001; }), "rating_min");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.rating_max = -1; }), "rating_max");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.rating_max = 4001; }), "rating_max");
  EXPECT_EQ(field_of([](SeekRecord& s) {
              s.rating_min = 1800;
              s.rating_max = 1799;
            }),
            "rating_max");
  EXPECT_EQ(field_of([](SeekRecord& s) {
              s.rating_min = 1500;
              s.rating_max = 0;
            }),
            "rating_max");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.alive_until_ms = s.created_ms; }), "alive_until_ms");
  EXPECT_EQ(field_of([](SeekRecord& s) { s.alive_until_ms = s.created_ms - 1; }), "alive_until_ms");
  EXPECT_EQ(open_ids(kNow - 10 * kMinute), std::vector<std::string>{});  // nothing was stored
  // The limits themselves are allowed.
  SeekRecord edges = seek(std::string(32, 'Z'));
  edges.key_hash = std::string(64, 'f');
  edges.game_id = std::string(64, 'g');
  edges.owner_name = std::string(160, 'n');
  edges.time_control = std::string(200, '1');
  edges.rating_min = 4000;
  edges.rating_max = 4000;
  edges.alive_until_ms = edges.created_ms + 1;
  add(edges);
  EXPECT_EQ(find(edges.id), edges);
  SeekRecord zero = seek("zero-_Z9");
  zero.rating_min = 0;
  zero.rating_max = 4000;
  add(zero);
  // A malformed id is refused by every call that takes one, before the database.
  for (const char* bad : {"", "a b", "a'; --"}) {
    EXPECT_EQ(refusal(store_->find_seek(bad, kNow), ErrorCode::kInvalidArgument), "id");
    EXPECT_EQ(refusal(store_->take_seek(bad, kNow), ErrorCode::kInvalidArgument), "id");
    EXPECT_EQ(refusal(store_->keep_seek(bad, kNow + kMinute, kNow), ErrorCode::kInvalidArgument),
              "id");
    EXPECT_EQ(refusal(store_->remove_seek(bad), ErrorCode::kInvalidArgument), "id");
  }
}

TEST_P(Seeks, ADelegatingStorePassesTheCallsOn) {
  DelegatingStore delegating{*store_};
  ASSERT_TRUE(delegating.add_seek(seek("s"), kNow, kMax));
  ASSERT_TRUE(delegating.add_seek(seek("t"), kNow, kMax));
  EXPECT_EQ(ids_of(*delegating.open_seeks(kNow, 10)), (std::vector<std::string>{"s", "t"}));
  EXPECT_EQ(*delegating.find_seek("s", kNow), seek("s"));
  EXPECT_EQ(*delegating.keep_seek("s", kNow + 2 * kMinute, kNow), true);
  EXPECT_EQ(delegating.take_seek("s", kNow)->value().alive_until_ms, kNow + 2 * kMinute);
  EXPECT_EQ(*delegating.remove_seek("t"), true);
  EXPECT_EQ(open_ids(), std::vector<std::string>{});
}

// Several servers (stores of their own on one database) accepting the same seeks at once:
// each seek goes to exactly one of them, whole; the others get nullopt, never an error.
TEST_P(Seeks, OfStoresTakingTheSameSeekAtOnceExactlyOneGetsIt) {
  constexpr int kStores = 4;
  constexpr int kSeeksToTake = 50;
  for (int i = 0; i < kSeeksToTake; ++i) add(anonymous("s" + std::to_string(i)), kNow, 1000);
  std::vector<std::unique_ptr<Store>> stores;
  for (int i = 0; i < kStores; ++i) {
    stores.push_back(open(false));
    ASSERT_TRUE(stores.back());
  }
  // All stores set off for each seek together, so that their calls overlap.
  std::barrier start{kStores};
  std::atomic<int> errors{0};
  std::vector<std::atomic<int>> winners(kSeeksToTake);
  std::vector<std::atomic<int>> whole(kSeeksToTake);
  std::vector<std::thread> threads;
  for (int t = 0; t < kStores; ++t) {
    threads.emplace_back([&, t] {
      Store& store = *stores[static_cast<std::size_t>(t)];
      for (int i = 0; i < kSeeksToTake; ++i) {
        const std::string id = "s" + std::to_string(i);
        start.arrive_and_wait();
        auto taken = store.take_seek(id, kNow + 1);
        if (!taken) {
          ADD_FAILURE() << taken.error().describe();
          ++errors;
        } else if (*taken) {
          ++winners[static_cast<std::size_t>(i)];
          if (**taken == anonymous(id)) ++whole[static_cast<std::size_t>(i)];
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0);
  for (int i = 0; i < kSeeksToTake; ++i) {
    EXPECT_EQ(winners[static_cast<std::size_t>(i)].load(), 1) << "seek s" << i;
    EXPECT_EQ(whole[static_cast<std::size_t>(i)].load(), 1) << "seek s" << i;
  }
  EXPECT_EQ(open_ids(), std::vector<std::string>{});
}

// Several servers adding seeks of one owner at once: the count and the insert of one add
// are not interleaved with another's, so the owner ends with exactly the limit.
TEST_P(Seeks, StoresAddingSeeksOfOneOwnerAtOnceKeepToTheLimit) {
  constexpr int kStores = 4;
  constexpr int kTriesEach = 5;
  std::vector<std::unique_ptr<Store>> stores;
  for (int i = 0; i < kStores; ++i) {
    stores.push_back(open(false));
    ASSERT_TRUE(stores.back());
  }
  std::atomic<int> ready{0};
  std::atomic<int> added{0};
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kStores; ++t) {
    threads.emplace_back([&, t] {
      Store& store = *stores[static_cast<std::size_t>(t)];
      ++ready;
      while (ready.load() < kStores) std::this_thread::yield();
      for (int i = 0; i < kTriesEach; ++i) {
        auto ok = store.add_seek(anonymous("t" + std::to_string(t) + "-" + std::to_string(i)), kNow,
                                 kMax);
        if (ok) {
          ++added;
        } else if (ok.error().code != ErrorCode::kProtocolState ||
                   ok.error().where.field != "owner") {
          ADD_FAILURE() << ok.error().describe();
          ++errors;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(added.load(), kMax);
  EXPECT_EQ(open_ids().size(), std::size_t{kMax});
}

}  // namespace
}  // namespace arbiter::store
