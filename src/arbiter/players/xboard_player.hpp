// XboardPlayer: an external engine speaking the Chess Engine Communication Protocol,
// version 2 (xboard/WinBoard): `xboard`, `protover 2` and the `feature` negotiation;
// `new`, `variant fischerandom`, `setboard` for a start from a FEN (or, for an engine
// without `feature setboard=1`, the `edit` set-up when it gives the position exactly;
// start() refuses the game otherwise), `level` for the time control; before each move
// `time` and `otim` (centiseconds), the opponent's move as `usermove`, and `go`. The
// engine is kept in force mode between its moves, so its board is always rebuilt from the
// Arbiter's game when the two could differ.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/players/engine_config.hpp"
#include "arbiter/players/player.hpp"
#include "arbiter/players/process.hpp"

namespace arbiter::players {

struct XboardFeatures {
  bool usermove = false;
  bool setboard = false;
  bool san = false;
  bool done = false;
  std::string myname;
  std::vector<std::string> variants;
};

// Reads one `feature a=1 b="two words"` line into `f`; returns the names seen, each to be
// answered with `accepted NAME`.
std::vector<std::string> parse_features(const std::string& line, XboardFeatures& f);

class XboardPlayer final : public Player {
 public:
  explicit XboardPlayer(EngineConfig config);
  [[nodiscard]] std::string name() const override { return config_.name; }
  [[nodiscard]] Result<void> start(const GameStart& start) override;
  [[nodiscard]] Reply think(const ThinkRequest& request) override;
  void finish(const std::string& result) override;
  void interrupt() override;  // `?`: move now

  // `level MPS BASE INC` for a time control's first period (exposed for tests).
  [[nodiscard]] static std::string level_command(const clock::TimeControl& tc);
  // A move as CECP coordinates (e2e4, e7e8q; O-O / O-O-O for Chess960 castling).
  [[nodiscard]] static std::string move_text(const core::Position& pos, core::Move m);

 private:
  void send(const std::string& line);
  void resync();

  EngineConfig config_;
  std::optional<Process> process_;
  XboardFeatures features_;
  GameStart game_;
  std::vector<std::string> known_;  // the moves the engine's board has, as sent/played
  std::atomic<bool> alive_{true};
  std::atomic<bool> interrupted_{false};  // set by interrupt(), for this game
  std::mutex write_;                      // think() and interrupt() may run on two threads
};

}  // namespace arbiter::players
