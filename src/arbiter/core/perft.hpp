// perft: the number of legal move sequences of a given length, the standard check of a
// move generator. Leaves are counted in bulk (moves at depth 1 are counted, not played).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "arbiter/core/position.hpp"

namespace arbiter::core {

[[nodiscard]] std::uint64_t perft(Position& pos, int depth) noexcept;
// Per root move counts, in generation order.
[[nodiscard]] std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace arbiter::core
