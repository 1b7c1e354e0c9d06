// The NNUE's integer kernels, in two builds chosen once at run time: a portable scalar one
// (the reference) and an AVX2 one compiled in its own file with -mavx2, used only when
// __builtin_cpu_supports("avx2") says the CPU has it, so the binary runs on any x86-64.
// Both give the same result bit for bit: int16 accumulators wrap identically, and the
// output sum fits in int32 lanes for H ≤ kMaxHidden and |output weight| ≤ 127.
// This header holds plain declarations only: the AVX2 file must not instantiate inline or
// template code that other files could link to.
#pragma once

#include <cstdint>

namespace arbiter::engine::nnue {

struct Kernels {
  const char* name;
  // dst[i] = src[i] + Σ adds[k][i] − Σ subs[k][i] (int16, wrapping), for i < n (n % 16 == 0).
  void (*update)(std::int16_t* dst, const std::int16_t* src, const std::int16_t* const* adds,
                 int add_count, const std::int16_t* const* subs, int sub_count, int n) noexcept;
  // Σ clamp(acc[i], 0, 255)² · w[i] for i < n.
  std::int64_t (*screlu_dot)(const std::int16_t* acc, const std::int16_t* w, int n) noexcept;
};

[[nodiscard]] const Kernels& scalar_kernels() noexcept;
// nullptr when not built for x86-64 or when the CPU lacks AVX2.
[[nodiscard]] const Kernels* avx2_kernels() noexcept;
// The AVX2 table without the CPU check (nnue_kernels_avx2.cpp; nullptr if not built).
[[nodiscard]] const Kernels* avx2_kernel_table() noexcept;
// The fastest the CPU supports.
[[nodiscard]] const Kernels& best_kernels() noexcept;

}  // namespace arbiter::engine::nnue
