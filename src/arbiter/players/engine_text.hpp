// Small helpers to read engine output lines (UCI `info`, xboard thinking output).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::players {

// The n-th (0-based) blank-separated word of `line`, or "".
[[nodiscard]] std::string nth_word(std::string_view line, int n);
[[nodiscard]] inline std::string first_word(std::string_view line) { return nth_word(line, 0); }
// The integer after the word `key` ("depth 12" → 12), if any.
[[nodiscard]] std::optional<int> info_int(std::string_view line, std::string_view key);
// UCI `score cp N` → N; `score mate M` → ±(30000 - M) so the PGN still shows who wins.
[[nodiscard]] std::optional<int> info_score_cp(std::string_view line);

}  // namespace arbiter::players
