// The game runner: two Players, one competition Arbiter with a real ChessClock. Every
// move, resignation and flag becomes a typed event timed by the injected TimeSource
// (SteadyTimeSource in production, ManualTimeSource in tests); the Arbiter's verdict is
// the result, and the events are the log that `arbiter adjudicate` re-reads.
//
// Engine failures, by the Laws:
//  - no move within the time (hang): the flag falls (Art. 6.8); 6.9 decides loss or draw;
//  - a crash: the player has left, his clock runs on until the flag falls (Art. 6.9,
//    so a crash with a bare-king opponent is a draw); without a clock the arbiter
//    declares a forfeit (Art. 12.9);
//  - an illegal move: Art. 7.5 under "penalize" (the second one loses, 7.5.5); under
//    "reject" (online play) the arbiter declares a forfeit at once.
//
// When an engine plays a person (Player::interactive), the engine thinks on another
// thread while the person is listened to: an offer, an answer or a resignation typed then
// is applied at once (Art. 9.1.2.1, 5.1.2), and an engine whose game ended meanwhile is
// interrupted.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/chess_clock.hpp"
#include "arbiter/competition/events.hpp"
#include "arbiter/competition/verdict.hpp"
#include "arbiter/players/adjudication.hpp"
#include "arbiter/players/player.hpp"

namespace arbiter::players {

struct PlayedGame {
  competition::StartEvent start;
  std::vector<competition::Event> events;
  competition::Verdict verdict;
  std::vector<std::string> notes;  // player failures, for the log ("white crashed: ...")
  // One per move that stands: the mover's evaluation as "+0.31/12" (pawns from the
  // mover's side / depth), or "" when the player gave none.
  std::vector<std::string> evals;
  // The adjudication rule that ended the game (describe()), when one did.
  std::optional<std::string> adjudication;
};

// The PGN with each move's evaluation added to its [%clk] comment:
// `{[%clk 0:00:58] +0.31/12}`. A PGN without clock comments is returned unchanged.
[[nodiscard]] std::string pgn_with_evals(const std::string& pgn,
                                         const std::vector<std::string>& evals);

struct RunOptions {
  // Engines cannot claim a draw themselves (UCI has no such message): with this set, the
  // runner makes the claims of Art. 9.2 and 9.3 for the player to move whenever they are
  // correct — at its turn (9.2.1.2, 9.3.2) or with the move it has chosen (9.2.1.1,
  // 9.3.1). The Arbiter still decides them; it is a claim, not an adjudication.
  bool claim_draws = false;
  // Optional score adjudication (none by default: the Laws only). A rule that fires ends
  // the game by an arbiter decision (Art. 12.9) written to the event log.
  Adjudication adjudication;
  // Called after every event with the verdict as it stands then (for live displays:
  // refusals and penalties with their articles); may be empty.
  std::function<void(const competition::Event&, const competition::Verdict&)> on_event;
};

// Plays one game to its end. Errors: the start event is unusable (bad FEN, number).
[[nodiscard]] Result<PlayedGame> run_game(const competition::StartEvent& start, Player& white,
                                          Player& black, const TimeSource& time,
                                          const RunOptions& options = {});

}  // namespace arbiter::players
