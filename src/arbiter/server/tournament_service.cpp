#include "arbiter/server/tournament_service.hpp"

#include <algorithm>

#include "arbiter/account/user_name.hpp"
#include "arbiter/clock/time_control.hpp"
#include "arbiter/server/event_record.hpp"
#include "arbiter/server/rest_reply.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/tournament/online_rules.hpp"
#include "arbiter/tournament/tiebreak_spec.hpp"
#include "arbiter/tournament/trf.hpp"
#include "arbiter/wire/tournament_json.hpp"

namespace arbiter::server {

namespace {

constexpr std::int64_t kInPlayLook = 1'000;

HttpReply store_error(const Error& e) { return event_store_error(e); }

std::string status_text(store::TournamentStatus s) { return std::string(store::to_string(s)); }

wire::TournamentListItem summary_of(const store::TournamentRecord& r,
                                    const tournament::OnlineEvent& e) {
  wire::TournamentListItem s;
  s.id = r.id;
  s.name = r.name;
  s.kind = r.kind;
  s.status = status_text(r.status);
  s.time_control = e.settings.time_control;
  s.rounds = e.settings.rounds;
  s.round = e.paired();
  s.players = static_cast<int>(std::count_if(e.entrants.begin(), e.entrants.end(),
                                             [](const auto& p) { return !p.withdrawn_after; }));
  s.starts_ms = e.settings.starts_ms;
  s.rated = e.settings.rated;
  s.password = !e.settings.password_hash.empty();
  return s;
}

// The due time of an event in this state: the next round's pairing, or soon while a round
// is in play (its last games may need creating; results come by notice, or the sweep).
store::WallMs due_of(const tournament::OnlineEvent& e, store::WallMs now, std::int64_t sweep_ms) {
  if (tournament::finished(e)) return 0;
  if (auto at = tournament::next_round_at(e)) return std::max<store::WallMs>(*at, 1);
  return now + sweep_ms;
}

}  // namespace

TournamentService::TournamentService(store::Store& store, GameRegistry& registry,
                                     const RoomClock& clock, std::shared_ptr<AccountApi> accounts,
                                     TournamentOptions options)
    : store_(store),
      registry_(registry),
      clock_(clock),
      accounts_(std::move(accounts)),
      options_(std::move(options)),
      arenas_(
          store, registry, clock,
          ArenaOptions{options_.arena.pairing_ms, options_.arena.min_wait_ms, options_.sweep_ms}),
      pool_(std::make_unique<WorkerPool>(1)) {}

TournamentService::~TournamentService() { pool_.reset(); }

bool TournamentService::owns(std::string_view target) noexcept {
  const std::string_view path = target.substr(0, target.find('?'));
  return path == "/api/tournaments" || path.starts_with("/api/tournaments/");
}

// ------------------------------------------------------------------ the event's changes

Result<store::TournamentRecord> TournamentService::change(std::string_view id, const Change& f) {
  return change_event_record(store_, id, [&](store::TournamentRecord& r) -> Result<void> {
    auto e = tournament::read_event(r.state);
    if (!e) return tl::unexpected(e.error());
    if (auto ok = f(*e, r); !ok) return ok;
    r.state = tournament::write_event(*e);
    return {};
  });
}

void TournamentService::game_ended(TournamentGameEnd end) {
  pool_->post([this, end = std::move(end)] { record(end); });
}

Result<std::optional<std::string>> TournamentService::kind_of(std::string_view id) {
  auto found = store_.find_tournament(id);
  if (!found) return tl::unexpected(found.error());
  if (!*found) return std::optional<std::string>{};
  return std::optional<std::string>{(*found)->kind};
}

void TournamentService::record(const TournamentGameEnd& end) {
  if (auto kind = kind_of(end.tournament); kind && *kind == std::optional<std::string>("arena")) {
    return arenas_.record(end);
  }
  const store::WallMs now = clock_.wall_ms();
  auto done = change(end.tournament, [&](tournament::OnlineEvent& e, store::TournamentRecord& r) {
    tournament::record_result(e, end.game_id, end.result, now);
    r.due_ms = due_of(e, now, options_.sweep_ms);
    if (tournament::finished(e)) r.status = store::TournamentStatus::Finished;
    return Result<void>{};
  });
  if (!done) {
    std::fprintf(stderr, "arbiter serve: event %s: cannot record game %s: %s\n",
                 end.tournament.c_str(), end.game_id.c_str(), done.error().describe().c_str());
  }
}

void TournamentService::tick() {
  if (directing_.exchange(true)) return;
  pool_->post([this] {
    direct_due();
    directing_ = false;
  });
}

void TournamentService::direct_due() {
  auto due = store_.due_tournaments(clock_.wall_ms(), 100);
  if (!due) {
    std::fprintf(stderr, "arbiter serve: cannot read the events due: %s\n",
                 due.error().describe().c_str());
    return;
  }
  for (const store::TournamentRecord& r : *due) direct(r);
}

void TournamentService::direct(const store::TournamentRecord& record) {
  const store::WallMs now = clock_.wall_ms();
  const auto fail = [&](const Error& e) {
    std::fprintf(stderr, "arbiter serve: event %s: %s\n", record.id.c_str(), e.describe().c_str());
  };
  // A single server leases its events too, under a name of its own.
  const std::string node = options_.node.empty() ? std::string("single") : options_.node;
  auto leased = store_.lease_tournament(record.id, node, now, now + options_.lease_ms);
  if (!leased) return fail(leased.error());
  if (!*leased) return;  // another node directs it
  if (record.kind == "arena") return arenas_.direct(record);
  auto state = tournament::read_event(record.state);
  if (!state) return fail(state.error());
  if (tournament::round_in_play(*state)) {
    if (auto ok = create_games(record.id); !ok) return fail(ok.error());
    if (auto ok = sweep(record.id); !ok) return fail(ok.error());
    return;
  }
  // A round is due (or the event is over): pair it, then make its games.
  auto paired = change(record.id, [&](tournament::OnlineEvent& e, store::TournamentRecord& r) {
    if (tournament::round_in_play(e)) return Result<void>{};  // another look came first
    const auto at = tournament::next_round_at(e);
    const int playing =
        static_cast<int>(std::count_if(e.entrants.begin(), e.entrants.end(), [&](const auto& p) {
          return tournament::plays_in(p, e.paired() + 1);
        }));
    if (at && *at <= now && playing < 2 && e.paired() == 0) {
      // Nobody to pair at the start: the event does not take place.
      e.settings.rounds = 0;
      r.status = store::TournamentStatus::Finished;
      r.due_ms = 0;
      return Result<void>{};
    }
    if (at && *at <= now) {
      if (auto ok = tournament::pair_next_round(e, now); !ok) return ok;
      r.status = store::TournamentStatus::Running;
    }
    if (tournament::finished(e)) r.status = store::TournamentStatus::Finished;
    r.due_ms = due_of(e, now, options_.sweep_ms);
    if (tournament::round_in_play(e)) r.due_ms = now + kInPlayLook;
    return Result<void>{};
  });
  if (!paired) return fail(paired.error());
  if (auto ok = create_games(record.id); !ok) return fail(ok.error());
}

Result<void> TournamentService::create_games(const std::string& id) {
  auto found = store_.find_tournament(id);
  if (!found) return tl::unexpected(found.error());
  if (!*found) return {};
  auto e = tournament::read_event((*found)->state);
  if (!e) return tl::unexpected(e.error());
  if (!tournament::round_in_play(*e)) return {};
  // The games first, then their ids in one change: a crash between the two leaves games
  // nobody was sent to, and the boards get new ones at the next look.
  std::vector<std::size_t> wanted;
  std::vector<PairedGame> games;
  const auto& boards = e->rounds.back().boards;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (!boards[i].game.empty()) continue;
    const tournament::Entrant* w = e->entrant(boards[i].white);
    const tournament::Entrant* b = e->entrant(boards[i].black);
    PairedGame g;
    g.white = SeatAccount{w->account, w->name};
    g.black = SeatAccount{b->account, b->name};
    g.time_control = e->settings.time_control;
    g.rated = e->settings.rated;
    g.tournament = id;
    g.waiting_ms = e->settings.waiting_ms;
    wanted.push_back(i);
    games.push_back(std::move(g));
  }
  const MadeGames created = create_event_games(registry_, games);
  const auto& made = created.made;
  const auto& failed = created.failed;
  if (made.empty()) return failed ? Result<void>{tl::unexpected(*failed)} : Result<void>{};
  const int round = e->paired();
  auto stored = change(id, [&](tournament::OnlineEvent& now, store::TournamentRecord&) {
    if (now.paired() != round) return Result<void>{};
    auto& bs = now.rounds.back().boards;
    for (const auto& [k, game] : made) {
      const std::size_t i = wanted[k];
      if (i < bs.size() && bs[i].game.empty()) bs[i].game = game;
    }
    return Result<void>{};
  });
  if (!stored) return tl::unexpected(stored.error());
  if (failed) return tl::unexpected(*failed);  // the boards without games get them next time
  return {};
}

Result<void> TournamentService::sweep(const std::string& id) {
  auto found = store_.find_tournament(id);
  if (!found) return tl::unexpected(found.error());
  if (!*found) return {};
  auto e = tournament::read_event((*found)->state);
  if (!e) return tl::unexpected(e.error());
  std::vector<TournamentGameEnd> ended;
  if (tournament::round_in_play(*e)) {
    for (const tournament::EventBoard& b : e->rounds.back().boards) {
      if (b.game.empty() || b.result != "*") continue;
      auto game = store_.load_game(b.game);
      if (!game) return tl::unexpected(game.error());
      if (game->header.status == store::GameStatus::Ended) {
        ended.push_back({b.game, id, game->header.result});
      }
    }
  }
  for (const auto& end : ended) record(end);
  // Look again after the sweep's interval, unless a result made the round due sooner.
  auto touched = change(id, [&](tournament::OnlineEvent& now, store::TournamentRecord& r) {
    r.due_ms = due_of(now, clock_.wall_ms(), options_.sweep_ms);
    return Result<void>{};
  });
  if (!touched) return tl::unexpected(touched.error());
  return {};
}

// ------------------------------------------------------------------ REST

HttpReply TournamentService::handle(const HttpRequest& request) {
  std::string_view target = request.target;
  std::string_view query;
  if (const auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  const auto parts = split_path(target);  // api tournaments [id [action]]
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";
  if (parts.size() == 2) {
    if (post) return create(request);
    if (get) return list(query);
    return error_reply(405, "method", "GET or POST");
  }
  const std::string_view id = parts[2];
  if (parts.size() == 3) {
    if (!get) return error_reply(405, "method", "GET only");
    return show(request, id);
  }
  if (parts.size() == 4 && parts[3] == "trf") {
    if (!get) return error_reply(405, "method", "GET only");
    return trf(id);
  }
  if (parts.size() == 4 && (parts[3] == "join" || parts[3] == "withdraw" || parts[3] == "pause")) {
    if (!post) return error_reply(405, "method", "POST only");
    if (parts[3] == "join") return join(request, id);
    return withdraw(request, id, parts[3] == "pause");
  }
  return error_reply(404, "not-found", "no such endpoint");
}

HttpReply TournamentService::create(const HttpRequest& request) {
  if (!accounts_) return error_reply(404, "not-found", "this server has no accounts");
  auto acting = accounts_->acting_account(request);
  if (!acting) return std::move(acting.error());
  if (!*acting) return error_reply(401, "login", "log in to create an event", "session");
  const store::UserRecord& owner = **acting;
  auto req = wire::parse_tournament_request(request.body);
  if (!req) return from_error(req.error());

  std::string tc_text = req->time_control;
  for (const auto& p : presets()) {
    if (p.id == tc_text) tc_text = p.time_control;
  }
  auto tc = clock::TimeControl::parse(tc_text);
  if (!tc) {
    Error e = tc.error();
    e.where.field = "time_control";
    return from_error(e);
  }
  if (tc->days_per_move() > 0) {
    return error_reply(400, "invalid-argument", "an event is played over the board, not by days",
                       "time_control");
  }
  if (req->kind == "arena") {
    std::string hash;
    if (!req->password.empty()) {
      auto hashed = account::hash_password(req->password, options_.cost);
      if (!hashed) return from_error(hashed.error());
      hash = std::move(*hashed);
    }
    auto r = arenas_.make(*req, tc->to_string(), std::move(hash), owner.id);
    if (!r) return from_error(r.error());
    return store_new(owner, std::move(*r));
  }
  tournament::OnlineEvent e;
  tournament::EventSettings& s = e.settings;
  s.name = req->name;
  s.time_control = tc->to_string();
  s.rounds = req->rounds;
  s.rated = req->rated;
  const store::WallMs now = clock_.wall_ms();
  s.starts_ms = now + req->starts_in_s * 1000;
  s.interval_ms = req->interval_s * 1000;
  s.waiting_ms = req->waiting_s * 1000;
  s.late = req->late == "half" ? tournament::LatePoints::Half : tournament::LatePoints::Zero;
  s.max_players = req->max_players;
  // C.07: the creator's tie-breaks, checked now; none given: the Swiss default.
  s.tiebreaks = req->tiebreaks.empty() ? std::string("BH/C1,BH,SB,DE") : req->tiebreaks;
  if (auto specs = tournament::parse_tiebreaks(s.tiebreaks); !specs) {
    Error err = specs.error();
    err.where.field = "tiebreaks";
    return from_error(err);
  }
  if (!req->password.empty()) {
    auto hash = account::hash_password(req->password, options_.cost);
    if (!hash) return from_error(hash.error());
    s.password_hash = std::move(*hash);
  }
  for (const auto& [a, b] : req->forbidden) {
    std::int64_t ids[2] = {0, 0};
    const std::string* names[2] = {&a, &b};
    for (int i = 0; i < 2; ++i) {
      auto user = store_.find_user(account::name_key(*names[i]));
      if (!user) return store_error(user.error());
      if (!*user) {
        return error_reply(400, "invalid-argument", "no account is named " + *names[i],
                           "forbidden");
      }
      ids[i] = (*user)->id;
    }
    s.forbidden.emplace_back(ids[0], ids[1]);
  }
  store::TournamentRecord r;
  r.kind = "swiss";
  r.name = s.name;
  r.owner_user_id = owner.id;
  r.status = store::TournamentStatus::Created;
  r.state = tournament::write_event(e);
  r.created_ms = now;
  r.starts_ms = s.starts_ms;
  r.due_ms = std::max<store::WallMs>(s.starts_ms, 1);
  return store_new(owner, std::move(r));
}

HttpReply TournamentService::store_new(const store::UserRecord& owner, store::TournamentRecord r) {
  auto open = store_.list_tournaments(std::nullopt, 1000);
  if (!open) return store_error(open.error());
  const auto mine = std::count_if(open->begin(), open->end(), [&](const auto& x) {
    return x.owner_user_id == owner.id && x.status != store::TournamentStatus::Finished;
  });
  if (mine >= options_.max_open_per_owner) {
    return error_reply(409, "protocol-state",
                       "you have " + std::to_string(mine) + " events not finished already",
                       "owner");
  }
  for (int attempt = 0; attempt < 5; ++attempt) {
    r.id = random_game_id();
    auto created = store_.create_tournament(r);
    if (created) return json_reply(201, "{\"id\":\"" + r.id + "\"}");
    if (created.error().where.field != "id") return from_error(created.error());
  }
  return error_reply(500, "internal", "no free event id");
}

HttpReply TournamentService::list(std::string_view query) {
  std::optional<store::TournamentStatus> status;
  if (auto s = query_param(query, "status"); s && !s->empty() && *s != "all") {
    status = store::parse_tournament_status(*s);
    if (!status) {
      return error_reply(400, "invalid-argument", "status must be created, running or finished",
                         "status");
    }
  }
  auto rows = store_.list_tournaments(status, 100);
  if (!rows) return store_error(rows.error());
  std::vector<wire::TournamentListItem> items;
  for (const auto& r : *rows) {
    if (r.kind == "arena") {
      if (auto item = ArenaService::summary(r)) items.push_back(std::move(*item));
      continue;
    }
    auto e = tournament::read_event(r.state);
    if (!e) continue;  // an event whose text cannot be read is not listed (logged at direction)
    items.push_back(summary_of(r, *e));
  }
  return json_reply(200, wire::write_tournament_list(items));
}

HttpReply TournamentService::show(const HttpRequest& request, std::string_view id) {
  auto found = store_.find_tournament(id);
  if (!found) return store_error(found.error());
  if (!*found) return error_reply(404, "not-found", "no such event");
  const store::TournamentRecord& r = **found;
  if (r.kind == "arena") {
    return arenas_.show(r, accounts_ ? accounts_->account_of(request) : std::nullopt);
  }
  auto e = tournament::read_event(r.state);
  if (!e) return from_error(e.error());
  wire::TournamentView v;
  v.summary = summary_of(r, *e);
  if (auto owner = store_.user_by_id(r.owner_user_id); owner && *owner) v.owner = (*owner)->name;
  const auto& s = e->settings;
  v.interval_s = s.interval_ms / 1000;
  v.waiting_s = s.waiting_ms / 1000;
  v.late = s.late == tournament::LatePoints::Half ? "half" : "zero";
  if (auto specs = tournament::parse_tiebreaks(s.tiebreaks)) {
    for (const auto& spec : *specs) v.tiebreaks.push_back(tournament::to_string(spec));
  }
  v.max_players = s.max_players;
  v.round_in_play = tournament::round_in_play(*e);
  v.next_round_ms = tournament::next_round_at(*e);
  v.now_ms = clock_.wall_ms();
  for (const auto& p : e->entrants) {
    v.players.push_back({p.entry, p.name, p.rating, p.first_round, p.withdrawn_after.has_value()});
  }
  for (const auto& round : e->rounds) {
    wire::TournamentRoundView rv{round.number, round.started_ms, round.finished_ms, round.bye, {}};
    for (const auto& b : round.boards) rv.boards.push_back({b.white, b.black, b.game, b.result});
    v.rounds.push_back(std::move(rv));
  }
  auto standings = tournament::event_standings(*e);
  if (!standings) return from_error(standings.error());
  auto trf = tournament::to_trf(*e);
  if (!trf) return from_error(trf.error());
  const auto ids = tournament::trf_ids(*e);
  std::vector<int> entry_of(ids.size() + 1, 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] != 0) entry_of[static_cast<std::size_t>(ids[i])] = static_cast<int>(i + 1);
  }
  for (const auto& row : standings->rows) {
    const tournament::Player* p = trf->find(row.id);
    wire::TournamentStandingView sv;
    sv.rank = row.rank;
    sv.entry = entry_of[static_cast<std::size_t>(row.id)];
    sv.name = p->name;
    sv.rating = p->rating;
    sv.points = tournament::format_points(row.points);
    for (const auto& value : row.values) sv.tiebreaks.push_back(tournament::format_value(value));
    for (std::size_t k = 0; k < p->rounds.size(); ++k) {
      const auto& x = p->rounds[k];
      sv.results.push_back({static_cast<int>(k + 1),
                            x.opponent ? entry_of[static_cast<std::size_t>(x.opponent)] : 0,
                            static_cast<char>(x.colour), static_cast<char>(x.result)});
    }
    v.standings.push_back(std::move(sv));
  }
  if (accounts_) {
    if (auto viewer = accounts_->account_of(request)) {
      if (const tournament::Entrant* me = e->entrant_of(viewer->id)) {
        wire::TournamentMeView m{me->entry, me->withdrawn_after.has_value(), std::nullopt};
        if (tournament::round_in_play(*e)) {
          for (const auto& b : e->rounds.back().boards) {
            if ((b.white == me->entry || b.black == me->entry) && !b.game.empty()) m.game = b.game;
          }
        }
        v.me = std::move(m);
      }
    }
  }
  return json_reply(200, wire::write_tournament(v));
}

HttpReply TournamentService::join(const HttpRequest& request, std::string_view id) {
  if (!accounts_) return error_reply(404, "not-found", "this server has no accounts");
  auto acting = accounts_->acting_account(request);
  if (!acting) return std::move(acting.error());
  if (!*acting) return error_reply(401, "login", "log in to enter an event", "session");
  const store::UserRecord user = **acting;
  auto password = wire::parse_tournament_join(request.body);
  if (!password) return from_error(password.error());
  auto kind = kind_of(id);
  if (!kind) return store_error(kind.error());
  if (!*kind) return error_reply(404, "not-found", "no such event");
  if (**kind == "arena") return arenas_.join(id, user, *password);
  std::optional<HttpReply> refusal;
  tournament::EntryNo entry = 0;
  auto done = change(id, [&](tournament::OnlineEvent& e, store::TournamentRecord& r) {
    if (r.status == store::TournamentStatus::Finished) {
      refusal = error_reply(409, "protocol-state", "the event is over", "finished");
      return Result<void>{};
    }
    if (!e.settings.password_hash.empty() &&
        !account::verify_password(e.settings.password_hash, *password)) {
      refusal = error_reply(403, "forbidden", "the event's password is not that", "password");
      return Result<void>{};
    }
    if (e.settings.rated && user.id == 0) {
      refusal = error_reply(409, "protocol-state", "log in to play a rated event", "rated");
      return Result<void>{};
    }
    auto rating = event_rating(store_, user.id, e.settings.time_control);
    if (!rating) return Result<void>{tl::unexpected(rating.error())};
    auto entered = tournament::enter(e, user.id, user.name, *rating);
    if (!entered) {
      refusal =
          error_reply(409, "protocol-state", entered.error().message, entered.error().where.field);
      return Result<void>{};
    }
    entry = *entered;
    return Result<void>{};
  });
  if (refusal) return *refusal;
  if (!done) {
    if (done.error().where.field == "id") return error_reply(404, "not-found", "no such event");
    return from_error(done.error());
  }
  return json_reply(200, "{\"entry\":" + std::to_string(entry) + "}");
}

HttpReply TournamentService::withdraw(const HttpRequest& request, std::string_view id, bool pause) {
  if (!accounts_) return error_reply(404, "not-found", "this server has no accounts");
  auto acting = accounts_->acting_account(request);
  if (!acting) return std::move(acting.error());
  if (!*acting) return error_reply(401, "login", "log in first", "session");
  auto kind = kind_of(id);
  if (!kind) return store_error(kind.error());
  if (!*kind) return error_reply(404, "not-found", "no such event");
  if (**kind == "arena") return arenas_.pause(id, **acting);
  if (pause) {
    return error_reply(409, "protocol-state", "only an arena's players pause; withdraw instead",
                       "kind");
  }
  const std::int64_t user = (*acting)->id;
  std::optional<HttpReply> refusal;
  auto done = change(id, [&](tournament::OnlineEvent& e, store::TournamentRecord&) {
    if (auto ok = tournament::withdraw(e, user); !ok) {
      refusal = error_reply(409, "protocol-state", ok.error().message, ok.error().where.field);
    }
    return Result<void>{};
  });
  if (refusal) return *refusal;
  if (!done) {
    if (done.error().where.field == "id") return error_reply(404, "not-found", "no such event");
    return from_error(done.error());
  }
  return json_reply(200, "{}");
}

HttpReply TournamentService::trf(std::string_view id) {
  auto found = store_.find_tournament(id);
  if (!found) return store_error(found.error());
  if (!*found) return error_reply(404, "not-found", "no such event");
  if ((*found)->kind == "arena") {
    return error_reply(409, "protocol-state", "an arena is not a FIDE system and has no TRF",
                       "kind");
  }
  auto e = tournament::read_event((*found)->state);
  if (!e) return from_error(e.error());
  auto t = tournament::to_trf(*e);
  if (!t) return from_error(t.error());
  HttpReply reply{200, "text/plain; charset=utf-8", tournament::write_trf(*t), {}, {}};
  reply.content_disposition = "attachment; filename=\"" + std::string(id) + ".trf\"";
  return reply;
}

}  // namespace arbiter::server
