#include "arbiter/tournament/online_arena.hpp"

#include <algorithm>

#include "arbiter/tournament/event_text.hpp"

namespace arbiter::tournament {

using detail::Fields;
using detail::from_word;
using detail::kMaxAccount;
using detail::kMaxMs;
using detail::word;

const ArenaEntrant* OnlineArena::entrant_of(std::int64_t account) const {
  for (const ArenaEntrant& p : entrants) {
    if (p.account == account) return &p;
  }
  return nullptr;
}

// ------------------------------------------------------------------ the text

namespace {

constexpr std::string_view kMagic = "arbiter-arena 1";

bool known_result(std::string_view r) {
  return r == "*" || r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "+/-" || r == "-/+" ||
         r == "-/-";
}

}  // namespace

std::string write_arena(const OnlineArena& a) {
  const ArenaSettings& s = a.settings;
  std::string out{kMagic};
  out += '\n';
  const auto line = [&](std::string_view key, const std::string& value) {
    out.append(key).append(" ").append(value).append("\n");
  };
  line("name", word(s.name));
  line("time-control", word(s.time_control));
  line("rated", s.rated ? "1" : "0");
  line("starts", std::to_string(s.starts_ms));
  line("ends", std::to_string(s.ends_ms));
  line("waiting", std::to_string(s.waiting_ms));
  line("password", word(s.password_hash));
  line("max-players", std::to_string(s.max_players));
  for (const ArenaEntrant& p : a.entrants) {
    line("player", std::to_string(p.account) + " " + std::to_string(p.rating) + " " +
                       (p.paused ? "1" : "0") + " " + std::to_string(p.since) + " " + word(p.name));
  }
  for (const ArenaGame& g : a.games) {
    line("game", std::to_string(g.white) + " " + std::to_string(g.black) + " " + word(g.game) +
                     " " + g.result + " " + std::to_string(g.plies) + " " +
                     std::to_string(g.started_ms) + " " +
                     (g.ended_ms ? std::to_string(*g.ended_ms) : std::string("-")) + " " +
                     std::to_string(g.counted));
  }
  return out;
}

namespace {

Result<void> read_setting(std::string_view key, Fields& f, ArenaSettings& s) {
  if (key == "name") {
    ARBITER_TRY_ASSIGN(v, f.rest("name"));
    s.name = from_word(v);
    return {};
  }
  if (key == "time-control") {
    ARBITER_TRY_ASSIGN(v, f.next("time-control"));
    s.time_control = from_word(v);
  } else if (key == "rated") {
    ARBITER_TRY_ASSIGN(v, f.number("rated", 0, 1));
    s.rated = v == 1;
  } else if (key == "starts") {
    ARBITER_TRY_ASSIGN(v, f.number("starts", 0, kMaxMs));
    s.starts_ms = v;
  } else if (key == "ends") {
    ARBITER_TRY_ASSIGN(v, f.number("ends", 0, kMaxMs));
    s.ends_ms = v;
  } else if (key == "waiting") {
    ARBITER_TRY_ASSIGN(v, f.number("waiting", 0, kMaxMs));
    s.waiting_ms = v;
  } else if (key == "password") {
    ARBITER_TRY_ASSIGN(v, f.next("password"));
    s.password_hash = from_word(v);
  } else if (key == "max-players") {
    ARBITER_TRY_ASSIGN(v, f.number("max-players", 0, kMaxArenaPlayers));
    s.max_players = static_cast<int>(v);
  } else {
    return f.fail("key", "'" + std::string(key) + "' is not known");
  }
  return f.end();
}

Result<ArenaEntrant> read_player(Fields& f, const OnlineArena& a) {
  ArenaEntrant p;
  ARBITER_TRY_ASSIGN(account, f.number("account", 1, kMaxAccount));
  if (a.entrant_of(account) != nullptr) return f.fail("account", "has entered already");
  if (static_cast<int>(a.entrants.size()) >= kMaxArenaPlayers) {
    return f.fail("player", "is one too many");
  }
  p.account = account;
  ARBITER_TRY_ASSIGN(rating, f.number("rating", 0, 9999));
  p.rating = static_cast<int>(rating);
  ARBITER_TRY_ASSIGN(paused, f.number("paused", 0, 1));
  p.paused = paused == 1;
  ARBITER_TRY_ASSIGN(since, f.number("since", 0, kMaxMs));
  p.since = since;
  ARBITER_TRY_ASSIGN(name, f.rest("player-name"));
  p.name = from_word(name);
  return p;
}

Result<ArenaGame> read_game(Fields& f, const OnlineArena& a) {
  ArenaGame g;
  ARBITER_TRY_ASSIGN(white, f.number("white", 1, kMaxAccount));
  if (a.entrant_of(white) == nullptr) return f.fail("white", "has not entered");
  ARBITER_TRY_ASSIGN(black, f.number("black", 1, kMaxAccount));
  if (a.entrant_of(black) == nullptr) return f.fail("black", "has not entered");
  if (white == black) return f.fail("black", "is the white player too");
  g.white = white;
  g.black = black;
  ARBITER_TRY_ASSIGN(game, f.next("game"));
  g.game = from_word(game);
  ARBITER_TRY_ASSIGN(result, f.next("result"));
  if (!known_result(result)) return f.fail("result", "is not a result");
  g.result = std::string(result);
  ARBITER_TRY_ASSIGN(plies, f.number("plies", 0, 100'000));
  g.plies = static_cast<int>(plies);
  ARBITER_TRY_ASSIGN(started, f.number("started", 0, kMaxMs));
  g.started_ms = started;
  ARBITER_TRY_ASSIGN(ended, f.optional_number("ended", 0, kMaxMs));
  g.ended_ms = ended;
  if (ended.has_value() == (g.result == "*")) {
    return f.fail("ended", g.result == "*" ? "is given for a game in play" : "is missing");
  }
  ARBITER_TRY_ASSIGN(counted, f.number("counted", 0, 10'000'000));
  if (counted != 0 && g.result == "*") return f.fail("counted", "is given for a game in play");
  g.counted = static_cast<int>(counted);
  if (auto ok = f.end(); !ok) return tl::unexpected(ok.error());
  return g;
}

}  // namespace

Result<OnlineArena> read_arena(std::string_view text) {
  OnlineArena a;
  int line_no = 0;
  bool magic = false;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    Fields f{line, line_no, "arena"};
    if (!magic) {
      if (line != kMagic) return f.fail("header", "must be '" + std::string(kMagic) + "'");
      magic = true;
      continue;
    }
    if (line.empty()) continue;
    ARBITER_TRY_ASSIGN(key, f.next("key"));
    if (key == "player") {
      ARBITER_TRY_ASSIGN(p, read_player(f, a));
      a.entrants.push_back(std::move(p));
    } else if (key == "game") {
      ARBITER_TRY_ASSIGN(g, read_game(f, a));
      a.games.push_back(std::move(g));
    } else if (auto ok = read_setting(key, f, a.settings); !ok) {
      return tl::unexpected(ok.error());
    }
  }
  if (!magic) {
    return make_error(ErrorCode::kInvalidArgument, "the arena's text is empty",
                      Location{1, 1, "header"});
  }
  // The counted games' order must be 1, 2, ... with no gap or repeat: the streaks follow it.
  std::vector<int> order;
  for (const ArenaGame& g : a.games) {
    if (g.counted > 0) order.push_back(g.counted);
  }
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] != static_cast<int>(i + 1)) {
      return make_error(
          ErrorCode::kInvalidArgument,
          "the arena's counted games are not numbered 1.." + std::to_string(order.size()),
          Location{0, 0, "counted"});
    }
  }
  return a;
}

#undef ARBITER_TRY_ASSIGN

// ------------------------------------------------------------------ the rules

bool arena_over(const OnlineArena& a, std::int64_t now) noexcept {
  return now >= a.settings.ends_ms;
}

bool arena_in_play(const OnlineArena& a) noexcept {
  return std::any_of(a.games.begin(), a.games.end(),
                     [](const ArenaGame& g) { return g.result == "*"; });
}

Result<int> arena_enter(OnlineArena& a, std::int64_t account, std::string name, int rating,
                        std::int64_t now) {
  if (arena_over(a, now)) {
    return make_error(ErrorCode::kProtocolState, "the arena is over", Location{0, 0, "finished"});
  }
  for (std::size_t i = 0; i < a.entrants.size(); ++i) {
    ArenaEntrant& p = a.entrants[i];
    if (p.account != account) continue;
    if (p.paused) {
      p.paused = false;
      p.since = now;
    }
    return static_cast<int>(i + 1);
  }
  const int limit = a.settings.max_players > 0 ? a.settings.max_players : kMaxArenaPlayers;
  if (static_cast<int>(a.entrants.size()) >= limit) {
    return make_error(ErrorCode::kProtocolState, "the arena is full", Location{0, 0, "full"});
  }
  a.entrants.push_back(ArenaEntrant{account, std::move(name), rating, false, now});
  return static_cast<int>(a.entrants.size());
}

Result<void> arena_pause(OnlineArena& a, std::int64_t account) {
  for (ArenaEntrant& p : a.entrants) {
    if (p.account == account) {
      p.paused = true;
      return {};
    }
  }
  return make_error(ErrorCode::kProtocolState, "you are not in this arena",
                    Location{0, 0, "player"});
}

std::vector<ArenaPlayer> arena_players(const OnlineArena& a) {
  std::vector<ArenaPlayer> players;
  players.reserve(a.entrants.size());
  for (const ArenaEntrant& e : a.entrants) {
    ArenaPlayer p;
    p.account = e.account;
    p.name = e.name;
    p.rating = e.rating;
    p.paused = e.paused;
    p.waiting_since = e.since;
    players.push_back(std::move(p));
  }
  std::vector<const ArenaGame*> counted;
  for (const ArenaGame& g : a.games) {
    if (g.counted > 0) counted.push_back(&g);
  }
  std::sort(counted.begin(), counted.end(),
            [](const ArenaGame* x, const ArenaGame* y) { return x->counted < y->counted; });
  for (const ArenaGame* g : counted) {
    // read_arena checked the players and the result: this cannot fail.
    (void)record_arena_game(players, g->white, g->black, g->result, g->plies,
                            g->ended_ms.value_or(0));
  }
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].waiting_since = std::max(players[i].waiting_since, a.entrants[i].since);
  }
  for (const ArenaGame& g : a.games) {
    for (ArenaPlayer& p : players) {
      if (p.account != g.white && p.account != g.black) continue;
      if (g.result == "*") p.playing = true;
      if (g.ended_ms) p.waiting_since = std::max(p.waiting_since, *g.ended_ms);
    }
  }
  return players;
}

std::vector<std::size_t> arena_pair(OnlineArena& a, std::int64_t now, std::int64_t min_wait_ms) {
  if (now < a.settings.starts_ms || arena_over(a, now)) return {};
  std::vector<std::size_t> made;
  for (const ArenaPairing& p : pair_arena(arena_players(a), now, min_wait_ms)) {
    ArenaGame g;
    g.white = p.white;
    g.black = p.black;
    g.started_ms = now;
    made.push_back(a.games.size());
    a.games.push_back(std::move(g));
  }
  return made;
}

bool arena_record(OnlineArena& a, std::string_view game, std::string_view result, int plies,
                  std::int64_t now) {
  if (result == "*" || !known_result(result) || game.empty()) return false;
  auto it = std::find_if(a.games.begin(), a.games.end(),
                         [&](const ArenaGame& g) { return g.game == game; });
  if (it == a.games.end() || it->result != "*") return false;
  it->result = std::string(result);
  it->plies = std::max(plies, 0);
  it->ended_ms = now;
  if (!arena_over(a, now)) {
    it->counted =
        1 + static_cast<int>(std::count_if(a.games.begin(), a.games.end(),
                                           [](const ArenaGame& g) { return g.counted > 0; }));
  }
  // A forfeit (Art. 6.7.1): the side that never moved is not there; it plays no more until
  // it comes back.
  const bool white_absent = result == "-/+" || result == "-/-";
  const bool black_absent = result == "+/-" || result == "-/-";
  for (ArenaEntrant& p : a.entrants) {
    if ((white_absent && p.account == it->white) || (black_absent && p.account == it->black)) {
      p.paused = true;
    }
  }
  return true;
}

}  // namespace arbiter::tournament
