// ARB_ASSERT: programmer errors (design.md, first error tier). Active in debug and
// sanitizer builds, compiled out in release so hot paths stay free of checks.
#pragma once

namespace arbiter::detail {
[[noreturn]] void assert_fail(const char* expr, const char* file, int line,
                              const char* msg) noexcept;
}

#if !defined(NDEBUG) || defined(ARB_ENABLE_ASSERTS)
#define ARB_ASSERT(cond)                                                        \
  do {                                                                          \
    if (!(cond)) ::arbiter::detail::assert_fail(#cond, __FILE__, __LINE__, ""); \
  } while (false)
#define ARB_ASSERT_MSG(cond, msg)                                                  \
  do {                                                                             \
    if (!(cond)) ::arbiter::detail::assert_fail(#cond, __FILE__, __LINE__, (msg)); \
  } while (false)
#else
#define ARB_ASSERT(cond) static_cast<void>(0)
#define ARB_ASSERT_MSG(cond, msg) static_cast<void>(0)
#endif
