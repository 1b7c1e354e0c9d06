// UciPlayer: an external engine speaking UCI. One process per game: `uci` … `uciok`,
// the configured options, `ucinewgame`, `isready` … `readyok`; for each move `position`
// and `go wtime btime winc binc [movestogo]`, and `stop` when the flag falls. A delay
// (Art. 6.3.2) is told to the engine as an increment of the same size: in delay mode the
// mover really has `main + delay` for this move, and never more.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>

#include "arbiter/players/engine_config.hpp"
#include "arbiter/players/player.hpp"
#include "arbiter/players/process.hpp"

namespace arbiter::players {

class UciPlayer final : public Player {
 public:
  explicit UciPlayer(EngineConfig config);
  [[nodiscard]] std::string name() const override { return config_.name; }
  [[nodiscard]] Result<void> start(const GameStart& start) override;
  [[nodiscard]] Reply think(const ThinkRequest& request) override;
  void finish(const std::string& result) override;
  void interrupt() override;  // `stop`

  // The `go` line sent for a request (exposed for tests).
  [[nodiscard]] static std::string go_command(const ThinkRequest& request);
  // The `position` line for a game (exposed for tests).
  [[nodiscard]] static std::string position_command(const game::Game& game);

 private:
  [[nodiscard]] bool wait_for(const std::string& token, Millis timeout);
  // Writes a line (think() and interrupt() may run on two threads).
  bool send(const std::string& line);

  EngineConfig config_;
  std::optional<Process> process_;
  GameStart game_;
  std::mutex write_;
  std::atomic<bool> interrupted_{false};  // set by interrupt(), for this game
};

}  // namespace arbiter::players
