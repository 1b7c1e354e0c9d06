// The transposition table: clusters of four 16-byte entries, sized in MiB by the Hash
// option, shared by all search threads (lock-free; a torn entry can only give a bad move,
// which the search validates against the legal move list before use).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "arbiter/core/move.hpp"
#include "arbiter/core/types.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTData {
  core::Move move;
  Value value = kNoValue;  // already converted to "mate from the probing node"
  Value eval = kNoValue;
  int depth = 0;
  Bound bound = Bound::None;
};

// Mate scores are stored relative to the node, not the root, so that they stay correct
// when the same position is reached at another ply.
[[nodiscard]] constexpr Value value_to_tt(Value v, int ply) noexcept {
  return v >= kMateBound ? v + ply : v <= -kMateBound ? v - ply : v;
}
[[nodiscard]] constexpr Value value_from_tt(Value v, int ply) noexcept {
  if (v == kNoValue) return v;
  return v >= kMateBound ? v - ply : v <= -kMateBound ? v + ply : v;
}

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16);
  // Throws std::bad_alloc if the memory is not available (the old table is kept).
  void resize(std::size_t megabytes);
  void clear() noexcept;
  void new_search() noexcept { generation_ = static_cast<std::uint8_t>(generation_ + 1); }

  [[nodiscard]] bool probe(core::Key key, int ply, TTData& out) const noexcept;
  void store(core::Key key, int ply, core::Move move, Value value, Value eval, int depth,
             Bound bound) noexcept;
  void prefetch(core::Key key) const noexcept;
  // Permille of sampled entries written during the current search.
  [[nodiscard]] int hashfull() const noexcept;
  [[nodiscard]] std::size_t cluster_count() const noexcept { return count_; }

 private:
  struct Entry {
    std::uint32_t key32;
    std::uint16_t move;
    std::int16_t value;
    std::int16_t eval;
    std::uint8_t depth;
    std::uint8_t gen_bound;  // generation << 2 | bound
    std::uint32_t pad;
  };
  struct alignas(64) Cluster {
    Entry entries[4];
  };
  static_assert(sizeof(Cluster) == 64);

  [[nodiscard]] Cluster& cluster(core::Key key) const noexcept {
    __extension__ using Wide = unsigned __int128;
    return table_[static_cast<std::size_t>((static_cast<Wide>(key) * count_) >> 64)];
  }

  std::unique_ptr<Cluster[]> table_;
  std::size_t count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace arbiter::engine
