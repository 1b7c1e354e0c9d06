// The account routes (docs/accounts.md) as a browser uses them, without sockets: sign up,
// log in, the session cookie, CSRF, log-in limits, session fixation, a new password,
// deleting the account, and bad input on every route (issue #17's security tests).
#include "arbiter/server/account_api.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "arbiter/account/session_token.hpp"
#include "arbiter/store/pg_test_server.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {
namespace {

using std::chrono::minutes;

std::string field(const std::string& json, std::string_view pointer) {
  return wire::json_at(json, pointer).value_or("<missing>");
}

// The secret of the reply's session cookie, "" when it sets none or clears it.
std::string secret_of(const HttpReply& reply) {
  for (const std::string& cookie : reply.set_cookies) {
    const std::string pair = cookie.substr(0, cookie.find(';'));  // the view below reads it
    const auto value = cookie_value(pair, kSessionCookie);
    if (value && !value->empty()) return std::string(*value);
  }
  return {};
}

class AccountApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("arbiter-account-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    auto location = store::testing::test_store_location((dir_ / "arbiter.db").string());
    ASSERT_TRUE(location) << location.error().describe();
    auto opened = store::open_store(*location);
    ASSERT_TRUE(opened) << opened.error().describe();
    store_ = std::move(*opened);
    AccountOptions options;
    options.cost = account::test_cost();
    options.session_lifetime = std::chrono::hours{1};
    api_ = std::make_unique<AccountApi>(*store_, clock_, options);
  }
  void TearDown() override {
    api_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }

  HttpReply post(const std::string& route, const std::string& body, const std::string& cookie = {},
                 const std::string& csrf = "1", const std::string& remote = "10.0.0.1") {
    HttpRequest r{"POST", "/api/account" + route, body, remote};
    r.cookie = cookie;
    r.csrf = csrf;
    return api_->handle(r);
  }
  HttpReply get(const std::string& cookie) {
    HttpRequest r{"GET", "/api/account", "", "10.0.0.1"};
    r.cookie = cookie;
    return api_->handle(r);
  }
  static std::string credentials(const std::string& name, const std::string& password) {
    return R"({"name":")" + name + R"(","password":")" + password + R"("})";
  }
  static std::string cookie(const std::string& secret) {
    return "theme=dark; " + std::string(kSessionCookie) + "=" + secret;
  }
  // Signs `name` up; returns its cookie header and CSRF token.
  std::pair<std::string, std::string> sign_up(const std::string& name,
                                              const std::string& password) {
    const HttpReply r = post("/signup", credentials(name, password));
    EXPECT_EQ(r.status, 201u) << r.body;
    return {cookie(secret_of(r)), field(r.body, "/csrf")};
  }

  std::filesystem::path dir_;
  ManualRoomClock clock_;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<AccountApi> api_;
};

TEST_F(AccountApiTest, SigningUpLogsInWithAnHttpOnlyCookie) {
  const HttpReply r = post("/signup", credentials("Anna", "a good password"));
  ASSERT_EQ(r.status, 201u) << r.body;
  EXPECT_EQ(field(r.body, "/name"), "Anna");
  ASSERT_EQ(r.set_cookies.size(), 1u);
  const std::string& set = r.set_cookies[0];
  EXPECT_NE(set.find("HttpOnly"), std::string::npos) << set;
  EXPECT_NE(set.find("SameSite=Lax"), std::string::npos) << set;
  EXPECT_NE(set.find("Path=/"), std::string::npos) << set;
  EXPECT_NE(set.find("Max-Age=3600"), std::string::npos) << set;
  const std::string secret = secret_of(r);
  EXPECT_TRUE(account::is_session_secret(secret));
  // The store keeps the secret's hash, never the secret, and the password's hash.
  auto user = store_->find_user("anna");
  ASSERT_TRUE(user && *user);
  EXPECT_TRUE((*user)->password_hash.starts_with("$argon2id$"));
  auto session = store_->find_session(account::session_hash(secret), clock_.wall_ms());
  ASSERT_TRUE(session && *session);
  EXPECT_EQ((*session)->user_id, (*user)->id);

  const HttpReply me = get(cookie(secret));
  ASSERT_EQ(me.status, 200u) << me.body;
  EXPECT_EQ(field(me.body, "/name"), "Anna");
  EXPECT_EQ(field(me.body, "/csrf"), field(r.body, "/csrf"));
}

TEST_F(AccountApiTest, ANameIsTakenInAnyLetterCase) {
  sign_up("Anna", "a good password");
  const HttpReply again = post("/signup", credentials("ANNA", "another password"));
  EXPECT_EQ(again.status, 409u);
  EXPECT_EQ(field(again.body, "/error/field"), "name");
  EXPECT_TRUE(again.set_cookies.empty());
}

TEST_F(AccountApiTest, BadNamesAndPasswordsAreRefusedNamingTheField) {
  const HttpReply name = post("/signup", credentials("a b", "a good password"));
  EXPECT_EQ(name.status, 400u);
  EXPECT_EQ(field(name.body, "/error/field"), "name");
  const HttpReply short_pw = post("/signup", credentials("Anna", "short"));
  EXPECT_EQ(short_pw.status, 400u);
  EXPECT_EQ(field(short_pw.body, "/error/field"), "password");
  const HttpReply same = post("/signup", credentials("Anna", "anna"));
  EXPECT_EQ(same.status, 400u);
  const HttpReply reserved = post("/signup", credentials("Arbiter", "a good password"));
  EXPECT_EQ(reserved.status, 400u);
  auto none = store_->find_user("anna");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_value());  // nothing was created
}

TEST_F(AccountApiTest, MalformedAndOversizedBodiesOnEveryRoute) {
  const auto [c, csrf] = sign_up("Anna", "a good password");
  for (const char* route : {"/signup", "/login", "/password", "/delete"}) {
    for (const std::string& body :
         {std::string("{"), std::string("[1,2]"), std::string(R"({"name":7,"password":[]})"),
          R"({"name":"Anna","password":")" + std::string(5000, 'x') + R"(","current":")" +
              std::string(5000, 'x') + R"(","next":")" + std::string(5000, 'x') + R"("})"}) {
      const HttpReply r = post(route, body, c, csrf);
      EXPECT_EQ(r.status, 400u) << route << " " << body.substr(0, 40) << ": " << r.body;
      EXPECT_TRUE(r.set_cookies.empty()) << route;
    }
  }
  EXPECT_EQ(get(c).status, 200u);  // nothing changed
  EXPECT_EQ(post("/nonsense", "{}").status, 404u);
  HttpRequest wrong_method{"GET", "/api/account/login", "", "10.0.0.1"};
  EXPECT_EQ(api_->handle(wrong_method).status, 405u);
}

TEST_F(AccountApiTest, EveryPostNeedsTheCsrfHeader) {
  const HttpReply signup = post("/signup", credentials("Anna", "a good password"), {}, "");
  EXPECT_EQ(signup.status, 403u);
  EXPECT_FALSE(store_->find_user("anna")->has_value());
  const auto [c, csrf] = sign_up("Anna", "a good password");
  EXPECT_EQ(post("/login", credentials("Anna", "a good password"), {}, "").status, 403u);
  // With a session, the header must be the session's own token.
  EXPECT_EQ(post("/logout", "{}", c, "not-the-token").status, 403u);
  EXPECT_EQ(post("/password", R"({"current":"a good password","next":"a new password"})", c,
                 "not-the-token")
                .status,
            403u);
  EXPECT_EQ(post("/delete", R"({"password":"a good password"})", c, "not-the-token").status, 403u);
  EXPECT_EQ(get(c).status, 200u);  // still logged in, nothing changed
  EXPECT_EQ(post("/login", credentials("Anna", "a good password")).status, 200u);
}

TEST_F(AccountApiTest, AnUnknownNameAndAWrongPasswordAnswerAlike) {
  sign_up("Anna", "a good password");
  const HttpReply wrong = post("/login", credentials("Anna", "a bad password"));
  const HttpReply unknown = post("/login", credentials("Nobody", "a bad password"));
  EXPECT_EQ(wrong.status, 401u);
  EXPECT_EQ(unknown.status, 401u);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_TRUE(wrong.set_cookies.empty());
  EXPECT_EQ(wrong.body.find("a bad password"), std::string::npos);
}

TEST_F(AccountApiTest, FailedLogInsAreLimitedAndTheWaitIsSaid) {
  sign_up("Anna", "a good password");
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(post("/login", credentials("Anna", "wrong one " + std::to_string(i))).status, 401u);
  }
  const HttpReply limited = post("/login", credentials("Anna", "a good password"));
  EXPECT_EQ(limited.status, 429u);
  EXPECT_EQ(limited.retry_after, "900");  // what is left of the 15-minute window, in seconds
  EXPECT_TRUE(limited.set_cookies.empty());
  clock_.advance(minutes(15));
  EXPECT_EQ(post("/login", credentials("Anna", "a good password")).status, 200u);
}

TEST_F(AccountApiTest, LoggingInAlwaysStartsANewSession) {
  // Session fixation: a cookie planted before the log-in never becomes the logged-in one.
  const auto [planted, csrf] = sign_up("Mallory", "mallorys password");
  sign_up("Anna", "a good password");
  const HttpReply login = post("/login", credentials("Anna", "a good password"), planted);
  ASSERT_EQ(login.status, 200u);
  const std::string fresh = secret_of(login);
  EXPECT_FALSE(fresh.empty());
  EXPECT_EQ(planted.find(fresh), std::string::npos);
  EXPECT_EQ(get(planted).status, 401u);  // the planted session ended
  EXPECT_EQ(field(get(cookie(fresh)).body, "/name"), "Anna");
}

TEST_F(AccountApiTest, LoggingOutEndsTheSession) {
  const auto [c, csrf] = sign_up("Anna", "a good password");
  const HttpReply out = post("/logout", "{}", c, csrf);
  EXPECT_EQ(out.status, 200u);
  ASSERT_EQ(out.set_cookies.size(), 1u);
  EXPECT_NE(out.set_cookies[0].find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(get(c).status, 401u);
}

TEST_F(AccountApiTest, ASessionEndsWithItsLifetime) {
  const auto [c, csrf] = sign_up("Anna", "a good password");
  clock_.advance(minutes(59));
  EXPECT_EQ(get(c).status, 200u);
  clock_.advance(minutes(1));
  EXPECT_EQ(get(c).status, 401u);
}

TEST_F(AccountApiTest, ANewPasswordLogsOutTheOtherSessions) {
  const auto [c, csrf] = sign_up("Anna", "a good password");
  const HttpReply other = post("/login", credentials("Anna", "a good password"));
  const std::string other_cookie = cookie(secret_of(other));
  const HttpReply wrong =
      post("/password", R"({"current":"not it","next":"a new password"})", c, csrf);
  EXPECT_EQ(wrong.status, 401u);
  EXPECT_EQ(field(wrong.body, "/error/field"), "current");
  const HttpReply weak =
      post("/password", R"({"current":"a good password","next":"short"})", c, csrf);
  EXPECT_EQ(weak.status, 400u);
  EXPECT_EQ(field(weak.body, "/error/field"), "next");
  const HttpReply changed =
      post("/password", R"({"current":"a good password","next":"a new password"})", c, csrf);
  EXPECT_EQ(changed.status, 200u) << changed.body;
  EXPECT_EQ(get(c).status, 200u);             // this browser stays
  EXPECT_EQ(get(other_cookie).status, 401u);  // the other one is out
  EXPECT_EQ(post("/login", credentials("Anna", "a good password")).status, 401u);
  EXPECT_EQ(post("/login", credentials("Anna", "a new password")).status, 200u);
}

TEST_F(AccountApiTest, DeletingTheAccountFreesTheName) {
  const auto [c, csrf] = sign_up("Anna", "a good password");
  const HttpReply wrong = post("/delete", R"({"password":"not it"})", c, csrf);
  EXPECT_EQ(wrong.status, 401u);
  EXPECT_EQ(get(c).status, 200u);
  const HttpReply gone = post("/delete", R"({"password":"a good password"})", c, csrf);
  EXPECT_EQ(gone.status, 200u) << gone.body;
  ASSERT_EQ(gone.set_cookies.size(), 1u);
  EXPECT_NE(gone.set_cookies[0].find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(get(c).status, 401u);
  EXPECT_EQ(post("/login", credentials("Anna", "a good password")).status, 401u);
  EXPECT_EQ(post("/signup", credentials("anna", "a third password")).status, 201u);
}

TEST_F(AccountApiTest, CookiesOfOtherShapesAreIgnored) {
  sign_up("Anna", "a good password");
  EXPECT_EQ(get("").status, 401u);
  EXPECT_EQ(get(std::string(kSessionCookie) + "=short").status, 401u);
  EXPECT_EQ(get(cookie(account::new_session_secret())).status, 401u);  // well formed, unknown
}

TEST(AccountCookie, TheValueOfANamedCookie) {
  EXPECT_EQ(cookie_value("a=1; arbiter_session=xyz; b=2", "arbiter_session"), "xyz");
  EXPECT_EQ(cookie_value("arbiter_session=xyz", "arbiter_session"), "xyz");
  EXPECT_EQ(cookie_value("arbiter_session=first; arbiter_session=second", "arbiter_session"),
            "first");
  EXPECT_EQ(cookie_value("xarbiter_session=no", "arbiter_session"), std::nullopt);
  EXPECT_EQ(cookie_value("", "arbiter_session"), std::nullopt);
  EXPECT_EQ(cookie_value("arbiter_session=", "arbiter_session"), "");
}

TEST(AccountRoutes, OwnsOnlyTheAccountPaths) {
  EXPECT_TRUE(AccountApi::owns("/api/account"));
  EXPECT_TRUE(AccountApi::owns("/api/account/login"));
  EXPECT_TRUE(AccountApi::owns("/api/account?x=1"));
  EXPECT_FALSE(AccountApi::owns("/api/accounts"));
  EXPECT_FALSE(AccountApi::owns("/api/games"));
}

}  // namespace
}  // namespace arbiter::server
