// The account routes: requests in, replies out (docs/accounts.md).
#include "arbiter/server/account_api.hpp"

#include <cstdio>

#include "arbiter/account/session_token.hpp"
#include "arbiter/account/user_name.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {

namespace {

constexpr std::string_view kPrefix = "/api/account";

HttpReply csrf_mismatch() {
  return error_reply(403, "csrf", "the X-CSRF-Token header does not match the session");
}

// The same answer for an unknown name and a wrong password: which names exist is not told.
HttpReply wrong_credentials() {
  return error_reply(401, "credentials", "wrong user name or password");
}

HttpReply not_logged_in() { return error_reply(401, "login", "not logged in"); }

HttpReply store_failure(const Error& e) {
  // A store error is the server's, never the client's: logged, answered 500.
  std::fprintf(stderr, "arbiter serve: account store: %s\n", e.describe().c_str());
  return error_reply(500, "internal", "the account store failed; try again");
}

}  // namespace

std::optional<std::string_view> cookie_value(std::string_view header,
                                             std::string_view name) noexcept {
  while (!header.empty()) {
    const auto semicolon = header.find(';');
    std::string_view pair = header.substr(0, semicolon);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name) {
      std::string_view value = pair.substr(eq + 1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      return value;
    }
    if (semicolon == std::string_view::npos) break;
    header.remove_prefix(semicolon + 1);
  }
  return std::nullopt;
}

AccountApi::AccountApi(store::Store& store, const RoomClock& clock, AccountOptions options)
    : store_(store), clock_(clock), options_(options), limiter_(options.limits) {}

bool AccountApi::owns(std::string_view target) noexcept {
  const auto path = target.substr(0, target.find('?'));
  return path == kPrefix || (path.starts_with(kPrefix) && path[kPrefix.size()] == '/');
}

HttpReply AccountApi::handle(const HttpRequest& request) {
  const auto path = std::string_view(request.target).substr(0, request.target.find('?'));
  const std::string_view route = path.substr(kPrefix.size());
  if (route.empty() || route == "/") {
    if (request.method != "GET") return error_reply(405, "method", "GET only");
    return me(request);
  }
  if (request.method != "POST") return error_reply(405, "method", "POST only");
  // A custom header, which no other site's page can send here (see the header's comment).
  if (request.csrf.empty()) {
    return error_reply(403, "csrf", "the X-CSRF-Token header is missing");
  }
  if (route == "/signup") return signup(request);
  if (route == "/login") return login(request);
  if (route == "/logout") return logout(request);
  if (route == "/password") return change_password(request);
  if (route == "/delete") return remove(request);
  return error_reply(404, "not-found", "no such account route");
}

Result<std::optional<AccountApi::Session>> AccountApi::session_of(const HttpRequest& request) {
  const auto secret = cookie_value(request.cookie, kSessionCookie);
  if (!secret || !account::is_session_secret(*secret)) return std::nullopt;
  auto record = store_.find_session(account::session_hash(*secret), clock_.wall_ms());
  if (!record) return tl::unexpected(record.error());
  if (!*record) return std::nullopt;
  auto user = store_.user_by_id((*record)->user_id);
  if (!user) return tl::unexpected(user.error());
  if (!*user || (*user)->deleted_ms != 0) return std::nullopt;
  return Session{std::move(**record), std::move(**user)};
}

std::optional<store::UserRecord> AccountApi::account_of(const HttpRequest& request) {
  auto session = session_of(request);
  if (!session || !*session) return std::nullopt;
  return std::move((*session)->user);
}

std::string AccountApi::session_cookie(std::string_view secret) const {
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(options_.session_lifetime).count();
  return std::string(kSessionCookie) + "=" + std::string(secret) +
         "; Path=/; Max-Age=" + std::to_string(seconds) + "; HttpOnly; SameSite=Lax" +
         (options_.secure_cookie ? "; Secure" : "");
}

std::string AccountApi::cleared_cookie() const {
  return std::string(kSessionCookie) + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" +
         (options_.secure_cookie ? "; Secure" : "");
}

Result<void> AccountApi::open_session(const store::UserRecord& user, HttpReply& reply) {
  const std::string secret = account::new_session_secret();
  store::SessionRecord session;
  session.token_hash = account::session_hash(secret);
  session.user_id = user.id;
  session.csrf = account::new_csrf_token();
  session.created_ms = clock_.wall_ms();
  session.expires_ms = session.created_ms + options_.session_lifetime.count();
  if (auto made = store_.create_session(session); !made) return made;
  reply.body = wire::write_account(user.name, user.created_ms, session.csrf);
  reply.set_cookies.push_back(session_cookie(secret));
  return {};
}

HttpReply AccountApi::signup(const HttpRequest& request) {
  auto body = wire::parse_credentials(request.body);
  if (!body) return from_error(body.error());
  if (auto ok = account::check_user_name(body->name); !ok) return from_error(ok.error());
  if (auto ok = account::check_new_password(body->password, body->name); !ok) {
    return from_error(ok.error());
  }
  auto hash = account::hash_password(body->password, options_.cost);
  if (!hash) return store_failure(hash.error());
  store::UserRecord user;
  user.name = body->name;
  user.name_key = account::name_key(body->name);
  user.password_hash = std::move(*hash);
  user.created_ms = clock_.wall_ms();
  auto created = store_.create_user(user);
  if (!created) {
    if (created.error().code == ErrorCode::kProtocolState) {
      return error_reply(409, "name-taken", "this user name is taken", "name");
    }
    return created.error().code == ErrorCode::kIo ? store_failure(created.error())
                                                  : from_error(created.error());
  }
  HttpReply reply;
  reply.status = 201;
  if (auto opened = open_session(*created, reply); !opened) return store_failure(opened.error());
  return reply;
}

HttpReply AccountApi::login(const HttpRequest& request) {
  auto body = wire::parse_credentials(request.body);
  if (!body) return from_error(body.error());
  const std::string key = account::name_key(body->name);
  const Millis now = clock_.steady();
  if (auto wait = limiter_.refused(key, request.remote, now)) {
    HttpReply reply = error_reply(429, "rate-limited", "too many failed log-ins; wait and retry");
    reply.retry_after = std::to_string((wait->count() + 999) / 1000);  // seconds, rounded up
    return reply;
  }
  auto user = store_.find_user(key);
  if (!user) return store_failure(user.error());
  if (!*user) {
    (void)account::verify_against_no_account(body->password, options_.cost);
    limiter_.failed(key, request.remote, now);
    return wrong_credentials();
  }
  if (!account::verify_password((*user)->password_hash, body->password)) {
    limiter_.failed(key, request.remote, now);
    return wrong_credentials();
  }
  limiter_.succeeded(key);
  if (account::needs_rehash((*user)->password_hash, options_.cost)) {
    // The costs have risen since this hash was made: remade now, while the password is known.
    if (auto rehashed = account::hash_password(body->password, options_.cost)) {
      (void)store_.set_password_hash((*user)->id, *rehashed);
    }
  }
  // A new session at every log-in, whatever cookie came with the request: a session id
  // planted before the log-in (session fixation) never becomes a logged-in one.
  if (auto old = cookie_value(request.cookie, kSessionCookie);
      old && account::is_session_secret(*old)) {
    (void)store_.delete_session(account::session_hash(*old));
  }
  HttpReply reply;
  if (auto opened = open_session(**user, reply); !opened) return store_failure(opened.error());
  return reply;
}

HttpReply AccountApi::logout(const HttpRequest& request) {
  auto session = session_of(request);
  if (!session) return store_failure(session.error());
  HttpReply reply = json_reply(200, "{}");
  reply.set_cookies.push_back(cleared_cookie());
  if (!*session) return reply;  // already out: nothing to end
  if (!account::same_token(request.csrf, (*session)->record.csrf)) {
    return error_reply(403, "csrf", "the X-CSRF-Token header does not match the session");
  }
  if (auto gone = store_.delete_session((*session)->record.token_hash); !gone) {
    return store_failure(gone.error());
  }
  return reply;
}

tl::expected<AccountApi::Session, HttpReply> AccountApi::acting_session(
    const HttpRequest& request) {
  auto session = session_of(request);
  if (!session) return tl::unexpected(store_failure(session.error()));
  if (!*session) return tl::unexpected(not_logged_in());
  if (!account::same_token(request.csrf, (*session)->record.csrf)) {
    return tl::unexpected(csrf_mismatch());
  }
  return std::move(**session);
}

tl::expected<std::optional<store::UserRecord>, HttpReply> AccountApi::acting_account(
    const HttpRequest& request) {
  auto session = session_of(request);
  if (!session) return tl::unexpected(store_failure(session.error()));
  if (!*session) return std::optional<store::UserRecord>{};
  if (!account::same_token(request.csrf, (*session)->record.csrf)) {
    return tl::unexpected(csrf_mismatch());
  }
  return std::optional<store::UserRecord>{std::move((*session)->user)};
}

HttpReply AccountApi::me(const HttpRequest& request) {
  auto session = session_of(request);
  if (!session) return store_failure(session.error());
  if (!*session) return not_logged_in();
  const Session& s = **session;
  return json_reply(200, wire::write_account(s.user.name, s.user.created_ms, s.record.csrf));
}

HttpReply AccountApi::change_password(const HttpRequest& request) {
  auto session = acting_session(request);
  if (!session) return std::move(session.error());
  const Session& s = *session;
  auto body = wire::parse_password_change(request.body);
  if (!body) return from_error(body.error());
  if (!account::verify_password(s.user.password_hash, body->current)) {
    return error_reply(401, "credentials", "the current password is wrong", "current");
  }
  if (auto ok = account::check_new_password(body->next, s.user.name); !ok) {
    Error e = ok.error();
    e.where.field = "next";
    return from_error(e);
  }
  auto hash = account::hash_password(body->next, options_.cost);
  if (!hash) return store_failure(hash.error());
  if (auto set = store_.set_password_hash(s.user.id, *hash); !set) {
    return store_failure(set.error());
  }
  // Whoever else was logged in with the old password is logged out.
  if (auto ended = store_.delete_other_sessions(s.user.id, s.record.token_hash); !ended) {
    return store_failure(ended.error());
  }
  return json_reply(200, wire::write_account(s.user.name, s.user.created_ms, s.record.csrf));
}

HttpReply AccountApi::remove(const HttpRequest& request) {
  auto session = acting_session(request);
  if (!session) return std::move(session.error());
  const Session& s = *session;
  auto password = wire::parse_password_confirmation(request.body);
  if (!password) return from_error(password.error());
  if (!account::verify_password(s.user.password_hash, *password)) {
    return error_reply(401, "credentials", "the password is wrong", "password");
  }
  if (auto gone = store_.delete_user(s.user.id, clock_.wall_ms()); !gone) {
    return store_failure(gone.error());
  }
  HttpReply reply = json_reply(200, "{}");
  reply.set_cookies.push_back(cleared_cookie());
  return reply;
}

}  // namespace arbiter::server
