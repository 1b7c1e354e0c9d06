#include "arbiter/base/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace arbiter::detail {

void assert_fail(const char* expr, const char* file, int line, const char* msg) noexcept {
  std::fprintf(stderr, "%s:%d: assertion failed: %s %s\n", file, line, expr, msg);
  std::abort();
}

}  // namespace arbiter::detail
