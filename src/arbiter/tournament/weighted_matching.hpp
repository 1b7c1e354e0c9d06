// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
// (the primal-dual method of Galil's 1986 survey, O(n^3) from scratch), for integer weights of
// any unsigned type W (WideUint<N>). The Dutch engine (dutch.hpp) states every criterion of
// C.04.3 as a field of the edge weights, so one maximum-weight matching is the best pairing a
// bracket allows. Edges of weight 0 are absent.
//
// The matching is incremental: it keeps the matching, the duals and the blossoms of its last
// solution, and after the weights of a few vertices' edges change it repairs only what the
// change broke (set_weight notes it, solve repairs it) in a few stages of O(n^2) instead of the
// n/2 stages of a solution from scratch. The Dutch engine changes the edges of one player at a
// time about 2n times a round (bench/README.md: 33 s -> 0.1 s for a round of 400 players).
//
// Optimality is the LP's complementary slackness: every edge's slack is >= 0, matched edges
// and the edges of every blossom's cycle have slack 0, a blossom with a positive dual has its
// full matching inside, and every unmatched vertex has dual 0. A repair keeps the first three
// (it dissolves the blossoms of a changed vertex, moving their duals onto their vertices, and
// unmatches the vertex with the lowest dual its edges allow), and the stages restore the last:
// they grow alternating trees from the unmatched vertices whose dual is still positive (their
// duals may differ but share one parity, so that the slack of an edge between two trees
// stays even and halves exactly); a root that reaches dual 0 stays unmatched, and when a
// matched vertex of a tree reaches dual 0 first, the tree's root takes its place (the even
// path between them is flipped). An unmatched vertex of dual 0 ends an augmenting path.
//
// Every quantity kept stays non-negative, so W can be unsigned; weights must leave two spare
// high bits (duals reach twice the largest weight).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace arbiter::tournament {

template <typename W>
class WeightedMatching {
 public:
  struct Edge {
    int u = 0;
    int v = 0;
    W weight{};
  };

  // n vertices and no edges.
  explicit WeightedMatching(int n) : n_(n) {
    const std::size_t n2 = at(2 * n);
    weight_.assign(at(n) * at(n), W{});
    allowed_.assign(at(n) * at(n), 0);
    dirty_flag_.assign(at(n), 0);
    degree_.assign(at(n), 0);
    in_live_.assign(at(n), 0);
    mate_.assign(at(n), -1);
    label_.assign(n2, 0);
    label_end_.assign(n2, -1);
    in_blossom_.resize(at(n));
    parent_.assign(n2, -1);
    children_.resize(n2);
    endps_.resize(n2);
    base_.assign(n2, -1);
    best_edge_.assign(n2, -1);
    best_slack_.assign(n2, W{});
    tree_.assign(n2, -1);
    dead_.assign(n2, 0);
    best_edges_.resize(n2);
    has_best_edges_.assign(n2, false);
    dual_.assign(n2, W{});
  }

  // The mate of every vertex 0..n-1, or -1 when unmatched, of a graph given by its edges.
  static std::vector<int> solve(int n, const std::vector<Edge>& edges) {
    WeightedMatching m(n);
    for (const Edge& e : edges) m.set_weight(e.u, e.v, e.weight);
    return m.solve();
  }

  [[nodiscard]] const W& weight(int i, int j) const { return weight_[at(i) * at(n_) + at(j)]; }

  // Changes the weight of edge (i, j), i != j (0: no edge). The next solve repairs what the
  // change breaks of the last solution.
  void set_weight(int i, int j, const W& w) {
    W& cur = weight_[at(i) * at(n_) + at(j)];
    if (cur == w) return;
    const bool up = cur < w;
    if (is_zero(cur)) {
      gain_edge(i);
      gain_edge(j);
    } else if (is_zero(w)) {
      lose_edge(i);
      lose_edge(j);
    }
    cur = w;
    weight_[at(j) * at(n_) + at(i)] = w;  // both halves: a vertex's edges are one row
    if (cold_ || dirty_flag_[at(i)] != 0 || dirty_flag_[at(j)] != 0) return;
    const bool matched = mate_[at(i)] >= 0 && endpoint(mate_[at(i)]) == j;
    if (matched) {
      // The matched edge stays tight if the dual of an end outside any blossom follows it.
      if (!(up ? follow_up(i, j, w) || follow_up(j, i, w)
               : follow_down(i, j, w) || follow_down(j, i, w)))
        mark_dirty(i);
      return;
    }
    // Decreases of edges outside the matching and the blossoms leave the solution optimal;
    // so do increases that leave the edge's slack >= 0.
    if (in_blossom_[at(i)] == in_blossom_[at(j)] ? !blossom_edge_holds(i, j, up)
                                                 : up && dual_[at(i)] + dual_[at(j)] < w + w)
      mark_dirty(i);
  }

  // Removes every edge of v.
  void isolate(int v) {
    // Removing edges only shrinks the list of live vertices, which is compacted later.
    for (std::size_t k = 0; k < live_.size(); ++k)
      if (live_[k] != v) set_weight(v, live_[k], W{});
    if (!cold_) mark_dirty(v);
  }

  // The maximum-weight matching of the current weights: the mate of every vertex, or -1.
  std::vector<int> solve() {
    // Only the first solve starts from scratch: even when a bracket's weights all change,
    // a repair keeps the duals of the rest and does less (bench_dutch 400 3: 2.2 G
    // instructions, against 5.3 G when a third of the vertices changed meant a fresh start).
    compact_live();
    if (cold_) {
      cold_start();
    } else {
      repair();
    }
    for (int v : dirty_) dirty_flag_[at(v)] = 0;
    dirty_.clear();
    cold_ = false;
    // Each stage augments, or leaves one fewer unmatched vertex with a positive dual.
    for (int s = 0; s <= 2 * n_ + 1 && stage(); ++s) {
      for (int b = n_; b < 2 * n_; ++b) {
        if (parent_[at(b)] == -1 && base_[at(b)] >= 0 && label_[at(b)] == 1 &&
            is_zero(dual_[at(b)]))
          expand_blossom(b, true);
      }
    }
    std::vector<int> result(at(n_), -1);
    for (int v = 0; v < n_; ++v)
      if (mate_[at(v)] >= 0) result[at(v)] = endpoint(mate_[at(v)]);
    return result;
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  static bool is_zero(const W& w) { return w.is_zero(); }
  static bool odd(const W& w) { return ((w >> 1) << 1) != w; }

  // The live vertices, those with at least one edge: the scans of a row skip the rest (the
  // Dutch engine isolates the pairs it has made for good, half the players of a round on
  // average). live_ holds every live vertex, and between solves possibly some that no
  // longer are; solve() compacts it and sorts it, so that scans go in vertex order.
  void gain_edge(int v) {
    if (degree_[at(v)]++ == 0 && in_live_[at(v)] == 0) {
      in_live_[at(v)] = 1;
      live_.push_back(v);
      live_sorted_ = false;
    }
  }
  void lose_edge(int v) {
    if (--degree_[at(v)] == 0) live_sorted_ = false;
  }
  void compact_live() {
    if (live_sorted_) return;
    std::erase_if(live_, [&](int v) {
      if (degree_[at(v)] != 0) return false;
      in_live_[at(v)] = 0;
      return true;
    });
    std::sort(live_.begin(), live_.end());
    live_sorted_ = true;
  }

  // Edge k = i * n + j for i < j; endpoint pointer p = 2k (the vertex i) or 2k + 1 (j).
  [[nodiscard]] std::size_t cell(int i, int j) const {
    return i < j ? at(i) * at(n_) + at(j) : at(j) * at(n_) + at(i);
  }
  [[nodiscard]] int edge(int i, int j) const { return static_cast<int>(cell(i, j)); }
  // The pointer from v to its neighbour x.
  [[nodiscard]] int towards(int v, int x) const { return 2 * edge(v, x) + (x > v ? 1 : 0); }
  [[nodiscard]] int endpoint(int p) const {
    const int k = p >> 1;
    return (p & 1) != 0 ? k % n_ : k / n_;
  }
  [[nodiscard]] int eu(int k) const { return k / n_; }
  [[nodiscard]] int ev(int k) const { return k % n_; }
  [[nodiscard]] const W& ew(int k) const { return weight_[at(k)]; }
  [[nodiscard]] W slack(int k) const {
    const W& w = ew(k);
    return dual_[at(eu(k))] + dual_[at(ev(k))] - (w + w);
  }
  void allow(int k) {
    if (allowed_[at(k)] != 0) return;
    allowed_[at(k)] = 1;
    allowed_[at(ev(k)) * at(n_) + at(eu(k))] = 1;  // both halves, as the weights
    allowed_list_.push_back(k);
  }

  // An edge inside a blossom changed: it keeps the solution optimal unless it is an edge of
  // the cycle of the smallest blossom around both ends (those must stay tight), or an
  // increase beyond the slack the blossoms' duals give it.
  bool blossom_edge_holds(int i, int j, bool up) const {
    std::vector<int> around;
    for (int b = parent_[at(i)]; b != -1; b = parent_[at(b)]) around.push_back(b);
    int common = parent_[at(j)];
    while (common != -1 && std::find(around.begin(), around.end(), common) == around.end())
      common = parent_[at(common)];
    if (common == -1) return false;
    const int k = edge(i, j);
    for (int p : endps_[at(common)])
      if (p / 2 == k) return false;
    if (!up) return true;
    W z{};
    for (int b = common; b != -1; b = parent_[at(b)]) z += dual_[at(b)];
    const W& w = weight(i, j);
    return !(dual_[at(i)] + dual_[at(j)] + z + z < w + w);
  }

  // The matched edge (v, x) now weighs w, more than before: v's dual rises by twice the
  // difference, which only adds slack to v's other edges.
  bool follow_up(int v, int x, const W& w) {
    if (in_blossom_[at(v)] != v) return false;
    dual_[at(v)] = w + w - dual_[at(x)];
    return true;
  }
  // Less than before (or anything, at a repair): v's dual becomes the one that makes the
  // edge (v, x) of weight w tight, if v is outside any blossom and its other edges keep
  // slack >= 0.
  bool follow_down(int v, int x, const W& w) {
    if (in_blossom_[at(v)] != v || is_zero(w) || dual_[at(x)] > w + w) return false;
    const W d = w + w - dual_[at(x)];
    for (int y : live_) {
      if (y == v || y == x) continue;
      const W& wy = weight(v, y);
      if (!is_zero(wy) && d + dual_[at(y)] < wy + wy) return false;
    }
    dual_[at(v)] = d;
    return true;
  }

  void mark_dirty(int v) {
    if (dirty_flag_[at(v)] != 0) return;
    dirty_flag_[at(v)] = 1;
    dirty_.push_back(v);
  }

  void leaves(int b, std::vector<int>& out) const {
    if (b < n_) {
      out.push_back(b);
      return;
    }
    for (int c : children_[at(b)]) leaves(c, out);
  }
  std::vector<int> leaves(int b) const {
    std::vector<int> out;
    leaves(b, out);
    return out;
  }

  // Labels w's blossom S (t = 1) or T (2) in the tree of `root`, reached by endpoint p.
  void assign_label(int w, int t, int p, int root) {
    const int b = in_blossom_[at(w)];
    label_[at(w)] = label_[at(b)] = t;
    label_end_[at(w)] = label_end_[at(b)] = p;
    best_edge_[at(w)] = best_edge_[at(b)] = -1;
    tree_[at(b)] = root;
    if (t == 1) {
      leaves(b, queue_);
    } else {
      const int base = base_[at(b)];
      assign_label(endpoint(mate_[at(base)]), 1, mate_[at(base)] ^ 1, root);
    }
  }
  [[nodiscard]] int tree_of(int v) const { return tree_[at(in_blossom_[at(v)])]; }
  // The blossoms of the trees of two roots take no further part in this stage.
  void retire(int root_a, int root_b) {
    for (int b = 0; b < 2 * n_; ++b) {
      if (parent_[at(b)] != -1 || (b >= n_ && base_[at(b)] < 0) || label_[at(b)] == 0) continue;
      if (tree_[at(b)] == root_a || tree_[at(b)] == root_b) dead_[at(b)] = 1;
    }
  }

  // The base of the blossom closed by an S-S edge (v, w), or -1 for an augmenting path.
  int scan_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = in_blossom_[at(v)];
      if ((label_[at(b)] & 4) != 0) {
        base = base_[at(b)];
        break;
      }
      path.push_back(b);
      label_[at(b)] = 5;
      if (label_end_[at(b)] == -1) {
        v = -1;
      } else {
        v = endpoint(label_end_[at(b)]);
        b = in_blossom_[at(v)];
        v = endpoint(label_end_[at(b)]);
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[at(b)] = 1;
    return base;
  }

  void add_blossom(int base, int k) {
    int v = eu(k);
    int w = ev(k);
    const int bb = in_blossom_[at(base)];
    int bv = in_blossom_[at(v)];
    int bw = in_blossom_[at(w)];
    const int b = unused_.back();
    unused_.pop_back();
    base_[at(b)] = base;
    parent_[at(b)] = -1;
    parent_[at(bb)] = b;
    std::vector<int> path;
    std::vector<int> endps;
    while (bv != bb) {
      parent_[at(bv)] = b;
      path.push_back(bv);
      endps.push_back(label_end_[at(bv)]);
      v = endpoint(label_end_[at(bv)]);
      bv = in_blossom_[at(v)];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      parent_[at(bw)] = b;
      path.push_back(bw);
      endps.push_back(label_end_[at(bw)] ^ 1);
      w = endpoint(label_end_[at(bw)]);
      bw = in_blossom_[at(w)];
    }
    children_[at(b)] = std::move(path);
    endps_[at(b)] = std::move(endps);
    label_[at(b)] = 1;
    label_end_[at(b)] = label_end_[at(bb)];
    tree_[at(b)] = tree_[at(bb)];
    dual_[at(b)] = W{};
    for (int leaf : leaves(b)) {
      if (label_[at(in_blossom_[at(leaf)])] == 2) queue_.push_back(leaf);
      in_blossom_[at(leaf)] = b;
    }
    // The least-slack edge from b to each other S-blossom: from the lists its child
    // blossoms kept, or from the rows of its child vertices.
    best_to_.assign(at(2 * n_), -1);
    best_to_slack_.resize(at(2 * n_));
    const auto consider = [&](int e, int bj, const W& d) {
      if (best_to_[at(bj)] == -1 || d < best_to_slack_[at(bj)]) {
        best_to_[at(bj)] = e;
        best_to_slack_[at(bj)] = d;
      }
    };
    const auto outside_s = [&](int j) {
      const int bj = in_blossom_[at(j)];
      return bj != b && label_[at(bj)] == 1 ? bj : -1;
    };
    for (int c : children_[at(b)]) {
      if (has_best_edges_[at(c)]) {
        for (int e : best_edges_[at(c)]) {
          const int bj = outside_s(in_blossom_[at(ev(e))] == b ? eu(e) : ev(e));
          if (bj >= 0) consider(e, bj, slack(e));
        }
      } else {
        for (int leaf : leaves(c)) {
          const W* row = &weight_[at(leaf) * at(n_)];
          const W& dl = dual_[at(leaf)];
          for (int x : live_) {
            const W& wt = row[x];
            if (x == leaf || is_zero(wt)) continue;
            const int bj = outside_s(x);
            if (bj >= 0) consider(edge(leaf, x), bj, dl + dual_[at(x)] - (wt + wt));
          }
        }
      }
      best_edges_[at(c)].clear();
      has_best_edges_[at(c)] = false;
      best_edge_[at(c)] = -1;
    }
    best_edges_[at(b)].clear();
    best_edge_[at(b)] = -1;
    for (std::size_t bj = 0; bj < best_to_.size(); ++bj) {
      const int e = best_to_[bj];
      if (e == -1) continue;
      best_edges_[at(b)].push_back(e);
      if (best_edge_[at(b)] == -1 || best_to_slack_[bj] < best_slack_[at(b)]) {
        best_edge_[at(b)] = e;
        best_slack_[at(b)] = best_to_slack_[bj];
      }
    }
    has_best_edges_[at(b)] = true;
  }

  int child_at(int b, int j) const {
    const int size = static_cast<int>(children_[at(b)].size());
    return children_[at(b)][at(((j % size) + size) % size)];
  }
  int endp_at(int b, int j) const {
    const int size = static_cast<int>(endps_[at(b)].size());
    return endps_[at(b)][at(((j % size) + size) % size)];
  }
  int index_of(int b, int child) const {
    const auto& c = children_[at(b)];
    return static_cast<int>(std::find(c.begin(), c.end(), child) - c.begin());
  }

  // From child i of blossom b back to its base (child 0) along the even-length side of the
  // cycle: the start index (negative when going forward), the step, and which endpoint of
  // the cycle's edges to take.
  struct Walk {
    int j;
    int step;
    int trick;
  };
  Walk walk_from(int b, int i) const {
    if ((i & 1) != 0) return {i - static_cast<int>(children_[at(b)].size()), 1, 0};
    return {i, -1, 1};
  }

  void cold_start();
  void repair();
  void dissolve_around(int v);
  void expand_blossom(int b, bool end_stage);
  void augment_blossom(int b, int v);
  void flip_to_root(int s, int p);
  void augment_matching(int k);
  // One stage: grow alternating trees until augmentations or a flip (true) or optimality
  // (false). Once a path has augmented, the stage only finishes the scans under way: each
  // further augmenting path between trees still whole is taken too, so that a stage from
  // scratch, where most vertices are roots, matches many pairs at once.
  bool stage();

  int n_;
  bool cold_ = true;
  std::vector<W> weight_;
  std::vector<int> mate_, label_, label_end_, in_blossom_, parent_, base_, best_edge_, tree_;
  std::vector<std::vector<int>> children_, endps_, best_edges_;
  std::vector<bool> has_best_edges_;
  std::vector<char> allowed_, dirty_flag_, dead_, in_live_;
  std::vector<int> allowed_list_, unused_, queue_, dirty_, degree_, live_, best_to_;
  bool live_sorted_ = true;
  std::vector<W> best_to_slack_;
  std::vector<W> dual_;
  // The slack of best_edge_[x], kept up to date through the dual changes of a stage.
  std::vector<W> best_slack_;
};

}  // namespace arbiter::tournament

#include "arbiter/tournament/weighted_matching_steps.hpp"  // IWYU pragma: export
