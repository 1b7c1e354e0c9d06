// The values of the C.07 tie-breaks for every player of an event. Each value is an exact
// decimal (an integer and its number of decimals): points in tenths, Sonneborn-Berger in
// hundredths, ratings as whole numbers. DE depends on the group of tied players and has
// its own entry point; the ranking (standings.hpp) applies them in order.
#pragma once

#include <string>
#include <vector>

#include "arbiter/tournament/tiebreak_spec.hpp"
#include "arbiter/tournament/tiebreak_view.hpp"

namespace arbiter::tournament {

struct TieBreakValue {
  long long value = 0;  // the number times 10^decimals
  int decimals = 0;
  friend bool operator==(const TieBreakValue&, const TieBreakValue&) = default;
};

// "12.5", "26.75", "2150".
[[nodiscard]] std::string format_value(const TieBreakValue& v);

// The value of `spec` for every player of the view, in its order. DE gives, for each
// player, his points against everybody else of the event only when called through
// direct_encounter (here: zero for everyone).
[[nodiscard]] std::vector<TieBreakValue> compute_tiebreak(const EventView& v,
                                                          const TieBreakSpec& spec);

// C.07 Article 6, direct encounter inside `group` (indexes into the view): the points each
// scored against the others of the group (over the board; forfeits too with /P and, by
// 15.2, in a round robin).
[[nodiscard]] std::vector<TieBreakValue> direct_encounter_points(const EventView& v,
                                                                 const std::vector<int>& group,
                                                                 const TieBreakSpec& spec);
// One application of DE to the group: a key per member, larger first; equal keys stay
// tied. When everyone of the group has met everyone else (always in a round robin), the key
// is the mutual points. Otherwise, from the top, the one player with the most mutual points
// goes ahead of the rest when none of them could reach his points by winning every
// encounter not played; the first time that fails, or two share the top, the rest stays
// tied.
[[nodiscard]] std::vector<long long> direct_encounter_keys(const EventView& v,
                                                           const std::vector<int>& group,
                                                           const TieBreakSpec& spec);
// DE applied to the group, then again to each part still tied, among its members alone,
// until nothing changes: the group's members in order, in parts that stay tied.
[[nodiscard]] std::vector<std::vector<int>> direct_encounter_split(const EventView& v,
                                                                   const std::vector<int>& group,
                                                                   const TieBreakSpec& spec);

// Parts of compute_tiebreak, one file each (tiebreak_results.cpp, tiebreak_opponents.cpp,
// tiebreak_rating.cpp).
namespace detail {
[[nodiscard]] std::vector<TieBreakValue> result_tiebreak(const EventView& v,
                                                         const TieBreakSpec& spec);
[[nodiscard]] std::vector<TieBreakValue> opponent_tiebreak(const EventView& v,
                                                           const TieBreakSpec& spec);
[[nodiscard]] std::vector<TieBreakValue> rating_tiebreak(const EventView& v,
                                                         const TieBreakSpec& spec);
// Points of a result under 1-½-0 in tenths (STD, and the p of TPR and PTP).
[[nodiscard]] Points standard_points(ResultCode r) noexcept;
}  // namespace detail

}  // namespace arbiter::tournament
