#include "arbiter/wire/tournament_json.hpp"

#include <nlohmann/json.hpp>

#include "arbiter/wire/json_number.hpp"

namespace arbiter::wire {

namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

tl::unexpected<Error> invalid(std::string message, std::string field) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message),
                    Location{0, 0, std::move(field)});
}

Result<json> parse_object(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
  json j = json::parse(body, nullptr, false);
  if (j.is_discarded()) return make_error(ErrorCode::kProtocolSyntax, "the body is not JSON");
  if (!j.is_object())
    return make_error(ErrorCode::kProtocolSyntax, "the body must be a JSON object");
  return j;
}

// A string field of at most `max` bytes without control characters; nullopt when absent.
Result<std::optional<std::string>> text_field(const json& j, const char* name, std::size_t max) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::optional<std::string>{};
  if (!it->is_string()) return invalid(std::string(name) + " must be a string", name);
  std::string s = it->get<std::string>();
  if (s.size() > max) {
    return invalid(std::string(name) + " must be at most " + std::to_string(max) + " bytes", name);
  }
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f)
      return invalid(std::string(name) + " must not contain control characters", name);
  }
  return std::optional<std::string>{std::move(s)};
}

Result<std::optional<std::int64_t>> int_field(const json& j, const char* name, std::int64_t lo,
                                              std::int64_t hi) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::optional<std::int64_t>{};
  if (!it->is_number_integer()) return invalid(std::string(name) + " must be an integer", name);
  const auto v = checked_integer(*it, lo, hi);
  if (!v) {
    return invalid(std::string(name) + " must be " + std::to_string(lo) + ".." + std::to_string(hi),
                   name);
  }
  return std::optional<std::int64_t>{*v};
}

#define ARBITER_WIRE_TRY(var, expr) \
  auto var = (expr);                \
  if (!var) return tl::unexpected(var.error())

constexpr std::int64_t kDay = 24 * 3600;

}  // namespace

Result<TournamentRequest> parse_tournament_request(std::string_view body) {
  ARBITER_WIRE_TRY(parsed, parse_object(body));
  const json& j = *parsed;
  TournamentRequest r;
  ARBITER_WIRE_TRY(name, text_field(j, "name", 160));
  if (!*name || (*name)->empty()) return invalid("name is required", "name");
  r.name = **name;
  ARBITER_WIRE_TRY(tc, text_field(j, "time_control", 200));
  if (*tc) r.time_control = **tc;
  ARBITER_WIRE_TRY(kind, text_field(j, "kind", 16));
  if (*kind) {
    if (**kind != "swiss" && **kind != "arena") {
      return invalid("kind must be swiss or arena", "kind");
    }
    r.kind = **kind;
  }
  if (r.kind == "arena") {
    ARBITER_WIRE_TRY(minutes, int_field(j, "minutes", 1, 720));
    if (!*minutes) return invalid("minutes is required (1..720)", "minutes");
    r.minutes = static_cast<int>(**minutes);
    r.waiting_s = 30;
  } else {
    ARBITER_WIRE_TRY(rounds, int_field(j, "rounds", 1, 50));
    if (!*rounds) return invalid("rounds is required (1..50)", "rounds");
    r.rounds = static_cast<int>(**rounds);
  }
  if (auto it = j.find("rated"); it != j.end() && !it->is_null()) {
    if (!it->is_boolean()) return invalid("rated must be true or false", "rated");
    r.rated = it->get<bool>();
  }
  ARBITER_WIRE_TRY(starts, int_field(j, "starts_in_s", 0, 30 * kDay));
  if (*starts) r.starts_in_s = **starts;
  ARBITER_WIRE_TRY(interval, int_field(j, "interval_s", 0, kDay));
  if (*interval) r.interval_s = **interval;
  ARBITER_WIRE_TRY(waiting, int_field(j, "waiting_s", 5, kDay));
  if (*waiting) r.waiting_s = **waiting;
  ARBITER_WIRE_TRY(late, text_field(j, "late", 8));
  if (*late) {
    if (**late != "zero" && **late != "half") return invalid("late must be zero or half", "late");
    r.late = **late;
  }
  ARBITER_WIRE_TRY(tiebreaks, text_field(j, "tiebreaks", 200));
  if (*tiebreaks) r.tiebreaks = **tiebreaks;
  ARBITER_WIRE_TRY(password, text_field(j, "password", 128));
  if (*password) r.password = **password;
  ARBITER_WIRE_TRY(max_players, int_field(j, "max_players", 0, 9999));
  if (*max_players) r.max_players = static_cast<int>(**max_players);
  if (auto it = j.find("forbidden"); it != j.end() && !it->is_null()) {
    if (!it->is_array() || it->size() > 100) {
      return invalid("forbidden must be a list of at most 100 pairs of names", "forbidden");
    }
    for (const json& pair : *it) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
        return invalid("each forbidden pair must be two account names", "forbidden");
      }
      std::string a = pair[0].get<std::string>(), b = pair[1].get<std::string>();
      if (a.empty() || b.empty() || a.size() > 64 || b.size() > 64) {
        return invalid("each forbidden pair must be two account names", "forbidden");
      }
      r.forbidden.emplace_back(std::move(a), std::move(b));
    }
  }
  return r;
}

Result<std::string> parse_tournament_join(std::string_view body) {
  ARBITER_WIRE_TRY(parsed, parse_object(body));
  ARBITER_WIRE_TRY(password, text_field(*parsed, "password", 128));
  return password->value_or("");
}

#undef ARBITER_WIRE_TRY

namespace {

ordered_json list_item(const TournamentListItem& t) {
  ordered_json j;
  j["id"] = t.id;
  j["name"] = t.name;
  j["kind"] = t.kind;
  j["status"] = t.status;
  j["time_control"] = t.time_control;
  j["rounds"] = t.rounds;
  j["round"] = t.round;
  j["players"] = t.players;
  j["starts_ms"] = t.starts_ms;
  j["rated"] = t.rated;
  j["password"] = t.password;
  if (t.ends_ms) {
    j["ends_ms"] = *t.ends_ms;
    j["minutes"] = t.minutes;
  }
  return j;
}

// A decimal the tournament module formatted ("2.5", "12.75") as a JSON number.
ordered_json number(const std::string& text) {
  ordered_json n = ordered_json::parse(text, nullptr, false);
  return n.is_number() ? n : ordered_json(nullptr);
}

std::string dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

template <class T>
ordered_json opt(const std::optional<T>& v) {
  return v ? ordered_json(*v) : ordered_json(nullptr);
}

}  // namespace

std::string write_tournament_list(const std::vector<TournamentListItem>& items) {
  ordered_json list = ordered_json::array();
  for (const auto& t : items) list.push_back(list_item(t));
  ordered_json j;
  j["tournaments"] = std::move(list);
  return dump(j);
}

std::string write_tournament(const TournamentView& v) {
  ordered_json j = list_item(v.summary);
  j["owner"] = v.owner;
  j["interval_s"] = v.interval_s;
  j["waiting_s"] = v.waiting_s;
  j["late"] = v.late;
  j["tiebreaks"] = v.tiebreaks;
  j["max_players"] = v.max_players;
  j["round_in_play"] = v.round_in_play;
  j["next_round_ms"] = opt(v.next_round_ms);
  ordered_json players = ordered_json::array();
  for (const auto& p : v.players) {
    players.push_back({{"entry", p.entry},
                       {"name", p.name},
                       {"rating", opt(p.rating)},
                       {"first_round", p.first_round},
                       {"withdrawn", p.withdrawn}});
  }
  j["players"] = std::move(players);
  ordered_json rounds = ordered_json::array();
  for (const auto& r : v.rounds) {
    ordered_json boards = ordered_json::array();
    for (const auto& b : r.boards) {
      boards.push_back(
          {{"white", b.white}, {"black", b.black}, {"game", b.game}, {"result", b.result}});
    }
    rounds.push_back({{"number", r.number},
                      {"started_ms", r.started_ms},
                      {"finished_ms", opt(r.finished_ms)},
                      {"bye", r.bye},
                      {"boards", std::move(boards)}});
  }
  j["round_list"] = std::move(rounds);
  ordered_json standings = ordered_json::array();
  for (const auto& s : v.standings) {
    ordered_json tbs = ordered_json::array();
    for (const auto& t : s.tiebreaks) tbs.push_back(number(t));
    ordered_json results = ordered_json::array();
    for (const auto& r : s.results) {
      results.push_back({{"round", r.round},
                         {"opponent", r.opponent},
                         {"colour", std::string(1, r.colour)},
                         {"result", std::string(1, r.result)}});
    }
    standings.push_back({{"rank", s.rank},
                         {"entry", s.entry},
                         {"name", s.name},
                         {"rating", opt(s.rating)},
                         {"points", number(s.points)},
                         {"tiebreaks", std::move(tbs)},
                         {"results", std::move(results)}});
  }
  j["standings"] = std::move(standings);
  if (v.me) {
    j["me"] = {{"entry", v.me->entry}, {"withdrawn", v.me->withdrawn}, {"game", opt(v.me->game)}};
  } else {
    j["me"] = nullptr;
  }
  j["now_ms"] = v.now_ms;
  return dump(j);
}

std::string write_arena(const ArenaView& v) {
  ordered_json j = list_item(v.summary);
  j["owner"] = v.owner;
  j["waiting_s"] = v.waiting_s;
  j["max_players"] = v.max_players;
  j["fide"] = false;  // lichess's kind of event, not a FIDE system
  ordered_json players = ordered_json::array();
  for (const auto& p : v.players) {
    ordered_json sheet = ordered_json::array();
    for (const auto& s : p.sheet) {
      sheet.push_back(
          {{"outcome", std::string(1, s.outcome)}, {"points", s.points}, {"fire", s.fire}});
    }
    players.push_back({{"rank", p.rank},
                       {"name", p.name},
                       {"rating", p.rating},
                       {"points", p.points},
                       {"games", p.games},
                       {"performance", opt(p.performance)},
                       {"fire", p.fire},
                       {"paused", p.paused},
                       {"playing", p.playing},
                       {"sheet", std::move(sheet)}});
  }
  j["players"] = std::move(players);
  ordered_json games = ordered_json::array();
  for (const auto& g : v.games) {
    games.push_back({{"game", g.game.empty() ? ordered_json(nullptr) : ordered_json(g.game)},
                     {"white", g.white},
                     {"black", g.black},
                     {"result", g.result},
                     {"plies", g.plies},
                     {"started_ms", g.started_ms},
                     {"counted", g.counted}});
  }
  j["games"] = std::move(games);
  if (v.me) {
    j["me"] = {{"name", v.me->name},
               {"rank", v.me->rank},
               {"paused", v.me->paused},
               {"game", opt(v.me->game)}};
  } else {
    j["me"] = nullptr;
  }
  j["now_ms"] = v.now_ms;
  return dump(j);
}

}  // namespace arbiter::wire
