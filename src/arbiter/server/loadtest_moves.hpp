// `arbiter loadtest`: the move a load player makes, chosen among the `dests` the server
// sent (web-protocol.md §3.2) with a seeded generator: the same games every run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {

// A small deterministic generator (xorshift64*), one per game.
class MoveRandom {
 public:
  explicit MoveRandom(std::uint64_t seed) noexcept : state_(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  [[nodiscard]] std::uint64_t next() noexcept;
  // Uniform enough in 0..n-1 (n > 0) for choosing moves.
  [[nodiscard]] std::size_t below(std::size_t n) noexcept { return next() % n; }

 private:
  std::uint64_t state_;
};

// The piece on `square` ("e2") of a FEN's placement field: 'P', 'k', …, or '\0' for an
// empty square or text that is not a FEN.
[[nodiscard]] char piece_on(std::string_view fen, std::string_view square);

// A move in UCI from `dests`, with a queen promotion when a pawn (per `fen`) reaches the last
// rank; "" when `dests` has no move.
[[nodiscard]] std::string choose_move(const wire::Dests& dests, std::string_view fen,
                                      MoveRandom& random);

}  // namespace arbiter::server
