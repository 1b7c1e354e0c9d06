// Scripted fake engines for the players tests: tiny POSIX shell programs, written to a
// temporary directory, that play a fixed list of moves. Special words in the list:
// `crash` (exit at once), `hang` (say nothing, ever), `resign`. Every line an engine
// reads is copied to its stderr as "> LINE" (EngineConfig::stderr_log keeps it).
#pragma once

#include <string>
#include <vector>

namespace arbiter::players::testing {

// A UCI engine answering each `go` with the next move of `moves`.
[[nodiscard]] std::string fake_uci_engine(const std::string& moves);
// A CECP v2 engine: `feature ... done=1`, then the next move of `moves` for each turn.
[[nodiscard]] std::string fake_xboard_engine(const std::string& moves);
// Any script (the body after the #! line); returns its path.
[[nodiscard]] std::string write_script(const std::string& body);

}  // namespace arbiter::players::testing
