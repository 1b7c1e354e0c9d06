#include "arbiter/server/lobby_api.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "arbiter/account/session_token.hpp"
#include "arbiter/account/user_name.hpp"
#include "arbiter/clock/time_control.hpp"
#include "arbiter/rating/glicko2.hpp"
#include "arbiter/server/lobby_rules.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/store/rules.hpp"

namespace arbiter::server {
namespace {

constexpr std::string_view kPrefix = "/api/lobby";

HttpReply store_failure(const Error& e) {
  // A store error is the server's, never the client's: logged, answered 500.
  std::fprintf(stderr, "arbiter serve: lobby store: %s\n", e.describe().c_str());
  return error_reply(500, "internal", "the lobby's store failed; try again");
}

HttpReply no_seek() {
  return error_reply(404, "no-seek", "that seek is gone (taken, cancelled or expired)", "id");
}

// A seek looked up by an id from the URL: an id that is not one (the store refuses it by
// name) is a seek that does not exist, never the server's failure.
HttpReply lookup_failure(const Error& e) {
  return e.code == ErrorCode::kInvalidArgument ? no_seek() : store_failure(e);
}

HttpReply refused(SeekRefusal why) {
  switch (why) {
    case SeekRefusal::OwnSeek: return error_reply(409, "own-seek", describe(why));
    case SeekRefusal::NotYours: return error_reply(403, "not-yours", describe(why));
    case SeekRefusal::NeedsAccount: return error_reply(401, "login", describe(why));
    case SeekRefusal::OutOfRange: return error_reply(403, "rating-range", describe(why));
  }
  return error_reply(403, "refused", describe(why));
}

std::string_view color_text(const std::optional<core::Color>& c) noexcept {
  if (!c) return "random";
  return *c == core::Color::White ? "white" : "black";
}

}  // namespace

LobbyApi::LobbyApi(GameRegistry& registry, store::Store& store, const RoomClock& clock,
                   std::shared_ptr<AccountApi> accounts, std::function<bool()> admit_creation,
                   LobbyOptions options)
    : registry_(registry),
      store_(store),
      clock_(clock),
      accounts_(std::move(accounts)),
      admit_creation_(std::move(admit_creation)),
      options_(options) {}

bool LobbyApi::owns(std::string_view target) noexcept {
  target = target.substr(0, target.find('?'));
  // Asked of every REST request: no allocation (a noexcept function may not throw bad_alloc).
  return target.starts_with(kPrefix) &&
         (target.size() == kPrefix.size() || target[kPrefix.size()] == '/');
}

HttpReply LobbyApi::handle(const HttpRequest& request) {
  std::string_view path = request.target;
  path = path.substr(0, path.find('?')).substr(kPrefix.size());
  const bool post = request.method == "POST";
  if (path.empty() || path == "/") {
    if (request.method != "GET" && request.method != "HEAD") {
      return error_reply(405, "method", "GET only");
    }
    return list(request);
  }
  if (path == "/seeks" || path == "/pool") {
    if (!post) return error_reply(405, "method", "POST only");
    return path == "/pool" ? pool(request) : post_seek(request);
  }
  constexpr std::string_view kSeeks = "/seeks/";
  if (path.starts_with(kSeeks)) {
    path.remove_prefix(kSeeks.size());
    const auto slash = path.find('/');
    if (slash != std::string_view::npos && slash > 0) {
      const std::string_view id = path.substr(0, slash);
      const std::string_view action = path.substr(slash + 1);
      if (!post) return error_reply(405, "method", "POST only");
      if (action == "accept") return accept(request, id);
      if (action == "keep") return keep(request, id);
      if (action == "cancel") return cancel(request, id);
      if (action == "decline") return decline(request, id);
    }
  }
  return error_reply(404, "not-found", "no such endpoint");
}

LobbyApi::Acting LobbyApi::acting(const HttpRequest& request) {
  if (!accounts_) return std::optional<store::UserRecord>{};
  return accounts_->acting_account(request);
}

Result<std::pair<int, bool>> LobbyApi::rating_of(std::int64_t user_id, std::string_view speed) {
  auto all = store_.ratings_of(user_id);
  if (!all) return tl::unexpected(all.error());
  store::RatingRecord record = store::unrated(user_id, speed);
  for (const store::RatingRecord& r : *all) {
    if (r.speed == speed) record = r;
  }
  const rating::Glicko2Rating g{record.rating, record.deviation, record.volatility};
  return std::pair{static_cast<int>(std::lround(record.rating)),
                   rating::is_provisional(g, rating::kOnlineSettings)};
}

HttpReply LobbyApi::list(const HttpRequest& request) {
  std::optional<store::UserRecord> viewer;
  if (accounts_) viewer = accounts_->account_of(request);
  const std::int64_t viewer_id = viewer ? viewer->id : 0;
  const store::WallMs now = clock_.wall_ms();
  auto open = store_.open_seeks(now, 1000);
  if (!open) return store_failure(open.error());
  std::vector<wire::SeekView> seeks;
  std::map<std::string, int> waiting;
  for (const wire::Preset& p : presets()) waiting[p.id] = 0;
  std::map<std::int64_t, std::string> names;  // the challenged players, read once each
  for (const store::SeekRecord& s : *open) {
    if (!s.pool.empty()) ++waiting[s.pool];
    if (!listed_for(s, viewer_id)) continue;
    wire::SeekView v;
    v.id = s.id;
    v.owner = s.owner_name;
    v.rating = s.owner_rating;
    v.provisional = s.owner_provisional;
    v.time_control = s.time_control;
    v.speed = s.speed;
    v.variant = s.variant;
    v.color = s.color;
    v.rated = s.rated;
    v.rating_min = s.rating_min;
    v.rating_max = s.rating_max;
    v.mine = viewer_id != 0 && s.owner_user_id == viewer_id;
    v.created_ms = s.created_ms;
    if (s.target_user_id != 0) {
      auto [it, fresh] = names.try_emplace(s.target_user_id);
      if (fresh) {
        auto user = store_.user_by_id(s.target_user_id);
        if (!user) return store_failure(user.error());
        it->second = *user ? (*user)->name : std::string{};
      }
      v.challenge = it->second;
    }
    seeks.push_back(std::move(v));
  }
  std::vector<wire::PoolView> pools;
  for (const auto& [preset, count] : waiting) pools.push_back(wire::PoolView{preset, count});
  std::vector<wire::TurnView> turns;
  if (viewer) {
    // Issue #17 item 5: the correspondence games where it is the viewer's move.
    auto to_move = store_.games_to_move(viewer->id, "correspondence", 100);
    if (!to_move) return store_failure(to_move.error());
    for (const store::GameToMove& g : *to_move) {
      const store::GameSummary& s = g.game.summary;
      const bool white = g.game.white_user == viewer->id;
      const auto control = clock::TimeControl::parse(s.time_control);
      const int days = control ? control->days_per_move() : 0;
      turns.push_back(
          wire::TurnView{s.id, white ? s.black : s.white,
                         days > 0 ? g.last_move_ms + std::int64_t{days} * 24 * 3600 * 1000 : 0});
    }
  }
  return json_reply(200, wire::write_lobby(seeks, pools, turns));
}

HttpReply LobbyApi::post_seek(const HttpRequest& request) {
  auto who = acting(request);
  if (!who) return std::move(who.error());
  auto req = wire::parse_seek_request(request.body);
  if (!req) return from_error(req.error());
  store::SeekRecord seek;
  seek.rating_min = req->rating_min;
  seek.rating_max = req->rating_max;
  if (req->rating_delta != 0 && !*who) {
    return error_reply(401, "login", "a range around your rating needs an account", "rating_delta");
  }
  if (req->challenge) {
    if (!*who) return error_reply(401, "login", "log in to challenge a player", "challenge");
    auto target = store_.find_user(account::name_key(*req->challenge));
    if (!target && target.error().code != ErrorCode::kInvalidArgument) {
      return store_failure(target.error());
    }
    if (!target || !*target) {  // no such account, or a name no account can have
      return error_reply(404, "no-user", "no player '" + req->challenge->substr(0, 40) + "'",
                         "challenge");
    }
    if ((*target)->id == (*who)->id) {
      return error_reply(400, "invalid-argument", "you cannot challenge yourself", "challenge");
    }
    seek.target_user_id = (*target)->id;
  }
  return open_seek(request, req->game, *who, std::move(seek), req->rating_delta);
}

HttpReply LobbyApi::open_seek(const HttpRequest& request, const wire::CreateGameRequest& game,
                              const std::optional<store::UserRecord>& owner, store::SeekRecord seek,
                              int rating_delta) {
  if (game.rated && !owner)
    return error_reply(401, "login", "log in to post a rated seek", "rated");
  const store::WallMs now = clock_.wall_ms();
  // The owner's limit is checked before the game is created, so that a refused seek leaves
  // no game behind; add_seek checks it again, atomically.
  auto open = store_.open_seeks(now, 1000);
  if (!open) return store_failure(open.error());
  int mine = 0;
  for (const store::SeekRecord& s : *open) {
    if (owner ? s.owner_user_id == owner->id
              : (s.owner_user_id == 0 && s.owner_address == request.remote)) {
      ++mine;
    }
  }
  if (mine >= options_.max_per_owner) {
    return error_reply(409, "too-many-seeks",
                       "you have " + std::to_string(mine) + " open seeks; cancel one first");
  }
  if (admit_creation_ && !admit_creation_()) {
    return error_reply(503, "busy", "the server creates no more games just now; try again soon");
  }
  const SeatAccount seat = owner ? SeatAccount{owner->id, owner->name} : SeatAccount{};
  auto created = registry_.create(game, seat);
  if (!created) return from_error(created.error());
  const wire::GameState state = created->room->state();
  const std::string key = account::new_session_secret();
  seek.id = random_game_id();
  seek.key_hash = account::session_hash(key);
  seek.game_id = created->room->id();
  seek.invite = created->invite;
  seek.owner_user_id = owner ? owner->id : 0;
  seek.owner_name = owner ? owner->name : game.name;
  seek.owner_address = request.remote;
  seek.time_control = state.time_control;
  seek.variant = game.chess960 ? "chess960" : "standard";
  seek.speed = store::game_speed(state.time_control);
  seek.color = std::string(color_text(game.color));
  seek.rated = game.rated;
  if (owner) {
    auto r = rating_of(owner->id, seek.speed);
    if (!r) return store_failure(r.error());
    seek.owner_rating = r->first;
    seek.owner_provisional = r->second;
    if (rating_delta > 0) {
      seek.rating_min = std::max(0, seek.owner_rating - rating_delta);
      seek.rating_max = std::min(4000, seek.owner_rating + rating_delta);
    }
  }
  seek.created_ms = now;
  seek.alive_until_ms =
      now + (seek.speed == "correspondence" ? options_.correspondence_alive_ms : options_.alive_ms);
  if (auto added = store_.add_seek(seek, now, options_.max_per_owner); !added) {
    if (added.error().code == ErrorCode::kProtocolState && added.error().where.field == "owner") {
      return error_reply(409, "too-many-seeks", "you have too many open seeks; cancel one first");
    }
    return added.error().code == ErrorCode::kIo ? store_failure(added.error())
                                                : from_error(added.error());
  }
  return json_reply(201, wire::write_seek_created(seek.game_id, created->seat, created->token,
                                                  state, seek.id, key));
}

HttpReply LobbyApi::take(const store::SeekRecord& seek) {
  auto taken = store_.take_seek(seek.id, clock_.wall_ms());
  if (!taken) return lookup_failure(taken.error());
  if (!*taken) return no_seek();
  return json_reply(200, wire::write_seek_match((*taken)->game_id, (*taken)->invite));
}

HttpReply LobbyApi::accept(const HttpRequest& request, std::string_view id) {
  auto who = acting(request);
  if (!who) return std::move(who.error());
  auto seek = store_.find_seek(id, clock_.wall_ms());
  if (!seek) return lookup_failure(seek.error());
  if (!*seek) return no_seek();
  SeekTaker taker;
  if (*who) {
    taker.user_id = (*who)->id;
    auto r = rating_of(taker.user_id, (*seek)->speed);
    if (!r) return store_failure(r.error());
    taker.rating = r->first;
  }
  if (auto why = refusal(**seek, taker)) return refused(*why);
  return take(**seek);
}

tl::expected<store::SeekRecord, HttpReply> LobbyApi::owned_seek(const HttpRequest& request,
                                                                std::string_view id) {
  auto key = wire::parse_seek_key(request.body);
  if (!key) return tl::unexpected(from_error(key.error()));
  auto seek = store_.find_seek(id, clock_.wall_ms());
  if (!seek) return tl::unexpected(lookup_failure(seek.error()));
  if (!*seek) return tl::unexpected(no_seek());
  if (!account::same_token(account::session_hash(*key), (*seek)->key_hash)) {
    return tl::unexpected(error_reply(403, "bad-key", "that is not this seek's key", "key"));
  }
  return std::move(**seek);
}

HttpReply LobbyApi::keep(const HttpRequest& request, std::string_view id) {
  auto seek = owned_seek(request, id);
  if (!seek) return std::move(seek.error());
  const store::WallMs now = clock_.wall_ms();
  if (!seek->pool.empty()) {
    // Of two players waiting in a pool, the later one pairs (lobby_rules.hpp): it takes the
    // earlier one's game and withdraws its own.
    auto open = store_.open_seeks(now, 1000);
    if (!open) return store_failure(open.error());
    if (auto partner = pool_partner(*open, *seek, now)) {
      HttpReply matched = take((*open)[*partner]);
      if (matched.status == 200) {
        if (auto removed = store_.remove_seek(seek->id); !removed) {
          return store_failure(removed.error());
        }
        return matched;
      }
    }
  }
  if (seek->speed == "correspondence") return json_reply(200, wire::write_seek_waiting());
  auto kept = store_.keep_seek(seek->id, now + options_.alive_ms, now);
  if (!kept) return lookup_failure(kept.error());
  if (!*kept) return no_seek();
  return json_reply(200, wire::write_seek_waiting());
}

HttpReply LobbyApi::cancel(const HttpRequest& request, std::string_view id) {
  auto seek = owned_seek(request, id);
  if (!seek) return std::move(seek.error());
  auto removed = store_.remove_seek(seek->id);
  if (!removed) return lookup_failure(removed.error());
  if (!*removed) return no_seek();
  return json_reply(200, R"({"status":"cancelled"})");
}

HttpReply LobbyApi::decline(const HttpRequest& request, std::string_view id) {
  auto who = acting(request);
  if (!who) return std::move(who.error());
  if (!*who) return error_reply(401, "login", "log in to decline a challenge");
  auto seek = store_.find_seek(id, clock_.wall_ms());
  if (!seek) return lookup_failure(seek.error());
  if (!*seek) return no_seek();
  if ((*seek)->target_user_id != (*who)->id) {
    return error_reply(403, "not-yours", "this challenge is for another player");
  }
  auto removed = store_.remove_seek((*seek)->id);
  if (!removed) return lookup_failure(removed.error());
  if (!*removed) return no_seek();
  return json_reply(200, R"({"status":"declined"})");
}

HttpReply LobbyApi::pool(const HttpRequest& request) {
  auto who = acting(request);
  if (!who) return std::move(who.error());
  auto req = wire::parse_pool_request(request.body);
  if (!req) return from_error(req.error());
  const wire::Preset* preset = nullptr;
  for (const wire::Preset& p : presets()) {
    if (p.id == req->preset) preset = &p;
  }
  if (preset == nullptr) {
    return error_reply(400, "invalid-argument", "no preset '" + req->preset.substr(0, 32) + "'",
                       "preset");
  }
  // The newcomer as a pool seek would be: paired with the closest of those waiting.
  store::SeekRecord me;
  me.id = "~";  // sorts after every id: all those waiting came earlier
  me.pool = preset->id;
  me.owner_user_id = *who ? (*who)->id : 0;
  me.time_control = preset->time_control;
  me.variant = "standard";
  me.speed = store::game_speed(preset->time_control);
  me.rated = me.owner_user_id != 0;
  const store::WallMs now = clock_.wall_ms();
  me.created_ms = now;
  if (*who) {
    auto r = rating_of(me.owner_user_id, me.speed);
    if (!r) return store_failure(r.error());
    me.owner_rating = r->first;
  }
  auto open = store_.open_seeks(now, 1000);
  if (!open) return store_failure(open.error());
  if (auto partner = pool_partner(*open, me, now)) {
    HttpReply matched = take((*open)[*partner]);
    if (matched.status == 200) return matched;
  }
  wire::CreateGameRequest game;
  game.time_control = preset->time_control;
  game.rated = me.rated;
  game.name = req->name;
  store::SeekRecord seek;
  seek.pool = preset->id;
  return open_seek(request, game, *who, std::move(seek));
}

}  // namespace arbiter::server
