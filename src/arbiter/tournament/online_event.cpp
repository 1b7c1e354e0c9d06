#include "arbiter/tournament/online_event.hpp"

#include "arbiter/tournament/event_text.hpp"

#include <algorithm>

namespace arbiter::tournament {

using detail::Fields;
using detail::from_word;
using detail::kMaxAccount;
using detail::kMaxMs;
using detail::word;

const Entrant* OnlineEvent::entrant(EntryNo e) const {
  if (e < 1 || e > static_cast<int>(entrants.size())) return nullptr;
  return &entrants[static_cast<std::size_t>(e - 1)];
}

const Entrant* OnlineEvent::entrant_of(std::int64_t account) const {
  for (const Entrant& x : entrants) {
    if (x.account == account) return &x;
  }
  return nullptr;
}

// ------------------------------------------------------------------ writing

namespace {

constexpr std::string_view kMagic = "arbiter-event 1";

std::string opt(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "-"; }

}  // namespace

std::string write_event(const OnlineEvent& e) {
  const EventSettings& s = e.settings;
  std::string out{kMagic};
  out += '\n';
  const auto line = [&](std::string_view key, const std::string& value) {
    out.append(key).append(" ").append(value).append("\n");
  };
  line("name", word(s.name));
  line("time-control", word(s.time_control));
  line("rounds", std::to_string(s.rounds));
  line("rated", s.rated ? "1" : "0");
  line("starts", std::to_string(s.starts_ms));
  line("interval", std::to_string(s.interval_ms));
  line("waiting", std::to_string(s.waiting_ms));
  line("late", s.late == LatePoints::Half ? "half" : "zero");
  line("tiebreaks", word(s.tiebreaks));
  line("password", word(s.password_hash));
  line("max-players", std::to_string(s.max_players));
  for (const auto& [a, b] : s.forbidden)
    line("forbid", std::to_string(a) + " " + std::to_string(b));
  for (const Entrant& p : e.entrants) {
    line("player", std::to_string(p.entry) + " " + std::to_string(p.account) + " " +
                       opt(p.rating ? std::optional<std::int64_t>{*p.rating} : std::nullopt) + " " +
                       std::to_string(p.first_round) + " " +
                       opt(p.withdrawn_after ? std::optional<std::int64_t>{*p.withdrawn_after}
                                             : std::nullopt) +
                       " " + word(p.name));
  }
  for (const EventRound& r : e.rounds) {
    line("round", std::to_string(r.number) + " " + std::to_string(r.started_ms) + " " +
                      opt(r.finished_ms) + " " + std::to_string(r.bye));
    for (const EventBoard& b : r.boards) {
      line("board", std::to_string(b.white) + " " + std::to_string(b.black) + " " + word(b.game) +
                        " " + b.result);
    }
  }
  return out;
}

// ------------------------------------------------------------------ reading

namespace {

Result<void> read_setting(std::string_view key, Fields& f, EventSettings& s) {
  if (key == "name") {
    ARBITER_TRY_ASSIGN(v, f.rest("name"));
    s.name = from_word(v);
  } else if (key == "time-control") {
    ARBITER_TRY_ASSIGN(v, f.next("time-control"));
    s.time_control = from_word(v);
  } else if (key == "rounds") {
    ARBITER_TRY_ASSIGN(v, f.number("rounds", 0, kMaxEventRounds));  // 0: did not take place
    s.rounds = static_cast<int>(v);
  } else if (key == "rated") {
    ARBITER_TRY_ASSIGN(v, f.number("rated", 0, 1));
    s.rated = v == 1;
  } else if (key == "starts") {
    ARBITER_TRY_ASSIGN(v, f.number("starts", 0, kMaxMs));
    s.starts_ms = v;
  } else if (key == "interval") {
    ARBITER_TRY_ASSIGN(v, f.number("interval", 0, kMaxMs));
    s.interval_ms = v;
  } else if (key == "waiting") {
    ARBITER_TRY_ASSIGN(v, f.number("waiting", 0, kMaxMs));
    s.waiting_ms = v;
  } else if (key == "late") {
    ARBITER_TRY_ASSIGN(v, f.next("late"));
    if (v != "zero" && v != "half") return f.fail("late", "must be zero or half");
    s.late = v == "half" ? LatePoints::Half : LatePoints::Zero;
  } else if (key == "tiebreaks") {
    ARBITER_TRY_ASSIGN(v, f.next("tiebreaks"));
    s.tiebreaks = from_word(v);
  } else if (key == "password") {
    ARBITER_TRY_ASSIGN(v, f.next("password"));
    s.password_hash = from_word(v);
  } else if (key == "max-players") {
    ARBITER_TRY_ASSIGN(v, f.number("max-players", 0, kMaxEventPlayers));
    s.max_players = static_cast<int>(v);
  } else if (key == "forbid") {
    ARBITER_TRY_ASSIGN(a, f.number("forbid", 1, kMaxAccount));
    ARBITER_TRY_ASSIGN(b, f.number("forbid", 1, kMaxAccount));
    s.forbidden.emplace_back(a, b);
  } else {
    return f.fail("key", "'" + std::string(key) + "' is not known");
  }
  return {};
}

}  // namespace

Result<OnlineEvent> read_event(std::string_view text) {
  OnlineEvent e;
  int line_no = 0;
  bool magic = false;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_no;
    Fields f{line, line_no};
    if (!magic) {
      if (line != kMagic) return f.fail("header", "must be '" + std::string(kMagic) + "'");
      magic = true;
      continue;
    }
    if (line.empty()) continue;
    ARBITER_TRY_ASSIGN(key, f.next("key"));
    if (key == "player") {
      Entrant p;
      ARBITER_TRY_ASSIGN(entry, f.number("entry", 1, kMaxEventPlayers));
      if (entry != static_cast<std::int64_t>(e.entrants.size()) + 1) {
        return f.fail("entry",
                      "must follow the one before (" + std::to_string(e.entrants.size() + 1) + ")");
      }
      p.entry = static_cast<int>(entry);
      ARBITER_TRY_ASSIGN(account, f.number("account", 1, kMaxAccount));
      p.account = account;
      ARBITER_TRY_ASSIGN(rating, f.optional_number("rating", 0, 9999));
      if (rating) p.rating = static_cast<int>(*rating);
      ARBITER_TRY_ASSIGN(first, f.number("first-round", 1, kMaxEventRounds + 1));
      p.first_round = static_cast<int>(first);
      ARBITER_TRY_ASSIGN(withdrawn, f.optional_number("withdrawn", 0, kMaxEventRounds));
      if (withdrawn) p.withdrawn_after = static_cast<int>(*withdrawn);
      ARBITER_TRY_ASSIGN(name, f.rest("player-name"));
      p.name = from_word(name);
      e.entrants.push_back(std::move(p));
      continue;
    }
    if (key == "round") {
      EventRound r;
      ARBITER_TRY_ASSIGN(number, f.number("round", 1, kMaxEventRounds));
      if (number != e.paired() + 1) {
        return f.fail("round",
                      "must follow the one before (" + std::to_string(e.paired() + 1) + ")");
      }
      r.number = static_cast<int>(number);
      ARBITER_TRY_ASSIGN(started, f.number("started", 0, kMaxMs));
      r.started_ms = started;
      ARBITER_TRY_ASSIGN(finished, f.optional_number("finished", 0, kMaxMs));
      r.finished_ms = finished;
      ARBITER_TRY_ASSIGN(bye, f.number("bye", 0, kMaxEventPlayers));
      if (bye > static_cast<std::int64_t>(e.entrants.size())) return f.fail("bye", "is no entrant");
      r.bye = static_cast<int>(bye);
      if (auto ok = f.end(); !ok) return tl::unexpected(ok.error());
      e.rounds.push_back(std::move(r));
      continue;
    }
    if (key == "board") {
      if (e.rounds.empty()) return f.fail("board", "comes before any round");
      EventBoard b;
      const auto players = static_cast<std::int64_t>(e.entrants.size());
      ARBITER_TRY_ASSIGN(white, f.number("white", 1, std::max<std::int64_t>(players, 1)));
      ARBITER_TRY_ASSIGN(black, f.number("black", 1, std::max<std::int64_t>(players, 1)));
      if (white == black) return f.fail("black", "is the white player too");
      b.white = static_cast<int>(white);
      b.black = static_cast<int>(black);
      ARBITER_TRY_ASSIGN(game, f.next("game"));
      b.game = from_word(game);
      ARBITER_TRY_ASSIGN(result, f.next("result"));
      b.result = std::string(result);
      if (auto ok = f.end(); !ok) return tl::unexpected(ok.error());
      e.rounds.back().boards.push_back(std::move(b));
      continue;
    }
    if (auto ok = read_setting(key, f, e.settings); !ok) return tl::unexpected(ok.error());
    if (key != "name") {
      if (auto ok = f.end(); !ok) return tl::unexpected(ok.error());
    }
  }
  if (!magic) {
    return make_error(ErrorCode::kInvalidArgument, "the event's text is empty",
                      Location{1, 1, "header"});
  }
  return e;
}

#undef ARBITER_TRY_ASSIGN

}  // namespace arbiter::tournament
