// The JSON of the events' REST routes (issue #18, docs/events.md, web-protocol.md §1.8):
// the creation request read, the list and the event written. Plain values in and out:
// the server turns the tournament module's values into these views.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::wire {

struct TournamentRequest {
  std::string kind = "swiss";          // "swiss" | "arena" (lichess's, not a FIDE system)
  std::string name;                    // 1..160 bytes, no control characters
  std::string time_control = "blitz";  // a preset id or the grammar
  int rounds = 0;                      // 1..50 (a Swiss)
  int minutes = 0;                     // 1..720 (an arena's duration)
  bool rated = false;
  std::int64_t starts_in_s = 60;  // 0 .. 30 days
  std::int64_t interval_s = 10;   // 0 .. 1 day
  std::int64_t waiting_s = 60;    // 5 .. 1 day (Art. 6.7.1's default time; an arena: 30)
  std::string late = "zero";      // "zero" | "half"
  std::string tiebreaks;          // C.07 codes, "" for the default
  std::string password;           // "" for none, else 1..128 bytes
  int max_players = 0;            // 0..9999
  std::vector<std::pair<std::string, std::string>> forbidden;  // account names, at most 100
};
// Errors: kProtocolSyntax (not a JSON object), kInvalidArgument naming the field.
[[nodiscard]] Result<TournamentRequest> parse_tournament_request(std::string_view body);
// {"password": "..."} (optional, at most 128 bytes).
[[nodiscard]] Result<std::string> parse_tournament_join(std::string_view body);

struct TournamentListItem {
  std::string id;
  std::string name;
  std::string kind;
  std::string status;
  std::string time_control;
  int rounds = 0;
  int round = 0;  // paired so far
  int players = 0;
  std::int64_t starts_ms = 0;
  bool rated = false;
  bool password = false;
  std::optional<std::int64_t> ends_ms;  // an arena's end
  int minutes = 0;                      // an arena's duration
};
[[nodiscard]] std::string write_tournament_list(const std::vector<TournamentListItem>& items);

struct TournamentPlayerView {
  int entry = 0;
  std::string name;
  std::optional<int> rating;
  int first_round = 1;
  bool withdrawn = false;
};
struct TournamentBoardView {
  int white = 0;
  int black = 0;
  std::string game;
  std::string result;
};
struct TournamentRoundView {
  int number = 0;
  std::int64_t started_ms = 0;
  std::optional<std::int64_t> finished_ms;
  int bye = 0;
  std::vector<TournamentBoardView> boards;
};
struct TournamentResultView {
  int round = 0;
  int opponent = 0;  // an entry number, 0 for none
  char colour = '-';
  char result = 'Z';  // the TRF code
};
struct TournamentStandingView {
  int rank = 0;
  int entry = 0;
  std::string name;
  std::optional<int> rating;
  std::string points;                  // "2.5": written as a JSON number
  std::vector<std::string> tiebreaks;  // format_value's text: written as JSON numbers
  std::vector<TournamentResultView> results;
};
struct TournamentMeView {
  int entry = 0;
  bool withdrawn = false;
  std::optional<std::string> game;
};
struct TournamentView {
  TournamentListItem summary;
  std::string owner;
  std::int64_t interval_s = 0;
  std::int64_t waiting_s = 0;
  std::string late;
  std::vector<std::string> tiebreaks;
  int max_players = 0;
  bool round_in_play = false;
  std::optional<std::int64_t> next_round_ms;
  std::vector<TournamentPlayerView> players;
  std::vector<TournamentRoundView> rounds;
  std::vector<TournamentStandingView> standings;
  std::optional<TournamentMeView> me;
  std::int64_t now_ms = 0;  // the server's clock: the page's countdown follows it
};
[[nodiscard]] std::string write_tournament(const TournamentView& view);

// An arena (issue #18 item 2): its players ranked, its games newest first.
struct ArenaSheetView {
  char outcome = 'L';  // 'W', 'D', 'L'
  int points = 0;
  bool fire = false;
};
struct ArenaPlayerView {
  int rank = 0;
  std::string name;
  int rating = 0;
  int points = 0;
  int games = 0;
  std::optional<int> performance;
  bool fire = false;  // his next game is played on fire
  bool paused = false;
  bool playing = false;
  std::vector<ArenaSheetView> sheet;
};
struct ArenaGameView {
  std::string game;  // "" while the server has not created it: written as null
  std::string white;
  std::string black;
  std::string result;
  int plies = 0;
  std::int64_t started_ms = 0;
  bool counted = false;
};
struct ArenaMeView {
  std::string name;
  int rank = 0;
  bool paused = false;
  std::optional<std::string> game;
};
struct ArenaView {
  TournamentListItem summary;
  std::string owner;
  std::int64_t waiting_s = 0;
  int max_players = 0;
  std::vector<ArenaPlayerView> players;
  std::vector<ArenaGameView> games;
  std::optional<ArenaMeView> me;
  std::int64_t now_ms = 0;
};
[[nodiscard]] std::string write_arena(const ArenaView& view);

}  // namespace arbiter::wire
