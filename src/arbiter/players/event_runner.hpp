// Engine tournaments (issue #15): a Swiss or a round robin of engines, played round by
// round. Each round is paired from the results so far by a pairing function (the Dutch
// engine, the Berger tables: the caller chooses; this module pairs nothing itself), its
// games are played as in a match (each under its own Arbiter and clock, K at a time), and
// the results go into the event's TRF model, so that at the end the event is a TRF that
// `arbiter pair -c` can check and the C.07 standings can rank.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/players/match.hpp"
#include "arbiter/tournament/berger.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::players {

// One round's pairing: boards by starting rank (engine i is player i + 1), in board order.
struct EventPairing {
  std::vector<tournament::Board> boards;
  tournament::PlayerId bye = 0;  // the pairing-allocated bye (C.04.1 c), 0: none
};

// Pairs round rounds_played(event) + 1 of the event as it stands.
using EventPairer = std::function<Result<EventPairing>(const tournament::Tournament& event)>;

struct EventOptions {
  MatchOptions match;  // engines, clocks, rules, openings, concurrency, adjudication
  int rounds = 0;
  std::string name = "arbiter match";
  std::string system;     // the TRF-2026 192 code: FIDE_DUTCH_2026, BERGER_ROUNDROBIN...
  std::string tiebreaks;  // the 202 line, "" for none
  // Ratings of the engines by index (TRF 001 columns 49-52); missing or 0: unrated.
  std::vector<int> ratings;
};

// The event before round 1: 012 name, 092/192 system, 142 rounds, XXC white1 (the top seed
// has White in round 1), 202 tie-breaks, and one 001 line per engine in the given order.
// Errors: fewer than two engines, no rounds, a name longer than the TRF's 33 columns.
[[nodiscard]] Result<tournament::Tournament> new_event(const EventOptions& options);

// C.04 Annex 2 result codes of a finished game for White and Black: 1 = 0, a forfeit `+ -`
// (Art. 6.9-like losses by absence keep their colour, C.04.1), and `W D L` for a game that
// ended before each side had made a move. Results the TRF cannot state for two players
// (0-½, ½-0, 0-0) are written by each player's own points: `0`/`=` and `-`/`-`.
struct ResultCodes {
  tournament::ResultCode white;
  tournament::ResultCode black;
};
[[nodiscard]] ResultCodes result_codes(competition::GameResult result, std::size_t plies);

// Writes round `round` into the event: the boards with their results, the bye (`U`), and
// an absence (`Z`) for anyone else; points are recomputed under the event's point system.
void record_round(tournament::Tournament& event, int round, const EventPairing& pairing,
                  const std::vector<ResultCodes>& results);

struct EventGame {
  int round = 0;
  int board = 0;  // 1-based
  ScheduledGame game;
  PlayedGame played;
};

struct EventOutcome {
  tournament::Tournament event;  // every round played so far
  int rounds_played = 0;
  std::optional<Error> stopped;  // why the event stopped before its last round
};

// Plays the event. The opening of round r is openings[(r-1) mod n] (or the Chess960
// position), the same on every board. `on_game` is called serialised for every finished
// game; `on_round` after each round is recorded. A pairing error, or a game whose start
// is unusable, stops the event after the rounds complete so far.
[[nodiscard]] EventOutcome run_event(
    const EventOptions& options, const EventPairer& pairer, const PlayerFactory& factory,
    const std::function<std::unique_ptr<TimeSource>()>& time_factory,
    const std::function<void(const EventGame&)>& on_game,
    const std::function<void(const tournament::Tournament&, int round)>& on_round = {});

}  // namespace arbiter::players
