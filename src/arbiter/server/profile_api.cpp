// Players' public pages: ratings and their history (docs/accounts.md, "Profiles").
#include "arbiter/server/profile_api.hpp"

#include <cmath>
#include <string>

#include "arbiter/account/user_name.hpp"
#include "arbiter/rating/glicko2.hpp"
#include "arbiter/rating/speed.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/wire/json_text.hpp"

namespace arbiter::server {

namespace {

constexpr std::string_view kPrefix = "/api/users/";
constexpr int kHistoryPoints = 1000;

// "abc%20" and other escapes are no user name: names are plain [A-Za-z0-9_-].
HttpReply no_such_player(std::string_view name) {
  return error_reply(404, "not-found", "no player '" + std::string(name.substr(0, 40)) + "'",
                     "name");
}

std::string_view query_speed(std::string_view target) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    if (pair.starts_with("speed=")) return pair.substr(6);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

}  // namespace

bool ProfileApi::owns(std::string_view target) noexcept { return target.starts_with(kPrefix); }

HttpReply ProfileApi::handle(const HttpRequest& request) {
  if (request.method != "GET" && request.method != "HEAD") {
    return error_reply(405, "method", "GET only");
  }
  const std::string_view target = request.target;
  const std::string_view path = target.substr(0, target.find('?')).substr(kPrefix.size());
  const std::string_view name = path.substr(0, path.find('/'));
  const std::string_view sub =
      name.size() < path.size() ? path.substr(name.size() + 1) : std::string_view{};
  if (sub != "" && sub != "history") return error_reply(404, "not-found", "no such endpoint");
  if (!account::check_user_name(name)) return no_such_player(name);  // no account has it
  auto user = store_.find_user(account::name_key(name));
  if (!user) {
    if (user.error().code == ErrorCode::kInvalidArgument) return no_such_player(name);
    return from_error(user.error());
  }
  if (!*user) return no_such_player(name);
  const store::UserRecord& u = **user;
  wire::JsonText j;
  if (sub == "history") {
    const std::string_view speed_text = query_speed(target);
    auto speed = rating::parse_speed(speed_text);
    if (!speed) return from_error(speed.error());
    auto history = store_.rating_history(u.id, speed_text, kHistoryPoints);
    if (!history) return from_error(history.error());
    j.open().field("speed", speed_text).key("points").open_array();
    for (const store::RatingChange& c : *history) {
      j.open()
          .field("at_ms", c.at_ms)
          .field("rating", static_cast<int>(std::lround(c.after.rating)))
          .field("deviation", static_cast<int>(std::lround(c.after.deviation)))
          .close();
    }
    j.close_array().close();
    return json_reply(200, j.take());
  }
  auto ratings = store_.ratings_of(u.id);
  if (!ratings) return from_error(ratings.error());
  j.open().field("name", u.name).field("created_ms", u.created_ms).key("ratings").open_array();
  for (const store::RatingRecord& r : *ratings) {
    const rating::Glicko2Rating g{r.rating, r.deviation, r.volatility};
    j.open()
        .field("speed", r.speed)
        .field("rating", static_cast<int>(std::lround(r.rating)))
        .field("deviation", static_cast<int>(std::lround(r.deviation)))
        .field("games", r.games)
        .field("provisional", rating::is_provisional(g, rating::kOnlineSettings))
        .close();
  }
  j.close_array().close();
  return json_reply(200, j.take());
}

}  // namespace arbiter::server
