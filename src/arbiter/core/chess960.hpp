// Chess960 start positions (FIDE Guideline II.2), numbered 0-959 as Scharnagl did.
#pragma once

#include <cstdint>
#include <string>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::core::chess960 {

inline constexpr int kClassicalNumber = 518;  // RNBQKBNR

// The back rank of start position n, e.g. "RNBQKBNR" for 518.
[[nodiscard]] Result<std::string> back_rank(int n);
// The start position, with castling rights written in X-FEN (KQkq).
[[nodiscard]] Result<Position> start_position(int n);
// Guideline II.2.1: one of the 960 positions drawn at random (seeded, for tests).
[[nodiscard]] int random_number(std::uint64_t seed);
// The number of a back rank, or an error if it is not a Chess960 arrangement.
[[nodiscard]] Result<int> number_of(std::string_view back_rank);

}  // namespace arbiter::core::chess960
