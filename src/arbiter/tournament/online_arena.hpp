// An arena the server runs (issue #18 item 2, docs/events.md "Arena"): lichess's kind of
// event, NOT a FIDE system. What its creator chose, who entered (and who has paused), and
// every game paired so far with its result. A value: the server's director changes it with
// the functions below, the store keeps its text (`write_arena` / `read_arena`), and the
// players' scores (arena.hpp's sheets) are derived from the games each time, never stored
// beside them: the text cannot contradict itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/arena.hpp"

namespace arbiter::tournament {

struct ArenaSettings {
  std::string name;          // 1..160 bytes
  std::string time_control;  // the grammar of spec/game-events.md ("180+2")
  bool rated = false;
  std::int64_t starts_ms = 0;
  std::int64_t ends_ms = 0;  // pairing stops; only games ended before it count (lichess)
  // Art. 6.7.1: a player who has not made his first move this long after his game was
  // created loses it by default; the arena then pauses him (he is not there).
  std::int64_t waiting_ms = 30'000;
  std::string password_hash;  // "" for an open arena; else the account module's hash
  int max_players = 0;        // 0: no limit below kMaxArenaPlayers
  friend bool operator==(const ArenaSettings&, const ArenaSettings&) = default;
};

inline constexpr int kMaxArenaPlayers = 10'000;
inline constexpr std::int64_t kMaxArenaMs = 12LL * 3'600'000;  // twelve hours

// An entrant as the text keeps him; his games and points are in the games.
struct ArenaEntrant {
  std::int64_t account = 0;
  std::string name;
  int rating = 1500;  // in the arena's category when he entered
  bool paused = false;
  std::int64_t since = 0;  // when he entered or came back: waiting from then
  friend bool operator==(const ArenaEntrant&, const ArenaEntrant&) = default;
};

// One game of the arena: paired at `started_ms`; `game` is the server's game once created
// ("" until then); `result` "*" while it is played, then the verdict's result.
struct ArenaGame {
  std::int64_t white = 0;  // accounts
  std::int64_t black = 0;
  std::string game;
  std::string result = "*";
  int plies = 0;
  std::int64_t started_ms = 0;
  std::optional<std::int64_t> ended_ms;
  // The order in which the counted games ended, from 1 (a streak follows it); 0 for a game
  // in play or one that ended at or after the arena's end (not counted).
  int counted = 0;
  friend bool operator==(const ArenaGame&, const ArenaGame&) = default;
};

struct OnlineArena {
  ArenaSettings settings;
  std::vector<ArenaEntrant> entrants;  // in order of entry
  std::vector<ArenaGame> games;        // in order of pairing
  [[nodiscard]] const ArenaEntrant* entrant_of(std::int64_t account) const;
  friend bool operator==(const OnlineArena&, const OnlineArena&) = default;
};

// The text the store keeps: one fact a line, `arbiter-arena 1` first.
// Round trip: read_arena(write_arena(a)) == a.
[[nodiscard]] std::string write_arena(const OnlineArena& a);
// Errors: kInvalidArgument with the line, the column and the field of what is wrong.
[[nodiscard]] Result<OnlineArena> read_arena(std::string_view text);

// ------------------------------------------------------------------ the rules

// Whether the arena is over at `now` (its end has come): nobody is paired any more.
[[nodiscard]] bool arena_over(const OnlineArena& a, std::int64_t now) noexcept;

// Enters `account`, or brings him back when he paused; he waits from `now`. Errors
// (kProtocolState, field named): the arena is over ("finished"), it is full ("full").
// Returns his place in the order of entry, from 1.
[[nodiscard]] Result<int> arena_enter(OnlineArena& a, std::int64_t account, std::string name,
                                      int rating, std::int64_t now);
// Pauses `account`: not paired until he enters again; a game in play goes on.
// Errors: kProtocolState when he is not in the arena ("player").
[[nodiscard]] Result<void> arena_pause(OnlineArena& a, std::int64_t account);

// The players as the pairing and the ranking see them (arena.hpp): the entrants with their
// counted games replayed in the order they ended, `playing` while a game of theirs is in
// play, waiting since they entered, came back or last finished a game.
[[nodiscard]] std::vector<ArenaPlayer> arena_players(const OnlineArena& a);

// Pairs whoever has been waiting (arena.hpp's pair_arena) when the arena runs at `now`,
// and adds their games (without a server game yet). Returns the new games' indexes.
std::vector<std::size_t> arena_pair(OnlineArena& a, std::int64_t now, std::int64_t min_wait_ms);

// Records the result of the arena's game `game` ("1-0", "0-1", "1/2-1/2", "+/-", "-/+",
// "-/-"; "*" is ignored) with `plies` half-moves, at `now`: counted when it ended before
// the end. A player who lost by default (a forfeit, Art. 6.7.1) is paused. Returns whether
// anything changed (false for an unknown game or one recorded already).
bool arena_record(OnlineArena& a, std::string_view game, std::string_view result, int plies,
                  std::int64_t now);

// Whether any game is still in play (a game paired, not ended).
[[nodiscard]] bool arena_in_play(const OnlineArena& a) noexcept;

}  // namespace arbiter::tournament
