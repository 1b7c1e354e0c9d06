// Accounts and sessions (issue #17): the contract of store.hpp on every backend
// (backend_test_support.hpp), as the account module and the server rely on it.
#include <gtest/gtest.h>

#include <cstdio>

#include "arbiter/store/backend_test_support.hpp"

namespace arbiter::store {
namespace {

constexpr WallMs kNow = 1'700'000'000'000;
constexpr WallMs kDay = 86'400'000;
constexpr const char* kHash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";

UserRecord account(const std::string& name, const std::string& hash = kHash) {
  std::string key = name;
  for (char& c : key) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return UserRecord{0, name, key, hash, kNow, 0};
}

// The n-th session hash: 64 lowercase hex digits, as account::session_hash writes them.
std::string token_hash(int n) {
  char text[65];
  std::snprintf(text, sizeof text, "%064x", n);
  return text;
}

SessionRecord session(int n, std::int64_t user_id, WallMs expires = kNow + kDay) {
  return SessionRecord{token_hash(n), user_id, "csrf-" + std::to_string(n), kNow, expires};
}

class Accounts : public testing::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (HasFatalFailure()) return;
    store_ = open();
    ASSERT_TRUE(store_);
  }
  // Creates an account that must be accepted; its id.
  std::int64_t create(const std::string& name) {
    auto created = store_->create_user(account(name));
    EXPECT_TRUE(created) << created.error().describe();
    return created ? created->id : 0;
  }
  std::optional<SessionRecord> find(int n, WallMs now = kNow) {
    auto found = store_->find_session(token_hash(n), now);
    EXPECT_TRUE(found) << found.error().describe();
    return found ? *found : std::nullopt;
  }
  std::unique_ptr<Store> store_;
};
ARB_STORE_BACKENDS(Accounts);

// The field an error names, or "(success)": what every refusal below is checked by.
template <typename T>
std::string refusal(const Result<T>& result, ErrorCode code) {
  if (result) return "(success)";
  EXPECT_EQ(result.error().code, code) << result.error().describe();
  return result.error().where.field;
}

TEST_P(Accounts, ACreatedAccountIsFoundByItsKeyAndItsId) {
  auto anna = store_->create_user(account("Anna-K"));
  ASSERT_TRUE(anna) << anna.error().describe();
  EXPECT_EQ(anna->id, 1);
  EXPECT_EQ(*anna, (UserRecord{1, "Anna-K", "anna-k", kHash, kNow, 0}));
  EXPECT_EQ(*store_->find_user("anna-k"), anna.value());
  EXPECT_EQ(*store_->user_by_id(1), anna.value());
  // Ids increase from 1.
  EXPECT_EQ(create("boris_2"), 2);
  EXPECT_EQ(store_->find_user("boris_2")->value().name, "boris_2");
  EXPECT_EQ(*store_->find_user("carl"), std::nullopt);
  EXPECT_EQ(*store_->user_by_id(3), std::nullopt);
  EXPECT_EQ(*store_->user_by_id(0), std::nullopt);
  EXPECT_EQ(*store_->user_by_id(-1), std::nullopt);
}

TEST_P(Accounts, AccountsAndSessionsSurviveReopening) {
  const std::int64_t anna = create("Anna");
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  store_.reset();
  auto again = open();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->find_user("anna")->value().id, anna);
  EXPECT_EQ(*again->find_session(token_hash(1), kNow), session(1, anna));
}

// Names differing only in letter case are one account (account::name_key).
TEST_P(Accounts, ATakenNameIsRefusedAndNothingChanges) {
  const std::int64_t anna = create("Anna");
  auto again = store_->create_user(account("ANNA", "$argon2id$other"));
  EXPECT_EQ(refusal(again, ErrorCode::kProtocolState), "name");
  EXPECT_NE(again.error().message.find("'ANNA' is taken"), std::string::npos);
  EXPECT_EQ(*store_->find_user("anna"), (UserRecord{anna, "Anna", "anna", kHash, kNow, 0}));
  EXPECT_EQ(*store_->user_by_id(anna + 1), std::nullopt);
  // The refusal took no id: the next account has the next one on both backends.
  EXPECT_EQ(create("Boris"), anna + 1);
}

TEST_P(Accounts, EachBadFieldOfANewAccountIsRefusedNamingIt) {
  const auto field_of = [&](UserRecord user) {
    return refusal(store_->create_user(user), ErrorCode::kInvalidArgument);
  };
  EXPECT_EQ(field_of(account("A")), "name");
  EXPECT_EQ(field_of(account(std::string(21, 'a'))), "name");
  EXPECT_EQ(field_of(account("anna k")), "name");
  EXPECT_EQ(field_of(account("anna.k")), "name");
  EXPECT_EQ(field_of(account("Ännä")), "name");
  UserRecord key = account("Anna");
  key.name_key = "Anna";  // not lower case
  EXPECT_EQ(field_of(key), "name_key");
  key.name_key = "boris";  // not this name's key
  EXPECT_EQ(field_of(key), "name_key");
  key.name_key = "";
  EXPECT_EQ(field_of(key), "name_key");
  EXPECT_EQ(field_of(account("Anna", "")), "password_hash");
  EXPECT_EQ(field_of(account("Anna", std::string(513, 'h'))), "password_hash");
  EXPECT_EQ(field_of(account("Anna", "$argon2id$ with a space")), "password_hash");
  EXPECT_EQ(field_of(account("Anna", "$argon2id$\n")), "password_hash");
  EXPECT_EQ(field_of(account("Anna", "$argon2id$\x80")), "password_hash");
  UserRecord times = account("Anna");
  times.created_ms = -1;
  EXPECT_EQ(field_of(times), "created_ms");
  times = account("Anna");
  times.deleted_ms = kNow;
  EXPECT_EQ(field_of(times), "deleted_ms");
  EXPECT_EQ(*store_->user_by_id(1), std::nullopt);  // nothing was stored
  // The limits themselves are allowed.
  EXPECT_EQ(create("A1"), 1);
  EXPECT_EQ(create(std::string(20, 'Z')), 2);
  EXPECT_TRUE(store_->create_user(account("Max", std::string(512, '~'))));
  // A malformed key is refused before the database, not merely not found.
  EXPECT_EQ(refusal(store_->find_user("A1"), ErrorCode::kInvalidArgument), "name_key");
  EXPECT_EQ(refusal(store_->find_user("a"), ErrorCode::kInvalidArgument), "name_key");
  EXPECT_EQ(refusal(store_->find_user("a1'; --"), ErrorCode::kInvalidArgument), "name_key");
}

TEST_P(Accounts, OnlyALiveAccountsPasswordHashIsReplaced) {
  const std::int64_t anna = create("Anna");
  const std::int64_t boris = create("Boris");
  ASSERT_TRUE(store_->set_password_hash(anna, "$argon2id$new"));
  EXPECT_EQ(store_->find_user("anna")->value().password_hash, "$argon2id$new");
  EXPECT_EQ(store_->find_user("boris")->value().password_hash, kHash);
  EXPECT_EQ(refusal(store_->set_password_hash(99, "$argon2id$x"), ErrorCode::kProtocolState),
            "user");
  ASSERT_TRUE(store_->delete_user(boris, kNow + 1));
  EXPECT_EQ(refusal(store_->set_password_hash(boris, "$argon2id$x"), ErrorCode::kProtocolState),
            "user");
  EXPECT_EQ(store_->user_by_id(boris)->value().password_hash, "");
  EXPECT_EQ(refusal(store_->set_password_hash(anna, ""), ErrorCode::kInvalidArgument),
            "password_hash");
  EXPECT_EQ(store_->find_user("anna")->value().password_hash, "$argon2id$new");
}

TEST_P(Accounts, DeletingAnAccountClearsItAndEndsItsSessionsOnly) {
  const std::int64_t anna = create("Anna");
  const std::int64_t boris = create("Boris");
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  ASSERT_TRUE(store_->create_session(session(2, anna)));
  ASSERT_TRUE(store_->create_session(session(3, boris)));
  ASSERT_TRUE(store_->delete_user(anna, kNow + 5000));
  // The row stays (games name its id), anonymised.
  EXPECT_EQ(*store_->user_by_id(anna), (UserRecord{anna, "", "", "", kNow, kNow + 5000}));
  EXPECT_EQ(*store_->find_user("anna"), std::nullopt);
  EXPECT_EQ(find(1), std::nullopt);
  EXPECT_EQ(find(2), std::nullopt);
  EXPECT_EQ(find(3), session(3, boris));
  // Its sessions are gone, not merely hidden: nothing is left to purge.
  EXPECT_EQ(store_->purge_sessions(kNow + 2 * kDay).value_or(-1), 1);
  // A deleted or unknown account cannot be deleted (again).
  EXPECT_EQ(refusal(store_->delete_user(anna, kNow + 6000), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(refusal(store_->delete_user(99, kNow), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(store_->user_by_id(anna)->value().deleted_ms, kNow + 5000);
  // deleted_ms 0 means live: a deletion needs a time after 1970.
  EXPECT_EQ(refusal(store_->delete_user(boris, 0), ErrorCode::kInvalidArgument), "now");
  EXPECT_EQ(store_->find_user("boris")->value().id, boris);
}

TEST_P(Accounts, ADeletedAccountFreesItsName) {
  const std::int64_t first = create("Anna");
  ASSERT_TRUE(store_->delete_user(first, kNow + 1));
  auto second = store_->create_user(account("aNNa"));
  ASSERT_TRUE(second) << second.error().describe();
  EXPECT_GT(second->id, first);
  EXPECT_EQ(*store_->find_user("anna"), second.value());
  EXPECT_EQ(store_->user_by_id(first)->value().deleted_ms, kNow + 1);
  // Two deleted accounts (two NULL keys) do not collide either.
  ASSERT_TRUE(store_->delete_user(second->id, kNow + 2));
  EXPECT_GT(create("Anna"), second->id);
}

// Expiry: a session ends at expires_ms, so at that very time it is not found.
TEST_P(Accounts, ASessionIsFoundUntilItExpires) {
  const std::int64_t anna = create("Anna");
  const SessionRecord s = session(1, anna, kNow + 1000);
  ASSERT_TRUE(store_->create_session(s));
  EXPECT_EQ(find(1, kNow), s);
  EXPECT_EQ(find(1, kNow + 999), s);
  EXPECT_EQ(find(1, kNow + 1000), std::nullopt);
  EXPECT_EQ(find(1, kNow + kDay), std::nullopt);
  EXPECT_EQ(find(2, kNow), std::nullopt);  // never created
}

TEST_P(Accounts, ASessionNeedsALiveAccountAndANewHash) {
  const std::int64_t anna = create("Anna");
  const std::int64_t boris = create("Boris");
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  // The same hash again, even for another account, is refused; the first stays as it was.
  EXPECT_EQ(refusal(store_->create_session(session(1, boris)), ErrorCode::kProtocolState),
            "session");
  EXPECT_EQ(find(1), session(1, anna));
  EXPECT_EQ(refusal(store_->create_session(session(2, 99)), ErrorCode::kProtocolState), "user");
  ASSERT_TRUE(store_->delete_user(boris, kNow + 1));
  EXPECT_EQ(refusal(store_->create_session(session(3, boris)), ErrorCode::kProtocolState), "user");
  EXPECT_EQ(find(2), std::nullopt);
  EXPECT_EQ(find(3), std::nullopt);
}

TEST_P(Accounts, ASessionOfADeletedAccountIsNotFound) {
  const std::int64_t anna = create("Anna");
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  ASSERT_TRUE(find(1));
  ASSERT_TRUE(store_->delete_user(anna, kNow + 1));
  EXPECT_EQ(find(1), std::nullopt);
}

TEST_P(Accounts, EachBadFieldOfASessionIsRefusedNamingIt) {
  const std::int64_t anna = create("Anna");
  const auto field_of = [&](SessionRecord s) {
    return refusal(store_->create_session(s), ErrorCode::kInvalidArgument);
  };
  SessionRecord s = session(1, anna);
  s.token_hash.pop_back();  // 63 digits
  EXPECT_EQ(field_of(s), "token_hash");
  s.token_hash = token_hash(1) + "0";  // 65
  EXPECT_EQ(field_of(s), "token_hash");
  s.token_hash = std::string(64, 'A');  // upper case
  EXPECT_EQ(field_of(s), "token_hash");
  s.token_hash = std::string(64, 'g');
  EXPECT_EQ(field_of(s), "token_hash");
  s = session(1, anna);
  s.csrf = "";
  EXPECT_EQ(field_of(s), "csrf");
  s.csrf = std::string(129, 'c');
  EXPECT_EQ(field_of(s), "csrf");
  s.csrf = "two words";
  EXPECT_EQ(field_of(s), "csrf");
  s.csrf = "tab\there";
  EXPECT_EQ(field_of(s), "csrf");
  s = session(1, anna);
  s.created_ms = -1;
  EXPECT_EQ(field_of(s), "created_ms");
  s = session(1, anna, kNow);  // expires as it is created
  EXPECT_EQ(field_of(s), "expires_ms");
  s = session(1, anna, kNow - 1);
  EXPECT_EQ(field_of(s), "expires_ms");
  EXPECT_EQ(find(1), std::nullopt);  // nothing was stored
  // A hash is checked wherever one is taken: the cookie's secret passed by mistake fails.
  const std::string secret = "dGhlIHNlY3JldCBvZiB0aGUgY29va2llLCA0MyBjaGFycw";
  EXPECT_EQ(refusal(store_->find_session(secret, kNow), ErrorCode::kInvalidArgument), "token_hash");
  EXPECT_EQ(refusal(store_->delete_session(secret), ErrorCode::kInvalidArgument), "token_hash");
  EXPECT_EQ(refusal(store_->delete_other_sessions(anna, secret), ErrorCode::kInvalidArgument),
            "token_hash");
  // The limits themselves are allowed.
  s = session(1, anna, kNow + 1);
  s.csrf = std::string(128, '~');
  s.created_ms = kNow;
  ASSERT_TRUE(store_->create_session(s));
  EXPECT_EQ(find(1), s);
}

TEST_P(Accounts, DeletingASessionIsIdempotent) {
  const std::int64_t anna = create("Anna");
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  ASSERT_TRUE(store_->create_session(session(2, anna)));
  ASSERT_TRUE(store_->delete_session(token_hash(1)));
  EXPECT_EQ(find(1), std::nullopt);
  EXPECT_EQ(find(2), session(2, anna));
  EXPECT_TRUE(store_->delete_session(token_hash(1)));  // again
  EXPECT_TRUE(store_->delete_session(token_hash(7)));  // never existed
  EXPECT_EQ(find(2), session(2, anna));
}

// A password change logs out the other browsers of the account, and only those.
TEST_P(Accounts, DeletingTheOtherSessionsKeepsTheNamedOne) {
  const std::int64_t anna = create("Anna");
  const std::int64_t boris = create("Boris");
  for (int n = 1; n <= 3; ++n) ASSERT_TRUE(store_->create_session(session(n, anna)));
  ASSERT_TRUE(store_->create_session(session(4, boris)));
  EXPECT_EQ(store_->delete_other_sessions(anna, token_hash(2)).value_or(-1), 2);
  EXPECT_EQ(find(1), std::nullopt);
  EXPECT_EQ(find(2), session(2, anna));
  EXPECT_EQ(find(3), std::nullopt);
  EXPECT_EQ(find(4), session(4, boris));
  EXPECT_EQ(store_->delete_other_sessions(anna, token_hash(2)).value_or(-1), 0);
  // Keeping a session of another account keeps none of this one's.
  EXPECT_EQ(store_->delete_other_sessions(anna, token_hash(4)).value_or(-1), 1);
  EXPECT_EQ(find(2), std::nullopt);
  EXPECT_EQ(find(4), session(4, boris));
  EXPECT_EQ(store_->delete_other_sessions(99, token_hash(4)).value_or(-1), 0);
}

TEST_P(Accounts, PurgingRemovesTheSessionsExpiredAtThatTimeAndCountsThem) {
  const std::int64_t anna = create("Anna");
  ASSERT_TRUE(store_->create_session(session(1, anna, kNow + 1000)));
  ASSERT_TRUE(store_->create_session(session(2, anna, kNow + 2000)));
  ASSERT_TRUE(store_->create_session(session(3, anna, kNow + 3000)));
  EXPECT_EQ(store_->purge_sessions(kNow).value_or(-1), 0);
  EXPECT_EQ(store_->purge_sessions(kNow + 2000).value_or(-1), 2);  // expires_ms <= now
  EXPECT_EQ(find(3), session(3, anna, kNow + 3000));
  EXPECT_EQ(store_->purge_sessions(kNow + 2000).value_or(-1), 0);
  // Purged, not merely expired: the hash may be used again.
  ASSERT_TRUE(store_->create_session(session(1, anna)));
  EXPECT_EQ(find(1), session(1, anna));
}

}  // namespace
}  // namespace arbiter::store
