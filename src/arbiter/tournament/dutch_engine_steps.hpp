// The Dutch engine's steps (dutch_engine.hpp): whether a round can be paired at all and
// with which PAB score, then each bracket from the top (C.04.3 B.3-B.5). Internal: compiled
// once per weight width in dutch_engine_narrow.cpp and dutch_engine_wide.cpp.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "arbiter/tournament/dutch_engine.hpp"

namespace arbiter::tournament {

template <std::size_t N>
Result<std::vector<int>> DutchEngine<N>::feasibility() {
  const bool odd = n_ % 2 == 1;
  const unsigned s = l_.group_bits;
  for (int j = 0; j < n_; ++j) {
    for (int i = 0; i < j; ++i) {
      W w{};
      if (odd && compatible(i, j)) {
        // C.04.3 C.5-C.7 alone: an eligible PAB assignee with the lowest score possible.
        const SwissPlayer& a = *p_[at(i)];
        const SwissPlayer& b = *p_[at(j)];
        w = W{1U + (a.bye_eligible ? 0U : 1U) + (b.bye_eligible ? 0U : 1U)};
        w <<= l_.scores_bits;
        w += W{l_.offset.at(a.accelerated) + l_.offset.at(b.accelerated)};
        w <<= s;
        if (b.accelerated >= p_[0]->accelerated) w += W{1};
      } else if (!odd) {
        w = edge(i, j, false, false);
      }
      set(i, j, w);
    }
  }
  std::vector<int> mate = solve();
  std::vector<int> alone;
  for (int v = 0; v < n_; ++v)
    if (mate[at(v)] == v) alone.push_back(v);
  if (alone.size() > 1) {
    // C.04.1: nobody meets an opponent twice, colours stay within +-2 and no colour three
    // times in a row (C.04.3 C.1-C.3); the best matching still leaves these players out.
    std::string who;
    for (int v : alone) who += (who.empty() ? "" : ", ") + std::to_string(p_[at(v)]->id);
    return make_error(ErrorCode::kNoValidPairing,
                      "no pairing of round " + std::to_string(st_.round) +
                          " satisfies the absolute criteria (no rematch, at most one bye, "
                          "colour rules): at best players " +
                          who + " are left without an opponent");
  }
  if (odd && !p_[at(alone.front())]->bye_eligible) {
    // C.04.1 c, C.04.3 C.2: nobody who had a pairing-allocated bye or scored a point without
    // playing gets it again; here everyone who could be left out has.
    return make_error(ErrorCode::kNoValidPairing,
                      "no pairing of round " + std::to_string(st_.round) +
                          " satisfies the absolute criteria: every player who could take the "
                          "pairing-allocated bye has had one or scored a point without playing");
  }
  if (odd) {
    l_.bye_score = p_[at(alone.front())]->accelerated;
    for (int j = 0; j < n_; ++j)
      for (int i = 0; i < j; ++i) set(i, j, edge(i, j, false, false));
    const Points top = p_[0]->accelerated;
    bool single = l_.bye_score >= top;
    for (int v = 0; single && v < n_ && p_[at(v)]->accelerated >= top; ++v)
      if (p_[at(mate[at(v)])]->accelerated < top) single = false;
    l_.single_downfloater_bye = single;
    // 2026 PAB criterion: the more unplayed games a player has, the more his pairing weighs, so
    // that the assignee is the one with the fewest.
    std::vector<int> counts;
    for (const SwissPlayer* p : p_)
      if (p->accelerated == l_.bye_score) counts.push_back(st_.round - 1 - p->played_games);
    std::sort(counts.begin(), counts.end());
    unsigned rank = 0;
    for (int c : counts) l_.played_rank[st_.round - 1 - c] = rank++;
  }
  return mate;
}

template <std::size_t N>
Result<std::vector<int>> DutchEngine<N>::run() {
  if (n_ == 0) return std::vector<int>{};
  auto first = feasibility();
  if (!first) return first;
  std::vector<int> mate = std::move(*first);
  std::vector<int> bracket;
  int next_it = 0;
  while (next_it < n_ && p_[at(next_it)]->accelerated >= p_[0]->accelerated)
    bracket.push_back(next_it++);
  int moved_down = 0;
  int group_vertex = 0;
  while (bracket.size() > 1 || next_it < n_) {
    const std::size_t before = bracket.size();
    const int it_before = next_it;
    pair_bracket(bracket, moved_down, group_vertex, next_it, mate);
    if (bracket.size() == before && next_it == it_before) {
      return make_error(
          ErrorCode::kNoValidPairing,
          "the brackets of round " + std::to_string(st_.round) + " could not be completed");
    }
  }
  return mate;
}

template <std::size_t N>
void DutchEngine<N>::pair_bracket(std::vector<int>& vert, int& mdp, int& group_vertex, int& next_it,
                                  std::vector<int>& mate) {
  const unsigned s = l_.group_bits;
  const int nb = static_cast<int>(vert.size());  // moved-down players and residents
  const int next_vertex = group_vertex + (nb - mdp);
  const int group_it = next_it;
  while (next_it < n_ && p_[at(next_it)]->accelerated >= p_[at(group_it)]->accelerated)
    vert.push_back(next_it++);
  const int size = static_cast<int>(vert.size());
  const auto V = [&](int i) { return vert[at(i)]; };
  // 2026 PAB criterion (unplayed games of the assignee): besides the reference engine's
  // case (the assignee is the single downfloater of his score group), also where players
  // of the assignee's score have all moved down into a bracket of lower residents, so that
  // the bracket decides which of them floats on to the bye. Our reading of the criterion's
  // scope; it agrees with two more reference rounds than the narrower one.
  if (n_ % 2 == 1 && mdp < nb && p_[at(V(mdp))]->accelerated < l_.bye_score) {
    for (int i = 0; i < mdp; ++i)
      if (p_[at(V(i))]->accelerated == l_.bye_score) l_.single_downfloater_bye = true;
  }

  // Weights for the bracket: pairs inside it, and with the next score group (C.04.3 C.8).
  std::vector<std::vector<W>> base(at(size));
  for (int j = mdp; j < size; ++j) {
    for (int i = 0; i < j; ++i) {
      base[at(j)].push_back(edge(V(i), V(j), j < nb, j >= nb));
      set(V(i), V(j), base[at(j)].back());
    }
  }
  const auto ex_weight = [&](int i, int j, int ri, int pairs) {
    W r = base[at(j)][at(i)];
    if (!r.is_zero()) {
      // B.4: the fewest exchanges, then the smallest difference of the numbers exchanged.
      W add{ri < pairs ? 1U : 0U};
      add <<= 2 * s;
      add -= W{static_cast<std::uint64_t>(ri)};
      add <<= 1;
      r += add;
    }
    return r;
  };
  const auto in_group = [&](int v) { return v >= group_vertex && v < next_vertex; };
  std::vector<char>& matched = matched_;
  mate = solve();

  // B.3: which moved-down players are paired in the bracket: the highest first.
  Points score = 0;
  int moved = 0;
  int paired = 0;
  for (int i = 0; i < mdp; ++i) {
    if (i == 0 || p_[at(V(i))]->accelerated < score) {
      score = p_[at(V(i))]->accelerated;
      moved = paired = 0;
      for (int m = i; m < mdp && p_[at(V(m))]->accelerated >= score; ++m) {
        ++moved;
        if (in_group(mate[at(V(m))])) ++paired;
      }
    }
    if (paired == 0) continue;
    const int v = V(i);
    if (moved <= paired) {
      matched[at(v)] = 1;
      continue;
    }
    --moved;
    if (!in_group(mate[at(v)])) {
      for (int o = mdp; o < nb; ++o)
        if (W w = base[at(o)][at(i)]; !w.is_zero()) set(v, V(o), w | W{1});
      mate = solve();
    }
    if (in_group(mate[at(v)])) {
      matched[at(v)] = 1;
      --paired;
      for (int o = mdp; o < nb; ++o) {
        if (W w = base[at(o)][at(i)]; !w.is_zero())
          set(v, V(o), (w | W{static_cast<std::uint64_t>(nb - mdp)}) + W{1});
      }
    }
  }
  // B.3: their opponents, the highest resident possible for the highest of them.
  for (int i = 0; i < mdp; ++i) {
    const int v = V(i);
    if (!matched[at(v)]) continue;
    W add{static_cast<std::uint64_t>(size)};
    for (int o = nb - 1; o >= mdp; --o) {
      if (matched[at(V(o))]) continue;
      if (W w = base[at(o)][at(i)]; !w.is_zero()) {
        set(v, V(o), w + add);
        add += W{1};
      }
    }
    mate = solve();
    matched[at(mate[at(v)])] = 1;
    finalize(v, mate[at(v)]);
  }

  // The remainder: S1 its first `pairs` players, S2 the rest (B.2).
  std::vector<int> rem;
  int pairs = 0;
  for (int o = mdp; o < nb; ++o) {
    if (mate[at(V(o))] < group_vertex) continue;
    rem.push_back(o);
    if (mate[at(V(o))] < V(o)) ++pairs;
  }
  const int rs = static_cast<int>(rem.size());
  const auto R = [&](int a) { return rem[at(a)]; };
  for (int b = 0; b < rs; ++b)
    for (int a = 0; a < b; ++a) set(V(R(a)), V(R(b)), ex_weight(R(a), R(b), a, pairs));
  mate = solve();
  const auto leads = [&](int v) { return mate[at(v)] > v && mate[at(v)] < next_vertex; };
  int exchanges = 0;
  for (int a = 0; a < pairs; ++a) exchanges += leads(V(R(a))) ? 0 : 1;

  // B.4: the S1 players given to S2, the lowest first.
  int left = exchanges;
  for (int a = pairs; a > 0 && left > 0;) {
    const int from = a;
    --a;
    const int v = V(R(a));
    if (leads(v)) {
      for (int b = from; b < rs; ++b)
        if (W w = ex_weight(R(a), R(b), a, pairs); !w.is_zero()) set(v, V(R(b)), w - W{1});
      mate = solve();
    }
    const bool exchanged = !leads(v);
    left -= exchanged ? 1 : 0;
    for (int b = a + 1; b < rs; ++b) {
      if (exchanged) base[at(R(b))][at(R(a))] = W{};
      set(v, V(R(b)), ex_weight(R(a), R(b), a, pairs));
    }
  }
  // B.4: the S2 players given to S1, the highest first.
  left = exchanges;
  for (int a = pairs; a < rs && left > 1; ++a) {
    const int v = V(R(a));
    const bool already = leads(v);
    if (!already) {
      for (int b = a + 1; b < rs; ++b)
        if (W w = ex_weight(R(a), R(b), a, pairs); !w.is_zero()) set(v, V(R(b)), w + W{1});
      mate = solve();
    }
    if (leads(v)) {
      --left;
      for (int b = 0; b < a; ++b) {
        base[at(R(a))][at(R(b))] = W{};
        set(v, V(R(b)), W{});
      }
      for (int o = nb; o < size; ++o) {
        base[at(o)][at(R(a))] = W{};
        set(v, V(o), W{});
      }
    }
    if (!already)
      for (int b = a + 1; b < rs; ++b) set(v, V(R(b)), ex_weight(R(a), R(b), a, pairs));
  }
  // Keep only the edges from the players leading a pair to the others.
  for (int a = 0; a < rs; ++a) {
    for (int b = a + 1; b < rs; ++b) {
      if (!leads(V(R(a))) || leads(V(R(b)))) base[at(R(b))][at(R(a))] = W{};
      set(V(R(a)), V(R(b)), base[at(R(b))][at(R(a))]);
    }
  }
  // B.5: each leading player, in order, with the highest opponent still possible.
  for (int a = 0; a < rs; ++a) {
    const int i = R(a);
    const int v = V(i);
    if (!leads(v)) continue;
    std::uint64_t add = 0;
    for (int b = rs - 1; b >= 0; --b) {
      const int o = R(b);
      if (o <= i || matched[at(V(o))]) continue;
      if (W w = base[at(o)][at(i)]; !w.is_zero()) set(v, V(o), w + W{add});
      ++add;
    }
    mate = solve();
    matched[at(v)] = matched[at(mate[at(v)])] = 1;
    finalize(v, mate[at(v)]);
  }

  // The next bracket: who is left of this one, and the next score group.
  std::vector<int> carried;
  mdp = 0;
  bool single = n_ % 2 == 1 && group_it < n_ && l_.bye_score == p_[at(group_it)]->accelerated;
  for (int i = 0; i < size; ++i) {
    const int v = V(i);
    if (i < nb && matched[at(v)]) continue;
    carried.push_back(v);
    if (i < nb) ++mdp;
    if (p_[at(mate[at(v)])]->accelerated < l_.bye_score) single = false;
  }
  l_.single_downfloater_bye = single;
  vert = std::move(carried);
  group_vertex = next_vertex;
}

}  // namespace arbiter::tournament
