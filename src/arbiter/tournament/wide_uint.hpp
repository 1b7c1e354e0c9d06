// A fixed-width unsigned integer of N 64-bit limbs, arithmetic modulo 2^(64N). The Dutch
// engine's edge weights encode the criteria of C.04.3 lexicographically, one field per
// criterion, and need more than 128 bits as soon as there are many score groups; the
// weighted matching only adds, subtracts, compares and halves them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace arbiter::tournament {

template <std::size_t N>
class WideUint {
 public:
  static constexpr std::size_t kBits = 64 * N;

  constexpr WideUint() noexcept = default;
  constexpr WideUint(std::uint64_t v) noexcept { limb_[0] = v; }  // NOLINT: implicit by design

  [[nodiscard]] constexpr bool is_zero() const noexcept {
    for (std::uint64_t l : limb_)
      if (l != 0) return false;
    return true;
  }
  constexpr explicit operator bool() const noexcept { return !is_zero(); }
  // Limb i (0: the least significant).
  [[nodiscard]] constexpr std::uint64_t limb(std::size_t i) const noexcept { return limb_[i]; }

  constexpr WideUint& operator+=(const WideUint& o) noexcept {
#if defined(__x86_64__)
    // The matching's inner loops add and subtract these: one add-with-carry chain.
    if (!std::is_constant_evaluated()) {
      unsigned char carry = 0;
      for (std::size_t i = 0; i < N; ++i) {
        unsigned long long sum = 0;  // NOLINT(google-runtime-int): the intrinsic's type
        carry = _addcarry_u64(carry, limb_[i], o.limb_[i], &sum);
        limb_[i] = sum;
      }
      return *this;
    }
#endif
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const std::uint64_t s = limb_[i] + o.limb_[i];
      const std::uint64_t t = s + carry;
      carry = (s < limb_[i] ? 1U : 0U) | (t < s ? 1U : 0U);
      limb_[i] = t;
    }
    return *this;
  }
  constexpr WideUint& operator-=(const WideUint& o) noexcept {
#if defined(__x86_64__)
    if (!std::is_constant_evaluated()) {
      unsigned char borrow = 0;
      for (std::size_t i = 0; i < N; ++i) {
        unsigned long long difference = 0;  // NOLINT(google-runtime-int)
        borrow = _subborrow_u64(borrow, limb_[i], o.limb_[i], &difference);
        limb_[i] = difference;
      }
      return *this;
    }
#endif
    unsigned borrow = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const std::uint64_t a = limb_[i];
      const std::uint64_t d = a - o.limb_[i] - borrow;
      borrow = (a < o.limb_[i] || (a == o.limb_[i] && borrow != 0)) ? 1U : 0U;
      limb_[i] = d;
    }
    return *this;
  }
  constexpr WideUint& operator|=(const WideUint& o) noexcept {
    for (std::size_t i = 0; i < N; ++i) limb_[i] |= o.limb_[i];
    return *this;
  }
  constexpr WideUint& operator<<=(unsigned s) noexcept {
    if (s >= kBits) return *this = WideUint{};
    const std::size_t whole = s / 64;
    const unsigned part = s % 64;
    for (std::size_t i = N; i-- > 0;) {
      std::uint64_t v = i >= whole ? limb_[i - whole] << part : 0;
      if (part != 0 && i > whole) v |= limb_[i - whole - 1] >> (64 - part);
      limb_[i] = v;
    }
    return *this;
  }
  constexpr WideUint& operator>>=(unsigned s) noexcept {
    if (s >= kBits) return *this = WideUint{};
    const std::size_t whole = s / 64;
    const unsigned part = s % 64;
    for (std::size_t i = 0; i < N; ++i) {
      std::uint64_t v = i + whole < N ? limb_[i + whole] >> part : 0;
      if (part != 0 && i + whole + 1 < N) v |= limb_[i + whole + 1] << (64 - part);
      limb_[i] = v;
    }
    return *this;
  }

  friend constexpr WideUint operator+(WideUint a, const WideUint& b) noexcept { return a += b; }
  friend constexpr WideUint operator-(WideUint a, const WideUint& b) noexcept { return a -= b; }
  friend constexpr WideUint operator|(WideUint a, const WideUint& b) noexcept { return a |= b; }
  friend constexpr WideUint operator<<(WideUint a, unsigned s) noexcept { return a <<= s; }
  friend constexpr WideUint operator>>(WideUint a, unsigned s) noexcept { return a >>= s; }
  friend constexpr bool operator==(const WideUint&, const WideUint&) noexcept = default;
  friend constexpr bool operator<(const WideUint& a, const WideUint& b) noexcept {
    for (std::size_t i = N; i-- > 0;)
      if (a.limb_[i] != b.limb_[i]) return a.limb_[i] < b.limb_[i];
    return false;
  }
  friend constexpr bool operator>(const WideUint& a, const WideUint& b) noexcept { return b < a; }
  friend constexpr bool operator<=(const WideUint& a, const WideUint& b) noexcept {
    return !(b < a);
  }
  friend constexpr bool operator>=(const WideUint& a, const WideUint& b) noexcept {
    return !(a < b);
  }

  // 2^bits - 1.
  [[nodiscard]] static constexpr WideUint ones(unsigned bits) noexcept {
    WideUint one{1};
    return (one << bits) - one;
  }

 private:
  std::array<std::uint64_t, N> limb_{};
};

}  // namespace arbiter::tournament
