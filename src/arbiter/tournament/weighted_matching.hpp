// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
// (the primal-dual method of Galil's 1986 survey, O(n^3)), for integer weights of any
// unsigned type W (std::uint64_t, WideUint<N>). The Dutch engine (dutch.hpp) states every
// criterion of C.04.3 as a field of the edge weights, so one maximum-weight matching is the
// best pairing a bracket allows. Edges of weight 0 are absent.
//
// Every quantity the algorithm keeps stays non-negative (vertex duals start at the largest
// weight and stop at 0; slacks and blossom duals are >= 0 by feasibility), so W can be
// unsigned; weights must leave two spare high bits (duals reach twice the largest weight).
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

  // The mate of every vertex 0..n-1, or -1 when unmatched.
  static std::vector<int> solve(int n, const std::vector<Edge>& edges) {
    WeightedMatching m(n, edges);
    m.run();
    std::vector<int> result(static_cast<std::size_t>(n), -1);
    for (int v = 0; v < n; ++v)
      if (m.mate_[at(v)] >= 0) result[at(v)] = m.endpoint(m.mate_[at(v)]);
    return result;
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  WeightedMatching(int n, const std::vector<Edge>& edges) : n_(n), edges_(edges) {
    const std::size_t n2 = at(2 * n);
    neighbours_.resize(at(n));
    for (std::size_t k = 0; k < edges_.size(); ++k) {
      neighbours_[at(edges_[k].u)].push_back(static_cast<int>(2 * k + 1));
      neighbours_[at(edges_[k].v)].push_back(static_cast<int>(2 * k));
      if (max_weight_ < edges_[k].weight) max_weight_ = edges_[k].weight;
    }
    mate_.assign(at(n), -1);
    label_.assign(n2, 0);
    label_end_.assign(n2, -1);
    in_blossom_.resize(at(n));
    for (int v = 0; v < n; ++v) in_blossom_[at(v)] = v;
    parent_.assign(n2, -1);
    children_.resize(n2);
    endps_.resize(n2);
    base_.assign(n2, -1);
    for (int v = 0; v < n; ++v) base_[at(v)] = v;
    best_edge_.assign(n2, -1);
    best_edges_.resize(n2);
    has_best_edges_.assign(n2, false);
    for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
    dual_.assign(n2, W{});
    for (int v = 0; v < n; ++v) dual_[at(v)] = max_weight_;
    allowed_.assign(edges_.size(), false);
  }

  int endpoint(int p) const {
    const Edge& e = edges_[at(p / 2)];
    return (p & 1) != 0 ? e.v : e.u;
  }
  W slack(int k) const {
    const Edge& e = edges_[at(k)];
    return dual_[at(e.u)] + dual_[at(e.v)] - (e.weight + e.weight);
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

  void assign_label(int w, int t, int p) {
    const int b = in_blossom_[at(w)];
    label_[at(w)] = label_[at(b)] = t;
    label_end_[at(w)] = label_end_[at(b)] = p;
    best_edge_[at(w)] = best_edge_[at(b)] = -1;
    if (t == 1) {
      leaves(b, queue_);
    } else {
      const int base = base_[at(b)];
      assign_label(endpoint(mate_[at(base)]), 1, mate_[at(base)] ^ 1);
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
    int v = edges_[at(k)].u;
    int w = edges_[at(k)].v;
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
    dual_[at(b)] = W{};
    for (int leaf : leaves(b)) {
      if (label_[at(in_blossom_[at(leaf)])] == 2) queue_.push_back(leaf);
      in_blossom_[at(leaf)] = b;
    }
    std::vector<int> best_to(at(2 * n_), -1);
    for (int c : children_[at(b)]) {
      std::vector<int> list;
      if (has_best_edges_[at(c)]) {
        list = best_edges_[at(c)];
      } else {
        for (int leaf : leaves(c))
          for (int p : neighbours_[at(leaf)]) list.push_back(p / 2);
      }
      for (int e : list) {
        int i = edges_[at(e)].u;
        int j = edges_[at(e)].v;
        if (in_blossom_[at(j)] == b) std::swap(i, j);
        const int bj = in_blossom_[at(j)];
        if (bj != b && label_[at(bj)] == 1 &&
            (best_to[at(bj)] == -1 || slack(e) < slack(best_to[at(bj)])))
          best_to[at(bj)] = e;
      }
      best_edges_[at(c)].clear();
      has_best_edges_[at(c)] = false;
      best_edge_[at(c)] = -1;
    }
    best_edges_[at(b)].clear();
    for (int e : best_to)
      if (e != -1) best_edges_[at(b)].push_back(e);
    has_best_edges_[at(b)] = true;
    best_edge_[at(b)] = -1;
    for (int e : best_edges_[at(b)])
      if (best_edge_[at(b)] == -1 || slack(e) < slack(best_edge_[at(b)])) best_edge_[at(b)] = e;
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

  void expand_blossom(int b, bool end_stage);
  void augment_blossom(int b, int v);
  void augment_matching(int k);
  // One stage: grow alternating trees until an augmentation (true) or optimality (false).
  bool stage();

  void run() {
    if (n_ == 0 || edges_.empty()) return;
    for (int s = 0; s < n_; ++s) {
      if (!stage()) break;
      for (int b = n_; b < 2 * n_; ++b) {
        if (parent_[at(b)] == -1 && base_[at(b)] >= 0 && label_[at(b)] == 1 &&
            dual_[at(b)].is_zero())
          expand_blossom(b, true);
      }
    }
  }

  int n_;
  const std::vector<Edge>& edges_;
  W max_weight_{};
  std::vector<std::vector<int>> neighbours_;
  std::vector<int> mate_, label_, label_end_, in_blossom_, parent_, base_, best_edge_;
  std::vector<std::vector<int>> children_, endps_, best_edges_;
  std::vector<bool> has_best_edges_, allowed_;
  std::vector<int> unused_, queue_;
  std::vector<W> dual_;
};

}  // namespace arbiter::tournament

#include "arbiter/tournament/weighted_matching_steps.hpp"  // IWYU pragma: export
