// A small tournament written by hand for the TRF tests: 4 players, 2 rounds.
// Round 1: 1 (White) beats 3, 4 (White) loses to 2. Round 2: 2 (White) draws with 1,
// 3 (White) loses to 4. Points: 1.5, 1.5, 0.0, 1.0.
#pragma once

#include <string>
#include <vector>

namespace arbiter::tournament::testing {

inline std::vector<std::string> small_event_lines() {
  return {
      "012 Test event",
      "001    1 mGM  Alpha, One                        2100 NOR    12345678 1990/01/01  1.5    1"
      "     3 w 1     2 b =",
      "001    2 wWIM Beta, Two                         2000 SWE                         1.5    2"
      "     4 b 1     1 w =",
      "001    3      Gamma, Three                      1900                             0.0    4"
      "     1 b 0     4 w 0",
      "001    4      Delta, Four                                                        1.0    3"
      "     2 w 0     3 b 1",
      "XXR 2",
  };
}

inline std::string join(const std::vector<std::string>& lines, const std::string& ending = "\r") {
  std::string out;
  for (const auto& l : lines) out += l + ending;
  return out;
}

}  // namespace arbiter::tournament::testing
