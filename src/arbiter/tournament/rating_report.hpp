// The FIDE rating report of an event (issue #17; B.02 Article 8, rating/fide_elo.hpp): for
// each rated player, the games that count, the score, the expected score, K and the rating
// change. A game counts when it was played on the board (TRF results 1 = 0; not a forfeit,
// a bye, nor W D L, which the TRF marks as not rated) against an opponent with a rating.
// Games against unrated opponents are counted apart and not rated: their initial ratings
// are computed by FIDE from several events (B.02 Article 7), which one TRF cannot do.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/model.hpp"

namespace arbiter::tournament {

struct RatingReportOptions {
  // K given for a player (an arbiter knows a player's history: new to the list, or once
  // rated 2400); otherwise k_for() below.
  std::map<PlayerId, int> k;
  // Rapid and blitz lists: K is 20 for everyone.
  bool rapid_or_blitz = false;
};

struct RatingLine {
  PlayerId id = 0;
  std::string name;
  std::optional<int> rating;  // unrated players have no line change
  int k = 0;                  // after the 700 cap; 0 for an unrated player
  std::string k_reason;       // "given", "junior under 2300", "2400 or more", ...
  int games = 0;              // rated games in the event
  int half_points = 0;        // their score, in half points
  int expected_hundredths = 0;
  long long change_hundredths = 0;  // K × ΣΔR, in hundredths
  int change = 0;                   // rounded, 0.5 up
  int unrated_opponents = 0;        // games played against unrated opponents, not rated
};

// The report, one line per player in the file's order. Errors (kInvalidArgument, field
// "k"): a K given for a player id that the file does not have, or outside 1..100.
[[nodiscard]] Result<std::vector<RatingLine>> rating_report(const Tournament& event,
                                                            const RatingReportOptions& options);

// Whether a player born on `birth_date` (the TRF's YYYY/MM/DD; '-' or '.' also read) is
// under 18 on `event_start` (the 042 line's date, same forms). nullopt when either date is
// not a full date.
[[nodiscard]] std::optional<bool> is_under_18(std::string_view birth_date,
                                              std::string_view event_start) noexcept;

}  // namespace arbiter::tournament
