// TerminalPlayer: a person at a text terminal. Before each of his moves it draws the
// board (Unicode pieces, either way up), both clocks (ticking; tenths under 10 s) and the
// move list in the chosen notation, then reads a move in any form parse_move accepts or
// one of the commands draw, accept, decline, claim [move], resign, adjourn MOVE, flip,
// help. Input is polled, so the clock keeps ticking and the flag falls (Art. 6.8) even if
// nothing is typed. While an engine opponent thinks the person may still type: draw,
// accept, decline, resign, flip, help, or a move, kept as a premove and played at once
// when his turn comes if it is legal then.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "arbiter/notation/notation.hpp"
#include "arbiter/players/player.hpp"

namespace arbiter::players {

struct TerminalView {
  notation::Style style = notation::Style::pgn();
  bool flipped = false;  // Black at the bottom
  bool ansi = true;      // redraw the clock line in place
};

// The board as text, White at the bottom unless flipped (exposed for tests).
[[nodiscard]] std::string render_board(const core::Position& pos, bool flipped);
// "1:02:03", "4:05", "9.8" (tenths under 10 s).
[[nodiscard]] std::string clock_display(Millis ms);

class TerminalPlayer final : public Player {
 public:
  // `in_fd` is read (not owned); `out` is written. `view` may be shared by both players of
  // a hot-seat game so that `flip` lasts.
  TerminalPlayer(std::string name, int in_fd, std::FILE* out, std::shared_ptr<TerminalView> view,
                 const TimeSource& time);
  [[nodiscard]] std::string name() const override { return name_; }
  [[nodiscard]] Result<void> start(const GameStart& start) override;
  [[nodiscard]] Reply think(const ThinkRequest& request) override;
  void finish(const std::string& result) override;
  [[nodiscard]] bool interactive() const override { return true; }
  [[nodiscard]] std::optional<Reply> listen(const ThinkRequest& request, Millis wait) override;

 private:
  void draw(const ThinkRequest& request);
  void draw_clocks(const ThinkRequest& request, Millis used, bool in_place);
  // A command or a move; nullopt: nothing to send yet (help, flip, a bad move).
  [[nodiscard]] std::optional<Reply> interpret(const std::string& line,
                                               const ThinkRequest& request);

  std::string name_;
  int in_fd_;
  std::FILE* out_;
  std::shared_ptr<TerminalView> view_;
  const TimeSource& time_;
  // Reads what is typed within `wait` into pending_; false when the input is closed.
  bool read_input(Millis wait);
  // A line typed during the opponent's turn; nullopt: nothing for the runner.
  [[nodiscard]] std::optional<Reply> interpret_off_turn(const std::string& line,
                                                        const ThinkRequest& request);

  std::string pending_;     // typed text not yet ended by a newline
  std::string premove_;     // a move typed during the opponent's turn
  int listening_ply_ = -1;  // the opponent's turn the off-turn prompt was shown for
  Millis listening_since_{0};
};

}  // namespace arbiter::players
