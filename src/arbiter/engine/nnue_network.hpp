// The NNUE network (docs/engine.md, "NNUE"): 768 inputs per perspective (colour relative to
// the perspective, piece type, square; Black's view flips the rank), a hidden layer of H
// int16 neurons shared by both perspectives, SCReLU, and `buckets` output neurons chosen by
// the number of pieces on the board. Quantised as bullet's simple example does: feature
// weights and biases scaled by kQa, output weights by kQb, output bias by kQa·kQb.
//
// File format (little-endian): magic "ARBNNUE\n", then u32 version (1), u32 feature set
// (0: the 768 inputs), u32 H, u32 buckets, i32 kQa, i32 kQb, i32 kScale, then i16 feature
// weights [768][H], i16 feature biases [H], i16 output weights [buckets][2H] (side to
// move's half first), i32 output biases [buckets]. Nothing follows.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/base/fnv.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::engine::nnue {

constexpr int kInputs = 768;
constexpr int kMaxHidden = 512;  // keeps the AVX2 int32 output sums from overflowing
constexpr int kHiddenStep = 16;  // H is a multiple of this (one AVX2 register)
constexpr int kMaxBuckets = 8;
constexpr int kQa = 255;
constexpr int kQb = 64;
constexpr int kScale = 400;
constexpr int kMaxOutputWeight = 127;  // QB·1.98: clamped value times weight fits in int16
constexpr std::uint32_t kVersion = 1;
constexpr std::string_view kMagic = "ARBNNUE\n";

struct Network {
  int hidden = 0;
  int buckets = 1;
  std::vector<std::int16_t> feature_weights;  // [kInputs][hidden]
  std::vector<std::int16_t> feature_bias;     // [hidden]
  std::vector<std::int16_t> output_weights;   // [buckets][2·hidden]
  std::vector<std::int32_t> output_bias;      // [buckets]
  std::uint64_t hash = 0;                     // FNV-1a 64 of the file's bytes

  [[nodiscard]] const std::int16_t* feature(int index) const noexcept {
    return feature_weights.data() + static_cast<std::ptrdiff_t>(index) * hidden;
  }
};

// The input index of `pc` on `s` seen from `perspective`.
[[nodiscard]] constexpr int feature_index(core::Color perspective, core::Piece pc,
                                          core::Square s) noexcept {
  const int side = core::color_of(pc) == perspective ? 0 : 1;
  const int sq = perspective == core::Color::White ? core::index(s) : core::index(s) ^ 56;
  return side * 384 + core::index(core::type_of(pc)) * 64 + sq;
}

// Output bucket for a board with `pieces` men (kings included): (pieces − 2)·buckets/32.
[[nodiscard]] constexpr int output_bucket(int pieces, int buckets) noexcept {
  const int b = (pieces - 2) * buckets / 32;
  return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

using arbiter::fnv1a64;  // base/fnv.hpp: a network is identified by its file's hash
[[nodiscard]] std::vector<std::uint8_t> serialize(const Network& net);
// `name` (a file name) prefixes error messages, which name the field and its byte offset.
[[nodiscard]] Result<Network> parse_network(std::span<const std::uint8_t> bytes,
                                            std::string_view name);
[[nodiscard]] Result<Network> load_network(const std::string& path);
[[nodiscard]] Result<bool> save_network(const Network& net, const std::string& path);

// The network built into the binary: empty unless the build embeds one (CMake option
// ARBITER_EVALFILE, compiled in by cmake/embed_file.cmake; none by default until a trained
// network beats the hand-written evaluation).
[[nodiscard]] std::span<const std::uint8_t> embedded_network() noexcept;

constexpr std::string_view kEmbeddedName = "<embedded>";

// The UCI option EvalFile: "" or "<empty>" selects the hand-written evaluation (null),
// "<embedded>" the built-in network, anything else is a network file's path.
[[nodiscard]] Result<std::shared_ptr<const Network>> network_for_option(std::string_view value);

// Seeded random weights within the quantisation limits (tests and benchmarks).
[[nodiscard]] Network random_network(int hidden, int buckets, std::uint64_t seed);

}  // namespace arbiter::engine::nnue
