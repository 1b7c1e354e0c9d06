// Test helpers for EPD suites: reading records and matching SAN best moves ("bm") against
// legal moves. The engine may not depend on the notation module, so this small matcher
// lives with the tests; it understands piece letters, disambiguation, captures,
// promotions, castling and check marks, which is all the suites use.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arbiter/core/position.hpp"

namespace arbiter::test {

struct EpdRecord {
  std::string fen;                // the four EPD fields plus "0 1"
  std::vector<std::string> best;  // bm operands (SAN)
  std::string id;
};

[[nodiscard]] std::vector<EpdRecord> read_epd(const std::string& path);
[[nodiscard]] std::vector<std::string> read_lines(const std::string& path);

// True if `m` (legal in `pos`) is the move written `san`.
[[nodiscard]] bool san_matches(const core::Position& pos, core::Move m, std::string_view san);

}  // namespace arbiter::test
