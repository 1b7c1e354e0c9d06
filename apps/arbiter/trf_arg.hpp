// Reading a TRF named on the command line, with the exit statuses of the pairing-program
// contract (spec/tournaments.md): 3 invalid file (with line and column), 4 size limit,
// 5 file access.
#pragma once

#include <string>

#include "arbiter/tournament/model.hpp"

namespace arbiter::app {

// A file larger than this is refused with status 4 before it is read.
inline constexpr std::size_t kMaxTrfBytes = 64u << 20;

// Reads and checks `path` ("-" for standard input). Throws ExitError.
[[nodiscard]] tournament::Tournament load_trf(const std::string& path);

// Writes `text` to `path` ("-" or "" for standard output). Throws ExitError{5} on failure.
void write_output(const std::string& path, const std::string& text);

}  // namespace arbiter::app
