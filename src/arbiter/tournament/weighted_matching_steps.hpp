// The larger steps of WeightedMatching (weighted_matching.hpp): blossom expansion,
// augmentation along a path through blossoms, and one stage of the primal-dual method
// (grow the alternating trees, then change the duals by the smallest of the four deltas).
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
    } else if (end_stage && dual_[at(s)].is_zero()) {
      expand_blossom(s, end_stage);
    } else {
      for (int leaf : leaves(s)) in_blossom_[at(leaf)] = s;
    }
  }
  if (!end_stage && label_[at(b)] == 2) {
    const int entry = in_blossom_[at(endpoint(label_end_[at(b)] ^ 1))];
    auto [j, step, trick] = walk_from(b, index_of(b, entry));
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
void WeightedMatching<W>::augment_matching(int k) {
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

template <typename W>
bool WeightedMatching<W>::stage() {
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

}  // namespace arbiter::tournament
