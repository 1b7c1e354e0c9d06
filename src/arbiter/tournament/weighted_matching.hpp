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

  void expand_blossom(int b, bool end_stage) {
    for (int s : children_[at(b)]) {
      parent_[at(s)] = -1;
      if (s < n_) {
        in_blossom_[at(s)] = s;
      } else if (end_stage && dual_[at(s)].is_zero()) {
        expand_blossom(s, end_stage);
      } else {
        for (int leaf : leaves(s)) in_blossom_[at(leaf)] = s;
      }
    }
    if (!end_stage && label_[at(b)] == 2) {
      const int entry = in_blossom_[at(endpoint(label_end_[at(b)] ^ 1))];
      int j = index_of(b, entry);
      int step = -1;
      int trick = 1;
      if ((j & 1) != 0) {
        j -= static_cast<int>(children_[at(b)].size());
        step = 1;
        trick = 0;
      }
      int p = label_end_[at(b)];
      while (j != 0) {
        label_[at(endpoint(p ^ 1))] = 0;
        label_[at(endpoint(endp_at(b, j - trick) ^ trick ^ 1))] = 0;
        assign_label(endpoint(p ^ 1), 2, p);
        allowed_[at(endp_at(b, j - trick) / 2)] = true;
        j += step;
        p = endp_at(b, j - trick) ^ trick;
        allowed_[at(p / 2)] = true;
        j += step;
      }
      const int bv = child_at(b, j);
      label_[at(endpoint(p ^ 1))] = label_[at(bv)] = 2;
      label_end_[at(endpoint(p ^ 1))] = label_end_[at(bv)] = p;
      best_edge_[at(bv)] = -1;
      j += step;
      while (child_at(b, j) != entry) {
        const int c = child_at(b, j);
        if (label_[at(c)] == 1) {
          j += step;
          continue;
        }
        int found = -1;
        for (int leaf : leaves(c)) {
          found = leaf;
          if (label_[at(leaf)] != 0) break;
        }
        if (found >= 0 && label_[at(found)] != 0) {
          label_[at(found)] = 0;
          label_[at(endpoint(mate_[at(base_[at(c)])]))] = 0;
          assign_label(found, 2, label_end_[at(found)]);
        }
        j += step;
      }
    }
    label_[at(b)] = label_end_[at(b)] = -1;
    children_[at(b)].clear();
    endps_[at(b)].clear();
    base_[at(b)] = -1;
    best_edges_[at(b)].clear();
    has_best_edges_[at(b)] = false;
    best_edge_[at(b)] = -1;
    unused_.push_back(b);
  }

  void augment_blossom(int b, int v) {
    int t = v;
    while (parent_[at(t)] != b) t = parent_[at(t)];
    if (t >= n_) augment_blossom(t, v);
    const int i = index_of(b, t);
    int j = i;
    int step = -1;
    int trick = 1;
    if ((i & 1) != 0) {
      j -= static_cast<int>(children_[at(b)].size());
      step = 1;
      trick = 0;
    }
    while (j != 0) {
      j += step;
      t = child_at(b, j);
      const int p = endp_at(b, j - trick) ^ trick;
      if (t >= n_) augment_blossom(t, endpoint(p));
      j += step;
      t = child_at(b, j);
      if (t >= n_) augment_blossom(t, endpoint(p ^ 1));
      mate_[at(endpoint(p))] = p ^ 1;
      mate_[at(endpoint(p ^ 1))] = p;
    }
    auto& c = children_[at(b)];
    auto& e = endps_[at(b)];
    std::rotate(c.begin(), c.begin() + i, c.end());
    std::rotate(e.begin(), e.begin() + i, e.end());
    base_[at(b)] = base_[at(c.front())];
  }

  void augment_matching(int k) {
    const int ends[2][2] = {{edges_[at(k)].u, 2 * k + 1}, {edges_[at(k)].v, 2 * k}};
    for (const auto& sp : ends) {
      int s = sp[0];
      int p = sp[1];
      while (true) {
        const int bs = in_blossom_[at(s)];
        if (bs >= n_) augment_blossom(bs, s);
        mate_[at(s)] = p;
        if (label_end_[at(bs)] == -1) break;
        const int t = endpoint(label_end_[at(bs)]);
        const int bt = in_blossom_[at(t)];
        s = endpoint(label_end_[at(bt)]);
        const int j = endpoint(label_end_[at(bt)] ^ 1);
        if (bt >= n_) augment_blossom(bt, j);
        mate_[at(j)] = label_end_[at(bt)];
        p = label_end_[at(bt)] ^ 1;
      }
    }
  }

  // One stage: grow alternating trees until an augmentation (true) or optimality (false).
  bool stage() {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(best_edge_.begin(), best_edge_.end(), -1);
    for (std::size_t b = at(n_); b < best_edges_.size(); ++b) {
      best_edges_[b].clear();
      has_best_edges_[b] = false;
    }
    std::fill(allowed_.begin(), allowed_.end(), false);
    queue_.clear();
    for (int v = 0; v < n_; ++v)
      if (mate_[at(v)] == -1 && label_[at(in_blossom_[at(v)])] == 0) assign_label(v, 1, -1);
    while (true) {
      while (!queue_.empty()) {
        const int v = queue_.back();
        queue_.pop_back();
        for (int p : neighbours_[at(v)]) {
          const int k = p / 2;
          const int w = endpoint(p);
          if (in_blossom_[at(v)] == in_blossom_[at(w)]) continue;
          W kslack{};
          if (!allowed_[at(k)]) {
            kslack = slack(k);
            if (kslack.is_zero()) allowed_[at(k)] = true;
          }
          if (allowed_[at(k)]) {
            if (label_[at(in_blossom_[at(w)])] == 0) {
              assign_label(w, 2, p ^ 1);
            } else if (label_[at(in_blossom_[at(w)])] == 1) {
              const int base = scan_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, k);
              } else {
                augment_matching(k);
                return true;
              }
            } else if (label_[at(w)] == 0) {
              label_[at(w)] = 2;
              label_end_[at(w)] = p ^ 1;
            }
          } else if (label_[at(in_blossom_[at(w)])] == 1) {
            const int b = in_blossom_[at(v)];
            if (best_edge_[at(b)] == -1 || kslack < slack(best_edge_[at(b)])) best_edge_[at(b)] = k;
          } else if (label_[at(w)] == 0) {
            if (best_edge_[at(w)] == -1 || kslack < slack(best_edge_[at(w)])) best_edge_[at(w)] = k;
          }
        }
      }
      // No augmenting path with the edges allowed: change the duals.
      int type = 1;
      W delta = dual_[0];
      for (int v = 1; v < n_; ++v) delta = std::min(delta, dual_[at(v)]);
      int delta_edge = -1;
      int delta_blossom = -1;
      for (int v = 0; v < n_; ++v) {
        if (label_[at(in_blossom_[at(v)])] == 0 && best_edge_[at(v)] != -1) {
          const W d = slack(best_edge_[at(v)]);
          if (d < delta) {
            delta = d;
            type = 2;
            delta_edge = best_edge_[at(v)];
          }
        }
      }
      for (int b = 0; b < 2 * n_; ++b) {
        if (parent_[at(b)] == -1 && label_[at(b)] == 1 && best_edge_[at(b)] != -1) {
          const W d = slack(best_edge_[at(b)]) >> 1;
          if (d < delta) {
            delta = d;
            type = 3;
            delta_edge = best_edge_[at(b)];
          }
        }
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[at(b)] >= 0 && parent_[at(b)] == -1 && label_[at(b)] == 2 &&
            dual_[at(b)] < delta) {
          delta = dual_[at(b)];
          type = 4;
          delta_blossom = b;
        }
      }
      for (int v = 0; v < n_; ++v) {
        const int l = label_[at(in_blossom_[at(v)])];
        if (l == 1) dual_[at(v)] -= delta;
        if (l == 2) dual_[at(v)] += delta;
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[at(b)] >= 0 && parent_[at(b)] == -1) {
          if (label_[at(b)] == 1) dual_[at(b)] += delta;
          if (label_[at(b)] == 2) dual_[at(b)] -= delta;
        }
      }
      if (type == 1) return false;
      if (type == 2) {
        allowed_[at(delta_edge)] = true;
        int i = edges_[at(delta_edge)].u;
        const int j = edges_[at(delta_edge)].v;
        if (label_[at(in_blossom_[at(i)])] == 0) i = j;
        queue_.push_back(i);
      } else if (type == 3) {
        allowed_[at(delta_edge)] = true;
        queue_.push_back(edges_[at(delta_edge)].u);
      } else {
        expand_blossom(delta_blossom, false);
      }
    }
  }

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
