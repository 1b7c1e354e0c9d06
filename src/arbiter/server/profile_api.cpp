// Players' public pages: ratings and their history (docs/accounts.md, "Profiles").
#include "arbiter/server/profile_api.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "arbiter/account/user_name.hpp"
#include "arbiter/competition/arbiter.hpp"
#include "arbiter/rating/glicko2.hpp"
#include "arbiter/rating/speed.hpp"
#include "arbiter/server/pgn_tags.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/wire/event_json.hpp"
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

// The value of `key` in the target's query ("" when absent).
std::string_view query_value(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    if (pair.size() > key.size() && pair.starts_with(key) && pair[key.size()] == '=') {
      return pair.substr(key.size() + 1);
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

// A whole number query parameter, or nullopt when present but not one.
std::optional<std::int64_t> whole(std::string_view text) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// From the player's side: "win", "loss", "draw", or "" for another result.
std::string_view outcome_of(const store::PlayerGame& g, std::int64_t user) {
  const std::string& r = g.summary.result;
  if (r == "1/2-1/2") return "draw";
  const bool white = g.white_user == user;
  if (r == "1-0") return white ? "win" : "loss";
  if (r == "0-1") return white ? "loss" : "win";
  return "";
}

// One stored game's PGN, refereed again from its log (as `arbiter adjudicate` would), with
// the server's tags.
Result<std::string> stored_pgn(store::Store& store, const std::string& id,
                               const std::string& site) {
  auto game = store.load_game(id);
  if (!game) return tl::unexpected(game.error());
  std::string text;
  for (const store::LogLine& line : game->log) text += line.text + '\n';
  std::istringstream in(text);
  auto log = wire::read_event_log(in);
  if (!log) return tl::unexpected(log.error());
  auto arbiter = competition::Arbiter::create(log->start);
  if (!arbiter) return tl::unexpected(arbiter.error());
  for (const competition::Event& e : log->events) arbiter->apply(e);
  auto ratings = store.game_rating_changes(id);
  if (!ratings) return tl::unexpected(ratings.error());
  competition::GameRecord record = arbiter->record();
  tag_record(record, game->header, site, *ratings);
  return competition::to_pgn(record, arbiter->result(), arbiter->termination());
}

// A player's archive as one PGN file, made a page of games at a time as the transport asks
// (BodySource), newest first. The pages follow the end times down: each asks for the games
// that ended at or before the last one seen, skipping the ids already sent at that time,
// so that games ending in the same millisecond are neither lost nor repeated.
class ArchivePgn final : public BodySource, public std::enable_shared_from_this<ArchivePgn> {
 public:
  ArchivePgn(store::Store& store, store::PlayerGamesQuery query, std::optional<int> total,
             std::string host, ProfileApi::Worker worker)
      : store_(store),
        query_(std::move(query)),
        remaining_(total),
        host_(std::move(host)),
        worker_(std::move(worker)) {}

  void next(Done done) override {
    auto work = [self = shared_from_this(), done = std::move(done)] { done(self->page()); };
    if (worker_) {
      worker_(std::move(work));
    } else {
      work();
    }
  }

 private:
  static constexpr int kPage = 50;
  static constexpr int kMaxPage = 1000;  // the store's largest page

  Result<std::optional<std::string>> page() {
    while (!finished_) {
      store::PlayerGamesQuery q = query_;
      q.limit = page_size_;
      if (cursor_) q.before_ms = *cursor_ + 1;  // at or before the cursor
      auto games = store_.games_of_user(q);
      if (!games) return tl::unexpected(games.error());
      std::string out;
      bool progressed = false;
      for (const store::PlayerGame& g : *games) {
        if (remaining_ && *remaining_ == 0) break;
        const store::WallMs ended = g.summary.updated_ms;
        if (cursor_ && ended == *cursor_ && sent_at_cursor_.contains(g.summary.id)) continue;
        progressed = true;
        if (!cursor_ || ended != *cursor_) sent_at_cursor_.clear();
        cursor_ = ended;
        sent_at_cursor_.insert(g.summary.id);
        if (remaining_) --*remaining_;
        auto one = stored_pgn(store_, g.summary.id, game_site(host_, g.summary.id));
        if (!one) continue;  // a game stored before its log existed: not in the file
        out += *one + "\n";
      }
      const bool full = static_cast<int>(games->size()) == page_size_;
      if (!progressed && full) {
        // More games ended in the cursor's millisecond than a page holds: a larger page.
        if (page_size_ == kMaxPage) {
          return make_error(ErrorCode::kCapacity,
                            "more than 1000 games of this player ended in one millisecond");
        }
        page_size_ = std::min(kMaxPage, page_size_ * 2);
        continue;
      }
      if (!full || !progressed || (remaining_ && *remaining_ == 0)) finished_ = true;
      if (!out.empty()) return std::optional<std::string>{std::move(out)};
    }
    return std::optional<std::string>{};
  }

  store::Store& store_;
  store::PlayerGamesQuery query_;
  std::optional<int> remaining_;
  std::string host_;
  ProfileApi::Worker worker_;
  std::optional<store::WallMs> cursor_;
  std::set<std::string> sent_at_cursor_;
  int page_size_ = kPage;
  bool finished_ = false;
};

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
  if (sub != "" && sub != "history" && sub != "games" && sub != "games.pgn") {
    return error_reply(404, "not-found", "no such endpoint");
  }
  if (!account::check_user_name(name)) return no_such_player(name);  // no account has it
  auto user = store_.find_user(account::name_key(name));
  if (!user) {
    if (user.error().code == ErrorCode::kInvalidArgument) return no_such_player(name);
    return from_error(user.error());
  }
  if (!*user) return no_such_player(name);
  const store::UserRecord& u = **user;
  if (sub == "games" || sub == "games.pgn") return archive(request, u, sub == "games.pgn");
  wire::JsonText j;
  if (sub == "history") {
    const std::string_view speed_text = query_value(target, "speed");
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

HttpReply ProfileApi::archive(const HttpRequest& request, const store::UserRecord& user, bool pgn) {
  const std::string_view target = request.target;
  store::PlayerGamesQuery q;
  q.user_id = user.id;
  q.outcome = std::string(query_value(target, "result"));
  q.speed = std::string(query_value(target, "speed"));
  if (const auto vs = query_value(target, "vs"); !vs.empty()) {
    auto opponent = account::check_user_name(vs)
                        ? store_.find_user(account::name_key(vs))
                        : Result<std::optional<store::UserRecord>>{std::nullopt};
    if (!opponent) return from_error(opponent.error());
    if (!*opponent) return no_such_player(vs);
    q.opponent_id = (*opponent)->id;
  }
  for (auto [key, field] : {std::pair{"since", &q.since_ms}, std::pair{"before", &q.before_ms}}) {
    if (const auto text = query_value(target, key); !text.empty()) {
      const auto value = whole(text);
      if (!value)
        return error_reply(400, "invalid-argument", std::string(key) + " is a time in ms", key);
      *field = *value;
    }
  }
  q.limit = 50;
  std::optional<int> total;  // a PGN file has every game unless `limit` says otherwise
  if (const auto text = query_value(target, "limit"); !text.empty()) {
    const auto value = whole(text);
    if (!value || *value < 1 || *value > (pgn ? 1'000'000 : 1000)) {
      return error_reply(400, "invalid-argument",
                         pgn ? "limit must be 1..1000000" : "limit must be 1..1000", "limit");
    }
    q.limit = static_cast<int>(*value);
    total = q.limit;
  }
  if (pgn) {
    // The query is checked here, so that a bad parameter is a 400, not a broken transfer.
    store::PlayerGamesQuery probe = q;
    probe.limit = 1;
    if (auto checked = store_.games_of_user(probe); !checked) return from_error(checked.error());
    HttpReply reply = json_reply(200, {});
    reply.content_type = "application/x-chess-pgn; charset=utf-8";
    reply.content_disposition = "attachment; filename=\"arbiter-" + user.name + ".pgn\"";
    reply.stream = std::make_shared<ArchivePgn>(store_, q, total, request.host, worker_);
    return reply;
  }
  auto games = store_.games_of_user(q);
  if (!games) return from_error(games.error());
  wire::JsonText j;
  j.open().key("games").open_array();
  for (const store::PlayerGame& g : *games) {
    const bool white = g.white_user == user.id;
    j.open()
        .field("id", g.summary.id)
        .field("white", g.summary.white)
        .field("black", g.summary.black)
        .field("color", white ? "white" : "black")
        .field("opponent", white ? g.summary.black : g.summary.white)
        .field("result", g.summary.result)
        .field("outcome", outcome_of(g, user.id))
        .field("termination", g.summary.reason)
        .field("speed", g.speed)
        .field("time_control", g.summary.time_control)
        .field("rated", g.rated)
        .field("plies", g.summary.plies)
        .field("ended_ms", g.summary.updated_ms)
        .close();
  }
  j.close_array();
  if (static_cast<int>(games->size()) == q.limit && !games->empty()) {
    j.field("next_before", games->back().summary.updated_ms);
  } else {
    j.null_field("next_before");
  }
  j.close();
  return json_reply(200, j.take());
}

}  // namespace arbiter::server
