// Compiled with -mavx2 on x86-64 (CMakeLists.txt). Nothing here runs before the CPU check in
// nnue_kernels_scalar.cpp: this file only hands out the table's address.
#include "arbiter/engine/nnue_kernels.hpp"

#if defined(ARBITER_NNUE_AVX2)
#include <immintrin.h>
#endif

namespace arbiter::engine::nnue {

#if defined(ARBITER_NNUE_AVX2)

namespace {

void update_avx2(std::int16_t* dst, const std::int16_t* src, const std::int16_t* const* adds,
                 int add_count, const std::int16_t* const* subs, int sub_count, int n) noexcept {
  for (int i = 0; i < n; i += 16) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    for (int k = 0; k < add_count; ++k)
      v = _mm256_add_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(adds[k] + i)));
    for (int k = 0; k < sub_count; ++k)
      v = _mm256_sub_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(subs[k] + i)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), v);
  }
}

// clamp(acc) · w fits in int16 (255 · 127); madd with clamp(acc) gives int32 pairs.
std::int64_t screlu_dot_avx2(const std::int16_t* acc, const std::int16_t* w, int n) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i qa = _mm256_set1_epi16(255);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < n; i += 16) {
    __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(acc + i));
    c = _mm256_min_epi16(_mm256_max_epi16(c, zero), qa);
    const __m256i cw =
        _mm256_mullo_epi16(c, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
  std::int64_t total = 0;
  for (std::int32_t l : lanes) total += l;
  return total;
}

constexpr Kernels kAvx2{"avx2", update_avx2, screlu_dot_avx2};

}  // namespace

const Kernels* avx2_kernel_table() noexcept { return &kAvx2; }

#else

const Kernels* avx2_kernel_table() noexcept { return nullptr; }

#endif

}  // namespace arbiter::engine::nnue
