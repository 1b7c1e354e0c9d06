#include "arbiter/engine/nnue_kernels.hpp"

namespace arbiter::engine::nnue {

namespace {

// Row by row, so that the compiler can vectorise each pass with the baseline SSE2 adds.
void update_scalar(std::int16_t* dst, const std::int16_t* src, const std::int16_t* const* adds,
                   int add_count, const std::int16_t* const* subs, int sub_count, int n) noexcept {
  if (dst != src)
    for (int i = 0; i < n; ++i) dst[i] = src[i];
  for (int k = 0; k < add_count; ++k) {
    const std::int16_t* a = adds[k];
    for (int i = 0; i < n; ++i) dst[i] = static_cast<std::int16_t>(dst[i] + a[i]);  // modular
  }
  for (int k = 0; k < sub_count; ++k) {
    const std::int16_t* r = subs[k];
    for (int i = 0; i < n; ++i) dst[i] = static_cast<std::int16_t>(dst[i] - r[i]);
  }
}

std::int64_t screlu_dot_scalar(const std::int16_t* acc, const std::int16_t* w, int n) noexcept {
  std::int64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    const std::int64_t c = acc[i] < 0 ? 0 : acc[i] > 255 ? 255 : acc[i];
    sum += c * c * w[i];
  }
  return sum;
}

constexpr Kernels kScalar{"scalar", update_scalar, screlu_dot_scalar};

}  // namespace

const Kernels& scalar_kernels() noexcept { return kScalar; }

// The check runs here, in code compiled for any x86-64, never in the AVX2 file.
const Kernels* avx2_kernels() noexcept {
#if defined(__x86_64__)
  __builtin_cpu_init();  // in case this runs in a static constructor before libgcc's
  if (__builtin_cpu_supports("avx2")) return avx2_kernel_table();
#endif
  return nullptr;
}

const Kernels& best_kernels() noexcept {
  static const Kernels* const best = [] {
    const Kernels* k = avx2_kernels();
    return k ? k : &kScalar;
  }();
  return *best;
}

}  // namespace arbiter::engine::nnue
