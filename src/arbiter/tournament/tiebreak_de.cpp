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
    for (int r = 0; r < v.rounds; ++r) {
      const RoundView& rv = v.rounds_of[at(i)][at(r)];
      const int opp = v.index_of(rv.opponent);
      if (opp < 0 || opp == i || members.count(opp) == 0) continue;
      // A forfeit is not an encounter, unless /P counts it as a game played or the event is a
      // round robin: C.07 15.2 treats its forfeits as regular games outside the rating-based
      // tie-breaks and, for forfeit losses, those of type B; DE is of type A.
      if (!counts_as_game(v, i, r, spec.forfeits_as_played)) continue;
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
  std::vector<long long> keys(n, 0);
  // Everyone has met everyone (in a round robin the table saw to it): the mutual points.
  const bool all_met =
      v.round_robin || std::all_of(e.unmet.begin(), e.unmet.end(), [](int u) { return u == 0; });
  if (all_met) {
    for (std::size_t k = 0; k < n; ++k) keys[k] = e.points[k];
    return keys;
  }
  // Otherwise, from the top: the one player with the most mutual points goes ahead of the
  // rest when none of them could reach his points by winning every encounter not played
  // (his best); the first time that fails (or two share the top), the rest stays tied.
  std::vector<long long> best(n);
  for (std::size_t k = 0; k < n; ++k)
    best[k] = e.points[k] + static_cast<long long>(e.unmet[k]) * v.system.win;
  std::vector<bool> placed(n, false);
  for (long long next_key = static_cast<long long>(n);; --next_key) {
    std::size_t top = n;
    int at_top = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (placed[k]) continue;
      if (top == n || e.points[k] > e.points[top]) {
        top = k;
        at_top = 1;
      } else if (e.points[k] == e.points[top]) {
        ++at_top;
      }
    }
    if (top == n || at_top > 1) break;
    bool out_of_reach = true;
    for (std::size_t k = 0; k < n; ++k)
      if (!placed[k] && k != top && best[k] >= e.points[top]) out_of_reach = false;
    if (!out_of_reach) break;
    keys[top] = next_key;
    placed[top] = true;
  }
  return keys;
}

std::vector<std::vector<int>> direct_encounter_split(const EventView& v,
                                                     const std::vector<int>& group,
                                                     const TieBreakSpec& spec) {
  const std::vector<long long> keys = direct_encounter_keys(v, group, spec);
  std::vector<std::size_t> order(group.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return keys[a] > keys[b]; });
  std::vector<std::vector<int>> parts;
  for (std::size_t m = 0; m < order.size(); ++m) {
    if (m == 0 || keys[order[m]] != keys[order[m - 1]]) parts.emplace_back();
    parts.back().push_back(group[order[m]]);
  }
  if (parts.size() == 1) return parts;  // nothing more to tell apart
  // Those still tied: DE again among themselves alone.
  std::vector<std::vector<int>> out;
  for (const auto& part : parts) {
    if (part.size() == 1) {
      out.push_back(part);
      continue;
    }
    for (auto& sub : direct_encounter_split(v, part, spec)) out.push_back(std::move(sub));
  }
  return out;
}

}  // namespace arbiter::tournament
