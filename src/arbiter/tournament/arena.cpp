#include "arbiter/tournament/arena.hpp"

#include <algorithm>
#include <numeric>

namespace arbiter::tournament {

bool on_fire(const std::vector<ArenaScore>& sheet) noexcept {
  // Two wins in a row start the fire; it lasts while every game is won.
  const std::size_t n = sheet.size();
  return n >= 2 && sheet[n - 1].outcome == 'W' && sheet[n - 2].outcome == 'W';
}

ArenaScore arena_score(const std::vector<ArenaScore>& sheet, char outcome, int plies) noexcept {
  ArenaScore s;
  s.outcome = outcome;
  s.on_fire = on_fire(sheet);
  const int base = outcome == 'W' ? 2 : outcome == 'D' ? 1 : 0;
  s.points = s.on_fire ? 2 * base : base;
  if (outcome == 'D' && plies < kArenaQuickDrawPlies) s.points = 0;
  return s;
}

int ArenaPlayer::points() const noexcept {
  return std::accumulate(sheet.begin(), sheet.end(), 0,
                         [](int sum, const ArenaScore& s) { return sum + s.points; });
}

std::vector<ArenaPairing> pair_arena(const std::vector<ArenaPlayer>& players, std::int64_t now,
                                     std::int64_t min_wait_ms) {
  std::vector<const ArenaPlayer*> waiting;
  for (const ArenaPlayer& p : players) {
    if (!p.paused && !p.playing) waiting.push_back(&p);
  }
  // Fewer than two ready to pair: nobody is; with two or more, those who have waited
  // min_wait_ms go first, and everyone else waiting may be their partner.
  const auto ready = std::count_if(waiting.begin(), waiting.end(), [&](const ArenaPlayer* p) {
    return now - p->waiting_since >= min_wait_ms;
  });
  if (waiting.size() < 2 || ready == 0) return {};
  std::stable_sort(waiting.begin(), waiting.end(), [](const ArenaPlayer* a, const ArenaPlayer* b) {
    if (a->points() != b->points()) return a->points() > b->points();
    if (a->rating != b->rating) return a->rating > b->rating;
    return a->account < b->account;
  });
  // A rematch at once only when nobody else is there to wait for (two players alone): with
  // others still playing, the two wait for them (lichess does not pair the last opponents
  // while anyone else can come).
  const auto present =
      std::count_if(players.begin(), players.end(), [](const ArenaPlayer& p) { return !p.paused; });
  const bool rematch_allowed = present <= 2;
  std::vector<bool> taken(waiting.size(), false);
  std::vector<ArenaPairing> out;
  for (std::size_t i = 0; i < waiting.size(); ++i) {
    if (taken[i]) continue;
    // The nearest one down who is not his last opponent; the nearest at all when a
    // rematch is allowed.
    std::optional<std::size_t> partner;
    std::optional<std::size_t> fallback;
    for (std::size_t j = i + 1; j < waiting.size(); ++j) {
      if (taken[j]) continue;
      if (!fallback) fallback = j;
      if (waiting[i]->last_opponent != waiting[j]->account &&
          waiting[j]->last_opponent != waiting[i]->account) {
        partner = j;
        break;
      }
    }
    if (!partner && rematch_allowed) partner = fallback;
    if (!partner) break;
    const ArenaPlayer* a = waiting[i];
    const ArenaPlayer* b = waiting[*partner];
    // Pair only when one of the two has waited long enough.
    if (now - a->waiting_since < min_wait_ms && now - b->waiting_since < min_wait_ms) continue;
    taken[i] = taken[*partner] = true;
    const int balance_a = a->whites - a->blacks;
    const int balance_b = b->whites - b->blacks;
    bool a_white = balance_a != balance_b ? balance_a < balance_b : a->rating <= b->rating;
    if (balance_a == balance_b && a->rating == b->rating) a_white = a->account < b->account;
    out.push_back(a_white ? ArenaPairing{a->account, b->account}
                          : ArenaPairing{b->account, a->account});
  }
  return out;
}

Result<void> record_arena_game(std::vector<ArenaPlayer>& players, std::int64_t white,
                               std::int64_t black, std::string_view result, int plies,
                               std::int64_t now) {
  const auto find = [&](std::int64_t account) -> ArenaPlayer* {
    for (ArenaPlayer& p : players) {
      if (p.account == account) return &p;
    }
    return nullptr;
  };
  ArenaPlayer* w = find(white);
  ArenaPlayer* b = find(black);
  if (w == nullptr || b == nullptr || w == b) {
    return make_error(ErrorCode::kInvalidArgument, "the game's players are not in the arena",
                      Location{0, 0, "player"});
  }
  char ow = 0, ob = 0;
  if (result == "1-0" || result == "+/-") {
    ow = 'W';
    ob = 'L';
  } else if (result == "0-1" || result == "-/+") {
    ow = 'L';
    ob = 'W';
  } else if (result == "1/2-1/2") {
    ow = ob = 'D';
  } else if (result == "-/-") {
    ow = ob = 'L';
  } else {
    return make_error(ErrorCode::kInvalidArgument,
                      "'" + std::string(result) + "' is not a result an arena scores",
                      Location{0, 0, "result"});
  }
  ArenaScore sw = arena_score(w->sheet, ow, plies);
  ArenaScore sb = arena_score(b->sheet, ob, plies);
  sw.opponent_rating = b->rating;
  sb.opponent_rating = w->rating;
  w->sheet.push_back(sw);
  b->sheet.push_back(sb);
  ++w->whites;
  ++b->blacks;
  for (ArenaPlayer* p : {w, b}) {
    p->playing = false;
    p->waiting_since = now;
  }
  w->last_opponent = black;
  b->last_opponent = white;
  return {};
}

std::optional<int> arena_performance(const ArenaPlayer& p) noexcept {
  if (p.sheet.empty()) return std::nullopt;
  long long sum = 0;
  int balance = 0;
  for (const ArenaScore& s : p.sheet) {
    sum += s.opponent_rating;
    balance += s.outcome == 'W' ? 1 : s.outcome == 'L' ? -1 : 0;
  }
  const auto games = static_cast<long long>(p.sheet.size());
  return static_cast<int>((sum + 400LL * balance) / games);
}

std::vector<std::size_t> arena_ranking(const std::vector<ArenaPlayer>& players) {
  std::vector<std::size_t> order(players.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    const ArenaPlayer& a = players[i];
    const ArenaPlayer& b = players[j];
    if (a.points() != b.points()) return a.points() > b.points();
    const int pa = arena_performance(a).value_or(0), pb = arena_performance(b).value_or(0);
    if (pa != pb) return pa > pb;
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.account < b.account;
  });
  return order;
}

}  // namespace arbiter::tournament
