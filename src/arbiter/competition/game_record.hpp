// The game score as the Arbiter records it, and its two printed forms: the PGN export
// (with [%clk] comments, the PGN standard's Termination value and the ending as a final
// comment, penalties and offers as comments)
// and the FIDE scoresheet text (Art. 8.1, draw offers marked "(=)" as 9.1.2.2 asks).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/base/time_source.hpp"
#include "arbiter/competition/verdict.hpp"

namespace arbiter::competition {

struct RecordedMove {
  Color side = Color::White;
  int number = 1;                     // the move number (Art. 8.1)
  std::string san;                    // as it stands on the board
  std::optional<Millis> clock;        // the mover's time after the press, with credits
  bool offered_draw = false;          // 9.1.2.2: "=" on the scoresheet
  std::vector<std::string> comments;  // penalties and other arbiter notes after the move
};

struct GameRecord {
  // The PGN's Event, Site and Date tags ("?" and "????.??.??" when empty): who records the
  // game names it (the server: "Rated blitz game", the game's URL, the day it began).
  std::string event;
  std::string site;
  std::string date;  // YYYY.MM.DD
  std::string white;
  std::string black;
  std::string time_control;        // spec grammar; "-" without a clock; White's under time odds
  std::string time_control_black;  // Black's under time odds; empty: the same as White's
  std::string start_fen;           // empty for the initial position of Art. 2.3
  bool chess960 = false;
  std::vector<std::string> opening_comments;  // notes before the first move
  // More tags after the standard ones (WhiteElo, BlackElo, ...), in order.
  std::vector<std::pair<std::string, std::string>> extra_tags;
  std::vector<RecordedMove> moves;

  // Attaches a note to the last move (or before the first one).
  void note(std::string text);
};

[[nodiscard]] std::string to_pgn(const GameRecord& record, GameResult result,
                                 Termination termination);
[[nodiscard]] std::string to_scoresheet(const GameRecord& record, GameResult result);
// "1:02:03" or "0:00:05.250" ([%clk] format of the PGN clock extension).
[[nodiscard]] std::string clock_text(Millis ms);

}  // namespace arbiter::competition
