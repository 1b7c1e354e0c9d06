// The fast path of the move reader: standard English SAN in plain ASCII, resolved from
// attack sets without generating the move list and without allocating (internal).
#pragma once

#include <string_view>

#include "arbiter/core/position.hpp"

namespace arbiter::notation::detail {

// The move, or Move::none() when the text is not plain SAN or does not name exactly one
// legal move (the general reader then decides and explains).
[[nodiscard]] core::Move parse_fast_san(const core::Position& pos, std::string_view text) noexcept;

}  // namespace arbiter::notation::detail
