// Opening books for matches: EPD (one position a line: the four position fields of a FEN,
// then the FEN's two counters or EPD operations, of which hmvc/fmvn give them; blank lines
// skipped) or PGN (each game's main line, cut after `plies` half-moves). Each opening
// becomes a start FEN; the match plays it twice with the colours reversed.
#pragma once

#include <string>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::players {

// Errors: kIo (cannot open), kInvalidArgument (not .epd/.pgn, no opening, or the first bad
// EPD line / PGN game, named with the file, its line or game number and the FEN field).
[[nodiscard]] Result<std::vector<std::string>> load_openings(const std::string& path, int plies);

}  // namespace arbiter::players
