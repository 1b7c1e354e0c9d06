// Opening books for matches: EPD (one position a line, the first four FEN fields, the
// rest ignored) or PGN (each game's main line, cut after `plies` half-moves). Each opening
// becomes a start FEN; the match plays it twice with the colours reversed.
#pragma once

#include <string>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::players {

// Errors: kIo (cannot open), kInvalidArgument (not .epd/.pgn, or no usable opening);
// a bad line of the file is skipped, as are games with errors.
[[nodiscard]] Result<std::vector<std::string>> load_openings(const std::string& path, int plies);

}  // namespace arbiter::players
