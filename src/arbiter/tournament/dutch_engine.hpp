// The Dutch engine's state for one width of weights: the players to pair in pairing order,
// which of them may meet (C.04.1, C.04.3 C.1-C.3), the weights of the matching (changed
// as the brackets are settled) and the pairs made for good. Internal to dutch.cpp.
#pragma once

#include <algorithm>
#include <tuple>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/tournament/dutch_weights.hpp"
#include "arbiter/tournament/swiss_state.hpp"
#include "arbiter/tournament/weighted_matching.hpp"
#include "arbiter/tournament/wide_uint.hpp"

namespace arbiter::tournament {

// The engine for one width of weights.
template <std::size_t N>
class DutchEngine {
  using W = WideUint<N>;

 public:
  DutchEngine(const SwissState& st, std::vector<const SwissPlayer*> sorted, WeightLayout layout)
      : st_(st),
        p_(std::move(sorted)),
        n_(static_cast<int>(p_.size())),
        l_(std::move(layout)),
        match_(n_) {
    final_.assign(at(n_), -1);
    matched_.assign(at(n_), 0);
    const int played = st.round - 1;
    const bool last = played >= st.total_rounds - 1;
    const Points top = static_cast<Points>(played * std::max(st.points.win, st.points.draw) / 2);
    compatible_.assign(at(n_ * n_), 0);
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        const SwissPlayer& a = *p_[at(i)];
        const SwissPlayer& b = *p_[at(j)];
        const bool met = std::find(a.met.begin(), a.met.end(), b.id) != a.met.end() ||
                         std::find(b.met.begin(), b.met.end(), a.id) != b.met.end();
        // C.04.1 / C.04.3 C.3: two absolute preferences alike, except topscorers in the
        // last round (score above 50% of the maximum).
        const bool colours = !a.absolute() || !b.absolute() || a.preference != b.preference ||
                             (last && (a.accelerated > top || b.accelerated > top));
        compatible_[at(i * n_ + j)] = i != j && !met && colours ? 1 : 0;
      }
    }
  }

  // The pairs, as mate[v] over the pairing order (mate[v] == v: the bye).
  Result<std::vector<int>> run();

 private:
  // Step 1: can everybody be paired, and with which score does the PAB assignee leave?
  Result<std::vector<int>> feasibility();
  // One bracket: its moved-down players, then the remainder (C.04.3 B.3-B.5).
  void pair_bracket(std::vector<int>& bracket, int& moved_down, int& group_vertex, int& next_it,
                    std::vector<int>& mate);

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  bool compatible(int i, int j) const { return compatible_[at(i * n_ + j)] != 0; }
  // Edges of players paired for good stay out of the matching.
  void set(int i, int j, const W& w) {
    if (final_[at(i)] == -1 && final_[at(j)] == -1) match_.set_weight(i, j, w);
  }
  W edge(int hi, int lo, bool current, bool next) const {
    if (!compatible(hi, lo)) return W{};
    return edge_weight<W>(*p_[at(hi)], *p_[at(lo)], current, next, l_);
  }

  // The maximum-weight matching over the players not yet paired for good (the matching
  // repairs its last solution); mate[v] == v for the one left out.
  std::vector<int> solve() {
    const std::vector<int> m = match_.solve();
    std::vector<int> mate(at(n_));
    for (int v = 0; v < n_; ++v) {
      if (final_[at(v)] != -1) {
        mate[at(v)] = final_[at(v)];
      } else {
        mate[at(v)] = m[at(v)] < 0 ? v : m[at(v)];
      }
    }
    return mate;
  }
  void finalize(int a, int b) {
    match_.isolate(a);
    match_.isolate(b);
    final_[at(a)] = b;
    final_[at(b)] = a;
  }

  const SwissState& st_;  // NOLINT: the engine lives inside one call
  std::vector<const SwissPlayer*> p_;
  int n_;
  WeightLayout l_;
  WeightedMatching<W> match_;
  std::vector<char> compatible_;
  std::vector<int> final_;
  std::vector<char> matched_;
};

// Compiled in dutch_engine_narrow.cpp and dutch_engine_wide.cpp, one width each.
extern template class DutchEngine<2>;
extern template class DutchEngine<3>;
extern template class DutchEngine<4>;
extern template class DutchEngine<6>;
extern template class DutchEngine<8>;
extern template class DutchEngine<10>;
extern template class DutchEngine<12>;
extern template class DutchEngine<16>;
extern template class DutchEngine<32>;
extern template class DutchEngine<64>;

}  // namespace arbiter::tournament
