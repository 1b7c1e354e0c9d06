// An event the server runs (issue #18, docs/events.md): what its creator chose, who
// entered and when, and the rounds paired so far with the game of each board. A value:
// the server's director changes it with the functions of online_rules.hpp, the store
// keeps its text (`write_event` / `read_event`), and everything a FIDE tool reads of it
// (pairings, standings, the TRF) is derived from it by `to_trf`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::tournament {

// An entrant's number: the order of entry, from 1. Stable for the whole event; the
// starting rank of the TRF (C.04.2: by rating, then name) is derived from it each time.
using EntryNo = int;

// The points a late entrant gets for each round he missed (the event's rules say which:
// C.04.2 allows either when announced in advance). TRF `Z` (zero) or `H` (half-point bye).
enum class LatePoints : std::uint8_t { Zero, Half };

struct EventSettings {
  std::string name;          // 1..160 bytes
  std::string time_control;  // the grammar of spec/game-events.md ("300+3")
  int rounds = 0;            // 1..kMaxEventRounds; 0: the event did not take place
  bool rated = false;        // the games change both players' ratings
  std::int64_t starts_ms = 0;
  // The pause between the last game of a round ending and the next round's pairing.
  std::int64_t interval_ms = 0;
  // Art. 6.7.1: the default time. A player who has not made his first move this long after
  // the round starts (or after his opponent's first move) loses the game by default.
  std::int64_t waiting_ms = 60'000;
  LatePoints late = LatePoints::Zero;
  std::string tiebreaks;      // C.07 codes as `arbiter tournament standings` reads them
  std::string password_hash;  // "" for an open event; else the account module's hash
  int max_players = 0;        // 0: no limit below kMaxEventPlayers
  // Pairs of accounts the creator does not want to meet (C.04.1: forbidden pairs, e.g.
  // members of one family or club), as the TRF-2026 `260` line states them.
  std::vector<std::pair<std::int64_t, std::int64_t>> forbidden;
  friend bool operator==(const EventSettings&, const EventSettings&) = default;
};

inline constexpr int kMaxEventRounds = 50;
inline constexpr int kMaxEventPlayers = 9999;  // a TRF starting rank has 4 digits

struct Entrant {
  EntryNo entry = 0;
  std::int64_t account = 0;
  std::string name;
  std::optional<int> rating;  // in the event's category when he entered
  int first_round = 1;        // the first round he may be paired in (later: a late entry)
  // He withdrew once `withdrawn_after` rounds were paired: absent from every later round.
  std::optional<int> withdrawn_after;
  friend bool operator==(const Entrant&, const Entrant&) = default;
};

// One board of a round: the game the server created for it and its result ("*" while it
// is played; then the verdict's result, spec/game-events.md: "1-0", "+/-", "-/-", ...).
struct EventBoard {
  EntryNo white = 0;
  EntryNo black = 0;
  std::string game;
  std::string result = "*";
  friend bool operator==(const EventBoard&, const EventBoard&) = default;
};

struct EventRound {
  int number = 0;
  std::int64_t started_ms = 0;
  std::optional<std::int64_t> finished_ms;  // when its last game ended
  std::vector<EventBoard> boards;           // in board order (C.04.3 A.9)
  EntryNo bye = 0;                          // the pairing-allocated bye (C.04.1 c), 0: none
  friend bool operator==(const EventRound&, const EventRound&) = default;
};

struct OnlineEvent {
  EventSettings settings;
  std::vector<Entrant> entrants;  // by entry number
  std::vector<EventRound> rounds;

  [[nodiscard]] const Entrant* entrant(EntryNo e) const;
  [[nodiscard]] const Entrant* entrant_of(std::int64_t account) const;
  // The rounds paired so far (the last may still be in play).
  [[nodiscard]] int paired() const noexcept { return static_cast<int>(rounds.size()); }
  friend bool operator==(const OnlineEvent&, const OnlineEvent&) = default;
};

// The text the store keeps (docs/events.md, "The event's text"): one fact a line,
// `arbiter-event 1` first. Round trip: read_event(write_event(e)) == e.
[[nodiscard]] std::string write_event(const OnlineEvent& e);
// Errors: kInvalidArgument with the line, the column and the field of what is wrong.
[[nodiscard]] Result<OnlineEvent> read_event(std::string_view text);

}  // namespace arbiter::tournament
