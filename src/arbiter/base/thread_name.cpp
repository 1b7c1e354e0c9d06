#include "arbiter/base/thread_name.hpp"

#include <pthread.h>

#include <algorithm>
#include <array>

namespace arbiter {

void name_this_thread(std::string_view name) noexcept {
  std::array<char, 16> buf{};  // the kernel's limit, with the terminating zero
  const std::size_t n = std::min(name.size(), buf.size() - 1);
  std::copy_n(name.data(), n, buf.data());
  // A failure (no such facility) leaves the name as it was: it is only a label.
  (void)pthread_setname_np(pthread_self(), buf.data());
}

}  // namespace arbiter
