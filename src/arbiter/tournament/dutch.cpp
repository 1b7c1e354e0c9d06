// The Dutch engine: brackets from the top (C.04.3 B), each settled by maximum-weight
// matchings whose weights (dutch_weights.hpp) put the criteria in their order of priority,
// with the choices B.3-B.5 leave to the players' order made one player at a time.
#include "arbiter/tournament/dutch.hpp"

#include <algorithm>
#include <string>

#include "arbiter/tournament/dutch_engine.hpp"

namespace arbiter::tournament {

namespace {

unsigned bits_for(std::size_t v) {
  unsigned b = 0;
  while (v != 0) {
    ++b;
    v >>= 1;
  }
  return b;
}

// The players to pair, by accelerated score then pairing number (C.04.3 A.2, A.3).
std::vector<const SwissPlayer*> pairing_order(const SwissState& st) {
  std::vector<const SwissPlayer*> v;
  for (const SwissPlayer& p : st.players)
    if (p.to_pair) v.push_back(&p);
  std::sort(v.begin(), v.end(), [](const SwissPlayer* a, const SwissPlayer* b) {
    return std::tie(b->accelerated, a->rank) < std::tie(a->accelerated, b->rank);
  });
  return v;
}

WeightLayout base_layout(const SwissState& st, const std::vector<const SwissPlayer*>& sorted) {
  WeightLayout l;
  l.played = st.round - 1;
  std::size_t largest = 0;
  // Offsets from the lowest score group up: a higher group outweighs every lower one.
  for (std::size_t i = sorted.size(); i > 0;) {
    std::size_t j = i;
    while (j > 0 && sorted[j - 1]->accelerated == sorted[i - 1]->accelerated) --j;
    l.offset[sorted[i - 1]->accelerated] = l.scores_bits;
    l.scores_bits += bits_for(i - j);
    largest = std::max(largest, i - j);
    i = j;
  }
  l.group_bits = std::max(1U, bits_for(largest));
  return l;
}

}  // namespace

namespace {

template <std::size_t N>
Result<std::vector<int>> run_engine(const SwissState& st,
                                    const std::vector<const SwissPlayer*>& sorted,
                                    const WeightLayout& layout) {
  DutchEngine<N> engine(st, sorted, layout);
  return engine.run();
}

}  // namespace

Result<SwissPairing> pair_dutch(const SwissState& st) {
  const std::vector<const SwissPlayer*> sorted = pairing_order(st);
  const WeightLayout layout = base_layout(st, sorted);
  // Two bits for the completion field, two for the duals of the matching, one spare.
  const unsigned bits = layout.low_bits() + 5;
  Result<std::vector<int>> mate = make_error(ErrorCode::kInvalidArgument, "too many score groups");
  // The narrowest width that holds the weights: every operation of the matching costs one
  // step per 64-bit limb (1,000 players need 126 bits in round 1, 628 by round 9).
  if (bits <= 128) {
    mate = run_engine<2>(st, sorted, layout);
  } else if (bits <= 192) {
    mate = run_engine<3>(st, sorted, layout);
  } else if (bits <= 256) {
    mate = run_engine<4>(st, sorted, layout);
  } else if (bits <= 384) {
    mate = run_engine<6>(st, sorted, layout);
  } else if (bits <= 512) {
    mate = run_engine<8>(st, sorted, layout);
  } else if (bits <= 640) {
    mate = run_engine<10>(st, sorted, layout);
  } else if (bits <= 768) {
    mate = run_engine<12>(st, sorted, layout);
  } else if (bits <= 1024) {
    mate = run_engine<16>(st, sorted, layout);
  } else if (bits <= 2048) {
    mate = run_engine<32>(st, sorted, layout);
  } else if (bits <= 4096) {
    mate = run_engine<64>(st, sorted, layout);
  }
  if (!mate) return tl::unexpected(mate.error());
  SwissPairing out;
  out.round = st.round;
  out.initial_colour_assumed = !st.initial_stated;
  for (std::size_t v = 0; v < sorted.size(); ++v) {
    const std::size_t m = static_cast<std::size_t>((*mate)[v]);
    if (m == v) {
      out.bye = sorted[v]->id;
    } else if (v < m) {
      // C.04.3 E: the colours, the lower starting rank first as the reference engines do.
      const SwissPlayer& a = sorted[v]->id < sorted[m]->id ? *sorted[v] : *sorted[m];
      const SwissPlayer& b = sorted[v]->id < sorted[m]->id ? *sorted[m] : *sorted[v];
      out.boards.push_back(allocate_colours(st, a, b));
    }
  }
  order_boards(st, out.boards);
  return out;
}

Result<SwissPairing> pair_dutch(const Tournament& t) {
  auto st = swiss_state(t);
  if (!st) return tl::unexpected(st.error());
  return pair_dutch(*st);
}

}  // namespace arbiter::tournament
