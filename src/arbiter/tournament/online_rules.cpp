#include "arbiter/tournament/online_rules.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {

namespace {

tl::unexpected<Error> refused(std::string field, std::string message) {
  return make_error(ErrorCode::kProtocolState, std::move(message),
                    Location{0, 0, std::move(field)});
}

// The rounds whose games are all over: the TRF holds those and no other.
int rounds_over(const OnlineEvent& e) {
  int n = 0;
  for (const EventRound& r : e.rounds) {
    if (!r.finished_ms) break;
    ++n;
  }
  return n;
}

}  // namespace

bool plays_in(const Entrant& p, int round) noexcept {
  return p.first_round <= round && (!p.withdrawn_after || *p.withdrawn_after >= round);
}

Result<EntryNo> enter(OnlineEvent& e, std::int64_t account, std::string name,
                      std::optional<int> rating) {
  if (e.paired() >= e.settings.rounds) return refused("finished", "every round is paired already");
  const int next = e.paired() + 1;
  for (Entrant& p : e.entrants) {
    if (p.account != account) continue;
    // Before the start a withdrawal may be taken back: he has missed nothing.
    if (e.paired() == 0 && p.withdrawn_after) {
      p.withdrawn_after.reset();
      p.name = std::move(name);
      p.rating = rating;
      return p.entry;
    }
    return refused("account", "you are in this event already");
  }
  const int limit = e.settings.max_players > 0 ? e.settings.max_players : kMaxEventPlayers;
  const auto active = std::count_if(e.entrants.begin(), e.entrants.end(),
                                    [&](const Entrant& p) { return plays_in(p, next); });
  if (active >= limit || static_cast<int>(e.entrants.size()) >= kMaxEventPlayers) {
    return refused("full", "the event has " + std::to_string(limit) + " players already");
  }
  Entrant p;
  p.entry = static_cast<EntryNo>(e.entrants.size()) + 1;
  p.account = account;
  p.name = std::move(name);
  p.rating = rating;
  p.first_round = next;
  e.entrants.push_back(std::move(p));
  return e.entrants.back().entry;
}

Result<void> withdraw(OnlineEvent& e, std::int64_t account) {
  for (Entrant& p : e.entrants) {
    if (p.account != account) continue;
    if (p.withdrawn_after) return refused("account", "you have withdrawn already");
    p.withdrawn_after = e.paired();
    return {};
  }
  return refused("account", "you are not in this event");
}

std::optional<ResultCodes> result_codes(std::string_view r) noexcept {
  using R = ResultCode;
  if (r == "1-0") return ResultCodes{R::Win, R::Loss};
  if (r == "0-1") return ResultCodes{R::Loss, R::Win};
  if (r == "1/2-1/2") return ResultCodes{R::Draw, R::Draw};
  // Art. 6.7.1 and every forfeit: the TRF's `+` and `-` (not a game played on the board).
  if (r == "+/-") return ResultCodes{R::ForfeitWin, R::ForfeitLoss};
  if (r == "-/+") return ResultCodes{R::ForfeitLoss, R::ForfeitWin};
  if (r == "-/-") return ResultCodes{R::ForfeitLoss, R::ForfeitLoss};
  // Art. 6.9 / 12.9's uneven results: each side's own score.
  if (r == "0-1/2") return ResultCodes{R::Loss, R::Draw};
  if (r == "1/2-0") return ResultCodes{R::Draw, R::Loss};
  if (r == "0-0") return ResultCodes{R::Loss, R::Loss};
  return std::nullopt;
}

std::vector<PlayerId> trf_ids(const OnlineEvent& e) {
  const int over = rounds_over(e);
  const int next = e.paired() + 1;
  // Who is in the file: an entrant who took part in a round over, or may play the next.
  std::vector<const Entrant*> in;
  for (const Entrant& p : e.entrants) {
    const bool took_part =
        p.first_round <= over && (!p.withdrawn_after || *p.withdrawn_after >= p.first_round);
    const bool will_play = e.paired() < e.settings.rounds && plays_in(p, next);
    if (took_part || will_play) in.push_back(&p);
  }
  // C.04.2 B: the initial ranking, by rating (the unrated last), then alphabetically.
  std::stable_sort(in.begin(), in.end(), [](const Entrant* a, const Entrant* b) {
    const int ra = a->rating.value_or(0), rb = b->rating.value_or(0);
    if (ra != rb) return ra > rb;
    if (a->name != b->name) return a->name < b->name;
    return a->entry < b->entry;
  });
  std::vector<PlayerId> ids(e.entrants.size(), 0);
  for (std::size_t i = 0; i < in.size(); ++i) {
    ids[static_cast<std::size_t>(in[i]->entry - 1)] = static_cast<PlayerId>(i + 1);
  }
  return ids;
}

namespace {

std::string id_field(PlayerId id) {
  char buf[8];
  std::snprintf(buf, sizeof buf, " %4d", id);
  return buf;
}

// One entrant's entry in a round over.
RoundEntry entry_in(const OnlineEvent& e, const Entrant& p, const EventRound& r,
                    const std::vector<PlayerId>& ids) {
  RoundEntry x;
  for (const EventBoard& b : r.boards) {
    if (b.white != p.entry && b.black != p.entry) continue;
    const bool white = b.white == p.entry;
    x.opponent = ids[static_cast<std::size_t>((white ? b.black : b.white) - 1)];
    x.colour = white ? Colour::White : Colour::Black;
    const auto codes = result_codes(b.result);
    x.result = codes ? (white ? codes->white : codes->black) : ResultCode::ZeroBye;
    return x;
  }
  if (r.bye == p.entry) {
    x.result = ResultCode::PairingBye;
  } else if (r.number < p.first_round) {
    // A late entry: the rounds he missed, as the event's rules announced.
    x.result = e.settings.late == LatePoints::Half ? ResultCode::HalfBye : ResultCode::ZeroBye;
  } else {
    x.result = ResultCode::ZeroBye;  // withdrawn, or not paired: an absence
  }
  return x;
}

}  // namespace

Result<Tournament> to_trf(const OnlineEvent& e, bool for_pairing) {
  const EventSettings& s = e.settings;
  const std::vector<PlayerId> ids = trf_ids(e);
  const int over = rounds_over(e);
  const PointSystem points;
  std::vector<Player> players;
  for (const Entrant& p : e.entrants) {
    const PlayerId id = ids[static_cast<std::size_t>(p.entry - 1)];
    if (id == 0) continue;
    Player x;
    x.id = id;
    x.name = p.name;
    x.rating = p.rating;
    Points total = 0;
    for (int r = 0; r < over; ++r) {
      x.rounds.push_back(entry_in(e, p, e.rounds[static_cast<std::size_t>(r)], ids));
      total += points.points_for(x.rounds.back().result);
    }
    x.points = total;
    players.push_back(std::move(x));
  }
  std::sort(players.begin(), players.end(),
            [](const Player& a, const Player& b) { return a.id < b.id; });

  std::string text;
  const auto line = [&](const std::string& l) { text += l + "\n"; };
  line("012 " + s.name);
  line("062 " + std::to_string(players.size()));
  line("092 Individual: Swiss-System");
  line("122 " + s.time_control);
  if (s.rounds > 0) line("142 " + std::to_string(s.rounds));  // 0: it did not take place
  line("192 FIDE_DUTCH_2026");
  if (!s.tiebreaks.empty()) line("202 " + s.tiebreaks);
  // C.04.1: the creator's forbidden pairs, for the whole event.
  for (const auto& [a, b] : s.forbidden) {
    const Entrant* pa = e.entrant_of(a);
    const Entrant* pb = e.entrant_of(b);
    if (pa == nullptr || pb == nullptr) continue;
    const PlayerId ia = ids[static_cast<std::size_t>(pa->entry - 1)];
    const PlayerId ib = ids[static_cast<std::size_t>(pb->entry - 1)];
    if (ia == 0 || ib == 0) continue;
    line("260   1    " + id_field(ia) + id_field(ib));
  }
  if (for_pairing) {
    std::string absent;
    const int next = e.paired() + 1;
    for (const Entrant& p : e.entrants) {
      const PlayerId id = ids[static_cast<std::size_t>(p.entry - 1)];
      if (id != 0 && !plays_in(p, next)) absent += id_field(id);
    }
    if (!absent.empty()) line("XXZ" + absent);
  }
  for (const Player& p : players) line(format_player_line(p));
  return read_trf(text);
}

Result<void> pair_next_round(OnlineEvent& e, std::int64_t now) {
  if (round_in_play(e))
    return refused("round", "round " + std::to_string(e.paired()) + " is in play");
  if (e.paired() >= e.settings.rounds) return refused("round", "every round is paired");
  auto t = to_trf(e, true);
  if (!t) return tl::unexpected(t.error());
  const std::vector<PlayerId> ids = trf_ids(e);
  std::vector<EntryNo> entry_of(ids.size() + 1, 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] != 0) entry_of[static_cast<std::size_t>(ids[i])] = static_cast<EntryNo>(i + 1);
  }
  const int next = e.paired() + 1;
  const auto playing = std::count_if(e.entrants.begin(), e.entrants.end(),
                                     [&](const Entrant& p) { return plays_in(p, next); });
  if (playing < 2) {
    return make_error(ErrorCode::kInvalidArgument,
                      "round " + std::to_string(next) + " needs two players at least",
                      Location{0, 0, "players"});
  }
  auto pairing = pair_dutch(*t);
  if (!pairing) return tl::unexpected(pairing.error());
  EventRound r;
  r.number = next;
  r.started_ms = now;
  for (const Board& b : pairing->boards) {
    EventBoard x;
    x.white = entry_of[static_cast<std::size_t>(b.white)];
    x.black = entry_of[static_cast<std::size_t>(b.black)];
    r.boards.push_back(std::move(x));
  }
  if (pairing->bye != 0) r.bye = entry_of[static_cast<std::size_t>(pairing->bye)];
  // A round of nothing but the bye (cannot happen with two players) is over at once.
  if (r.boards.empty()) r.finished_ms = now;
  e.rounds.push_back(std::move(r));
  return {};
}

bool record_result(OnlineEvent& e, std::string_view game, std::string_view result,
                   std::int64_t now) {
  if (e.rounds.empty() || !result_codes(result)) return false;
  EventRound& r = e.rounds.back();
  bool found = false;
  for (EventBoard& b : r.boards) {
    if (!b.game.empty() && b.game == game) {
      b.result = std::string(result);
      found = true;
    }
  }
  if (!found) return false;
  const bool all = std::all_of(r.boards.begin(), r.boards.end(),
                               [](const EventBoard& b) { return b.result != "*"; });
  if (all && !r.finished_ms) r.finished_ms = now;
  return true;
}

bool round_in_play(const OnlineEvent& e) noexcept {
  return !e.rounds.empty() && !e.rounds.back().finished_ms;
}

bool finished(const OnlineEvent& e) noexcept {
  return e.paired() >= e.settings.rounds && !round_in_play(e);
}

std::optional<std::int64_t> next_round_at(const OnlineEvent& e) noexcept {
  if (finished(e) || round_in_play(e)) return std::nullopt;
  if (e.rounds.empty()) return e.settings.starts_ms;
  return *e.rounds.back().finished_ms + e.settings.interval_ms;
}

Result<Standings> event_standings(const OnlineEvent& e) {
  auto t = to_trf(e);
  if (!t) return tl::unexpected(t.error());
  auto tiebreaks = file_tiebreaks(*t);
  if (!tiebreaks) return tl::unexpected(tiebreaks.error());
  return compute_standings(*t, *tiebreaks, 0);
}

}  // namespace arbiter::tournament
