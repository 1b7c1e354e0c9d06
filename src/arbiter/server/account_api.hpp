// The account routes (issue #17, docs/accounts.md): sign up, log in, log out, the account
// of this browser, a new password, deleting the account. Requests in, replies out: no
// sockets here, so every route is tested without a server. The store holds the accounts
// and sessions (both backends), so a session is valid on every node of a cluster.
//
//   POST   /api/account/signup    {"name","password"}   201, the session cookie
//   POST   /api/account/login     {"name","password"}   200, a new session cookie
//   POST   /api/account/logout                          200, the cookie cleared
//   GET    /api/account                                 200 {"name","created_ms","csrf"}
//   POST   /api/account/password  {"current","next"}    200; the other sessions end
//   POST   /api/account/delete    {"password"}          200, the cookie cleared
//
// Every POST needs the X-CSRF-Token header: with a session, equal to the session's token;
// without (sign up, log in), present. A browser sends a custom header to another site only
// after a CORS preflight, which this server never grants, so a page elsewhere cannot post
// here in the player's name.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/account/login_limiter.hpp"
#include "arbiter/account/password.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/room_support.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct AccountOptions {
  account::PasswordCost cost = account::interactive_cost();
  account::LoginLimits limits;
  std::chrono::milliseconds session_lifetime{std::chrono::hours{24 * 30}};
  // Adds `Secure` to the cookie: set when the site is served over HTTPS (behind a proxy).
  bool secure_cookie = false;
};

// The session cookie's name.
inline constexpr std::string_view kSessionCookie = "arbiter_session";

// The value of cookie `name` in a Cookie header ("a=1; arbiter_session=...; b=2"), the
// first one that has it; nullopt when absent.
[[nodiscard]] std::optional<std::string_view> cookie_value(std::string_view header,
                                                           std::string_view name) noexcept;

class AccountApi {
 public:
  AccountApi(store::Store& store, const RoomClock& clock, AccountOptions options = {});

  // Whether `target` is one of the account routes (/api/account, /api/account/...).
  [[nodiscard]] static bool owns(std::string_view target) noexcept;

  // Answers an account route. Blocking: it hashes passwords (about 0.1 s) and reads the
  // store, so the caller runs it off the network threads.
  [[nodiscard]] HttpReply handle(const HttpRequest& request);

  // The live account whose session the request carries, if any (no CSRF check: for reads).
  [[nodiscard]] std::optional<store::UserRecord> account_of(const HttpRequest& request);

  // The account acting in a request that changes something elsewhere (the lobby): nullopt
  // without a live session (an anonymous player); with one, the request must carry the
  // session's CSRF token (else the 403 reply). A store failure is the 500 reply.
  [[nodiscard]] tl::expected<std::optional<store::UserRecord>, HttpReply> acting_account(
      const HttpRequest& request);

 private:
  struct Session {
    store::SessionRecord record;
    store::UserRecord user;
  };
  [[nodiscard]] Result<std::optional<Session>> session_of(const HttpRequest& request);
  // The session of a request that changes the account: logged in (else 401) and carrying
  // the session's CSRF token (else 403); a store failure is the 500 reply.
  [[nodiscard]] tl::expected<Session, HttpReply> acting_session(const HttpRequest& request);

  HttpReply signup(const HttpRequest& request);
  HttpReply login(const HttpRequest& request);
  HttpReply logout(const HttpRequest& request);
  HttpReply me(const HttpRequest& request);
  HttpReply change_password(const HttpRequest& request);
  HttpReply remove(const HttpRequest& request);

  // A new session for `user`: stored, and its cookie on `reply`. Errors as the store's.
  Result<void> open_session(const store::UserRecord& user, HttpReply& reply);
  [[nodiscard]] std::string session_cookie(std::string_view secret) const;
  [[nodiscard]] std::string cleared_cookie() const;

  store::Store& store_;
  const RoomClock& clock_;
  AccountOptions options_;
  account::LoginLimiter limiter_;
};

}  // namespace arbiter::server
