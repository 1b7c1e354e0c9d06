#include "arbiter/core/movegen.hpp"

#include "arbiter/core/movegen_impl.hpp"

namespace arbiter::core {

void generate_moves(const Position& pos, MoveList& out, GenType type) noexcept {
  detail::ListSink sink{out};
  switch (type) {
    case GenType::All: detail::generate<GenType::All>(pos, sink); break;
    case GenType::Captures: detail::generate<GenType::Captures>(pos, sink); break;
    case GenType::Quiets: detail::generate<GenType::Quiets>(pos, sink); break;
  }
}

MoveList legal_moves(const Position& pos, GenType type) noexcept {
  MoveList list;
  generate_moves(pos, list, type);
  return list;
}

std::uint64_t count_legal_moves(const Position& pos) noexcept {
  detail::CountSink sink;
  detail::generate<GenType::All>(pos, sink);
  return sink.count;
}

bool has_legal_moves(const Position& pos) noexcept { return count_legal_moves(pos) != 0; }

}  // namespace arbiter::core
