#include "arbiter/engine/tt.hpp"

#include <algorithm>
#include <cstring>

namespace arbiter::engine {

namespace {
constexpr int kDepthOffset = 8;  // stored depth = depth + offset (qsearch stores 0)
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::clamp<std::size_t>(megabytes, 1, 65536);
  const std::size_t count = megabytes * 1024 * 1024 / sizeof(Cluster);
  // Allocate first: if this throws (std::bad_alloc), the old table stays intact.
  auto table = std::make_unique<Cluster[]>(count);
  table_ = std::move(table);
  count_ = count;
  clear();
}

void TranspositionTable::clear() noexcept {
  std::memset(static_cast<void*>(table_.get()), 0, count_ * sizeof(Cluster));
  generation_ = 0;
}

void TranspositionTable::prefetch(core::Key key) const noexcept {
  __builtin_prefetch(&cluster(key));
}

bool TranspositionTable::probe(core::Key key, int ply, TTData& out) const noexcept {
  const Cluster& c = cluster(key);
  const auto key32 = static_cast<std::uint32_t>(key >> 32);
  for (const Entry& e : c.entries) {
    if (e.key32 == key32 && (e.gen_bound & 3) != 0) {
      out.move = core::Move::from_raw(e.move);
      out.value = value_from_tt(e.value, ply);
      out.eval = e.eval;
      out.depth = e.depth - kDepthOffset;
      out.bound = static_cast<Bound>(e.gen_bound & 3);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(core::Key key, int ply, core::Move move, Value value, Value eval,
                               int depth, Bound bound) noexcept {
  Cluster& c = cluster(key);
  const auto key32 = static_cast<std::uint32_t>(key >> 32);
  Entry* target = &c.entries[0];
  int worst = 1 << 30;
  for (Entry& e : c.entries) {
    if (e.key32 == key32 || (e.gen_bound & 3) == 0) {
      target = &e;
      break;
    }
    // Replace the shallowest entry, preferring those from older searches.
    const int age = (generation_ - (e.gen_bound >> 2)) & 63;
    const int worth = e.depth - 4 * age;
    if (worth < worst) {
      worst = worth;
      target = &e;
    }
  }
  // Keep a deeper result for the same position unless the new one is exact.
  if (target->key32 == key32 && (target->gen_bound & 3) != 0 && bound != Bound::Exact &&
      depth + kDepthOffset + 3 < target->depth) {
    if (!move.raw() || target->move) return;
  }
  if (move.raw() || target->key32 != key32) target->move = move.raw();
  target->key32 = key32;
  target->value = static_cast<std::int16_t>(value_to_tt(value, ply));
  target->eval = static_cast<std::int16_t>(eval);
  target->depth = static_cast<std::uint8_t>(std::clamp(depth + kDepthOffset, 0, 255));
  target->gen_bound =
      static_cast<std::uint8_t>(((generation_ & 63) << 2) | static_cast<int>(bound));
}

int TranspositionTable::hashfull() const noexcept {
  const std::size_t n = std::min<std::size_t>(count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (const Entry& e : table_[i].entries)
      if ((e.gen_bound & 3) != 0 && (e.gen_bound >> 2) == (generation_ & 63)) ++used;
  return static_cast<int>(used * 1000 / static_cast<int>(n * 4));
}

}  // namespace arbiter::engine
