// `arbiter loadtest`: the server's processor time and memory, read from /proc/PID, and the
// descriptor limit of the load generator itself.
#pragma once

#include <cstdint>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

struct ProcessSample {
  double cpu_s = 0;              // user + system time used so far (/proc/PID/stat)
  std::int64_t rss_kb = 0;       // resident now (VmRSS of /proc/PID/status)
  std::int64_t peak_rss_kb = 0;  // resident at most so far (VmHWM)
  int threads = 0;
};

// Errors: kIo naming the file (no such process, not readable), kProtocolSyntax when its
// text is not as expected.
[[nodiscard]] Result<ProcessSample> sample_process(int pid);

// The same, from the texts of /proc/PID/stat and /proc/PID/status (tests).
[[nodiscard]] Result<ProcessSample> parse_process(std::string_view stat, std::string_view status,
                                                  long ticks_per_second);

struct DescriptorLimit {
  std::uint64_t soft = 0;
  std::uint64_t hard = 0;
};
// Raises RLIMIT_NOFILE's soft limit to the hard one, as servers do; returns both after.
[[nodiscard]] DescriptorLimit raise_descriptor_limit();

}  // namespace arbiter::server
