#include "arbiter/server/game_api.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <vector>

#include "arbiter/rating/glicko2.hpp"
#include "arbiter/server/pgn_api.hpp"
#include "arbiter/server/pgn_tags.hpp"
#include "arbiter/server/rest_reply.hpp"

namespace arbiter::server {
namespace {

std::optional<int> parse_int(std::string_view text) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

wire::GameListItem list_item(const store::GameSummary& s) {
  wire::GameListItem g;
  g.id = s.id;
  g.white = s.white;
  g.black = s.black;
  g.time_control = s.time_control;
  g.variant = s.variant;
  g.status = std::string(store::to_string(s.status));
  g.result = s.result;
  if (!s.reason.empty()) g.termination = s.reason;
  g.plies = s.plies;
  g.updated_ms = s.updated_ms;
  return g;
}

}  // namespace

GameApi::GameApi(GameRegistry& registry, const TimeSource& time, RateLimit limit,
                 RateLimit creations)
    : registry_(registry),
      time_(time),
      creation_limit_(creations),
      buckets_(limit),
      creations_(creations, time.now()),
      waiting_(std::make_unique<WorkerPool>(kWaitingThreads)) {}

bool GameApi::allow(const std::string& remote) {
  std::lock_guard lock{mutex_};
  return buckets_.take(remote, time_.now());
}

bool GameApi::allow_creation() {
  std::lock_guard lock{mutex_};
  return creations_.take(creation_limit_, time_.now());
}

HttpReply GameApi::handle(const HttpRequest& request) {
  if (!allow(request.remote)) {
    return error_reply(429, "rate-limited", "too many requests; slow down");
  }
  if (accounts_ && AccountApi::owns(request.target)) return accounts_->handle(request);
  if (profiles_ && ProfileApi::owns(request.target)) return profiles_->handle(request);
  if (lobby_ && LobbyApi::owns(request.target)) return lobby_->handle(request);
  if (tournaments_ && TournamentService::owns(request.target)) return tournaments_->handle(request);
  if (analyses_ && AnalysisService::owns(request.target)) return analyses_->handle(request);
  return route(request);
}

tl::expected<wire::CreateGameRequest, HttpReply> GameApi::admit_creation(
    const HttpRequest& request) {
  auto req = wire::parse_create_request(request.body);
  if (!req) return tl::unexpected(from_error(req.error()));
  if (!allow_creation()) {
    return tl::unexpected(
        error_reply(503, "busy", "the server creates no more games just now; try again soon"));
  }
  return std::move(*req);
}

HttpReply GameApi::created_reply(const Result<CreatedGame>& created) {
  if (!created) return from_error(created.error());
  return json_reply(201,
                    wire::write_create_response(created->room->id(), created->seat, created->token,
                                                created->invite, created->room->state()));
}

void GameApi::handle_async(const HttpRequest& request, Respond respond) {
  const std::string_view target = request.target;
  const auto parts = split_path(target.substr(0, target.find('?')));
  if ((accounts_ && AccountApi::owns(target)) || (profiles_ && ProfileApi::owns(target)) ||
      (lobby_ && LobbyApi::owns(target)) || (tournaments_ && TournamentService::owns(target)) ||
      (analyses_ && AnalysisService::owns(target))) {
    // Argon2id takes about 0.1 s of a core: on the pool, never on a network thread.
    waiting_->post([this, request, respond = std::move(respond)] { respond(handle(request)); });
    return;
  }
  if (parts.size() == 4 && parts[1] == "games" && parts[3] == "pgn") {
    // The PGN reads the game's rating changes from the store: on the pool.
    waiting_->post([this, request, respond = std::move(respond)] { respond(handle(request)); });
    return;
  }
  if (request.method == "POST" && parts.size() == 4 && parts[1] == "games" && parts[3] == "join") {
    // GameRoom::join waits for the seat's commit: on the pool, not on a network thread.
    waiting_->post([this, request, respond = std::move(respond)] { respond(handle(request)); });
    return;
  }
  if (request.method != "POST" || parts.size() != 2 || parts[1] != "games") {
    respond(handle(request));
    return;
  }
  if (!allow(request.remote)) {
    respond(error_reply(429, "rate-limited", "too many requests; slow down"));
    return;
  }
  const auto create = [this](const HttpRequest& r, Respond done, const SeatAccount& creator) {
    auto req = admit_creation(r);
    if (!req) {
      done(std::move(req.error()));
      return;
    }
    // The game's state for the reply waits for the room's own first commit (a computer
    // game's start), which the writer's thread completes: it is read on the pool, never on
    // the writer's thread (where it waited 10 s for itself, before this).
    registry_.create_async(
        *req,
        [this, done = std::move(done)](Result<CreatedGame> created) mutable {
          waiting_->post([created = std::move(created), done = std::move(done)] {
            done(created_reply(created));
          });
        },
        creator);
  };
  if (has_session(request)) {
    // Whose session it is is read from the store: on the pool, not on a network thread.
    waiting_->post([this, request, create, respond = std::move(respond)]() mutable {
      create(request, std::move(respond), seat_account(request));
    });
    return;
  }
  create(request, std::move(respond), {});
}

bool GameApi::has_session(const HttpRequest& request) const {
  if (!accounts_) return false;
  const auto secret = cookie_value(request.cookie, kSessionCookie);
  return secret && !secret->empty();
}

SeatAccount GameApi::seat_account(const HttpRequest& request) {
  if (!has_session(request)) return {};
  auto account = accounts_->account_of(request);
  if (!account) return {};
  return SeatAccount{account->id, account->name};
}

HttpReply GameApi::route(const HttpRequest& request) {
  std::string_view target = request.target;
  std::string_view query;
  if (const auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  const auto parts = split_path(target);  // "api", ...
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";
  if (test_clock_ != nullptr && parts.size() == 3 && parts[1] == "test" && parts[2] == "clock") {
    if (!post) return error_reply(405, "method", "POST only");
    auto advance = wire::parse_clock_advance(request.body);
    if (!advance) return from_error(advance.error());
    test_clock_->advance(Millis{*advance});
    return json_reply(200, "{\"wall_ms\":" + std::to_string(test_clock_->wall_ms()) + "}");
  }
  if (parts.size() == 2 && parts[1] == "fen") {
    // Issue #17 item 8: the board editor's check of a position, by the rules of
    // docs/fen.md, before "play from here".
    if (!post) return error_reply(405, "method", "POST only");
    auto fen = wire::parse_fen_check(request.body);
    if (!fen) return from_error(fen.error());
    auto start = start_fen_from(*fen, false);
    if (!start) return from_error(start.error());
    return json_reply(200, wire::write_fen_check(*start));
  }
  if (parts.size() == 2 && parts[1] == "pgn") {
    return pgn_import_reply(request);  // issue #18 item 5: the PGN viewer's import
  }
  if (parts.size() == 2 && parts[1] == "presets") {
    if (!get) return error_reply(405, "method", "GET only");
    return json_reply(200, wire::write_presets(presets()));
  }
  if (parts.size() < 2 || parts[1] != "games") {
    return error_reply(404, "not-found", "no such endpoint");
  }
  if (parts.size() == 2) {
    if (post) {
      auto req = admit_creation(request);
      if (!req) return std::move(req.error());
      return created_reply(registry_.create(*req, seat_account(request)));
    }
    if (!get) return error_reply(405, "method", "GET or POST");
    int limit = 50;
    if (auto l = query_param(query, "limit")) {
      auto n = parse_int(*l);
      if (!n || *n < 1 || *n > 1000)
        return error_reply(400, "invalid-argument", "limit must be 1..1000", "limit");
      limit = *n;
    }
    std::vector<store::GameSummary> rows;
    const auto status = query_param(query, "status");
    std::vector<std::optional<store::GameStatus>> wanted;
    // A game that has not started (status created: a friend game waiting for its invitee,
    // whose seat only the invitation opens) is never listed (docs/security.md).
    if (!status || status->empty() || *status == "all") {
      wanted = {store::GameStatus::Ongoing, store::GameStatus::Ended, store::GameStatus::Aborted};
    } else if (*status == "ongoing") {
      wanted = {store::GameStatus::Ongoing};
    } else if (*status == "recent") {
      wanted = {store::GameStatus::Ended, store::GameStatus::Aborted};
    } else {
      return error_reply(400, "invalid-argument", "status must be ongoing or recent", "status");
    }
    for (const auto& w : wanted) {
      auto list = registry_.list(w, limit);
      if (!list) return from_error(list.error());
      rows.insert(rows.end(), list->begin(), list->end());
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.updated_ms > b.updated_ms; });
    if (rows.size() > static_cast<std::size_t>(limit)) rows.resize(static_cast<std::size_t>(limit));
    std::vector<wire::GameListItem> items;
    for (const auto& r : rows) items.push_back(list_item(r));
    return json_reply(200, wire::write_game_list(items));
  }
  auto [room, owner] = registry_.locate(std::string(parts[2]));
  if (!room && !owner.empty()) {
    if (request.forwarded) {
      return error_reply(503, "moved", "the game is moving between nodes; try again");
    }
    HttpReply forward;
    forward.forward_to = std::move(owner);
    return forward;
  }
  if (!room)
    return error_reply(404, "not-found", "no game '" + std::string(parts[2].substr(0, 64)) + "'",
                       "id");
  if (parts.size() == 3) {
    if (!get) return error_reply(405, "method", "GET only");
    return json_reply(200, wire::write_game_state(room->state()));
  }
  if (parts.size() != 4) return error_reply(404, "not-found", "no such endpoint");
  const std::string_view sub = parts[3];
  if (sub == "join") {
    if (!post) return error_reply(405, "method", "POST only");
    auto req = wire::parse_join_request(request.body);
    if (!req) return from_error(req.error());
    auto joined = room->join(*req, seat_account(request));
    if (!joined) {
      if (joined.error().where.field == "invite") {
        return error_reply(403, "bad-invite", joined.error().message, "invite");
      }
      if (joined.error().where.field == "rated") {
        return error_reply(401, "login", joined.error().message, "rated");
      }
      if (joined.error().code == ErrorCode::kProtocolState) {
        return error_reply(409, "seat-taken", joined.error().message);
      }
      return from_error(joined.error());
    }
    return json_reply(200, wire::write_join_response(joined->seat, joined->token, joined->state));
  }
  if (!get) return error_reply(405, "method", "GET only");
  if (sub == "ratings") {
    // Issue #17: what a rated game did to both ratings (empty until it is rated).
    auto changes = registry_.rating_changes(room->id());
    if (!changes) return from_error(changes.error());
    std::vector<wire::RatingChangeView> views;
    for (std::size_t i = 0; i < changes->size() && i < 2; ++i) {
      const store::RatingChange& c = (*changes)[i];
      const rating::Glicko2Rating after{c.after.rating, c.after.deviation, c.after.volatility};
      views.push_back(
          wire::RatingChangeView{i == 0 ? core::Color::White : core::Color::Black,
                                 static_cast<int>(std::lround(c.before.rating)),
                                 static_cast<int>(std::lround(after.rating)),
                                 static_cast<int>(std::lround(after.deviation)),
                                 rating::is_provisional(after, rating::kOnlineSettings)});
    }
    return json_reply(200, wire::write_rating_changes(views));
  }
  if (sub == "pgn") {
    // Issue #17: the tags a player expects (Event, Site, Date, ratings). The rating changes
    // are read from the store (this route runs on the waiting pool).
    auto ratings = registry_.rating_changes(room->id());
    if (!ratings) return from_error(ratings.error());
    std::string text = room->pgn(game_site(request.host, room->id()), *ratings);
    // Issue #18 item 3: with ?analysis=1, the server's analysis as [%eval] comments, NAGs
    // and the engine's lines, when the game has one.
    if (analyses_ && query_param(query, "analysis") == std::string_view{"1"}) {
      if (auto annotated = analyses_->annotated(room->id(), text)) text = std::move(*annotated);
    }
    return HttpReply{200,
                     "application/x-chess-pgn; charset=utf-8",
                     std::move(text),
                     "attachment; filename=\"arbiter-" + room->id() + ".pgn\"",
                     {}};
  }
  if (sub == "log") {
    // The referee's event log (spec/game-events.md): `arbiter adjudicate` re-reads it to
    // the game's verdict.
    auto log = room->referee_log();
    if (!log) return from_error(log.error());
    return HttpReply{200,
                     "application/x-ndjson; charset=utf-8",
                     std::move(*log),
                     "attachment; filename=\"arbiter-" + room->id() + ".jsonl\"",
                     {}};
  }
  if (sub == "fen") {
    std::optional<int> ply;
    if (auto p = query_param(query, "ply")) {
      ply = parse_int(*p);
      if (!ply) return error_reply(400, "invalid-argument", "ply must be a number", "ply");
    }
    auto fen = room->fen(ply);
    if (!fen) return from_error(fen.error());
    return HttpReply{200, "text/plain; charset=utf-8", *fen, {}, {}};
  }
  return error_reply(404, "not-found", "no such endpoint");
}

std::shared_ptr<SocketHandler> GameApi::socket_for(std::string_view target) {
  return route_socket(target, true).handler;
}

SocketRoute GameApi::route_socket(std::string_view target, bool forwarded) {
  if (const auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  const auto parts = split_path(target);
  if (parts.size() != 4 || parts[0] != "api" || parts[1] != "games" || parts[3] != "ws") {
    return {};
  }
  const std::string id{parts[2]};
  auto [room, owner] = registry_.locate(id);
  if (room || forwarded) return {std::move(room), {}, {}};
  return {nullptr, std::move(owner), id};
}

std::shared_ptr<SocketHandler> GameApi::remote_socket(const std::string& game_id,
                                                      std::shared_ptr<SocketHandler> relay) {
  if (mirrors_ == nullptr) return relay;
  return std::make_shared<RemoteSocket>(mirrors_->mirror_for(game_id), std::move(relay));
}

}  // namespace arbiter::server
