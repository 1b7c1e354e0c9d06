#include "arbiter/tournament/standings.hpp"

#include <algorithm>
#include <numeric>

#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Stable-sorts `group` by key (descending unless `ascending`) and splits it into runs of
// equal keys.
std::vector<std::vector<int>> split(std::vector<int> group, const std::vector<long long>& key,
                                    bool ascending) {
  std::stable_sort(group.begin(), group.end(), [&](int a, int b) {
    return ascending ? key[at(a)] < key[at(b)] : key[at(a)] > key[at(b)];
  });
  std::vector<std::vector<int>> out;
  for (int i : group) {
    if (out.empty() || key[at(out.back().front())] != key[at(i)]) out.emplace_back();
    out.back().push_back(i);
  }
  return out;
}

}  // namespace

std::uint64_t lot(std::uint64_t seed, PlayerId id) noexcept {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(id) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string default_tiebreaks(const Tournament& t) {
  return is_round_robin(t) ? "DE,SB,WIN,KS" : "BH/C1,BH,SB,DE";
}

Result<std::vector<TieBreakSpec>> file_tiebreaks(const Tournament& t) {
  if (!t.settings.tiebreaks.empty()) return parse_tiebreaks(t.settings.tiebreaks);
  return parse_tiebreaks(default_tiebreaks(t));
}

Standings compute_standings(const Tournament& t, const std::vector<TieBreakSpec>& tiebreaks,
                            std::uint64_t seed) {
  Standings s;
  s.tiebreaks = tiebreaks;
  s.rounds = rounds_played(t);
  const EventView v = make_view(t, s.rounds);
  s.round_robin = v.round_robin;
  const auto n = at(v.size());
  std::vector<std::vector<TieBreakValue>> values(n, std::vector<TieBreakValue>(tiebreaks.size()));
  // Points first.
  std::vector<long long> key(n);
  for (std::size_t i = 0; i < n; ++i) key[i] = v.score[i];
  std::vector<int> everyone(n);
  std::iota(everyone.begin(), everyone.end(), 0);
  std::vector<std::vector<int>> groups = split(everyone, key, false);
  // Then each tie-break, inside the groups still tied.
  for (std::size_t k = 0; k < tiebreaks.size(); ++k) {
    const TieBreakSpec& spec = tiebreaks[k];
    const bool de = spec.kind == TieBreakKind::DE;
    std::vector<TieBreakValue> all;
    if (!de) {
      all = compute_tiebreak(v, spec);
      for (std::size_t i = 0; i < n; ++i) values[i][k] = all[i];
    }
    std::vector<std::vector<int>> next;
    for (auto& group : groups) {
      if (de) {
        const auto points = direct_encounter_points(v, group, spec);
        for (std::size_t m = 0; m < group.size(); ++m)
          values[at(group[m])][k] = group.size() > 1 ? points[m] : TieBreakValue{0, 1};
        if (group.size() > 1) {
          for (auto& part : direct_encounter_split(v, group, spec)) next.push_back(std::move(part));
          continue;
        }
      } else {
        for (int i : group) key[at(i)] = all[at(i)].value;
      }
      if (group.size() == 1) {
        next.push_back(std::move(group));
        continue;
      }
      for (auto& part : split(group, key, !higher_is_better(spec.kind)))
        next.push_back(std::move(part));
    }
    groups = std::move(next);
  }
  // Then the lots.
  for (const auto& group : groups) {
    std::vector<int> order = group;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return lot(seed, v.players[at(a)]->id) < lot(seed, v.players[at(b)]->id);
    });
    for (int i : order) {
      StandingRow row;
      row.id = v.players[at(i)]->id;
      row.rank = static_cast<int>(s.rows.size()) + 1;
      row.points = v.score[at(i)];
      row.values = values[at(i)];
      row.by_lot = group.size() > 1;
      s.rows.push_back(std::move(row));
    }
  }
  return s;
}

}  // namespace arbiter::tournament
