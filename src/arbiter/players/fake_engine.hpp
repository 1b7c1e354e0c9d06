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
// The features fake_xboard_engine declares unless told others.
inline constexpr const char* kFakeXboardFeatures =
    "myname=\"FakeX\" usermove=1 setboard=1 variants=\"normal,fischerandom\" sigint=0";
// A CECP v2 engine: `feature FEATURES done=1`, then the next move of `moves` for each turn.
[[nodiscard]] std::string fake_xboard_engine(const std::string& moves,
                                             const std::string& features = kFakeXboardFeatures);
// Any script (the body after the #! line); returns its path.
[[nodiscard]] std::string write_script(const std::string& body);
// A path for an engine's stderr log (EngineConfig::stderr_log) that does not exist yet.
[[nodiscard]] std::string fresh_log_path();
// A whole file's text ("" when it cannot be read).
[[nodiscard]] std::string read_text(const std::string& path);

}  // namespace arbiter::players::testing
