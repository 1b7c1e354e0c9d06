// The final ranking of an event (C.07): points first, then the tie-breaks in the order
// given, then the drawing of lots. Each tie-break splits only the players still tied by
// everything before it; DE (Article 6) is computed inside each such group. The lots are
// drawn from a seed, so the same seed gives the same table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/tiebreak.hpp"
#include "arbiter/tournament/tiebreak_spec.hpp"

namespace arbiter::tournament {

struct StandingRow {
  PlayerId id = 0;
  int rank = 0;  // 1.. in table order
  Points points = 0;
  std::vector<TieBreakValue> values;  // one per tie-break, in the list's order
  bool by_lot = false;  // still tied after every tie-break: placed by the drawing of lots
};

struct Standings {
  std::vector<TieBreakSpec> tiebreaks;
  std::vector<StandingRow> rows;  // in rank order
  int rounds = 0;                 // the rounds counted
  bool round_robin = false;       // Article 15 (else 16)
};

// The list the file asks for (202, else 212), else the default of `default_tiebreaks`.
// Errors: a 202 item that is not a tie-break (kInvalidArgument, naming it).
[[nodiscard]] Result<std::vector<TieBreakSpec>> file_tiebreaks(const Tournament& t);

// Used when the file names none: "DE,SB,WIN,KS" for a round robin (C.07 recommends
// direct encounter, Sonneborn-Berger, wins and Koya there), "BH/C1,BH,SB,DE" for a Swiss.
[[nodiscard]] std::string default_tiebreaks(const Tournament& t);

// The standings after the rounds played. `seed` draws the lots.
[[nodiscard]] Standings compute_standings(const Tournament& t,
                                          const std::vector<TieBreakSpec>& tiebreaks,
                                          std::uint64_t seed = 0);

// The lot of a player for a seed (a fixed mix of both: splitmix64). Lower lots rank first.
[[nodiscard]] std::uint64_t lot(std::uint64_t seed, PlayerId id) noexcept;

}  // namespace arbiter::tournament
