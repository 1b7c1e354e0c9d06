// FNV-1a, 64 bits: a hash that is the same in every process, build and machine (the NNUE
// file's identity; which cluster node adopts an orphaned game). Not for hostile input.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace arbiter {

inline constexpr std::uint64_t kFnv1a64Basis = 0xcbf29ce484222325ULL;

// The hash of `bytes`, or, given the hash of what came before, of the whole.
[[nodiscard]] constexpr std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes,
                                              std::uint64_t h = kFnv1a64Basis) noexcept {
  for (const std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
  return h;
}
[[nodiscard]] constexpr std::uint64_t fnv1a64_text(std::string_view bytes,
                                                   std::uint64_t h = kFnv1a64Basis) noexcept {
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

}  // namespace arbiter
