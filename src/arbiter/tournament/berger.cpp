#include "arbiter/tournament/berger.hpp"

#include <string>
#include <utility>

namespace arbiter::tournament {

int berger_size(int players) noexcept { return players + players % 2; }

Result<std::vector<RoundPairing>> berger_table(int players) {
  if (players < 2 || players > 9998) {
    return make_error(ErrorCode::kInvalidArgument,
                      "a round robin needs 2 to 9998 players, not " + std::to_string(players));
  }
  const int n = berger_size(players);
  const int half = n / 2;
  // x reduced into 1..n-1.
  const auto reduce = [n](int x) { return (x - 1) % (n - 1) + 1; };
  std::vector<RoundPairing> rounds;
  for (int r = 1; r <= n - 1; ++r) {
    RoundPairing boards;
    const int shift = (r - 1) * half;
    // Board 1: n has Black in odd rounds, White in even rounds.
    const int facing_n = reduce(1 + shift);
    boards.push_back(r % 2 == 1 ? Board{facing_n, n} : Board{n, facing_n});
    for (int b = 2; b <= half; ++b)
      boards.push_back({reduce(b + shift), reduce(n + 1 - b + shift)});
    rounds.push_back(std::move(boards));
  }
  return rounds;
}

Result<std::vector<RoundPairing>> double_berger_table(int players) {
  auto single = berger_table(players);
  if (!single) return single;
  std::vector<RoundPairing> rounds = *single;
  if (rounds.size() >= 2) std::swap(rounds[rounds.size() - 2], rounds[rounds.size() - 1]);
  for (const RoundPairing& round : *single) {
    RoundPairing reversed;
    for (const Board& b : round) reversed.push_back({b.black, b.white});
    rounds.push_back(std::move(reversed));
  }
  return rounds;
}

}  // namespace arbiter::tournament
