#include "arbiter/core/perft.hpp"

#include "arbiter/core/movegen_impl.hpp"

namespace arbiter::core {

namespace {

// Bulk counting of the legal moves at the leaves is where perft spends most of its time,
// and most of that is popcount. Default binaries must run on any x86-64 (design.md), so
// the counter exists twice, chosen once at load time (GCC function multiversioning): the
// portable SWAR popcount, and the POPCNT instruction on CPUs that have it. `flatten`
// inlines the whole generator into each version, so the instruction is really used.
struct PopcntCountSink {
  std::uint64_t count = 0;
  void piece(Square, Bitboard targets) noexcept {
    count += static_cast<unsigned>(__builtin_popcountll(targets));
  }
  template <int Delta>
  void pawns(Bitboard targets) noexcept {
    count += static_cast<unsigned>(__builtin_popcountll(targets));
  }
  template <int Delta>
  void promotions(Bitboard targets) noexcept {
    count += 4u * static_cast<unsigned>(__builtin_popcountll(targets));
  }
  void single(Move) noexcept { ++count; }
};

#if defined(__POPCNT__) || defined(__clang__)
// One version: built for CPUs with POPCNT (ARBITER_BMI2), or by clang (the asan-ubsan and
// libFuzzer builds), whose function multiversioning (clang 14) refuses `flatten` and leaves
// the sinks' constructors undefined at link time.
std::uint64_t count_leaves(const Position& pos) noexcept {
  detail::CountSink counter;
  detail::generate<GenType::All>(pos, counter);
  return counter.count;
}
#else
// GCC inlines the whole generator into each version (flatten).
[[gnu::target("default")]] [[gnu::flatten]] std::uint64_t count_leaves(
    const Position& pos) noexcept {
  detail::CountSink counter;
  detail::generate<GenType::All>(pos, counter);
  return counter.count;
}

[[gnu::target("popcnt")]] [[gnu::flatten]] std::uint64_t count_leaves(
    const Position& pos) noexcept {
  PopcntCountSink counter;
  detail::generate<GenType::All>(pos, counter);
  return counter.count;
}
#endif

template <Color Us>
std::uint64_t perft_from(Position& pos, int depth) noexcept {
  if (depth == 1) return count_leaves(pos);
  MoveList moves;
  detail::ListSink sink{moves};
  detail::generate<Us, GenType::All>(pos, sink);
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    nodes += perft_from<~Us>(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) noexcept {
  if (depth <= 0) return 1;
  return pos.side_to_move() == Color::White ? perft_from<Color::White>(pos, depth)
                                            : perft_from<Color::Black>(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0) return out;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, undo);
  }
  return out;
}

}  // namespace arbiter::core
