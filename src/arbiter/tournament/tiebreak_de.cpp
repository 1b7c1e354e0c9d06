// C.07 Article 6, direct encounter: the tied players ranked by the games among them.
#include <algorithm>
#include <set>

#include "arbiter/tournament/tiebreak.hpp"

namespace arbiter::tournament {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Mutual points of each member and, for each, how many of the others he never met.
struct Encounters {
  std::vector<Points> points;
  std::vector<int> unmet;
};

Encounters encounters(const EventView& v, const std::vector<int>& group, const TieBreakSpec& spec) {
  const std::set<int> members(group.begin(), group.end());
  Encounters e;
  for (int i : group) {
    Points points = 0;
    std::set<int> met;
    for (const RoundView& rv : v.rounds_of[at(i)]) {
      const int opp = v.index_of(rv.opponent);
      if (opp < 0 || opp == i || members.count(opp) == 0) continue;
      // A forfeit is not an encounter, unless /P counts it as a game played.
      if (rv.kind != RoundKind::Played && !(spec.forfeits_as_played && rv.is_forfeit())) continue;
      points += rv.points;
      met.insert(opp);
    }
    e.points.push_back(points);
    e.unmet.push_back(static_cast<int>(group.size()) - 1 - static_cast<int>(met.size()));
  }
  return e;
}

}  // namespace

std::vector<TieBreakValue> direct_encounter_points(const EventView& v,
                                                   const std::vector<int>& group,
                                                   const TieBreakSpec& spec) {
  std::vector<TieBreakValue> out;
  for (Points p : encounters(v, group, spec).points) out.push_back({p, 1});
  return out;
}

std::vector<long long> direct_encounter_keys(const EventView& v, const std::vector<int>& group,
                                             const TieBreakSpec& spec) {
  const Encounters e = encounters(v, group, spec);
  const std::size_t n = group.size();
  // The most each could have had: every encounter not played won.
  std::vector<long long> best(n);
  for (std::size_t k = 0; k < n; ++k)
    best[k] = e.points[k] + static_cast<long long>(e.unmet[k]) * v.system.win;
  std::vector<long long> keys(n, 0);
  std::vector<bool> placed(n, false);
  long long next_key = static_cast<long long>(n);
  // Take off the top, level by level: the players on the highest mutual points go ahead of
  // all the others still unplaced when none of those could have reached their points.
  for (;;) {
    long long top = -1;
    for (std::size_t k = 0; k < n; ++k)
      if (!placed[k]) top = std::max<long long>(top, e.points[k]);
    if (top < 0) break;
    bool separated = true;
    for (std::size_t k = 0; k < n; ++k)
      if (!placed[k] && e.points[k] < top && best[k] >= top) separated = false;
    if (!separated) break;  // the rest stays tied (key 0)
    for (std::size_t k = 0; k < n; ++k) {
      if (!placed[k] && e.points[k] == top) {
        keys[k] = next_key;
        placed[k] = true;
      }
    }
    --next_key;
  }
  return keys;
}

}  // namespace arbiter::tournament
