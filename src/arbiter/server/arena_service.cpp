#include "arbiter/server/arena_service.hpp"

#include <algorithm>
#include <cstdio>

#include "arbiter/account/password.hpp"
#include "arbiter/server/event_record.hpp"
#include "arbiter/server/rest_reply.hpp"

namespace arbiter::server {

namespace {

constexpr std::size_t kGamesShown = 200;

std::string name_of(const tournament::OnlineArena& a, std::int64_t account) {
  const tournament::ArenaEntrant* p = a.entrant_of(account);
  return p != nullptr ? p->name : std::string("?");
}

}  // namespace

ArenaService::ArenaService(store::Store& store, GameRegistry& registry, const RoomClock& clock,
                           ArenaOptions options)
    : store_(store), registry_(registry), clock_(clock), options_(options) {}

Result<store::TournamentRecord> ArenaService::change(std::string_view id, const Change& f) {
  return change_event_record(store_, id, [&](store::TournamentRecord& r) -> Result<void> {
    if (r.kind != "arena") {
      return make_error(ErrorCode::kProtocolState, "the event is not an arena",
                        Location{0, 0, "kind"});
    }
    auto a = tournament::read_arena(r.state);
    if (!a) return tl::unexpected(a.error());
    if (auto ok = f(*a, r); !ok) return ok;
    r.state = tournament::write_arena(*a);
    return {};
  });
}

void ArenaService::schedule(const tournament::OnlineArena& a, store::TournamentRecord& r,
                            std::int64_t now) const {
  if (tournament::arena_over(a, now)) {
    // Its end: the ranking is final; games in play go on, their results are recorded from
    // the rooms' notices, but they count no more.
    r.status = store::TournamentStatus::Finished;
    r.due_ms = 0;
  } else if (now < a.settings.starts_ms) {
    r.status = store::TournamentStatus::Created;
    r.due_ms = std::max<std::int64_t>(a.settings.starts_ms, 1);
  } else {
    r.status = store::TournamentStatus::Running;
    r.due_ms = std::min(now + options_.pairing_ms, a.settings.ends_ms);
  }
}

// ------------------------------------------------------------------ creation and views

Result<store::TournamentRecord> ArenaService::make(const wire::TournamentRequest& request,
                                                   const std::string& time_control,
                                                   std::string password_hash,
                                                   std::int64_t owner) const {
  if (request.minutes < 1 || request.minutes > 720) {
    return make_error(ErrorCode::kInvalidArgument, "minutes must be 1..720",
                      Location{0, 0, "minutes"});
  }
  tournament::OnlineArena a;
  tournament::ArenaSettings& s = a.settings;
  const std::int64_t now = clock_.wall_ms();
  s.name = request.name;
  s.time_control = time_control;
  s.rated = request.rated;
  s.starts_ms = now + request.starts_in_s * 1000;
  s.ends_ms = s.starts_ms + std::int64_t{request.minutes} * 60'000;
  s.waiting_ms = request.waiting_s * 1000;
  s.password_hash = std::move(password_hash);
  s.max_players = request.max_players;
  store::TournamentRecord r;
  r.kind = "arena";
  r.name = s.name;
  r.owner_user_id = owner;
  r.state = tournament::write_arena(a);
  r.created_ms = now;
  r.starts_ms = s.starts_ms;
  schedule(a, r, now);
  return r;
}

std::optional<wire::TournamentListItem> ArenaService::summary(const store::TournamentRecord& r) {
  auto a = tournament::read_arena(r.state);
  if (!a) return std::nullopt;
  wire::TournamentListItem s;
  s.id = r.id;
  s.name = r.name;
  s.kind = r.kind;
  s.status = std::string(store::to_string(r.status));
  s.time_control = a->settings.time_control;
  s.players = static_cast<int>(a->entrants.size());
  s.starts_ms = a->settings.starts_ms;
  s.rated = a->settings.rated;
  s.password = !a->settings.password_hash.empty();
  s.ends_ms = a->settings.ends_ms;
  s.minutes = static_cast<int>((a->settings.ends_ms - a->settings.starts_ms) / 60'000);
  return s;
}

HttpReply ArenaService::show(const store::TournamentRecord& r,
                             const std::optional<store::UserRecord>& viewer) {
  auto a = tournament::read_arena(r.state);
  if (!a) return from_error(a.error());
  auto item = summary(r);
  if (!item) return error_reply(500, "internal", "the arena's text cannot be read");
  wire::ArenaView v;
  v.summary = std::move(*item);
  if (auto owner = store_.user_by_id(r.owner_user_id); owner && *owner) v.owner = (*owner)->name;
  v.waiting_s = a->settings.waiting_ms / 1000;
  v.max_players = a->settings.max_players;
  const auto players = tournament::arena_players(*a);
  const auto order = tournament::arena_ranking(players);
  for (std::size_t k = 0; k < order.size(); ++k) {
    const tournament::ArenaPlayer& p = players[order[k]];
    wire::ArenaPlayerView pv;
    pv.rank = static_cast<int>(k + 1);
    pv.name = p.name;
    pv.rating = p.rating;
    pv.points = p.points();
    pv.games = static_cast<int>(p.sheet.size());
    pv.performance = tournament::arena_performance(p);
    pv.fire = tournament::on_fire(p.sheet);
    pv.paused = p.paused;
    pv.playing = p.playing;
    for (const auto& s : p.sheet) pv.sheet.push_back({s.outcome, s.points, s.on_fire});
    if (viewer && viewer->id == p.account) {
      wire::ArenaMeView me{p.name, pv.rank, p.paused, std::nullopt};
      for (const auto& g : a->games) {
        if (g.result == "*" && !g.game.empty() && (g.white == p.account || g.black == p.account))
          me.game = g.game;
      }
      v.me = std::move(me);
    }
    v.players.push_back(std::move(pv));
  }
  for (auto it = a->games.rbegin(); it != a->games.rend() && v.games.size() < kGamesShown; ++it) {
    v.games.push_back({it->game, name_of(*a, it->white), name_of(*a, it->black), it->result,
                       it->plies, it->started_ms, it->counted > 0});
  }
  v.now_ms = clock_.wall_ms();
  return json_reply(200, wire::write_arena(v));
}

// ------------------------------------------------------------------ joining and pausing

HttpReply ArenaService::join(std::string_view id, const store::UserRecord& user,
                             const std::string& password) {
  std::optional<HttpReply> refusal;
  int place = 0;
  const std::int64_t now = clock_.wall_ms();
  auto done = change(id, [&](tournament::OnlineArena& a, store::TournamentRecord&) {
    if (!a.settings.password_hash.empty() && a.entrant_of(user.id) == nullptr &&
        !account::verify_password(a.settings.password_hash, password)) {
      refusal = error_reply(403, "forbidden", "the event's password is not that", "password");
      return Result<void>{};
    }
    auto rating = event_rating(store_, user.id, a.settings.time_control);
    if (!rating) return Result<void>{tl::unexpected(rating.error())};
    auto entered = tournament::arena_enter(a, user.id, user.name, *rating, now);
    if (!entered) {
      refusal =
          error_reply(409, "protocol-state", entered.error().message, entered.error().where.field);
      return Result<void>{};
    }
    place = *entered;
    return Result<void>{};
  });
  if (refusal) return *refusal;
  if (!done) return from_error(done.error());
  return json_reply(200, "{\"entry\":" + std::to_string(place) + "}");
}

HttpReply ArenaService::pause(std::string_view id, const store::UserRecord& user) {
  std::optional<HttpReply> refusal;
  auto done = change(id, [&](tournament::OnlineArena& a, store::TournamentRecord&) {
    if (auto ok = tournament::arena_pause(a, user.id); !ok) {
      refusal = error_reply(409, "protocol-state", ok.error().message, ok.error().where.field);
    }
    return Result<void>{};
  });
  if (refusal) return *refusal;
  if (!done) return from_error(done.error());
  return json_reply(200, "{}");
}

// ------------------------------------------------------------------ the director

void ArenaService::direct(const store::TournamentRecord& record) {
  const std::int64_t now = clock_.wall_ms();
  const auto fail = [&](const Error& e) {
    std::fprintf(stderr, "arbiter serve: arena %s: %s\n", record.id.c_str(), e.describe().c_str());
  };
  auto paired = change(record.id, [&](tournament::OnlineArena& a, store::TournamentRecord& r) {
    (void)tournament::arena_pair(a, now, options_.min_wait_ms);
    schedule(a, r, now);
    return Result<void>{};
  });
  if (!paired) return fail(paired.error());
  if (auto ok = create_games(record.id); !ok) fail(ok.error());
  bool sweep_now = false;
  {
    std::lock_guard lock(swept_mutex_);
    auto& last = swept_[record.id];
    if (now - last >= options_.sweep_ms || paired->status == store::TournamentStatus::Finished) {
      last = now;
      sweep_now = true;
    }
    if (paired->status == store::TournamentStatus::Finished) swept_.erase(record.id);
  }
  if (sweep_now) {
    if (auto ok = sweep(record.id); !ok) fail(ok.error());
  }
}

Result<void> ArenaService::create_games(const std::string& id) {
  auto found = store_.find_tournament(id);
  if (!found) return tl::unexpected(found.error());
  if (!*found) return {};
  auto a = tournament::read_arena((*found)->state);
  if (!a) return tl::unexpected(a.error());
  // The games first, then their ids in one change: a crash between the two leaves games
  // nobody was sent to, and the pairings get new ones at the next look.
  std::vector<std::size_t> wanted;
  std::vector<PairedGame> games;
  for (std::size_t i = 0; i < a->games.size(); ++i) {
    const tournament::ArenaGame& g = a->games[i];
    if (!g.game.empty() || g.result != "*") continue;
    PairedGame p;
    p.white = SeatAccount{g.white, name_of(*a, g.white)};
    p.black = SeatAccount{g.black, name_of(*a, g.black)};
    p.time_control = a->settings.time_control;
    p.rated = a->settings.rated;
    p.tournament = id;
    p.waiting_ms = a->settings.waiting_ms;
    wanted.push_back(i);
    games.push_back(std::move(p));
  }
  if (games.empty()) return {};
  const MadeGames created = create_event_games(registry_, games);
  if (!created.made.empty()) {
    auto stored = change(id, [&](tournament::OnlineArena& now, store::TournamentRecord&) {
      for (const auto& [k, game] : created.made) {
        const std::size_t i = wanted[k];
        if (i < now.games.size() && now.games[i].game.empty()) now.games[i].game = game;
      }
      return Result<void>{};
    });
    if (!stored) return tl::unexpected(stored.error());
  }
  if (created.failed) return tl::unexpected(*created.failed);
  return {};
}

void ArenaService::record(const TournamentGameEnd& end) {
  const std::int64_t now = clock_.wall_ms();
  auto done = change(end.tournament, [&](tournament::OnlineArena& a, store::TournamentRecord&) {
    (void)tournament::arena_record(a, end.game_id, end.result, end.plies, now);
    return Result<void>{};
  });
  if (!done) {
    std::fprintf(stderr, "arbiter serve: arena %s: cannot record game %s: %s\n",
                 end.tournament.c_str(), end.game_id.c_str(), done.error().describe().c_str());
  }
}

Result<void> ArenaService::sweep(const std::string& id) {
  auto found = store_.find_tournament(id);
  if (!found) return tl::unexpected(found.error());
  if (!*found) return {};
  auto a = tournament::read_arena((*found)->state);
  if (!a) return tl::unexpected(a.error());
  for (const tournament::ArenaGame& g : a->games) {
    if (g.game.empty() || g.result != "*") continue;
    auto game = store_.load_game(g.game);
    if (!game) return tl::unexpected(game.error());
    if (game->header.status == store::GameStatus::Ended) {
      record({g.game, id, game->header.result, static_cast<int>(game->moves.size())});
    }
  }
  return {};
}

}  // namespace arbiter::server
