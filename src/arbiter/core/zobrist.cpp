#include "arbiter/core/zobrist.hpp"

namespace arbiter::core::zobrist {

namespace {

// splitmix64: fixed seed, so keys (and hence hashes stored anywhere) are stable.
constexpr std::uint64_t splitmix(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr Keys make_keys() noexcept {
  Keys k{};
  std::uint64_t state = 0xA7B1'7E2C'0F1D'E5ULL;
  for (auto& piece : k.piece_square)
    for (auto& key : piece) key = splitmix(state);
  // Castling keys are the XOR of one key per right, so that losing rights one at a time
  // and all at once give the same key.
  Key single[4] = {splitmix(state), splitmix(state), splitmix(state), splitmix(state)};
  for (unsigned r = 0; r < 16; ++r) {
    k.castling[r] = 0;
    for (unsigned b = 0; b < 4; ++b)
      if (r & (1u << b)) k.castling[r] ^= single[b];
  }
  for (auto& key : k.en_passant_file) key = splitmix(state);
  k.side = splitmix(state);
  return k;
}

}  // namespace

constexpr Keys kKeys = make_keys();

}  // namespace arbiter::core::zobrist
