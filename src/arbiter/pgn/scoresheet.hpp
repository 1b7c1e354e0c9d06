// The game as a FIDE scoresheet in text (Art. 8.1, Appendix C): moves in the algebraic
// form and language chosen (C.3, C.8-C.13; the short form or the long form of the
// Appendix C example), main line only, a draw offer marked "(=)" after the move it was
// made with (Art. 9.1.2.2, C.12).
//
//   White: Anand, V.   Black: Carlsen, M.   ...
//
//   1. e4 e5 2. Nf3 Nf6 3. d4 exd4 ... 11. Kb1 (=) ...
//   1/2-1/2
#pragma once

#include <string>

#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/game.hpp"

namespace arbiter::pgn {

struct ScoresheetOptions {
  notation::Style style = notation::Style::fide(notation::Language::English);
  bool header = true;              // Event/Site/Date/Round/White/Black lines
  bool one_move_per_line = false;  // "1. e4 e5" per line, like the columns of a form
  std::size_t max_line = 80;
};

[[nodiscard]] std::string write_scoresheet(const Game& game, const ScoresheetOptions& options = {});

}  // namespace arbiter::pgn
