#include "arbiter/core/chess960.hpp"

#include <random>

namespace arbiter::core::chess960 {

namespace {
// Knight placements among the five squares left after bishops and queen.
constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                     {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

void place_in_nth_empty(std::string& rank, int n, char piece) {
  for (char& c : rank) {
    if (c != ' ') continue;
    if (n-- == 0) {
      c = piece;
      return;
    }
  }
}
}  // namespace

Result<std::string> back_rank(int n) {
  if (n < 0 || n > 959)
    return make_error(ErrorCode::kChess960BadNumber,
                      "Chess960 positions are numbered 0 to 959, not " + std::to_string(n));
  std::string rank(8, ' ');
  rank[static_cast<std::size_t>(2 * (n % 4) + 1)] = 'B';  // light-squared bishop: b, d, f, h
  n /= 4;
  rank[static_cast<std::size_t>(2 * (n % 4))] = 'B';  // dark-squared bishop: a, c, e, g
  n /= 4;
  place_in_nth_empty(rank, n % 6, 'Q');
  n /= 6;
  // Place the second knight first so the first index still counts the same empties.
  place_in_nth_empty(rank, kKnightPairs[n][1], 'N');
  place_in_nth_empty(rank, kKnightPairs[n][0], 'N');
  // The king stands between the rooks (Guideline II.2.1).
  place_in_nth_empty(rank, 0, 'R');
  place_in_nth_empty(rank, 0, 'K');
  place_in_nth_empty(rank, 0, 'R');
  return rank;
}

Result<Position> start_position(int n) {
  auto rank = back_rank(n);
  if (!rank) return tl::unexpected(rank.error());
  std::string black = *rank;
  for (char& c : black) c = static_cast<char>(c - 'A' + 'a');
  const std::string fen = black + "/pppppppp/8/8/8/8/PPPPPPPP/" + *rank + " w KQkq - 0 1";
  return Position::from_fen(fen, FenOptions{true, false});
}

int random_number(std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  return static_cast<int>(gen() % 960);
}

Result<int> number_of(std::string_view rank) {
  for (int n = 0; n < 960; ++n)
    if (*back_rank(n) == rank) return n;
  return make_error(ErrorCode::kChess960BadNumber,
                    "'" + std::string(rank) + "' is not a Chess960 back rank");
}

}  // namespace arbiter::core::chess960
