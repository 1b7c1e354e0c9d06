// The network built into the binary (CMake option ARBITER_EVALFILE, embedded by
// cmake/embed_file.cmake; none by default until a trained network beats the hand-written
// evaluation) and the value of the UCI option EvalFile.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/engine/nnue_network.hpp"

namespace arbiter::engine::nnue {

// Empty when the build embeds no network.
[[nodiscard]] std::span<const std::uint8_t> embedded_network() noexcept;

constexpr std::string_view kEmbeddedName = "<embedded>";

// EvalFile: "" or "<empty>" selects the hand-written evaluation (null), "<embedded>" the
// built-in network, anything else is a network file's path.
[[nodiscard]] Result<std::shared_ptr<const Network>> network_for_option(std::string_view value);

}  // namespace arbiter::engine::nnue
