#include "arbiter/server/loadtest_moves.hpp"

namespace arbiter::server {

std::uint64_t MoveRandom::next() noexcept {
  state_ ^= state_ >> 12;
  state_ ^= state_ << 25;
  state_ ^= state_ >> 27;
  return state_ * 0x2545F4914F6CDD1DULL;
}

char piece_on(std::string_view fen, std::string_view square) {
  if (square.size() != 2 || square[0] < 'a' || square[0] > 'h' || square[1] < '1' ||
      square[1] > '8') {
    return '\0';
  }
  const int file = square[0] - 'a';
  const int rank = square[1] - '1';
  // The placement field lists rank 8 first, files a to h.
  int r = 7;
  int f = 0;
  for (const char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      --r;
      f = 0;
    } else if (c >= '1' && c <= '8') {
      f += c - '0';
    } else {
      if (r == rank && f == file) return c;
      ++f;
    }
    if (r < rank) break;
  }
  return '\0';
}

std::string choose_move(const wire::Dests& dests, std::string_view fen, MoveRandom& random) {
  std::size_t total = 0;
  for (const auto& [from, tos] : dests) total += tos.size();
  if (total == 0) return {};
  std::size_t pick = random.below(total);
  for (const auto& [from, tos] : dests) {
    if (pick >= tos.size()) {
      pick -= tos.size();
      continue;
    }
    const std::string& to = tos[pick];
    std::string uci = from + to;
    const char piece = piece_on(fen, from);
    if ((piece == 'P' && to.size() == 2 && to[1] == '8') ||
        (piece == 'p' && to.size() == 2 && to[1] == '1')) {
      uci += 'q';
    }
    return uci;
  }
  return {};
}

}  // namespace arbiter::server
