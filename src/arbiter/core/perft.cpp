#include "arbiter/core/perft.hpp"

#include "arbiter/core/movegen_impl.hpp"

namespace arbiter::core {

namespace {

template <Color Us>
std::uint64_t perft_from(Position& pos, int depth) noexcept {
  if (depth == 1) {
    detail::CountSink counter;
    detail::generate<Us, GenType::All>(pos, counter);
    return counter.count;
  }
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
