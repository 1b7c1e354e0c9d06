// Player: one side of a game as the game runner sees it. The runner owns the rules (the
// competition Arbiter) and the clock; a player only starts, answers "your move" with a
// Reply, and hears how the game ended. Implementations: UciPlayer and XboardPlayer
// (external engines; the built-in engine is a UciPlayer running `arbiter uci`), and the
// terminal human of `arbiter play`.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/time_control.hpp"
#include "arbiter/competition/events.hpp"
#include "arbiter/core/types.hpp"
#include "arbiter/game/game.hpp"

namespace arbiter::players {

struct GameStart {
  core::Color side = core::Color::White;  // the colour this player has
  std::string opponent;
  clock::TimeControl time_control;           // this player's own (Art. 6.3)
  clock::TimeControl opponent_time_control;  // the opponent's; different under time odds
  bool chess960 = false;
  // The game's start position (a FEN or Chess960 start), for players that must check
  // before the game whether they can set it up (an xboard engine without setboard).
  core::Position start_position = core::Position::startpos();
};

// What a player is told before a move: the game so far and both clocks as the Arbiter
// has them (Art. 6.3: the increment for this move already credited).
struct ThinkRequest {
  const game::Game* game = nullptr;
  std::array<Millis, 2> remaining{};  // White, Black
  Millis increment{0};                // the current period's increment of the mover
  Millis delay{0};                    // the current period's delay (Art. 6.3.2)
  int moves_to_go = 0;                // moves left in the mover's period; 0 = all the rest
  // Each side's increment + delay in its current period (White, Black), for engines told
  // both (UCI winc / binc); unset: the mover's increment + delay for both sides.
  std::optional<std::array<Millis, 2>> increments;
  Millis budget{0};  // real time after which the mover's flag has fallen; 0 = no clock
};

enum class ReplyKind {
  Move,     // `move` holds the move text (UCI or SAN; the Arbiter decides its legality)
  Resign,   // Art. 5.1.2
  Timeout,  // no answer within the budget: the flag falls (Art. 6.9)
  Crash,    // the player is gone (process exited, pipe closed)
  // A person's other actions at the board; the same player is asked again afterwards.
  OfferDraw,    // Art. 9.1.2.1
  AcceptDraw,   // Art. 9.1.2.1 / 5.2.3
  DeclineDraw,  // Art. 9.1.2.1
  Claim,        // Art. 9.2 / 9.3: `claim`, with the intended move in `move` if any
  Adjourn,      // Guideline I.1: `move` is the sealed move
};

struct Reply {
  ReplyKind kind = ReplyKind::Move;
  std::string move;
  bool offer_draw = false;      // Art. 9.1.2.1: an offer made with the move
  std::optional<int> score_cp;  // the engine's last evaluation, for the PGN
  std::optional<int> depth;
  std::string detail;  // why a crash / bad output, for the log
  competition::ClaimKind claim = competition::ClaimKind::Threefold;
};

class Player {
 public:
  virtual ~Player() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  // Prepares a new game. Errors: the player cannot play (engine failed its handshake).
  [[nodiscard]] virtual Result<void> start(const GameStart& start) = 0;
  // Asks for a move in `request.game->position()`. Never blocks beyond the budget plus a
  // small grace period.
  [[nodiscard]] virtual Reply think(const ThinkRequest& request) = 0;
  // The game is over; `result` is "1-0", "0-1", "1/2-1/2" or a forfeit form.
  virtual void finish(const std::string& result) = 0;

  // A person at the board: the runner listens to him while his opponent thinks.
  [[nodiscard]] virtual bool interactive() const { return false; }
  // Input while the opponent is to move, waiting at most `wait`: nullopt when there is
  // nothing to act on (yet), else an OfferDraw, AcceptDraw, DeclineDraw or Resign that the
  // runner applies at once. `request` is the opponent's (his clock runs). A move typed now
  // is the player's own business (a premove, played at his turn).
  [[nodiscard]] virtual std::optional<Reply> listen(const ThinkRequest& /*request*/,
                                                    Millis /*wait*/) {
    return std::nullopt;
  }
  // Asks for an answer now (the game ended while this player thought). Called from another
  // thread than think(); think() must then return soon. Its answer is not used.
  virtual void interrupt() {}
};

}  // namespace arbiter::players
