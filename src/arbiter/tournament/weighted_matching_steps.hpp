// The larger steps of WeightedMatching (weighted_matching.hpp): the start from scratch and
// the repair after changes, blossom expansion, augmentation along a path through blossoms,
// and one stage of the primal-dual method (grow the alternating trees, then change the duals
// by the smallest of the four deltas).
#pragma once

#include <algorithm>
#include <vector>

#include "arbiter/tournament/weighted_matching.hpp"

namespace arbiter::tournament {

template <typename W>
void WeightedMatching<W>::expand_blossom(int b, bool end_stage) {
  for (int s : children_[at(b)]) {
    parent_[at(s)] = -1;
    if (s < n_) {
      in_blossom_[at(s)] = s;
    } else if (end_stage && is_zero(dual_[at(s)])) {
      expand_blossom(s, end_stage);
    } else {
      for (int leaf : leaves(s)) in_blossom_[at(leaf)] = s;
    }
  }
  if (!end_stage && label_[at(b)] == 2) {
    const int root = tree_[at(b)];
    const int entry = in_blossom_[at(endpoint(label_end_[at(b)] ^ 1))];
    auto [j, step, trick] = walk_from(b, index_of(b, entry));
    int p = label_end_[at(b)];
    while (j != 0) {
      label_[at(endpoint(p ^ 1))] = 0;
      label_[at(endpoint(endp_at(b, j - trick) ^ trick ^ 1))] = 0;
      assign_label(endpoint(p ^ 1), 2, p, root);
      allow(endp_at(b, j - trick) / 2);
      j += step;
      p = endp_at(b, j - trick) ^ trick;
      allow(p / 2);
      j += step;
    }
    const int bv = child_at(b, j);
    label_[at(endpoint(p ^ 1))] = label_[at(bv)] = 2;
    label_end_[at(endpoint(p ^ 1))] = label_end_[at(bv)] = p;
    best_edge_[at(bv)] = -1;
    tree_[at(bv)] = root;
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
        // Reached from an S-vertex of any tree: it joins that tree.
        assign_label(found, 2, label_end_[at(found)], tree_of(endpoint(label_end_[at(found)])));
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

template <typename W>
void WeightedMatching<W>::augment_blossom(int b, int v) {
  int t = v;
  while (parent_[at(t)] != b) t = parent_[at(t)];
  if (t >= n_) augment_blossom(t, v);
  const int i = index_of(b, t);
  auto [j, step, trick] = walk_from(b, i);
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

template <typename W>
void WeightedMatching<W>::flip_to_root(int s, int p) {
  // s takes the endpoint p as its mate (-1: none), and the alternating path from s's
  // blossom up to its tree's root changes sides.
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

template <typename W>
void WeightedMatching<W>::augment_matching(int k) {
  flip_to_root(eu(k), 2 * k + 1);
  flip_to_root(ev(k), 2 * k);
}

template <typename W>
void WeightedMatching<W>::cold_start() {
  std::fill(mate_.begin(), mate_.end(), -1);
  std::fill(parent_.begin(), parent_.end(), -1);
  std::fill(base_.begin(), base_.end(), -1);
  std::fill(label_.begin(), label_.end(), 0);
  std::fill(label_end_.begin(), label_end_.end(), -1);
  unused_.clear();
  for (int b = 2 * n_ - 1; b >= n_; --b) {
    unused_.push_back(b);
    children_[at(b)].clear();
    endps_[at(b)].clear();
    best_edges_[at(b)].clear();
    dual_[at(b)] = W{};
  }
  // Every vertex's dual starts at the heaviest weight (even, as the stages need): all are
  // roots of one dual, and the heaviest edges become tight first.
  W top{};
  for (int i = 0; i < n_; ++i)
    for (int j = i + 1; j < n_; ++j) top = std::max(top, weight(i, j));
  if (odd(top)) top += W{1};
  for (int v = 0; v < n_; ++v) {
    in_blossom_[at(v)] = v;
    base_[at(v)] = v;
    dual_[at(v)] = top;
  }
}

template <typename W>
void WeightedMatching<W>::dissolve_around(int v) {
  // Expands the blossoms that contain v, outermost first. A blossom's dual moves onto its
  // vertices (an edge inside keeps its slack, one leaving gains it), so the only tightness
  // lost is that of the base's matched edge to the outside, which is unmatched.
  while (in_blossom_[at(v)] != v) {
    const int b = in_blossom_[at(v)];
    const W z = dual_[at(b)];
    if (!is_zero(z)) {
      for (int leaf : leaves(b)) dual_[at(leaf)] += z;
      const int base = base_[at(b)];
      if (mate_[at(base)] >= 0) {
        mate_[at(endpoint(mate_[at(base)]))] = -1;
        mate_[at(base)] = -1;
      }
      dual_[at(b)] = W{};
    }
    expand_blossom(b, true);
  }
}

template <typename W>
void WeightedMatching<W>::repair() {
  for (int v : dirty_) {
    // Still matched outside any blossom: the dual that keeps the matched edge tight may leave
    // every other edge of v feasible, and then nothing else changes.
    if (mate_[at(v)] >= 0) {
      const int m = endpoint(mate_[at(v)]);
      if (follow_down(v, m, weight(v, m))) continue;
    }
    dissolve_around(v);
    if (mate_[at(v)] >= 0) {
      mate_[at(endpoint(mate_[at(v)]))] = -1;
      mate_[at(v)] = -1;
    }
    // The lowest dual that leaves every edge of v with slack >= 0.
    W need{};
    for (int x : live_) {
      if (x == v) continue;
      const W& w = weight(v, x);
      if (!is_zero(w) && dual_[at(x)] < w + w) need = std::max(need, w + w - dual_[at(x)]);
    }
    dual_[at(v)] = need;
  }
  // The stages need the unmatched vertices' duals of one parity (so that the slack of an
  // edge between two trees stays even): the odd ones rise by 1.
  for (int v = 0; v < n_; ++v) {
    if (mate_[at(v)] != -1 || !odd(dual_[at(v)])) continue;
    dissolve_around(v);
    if (odd(dual_[at(v)])) dual_[at(v)] += W{1};
  }
}

template <typename W>
bool WeightedMatching<W>::stage() {
  for (int b = 0; b < 2 * n_; ++b) {
    label_[at(b)] = 0;
    best_edge_[at(b)] = -1;
    tree_[at(b)] = -1;
    dead_[at(b)] = 0;
  }
  for (std::size_t b = at(n_); b < best_edges_.size(); ++b) {
    best_edges_[b].clear();
    has_best_edges_[b] = false;
  }
  for (int k : allowed_list_) {
    allowed_[at(k)] = 0;
    allowed_[at(ev(k)) * at(n_) + at(eu(k))] = 0;
  }
  allowed_list_.clear();
  queue_.clear();
  bool any_root = false;
  for (int v = 0; v < n_; ++v) {
    if (mate_[at(v)] == -1 && !is_zero(dual_[at(v)]) && label_[at(in_blossom_[at(v)])] == 0) {
      assign_label(v, 1, -1, v);
      any_root = true;
    }
  }
  if (!any_root) return false;
  bool augmented = false;
  while (true) {
    while (!queue_.empty()) {
      const int v = queue_.back();
      queue_.pop_back();
      if (dead_[at(in_blossom_[at(v)])] != 0) continue;
      const W& dv = dual_[at(v)];
      const W* row = &weight_[at(v) * at(n_)];
      for (int w : live_) {
        const W& wt = row[w];
        if (w == v || is_zero(wt) || in_blossom_[at(v)] == in_blossom_[at(w)] ||
            dead_[at(in_blossom_[at(w)])] != 0)
          continue;
        const int bw = in_blossom_[at(w)];
        // A vertex already labelled T needs nothing from this edge.
        if (label_[at(bw)] == 2 && label_[at(w)] != 0) continue;
        const int p = towards(v, w);
        const int k = p / 2;
        W kslack{};
        const std::size_t vw = at(v) * at(n_) + at(w);
        if (allowed_[vw] == 0) {
          kslack = dv + dual_[at(w)] - (wt + wt);
          if (is_zero(kslack)) allow(k);
        }
        if (allowed_[vw] != 0) {
          if (label_[at(bw)] == 0) {
            if (mate_[at(base_[at(bw)])] == -1) {
              // An unmatched vertex of dual 0: an augmenting path ends there.
              const int root = tree_of(v);
              label_end_[at(bw)] = -1;
              augment_matching(k);
              retire(root, -1);
              dead_[at(bw)] = 1;
              augmented = true;
              break;
            }
            assign_label(w, 2, p ^ 1, tree_of(v));
          } else if (label_[at(bw)] == 1) {
            const int base = scan_blossom(v, w);
            if (base >= 0) {
              add_blossom(base, k);
            } else {
              const int ra = tree_of(v);
              const int rb = tree_of(w);
              augment_matching(k);
              retire(ra, rb);
              augmented = true;
              break;
            }
          } else if (label_[at(w)] == 0) {
            label_[at(w)] = 2;
            label_end_[at(w)] = p ^ 1;
          }
        } else if (label_[at(bw)] == 1) {
          const int b = in_blossom_[at(v)];
          if (best_edge_[at(b)] == -1 || kslack < best_slack_[at(b)]) {
            best_edge_[at(b)] = k;
            best_slack_[at(b)] = kslack;
          }
        } else if (label_[at(w)] == 0) {
          if (best_edge_[at(w)] == -1 || kslack < best_slack_[at(w)]) {
            best_edge_[at(w)] = k;
            best_slack_[at(w)] = kslack;
          }
        }
      }
    }
    if (augmented) return true;
    // No augmenting path with the edges allowed: change the duals. Type 1: a vertex of the
    // trees reaches dual 0 (a root: it stays unmatched; a matched one: its root's path
    // leaves it unmatched instead).
    int type = 1;
    int delta_vertex = -1;
    W delta{};
    for (int v = 0; v < n_; ++v) {
      if (label_[at(in_blossom_[at(v)])] != 1) continue;
      const bool root = mate_[at(v)] == -1;
      if (delta_vertex == -1 || dual_[at(v)] < delta ||
          (dual_[at(v)] == delta && root && mate_[at(delta_vertex)] != -1)) {
        delta = dual_[at(v)];
        delta_vertex = v;
      }
    }
    int delta_edge = -1;
    int delta_blossom = -1;
    for (int v = 0; v < n_; ++v) {
      if (label_[at(in_blossom_[at(v)])] == 0 && best_edge_[at(v)] != -1) {
        const W& d = best_slack_[at(v)];
        if (d < delta) {
          delta = d;
          type = 2;
          delta_edge = best_edge_[at(v)];
        }
      }
    }
    for (int b = 0; b < 2 * n_; ++b) {
      if (parent_[at(b)] == -1 && label_[at(b)] == 1 && best_edge_[at(b)] != -1) {
        const W d = best_slack_[at(b)] >> 1;
        if (d < delta) {
          delta = d;
          type = 3;
          delta_edge = best_edge_[at(b)];
        }
      }
    }
    for (int b = n_; b < 2 * n_; ++b) {
      if (base_[at(b)] >= 0 && parent_[at(b)] == -1 && label_[at(b)] == 2 && dual_[at(b)] < delta) {
        delta = dual_[at(b)];
        type = 4;
        delta_blossom = b;
      }
    }
    for (int v = 0; v < n_; ++v) {
      const int l = label_[at(in_blossom_[at(v)])];
      if (l == 1) dual_[at(v)] -= delta;
      if (l == 2) dual_[at(v)] += delta;
      // An edge from an S-vertex to a free one loses delta of slack (to a vertex inside a
      // T-blossom, none); between two S-blossoms, twice delta.
      if (l == 0 && best_edge_[at(v)] != -1) best_slack_[at(v)] -= delta;
    }
    const W twice = delta + delta;
    for (int b = 0; b < 2 * n_; ++b)
      if (parent_[at(b)] == -1 && label_[at(b)] == 1 && best_edge_[at(b)] != -1)
        best_slack_[at(b)] -= twice;
    for (int b = n_; b < 2 * n_; ++b) {
      if (base_[at(b)] >= 0 && parent_[at(b)] == -1) {
        if (label_[at(b)] == 1) dual_[at(b)] += delta;
        if (label_[at(b)] == 2) dual_[at(b)] -= delta;
      }
    }
    if (type == 1) {
      // A root at dual 0 is done; a matched vertex there leaves the matching to its root.
      if (mate_[at(delta_vertex)] != -1) flip_to_root(delta_vertex, -1);
      return true;
    }
    if (type == 2) {
      allow(delta_edge);
      int i = eu(delta_edge);
      const int j = ev(delta_edge);
      if (label_[at(in_blossom_[at(i)])] == 0) i = j;
      queue_.push_back(i);
    } else if (type == 3) {
      allow(delta_edge);
      queue_.push_back(eu(delta_edge));
    } else {
      expand_blossom(delta_blossom, false);
    }
  }
}

}  // namespace arbiter::tournament
