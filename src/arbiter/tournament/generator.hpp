// The random tournament generator (RTG) of the pairing-program contract (spec/tournaments.md,
// "The command line": `pair --dutch -g [CONFIG] -o OUT [-s SEED]`): a complete Swiss event,
// each round paired by the Dutch engine, results drawn from the rating difference.
#pragma once

#include <cstdint>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

struct GeneratorConfig {
  int players = 30;           // PlayersNumber
  int rounds = 7;             // RoundsNumber
  int draw_percentage = 30;   // DrawPercentage, 0-100: the share of draws among close games
  int forfeit_rate = 0;       // ForfeitRate: 1 game in N is forfeited (0: none)
  int retired_rate = 0;       // RetiredRate: 1 player in N withdraws during the event
  int half_bye_rate = 0;      // HalfPointByeRate: 1 player-round in N is a requested H
  int highest_rating = 2600;  // HighestRating
  int lowest_rating = 1400;   // LowestRating
  PointSystem points;         // PointsForWin / Draw / Loss / ZPB / ForfeitLoss / PAB
};

// `key=value` lines (blank lines and `#` comments skipped). Errors: an unknown key, a value
// that is not a number, a size out of range (kInvalidArgument with the line).
[[nodiscard]] Result<GeneratorConfig> parse_generator_config(std::string_view text);

// The event, every round paired by pair_dutch. Errors: the engine's (a round that cannot be
// paired: kNoValidPairing).
[[nodiscard]] Result<Tournament> generate_tournament(const GeneratorConfig& config,
                                                     std::uint64_t seed);

}  // namespace arbiter::tournament
