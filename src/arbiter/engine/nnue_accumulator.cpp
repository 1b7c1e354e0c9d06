#include "arbiter/engine/nnue_accumulator.hpp"

namespace arbiter::engine::nnue {

using core::Color;
using core::Piece;
using core::Square;

namespace {

void add_square(MoveDelta& d, const core::Position& pos, Square s) noexcept {
  for (int i = 0; i < d.count; ++i)
    if (d.squares[static_cast<std::size_t>(i)] == s) return;
  d.squares[static_cast<std::size_t>(d.count)] = s;
  d.before[static_cast<std::size_t>(d.count)] = pos.piece_on(s);
  ++d.count;
}

}  // namespace

MoveDelta touched_squares(const core::Position& pos, core::Move m) noexcept {
  MoveDelta d;
  add_square(d, pos, m.from());
  add_square(d, pos, m.to());
  if (m.is_en_passant()) {
    add_square(d, pos, core::make_square(core::file_of(m.to()), core::rank_of(m.from())));
  } else if (m.is_castling()) {
    const core::Rank r = core::rank_of(m.from());
    for (core::File f : {core::File::C, core::File::D, core::File::F, core::File::G})
      add_square(d, pos, core::make_square(f, r));
  }
  return d;
}

void refresh(const Network& net, const Kernels& k, const core::Position& pos,
             Accumulator& acc) noexcept {
  for (Color view : {Color::White, Color::Black}) {
    std::array<const std::int16_t*, 32> adds{};
    int count = 0;
    core::Bitboard occupied = pos.pieces();
    while (occupied) {
      const Square s = core::pop_lsb(occupied);
      adds[static_cast<std::size_t>(count++)] =
          net.feature(feature_index(view, pos.piece_on(s), s));
    }
    k.update(acc.values[static_cast<std::size_t>(core::index(view))].data(),
             net.feature_bias.data(), adds.data(), count, nullptr, 0, net.hidden);
  }
}

void update(const Network& net, const Kernels& k, const MoveDelta& delta, const core::Position& pos,
            const Accumulator& parent, Accumulator& child) noexcept {
  std::array<Piece, 6> removed{};
  std::array<Piece, 6> added{};
  std::array<Square, 6> removed_sq{};
  std::array<Square, 6> added_sq{};
  int removes = 0;
  int adds = 0;
  for (int i = 0; i < delta.count; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const Piece before = delta.before[u];
    const Piece after = pos.piece_on(delta.squares[u]);
    if (before == after) continue;
    if (before != Piece::None) {
      removed[static_cast<std::size_t>(removes)] = before;
      removed_sq[static_cast<std::size_t>(removes++)] = delta.squares[u];
    }
    if (after != Piece::None) {
      added[static_cast<std::size_t>(adds)] = after;
      added_sq[static_cast<std::size_t>(adds++)] = delta.squares[u];
    }
  }
  for (Color view : {Color::White, Color::Black}) {
    std::array<const std::int16_t*, 6> a{};
    std::array<const std::int16_t*, 6> r{};
    for (int i = 0; i < adds; ++i) {
      const auto u = static_cast<std::size_t>(i);
      a[u] = net.feature(feature_index(view, added[u], added_sq[u]));
    }
    for (int i = 0; i < removes; ++i) {
      const auto u = static_cast<std::size_t>(i);
      r[u] = net.feature(feature_index(view, removed[u], removed_sq[u]));
    }
    const auto v = static_cast<std::size_t>(core::index(view));
    k.update(child.values[v].data(), parent.values[v].data(), a.data(), adds, r.data(), removes,
             net.hidden);
  }
}

bool same_accumulator(const Network& net, const Accumulator& a, const Accumulator& b) noexcept {
  for (std::size_t v = 0; v < 2; ++v)
    for (std::size_t i = 0; i < static_cast<std::size_t>(net.hidden); ++i)
      if (a.values[v][i] != b.values[v][i]) return false;
  return true;
}

Value evaluate(const Network& net, const Kernels& k, const Accumulator& acc,
               const core::Position& pos) noexcept {
  const auto us = static_cast<std::size_t>(core::index(pos.side_to_move()));
  const int bucket = output_bucket(core::popcount(pos.pieces()), net.buckets);
  const std::int16_t* w =
      net.output_weights.data() + static_cast<std::ptrdiff_t>(bucket) * 2 * net.hidden;
  const std::int64_t sum = k.screlu_dot(acc.values[us].data(), w, net.hidden) +
                           k.screlu_dot(acc.values[us ^ 1].data(), w + net.hidden, net.hidden);
  const std::int64_t out = sum / kQa + net.output_bias[static_cast<std::size_t>(bucket)];
  const std::int64_t cp = out * kScale / (kQa * kQb);
  const std::int64_t bound = kMateBound - 1;
  return static_cast<Value>(cp > bound ? bound : cp < -bound ? -bound : cp);
}

}  // namespace arbiter::engine::nnue
