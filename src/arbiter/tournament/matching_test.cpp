// The weighted matching against exhaustive search on small random graphs, and the wide
// integers it runs on.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "arbiter/tournament/weighted_matching.hpp"
#include "arbiter/tournament/wide_uint.hpp"

namespace arbiter::tournament {
namespace {

using W = WideUint<2>;

// The best total weight of any matching of vertices from `v` on (exhaustive).
std::uint64_t best(const std::vector<std::vector<std::uint64_t>>& w, std::vector<bool>& used,
                   std::size_t v) {
  const std::size_t n = w.size();
  while (v < n && used[v]) ++v;
  if (v >= n) return 0;
  used[v] = true;
  std::uint64_t result = best(w, used, v + 1);  // v unmatched
  for (std::size_t u = v + 1; u < n; ++u) {
    if (used[u] || w[v][u] == 0) continue;
    used[u] = true;
    result = std::max(result, w[v][u] + best(w, used, v + 1));
    used[u] = false;
  }
  used[v] = false;
  return result;
}

TEST(WeightedMatching, EqualsExhaustiveSearch) {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 10);
    std::vector<std::vector<std::uint64_t>> w(static_cast<std::size_t>(n),
                                              std::vector<std::uint64_t>(n, 0));
    std::vector<WeightedMatching<W>::Edge> edges;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (rng() % 3 == 0) continue;
        const std::uint64_t x = 1 + rng() % (trial % 2 == 0 ? 5 : 1000);
        w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = x;
        w[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = x;
        edges.push_back({i, j, W{x}});
      }
    }
    const auto mate = WeightedMatching<W>::solve(n, edges);
    std::uint64_t total = 0;
    for (int v = 0; v < n; ++v) {
      const int m = mate[static_cast<std::size_t>(v)];
      if (m < 0) continue;
      ASSERT_EQ(mate[static_cast<std::size_t>(m)], v);
      ASSERT_NE(w[static_cast<std::size_t>(v)][static_cast<std::size_t>(m)], 0u);
      if (v < m) total += w[static_cast<std::size_t>(v)][static_cast<std::size_t>(m)];
    }
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    EXPECT_EQ(total, best(w, used, 0)) << "trial " << trial;
  }
}

// The total weight of a matching, checking that it is one.
std::uint64_t total_of(const std::vector<int>& mate,
                       const std::vector<std::vector<std::uint64_t>>& w) {
  std::uint64_t total = 0;
  for (std::size_t v = 0; v < mate.size(); ++v) {
    const int m = mate[v];
    if (m < 0) continue;
    EXPECT_EQ(mate[static_cast<std::size_t>(m)], static_cast<int>(v));
    EXPECT_NE(w[v][static_cast<std::size_t>(m)], 0u) << "an absent edge is matched";
    if (static_cast<int>(v) < m) total += w[v][static_cast<std::size_t>(m)];
  }
  return total;
}

// A graph's weights kept beside a matching that is told every change.
struct Graph {
  explicit Graph(int n)
      : w(static_cast<std::size_t>(n), std::vector<std::uint64_t>(static_cast<std::size_t>(n), 0)),
        m(n) {}
  void put(int i, int j, std::uint64_t x) {
    w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = x;
    w[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = x;
    m.set_weight(i, j, W{x});
  }
  std::vector<std::vector<std::uint64_t>> w;
  WeightedMatching<W> m;
};

// The repaired solution after changes to one vertex's edges at a time (raised, lowered,
// removed, the vertex isolated), as the Dutch engine makes them, against exhaustive search
// and against a solution from scratch.
TEST(WeightedMatching, RepairAfterChangesEqualsASolutionFromScratch) {
  std::mt19937_64 rng(1515);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 11);
    const std::size_t un = static_cast<std::size_t>(n);
    const std::uint64_t range = trial % 3 == 0 ? 4 : trial % 3 == 1 ? 50 : 100000;
    Graph g(n);
    auto& w = g.w;
    auto& m = g.m;
    const auto put = [&](int i, int j, std::uint64_t x) { g.put(i, j, x); };
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (rng() % 4 != 0) put(i, j, 1 + rng() % range);
    for (int step = 0; step < 25; ++step) {
      const auto mate = m.solve();
      std::vector<bool> used(un, false);
      ASSERT_EQ(total_of(mate, w), best(w, used, 0)) << "trial " << trial << " step " << step;
      const int v = static_cast<int>(rng() % un);
      const int kind = static_cast<int>(rng() % 5);
      if (kind == 4) {
        m.isolate(v);
        for (int x = 0; x < n; ++x)
          w[static_cast<std::size_t>(v)][static_cast<std::size_t>(x)] =
              w[static_cast<std::size_t>(x)][static_cast<std::size_t>(v)] = 0;
        continue;
      }
      for (int x = 0; x < n; ++x) {
        if (x == v || rng() % 2 == 0) continue;
        const std::uint64_t old = w[static_cast<std::size_t>(v)][static_cast<std::size_t>(x)];
        const std::uint64_t d = 1 + rng() % range;
        const std::uint64_t now = kind == 0   ? old + d
                                  : kind == 1 ? (old > d ? old - d : 0)
                                  : kind == 2 ? 0
                                              : 1 + rng() % range;
        put(v, x, now);
      }
    }
  }
}

TEST(WeightedMatching, RepairMatchesAFreshSolveOnLargerGraphs) {
  std::mt19937_64 rng(404);
  const int n = 60;
  const std::size_t un = n;
  Graph g(n);
  auto& w = g.w;
  auto& m = g.m;
  const auto put = [&](int i, int j, std::uint64_t x) { g.put(i, j, x); };
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (rng() % 5 != 0) put(i, j, 1 + rng() % 1000);
  for (int step = 0; step < 300; ++step) {
    const auto mate = m.solve();
    WeightedMatching<W> fresh(n);
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        fresh.set_weight(i, j, W{w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]});
    ASSERT_EQ(total_of(mate, w), total_of(fresh.solve(), w)) << "step " << step;
    const int v = static_cast<int>(rng() % un);
    for (int x = 0; x < n; ++x) {
      if (x == v || rng() % 3 != 0) continue;
      put(v, x, rng() % 4 == 0 ? 0 : 1 + rng() % 1000);
    }
  }
}

TEST(WideUint, CarriesBorrowsAndShiftsAcrossLimbs) {
  W x{~std::uint64_t{0}};
  x += W{1};
  EXPECT_EQ(x, W{1} << 64);
  x -= W{1};
  EXPECT_EQ(x, W{~std::uint64_t{0}});
  EXPECT_EQ((W{3} << 100) >> 99, W{6});
  EXPECT_LT(W{5}, W{1} << 70);
  EXPECT_EQ(W::ones(65) + W{1}, W{1} << 65);
  EXPECT_TRUE((W{1} << 130).is_zero());  // beyond the width: modulo 2^128
}

// The run-time add and subtract (add-with-carry chains on x86-64) agree with the portable
// ones the compiler evaluates at compile time.
TEST(WideUint, RunTimeCarryChainsAgreeWithTheCompileTimeOnes) {
  using W4 = WideUint<4>;
  static_assert(W4::ones(192) + W4{1} == W4{1} << 192);
  static_assert((W4{1} << 192) - W4{1} == W4::ones(192));
  static_assert(W4{} - W4{1} == W4::ones(256));
  W4 top = W4::ones(192);
  top += W4{1};
  EXPECT_EQ(top, W4{1} << 192);
  top -= W4{1};
  EXPECT_EQ(top, W4::ones(192));
  W4 zero{};
  zero -= W4{1};
  EXPECT_EQ(zero, W4::ones(256));
  zero += W4{1};
  EXPECT_TRUE(zero.is_zero());
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000; ++i) {
    W4 a{};
    W4 b{};
    for (int l = 0; l < 4; ++l) {
      a = (a << 64) | W4{rng()};
      b = (b << 64) | W4{rng()};
    }
    // Schoolbook addition and subtraction in 32-bit halves of the limbs.
    const W4 sum = a + b;
    const W4 difference = a - b;
    std::uint64_t carry = 0;
    std::uint64_t borrow = 0;
    for (std::size_t l = 0; l < 4; ++l) {
      std::uint64_t s_limb = 0;
      std::uint64_t d_limb = 0;
      for (unsigned half = 0; half < 64; half += 32) {
        const std::uint64_t x = (a.limb(l) >> half) & 0xffffffffU;
        const std::uint64_t y = (b.limb(l) >> half) & 0xffffffffU;
        const std::uint64_t s = x + y + carry;
        carry = s >> 32;
        s_limb |= (s & 0xffffffffU) << half;
        const std::uint64_t d = x - y - borrow;  // wraps when x < y + borrow
        borrow = x < y + borrow ? 1 : 0;
        d_limb |= (d & 0xffffffffU) << half;
      }
      EXPECT_EQ(sum.limb(l), s_limb) << "draw " << i << " limb " << l;
      EXPECT_EQ(difference.limb(l), d_limb) << "draw " << i << " limb " << l;
    }
    EXPECT_EQ(difference + b, a);
  }
}

}  // namespace
}  // namespace arbiter::tournament
