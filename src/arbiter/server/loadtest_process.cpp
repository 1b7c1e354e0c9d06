#include "arbiter/server/loadtest_process.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter::server {
namespace {

tl::unexpected<Error> malformed(std::string what) {
  return make_error(ErrorCode::kProtocolSyntax, std::move(what), Location{0, 0, "proc"});
}

// The value of "Key:\t  123 kB" in /proc/PID/status, or -1.
std::int64_t status_kb(std::string_view status, std::string_view key) {
  std::size_t at = 0;
  while (at < status.size()) {
    const auto end = status.find('\n', at);
    const std::string_view line = status.substr(at, end - at);
    if (line.starts_with(key) && line.size() > key.size() && line[key.size()] == ':') {
      std::string_view value = line.substr(key.size() + 1);
      value.remove_prefix(std::min(value.find_first_not_of(" \t"), value.size()));
      std::int64_t n = -1;
      std::from_chars(value.data(), value.data() + value.size(), n);
      return n;
    }
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return -1;
}

std::string read_all(const std::string& path, bool& ok) {
  std::ifstream in{path};
  ok = static_cast<bool>(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Result<ProcessSample> parse_process(std::string_view stat, std::string_view status,
                                    long ticks_per_second) {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after
  // its last ')'. Field 3 is the state; utime and stime are fields 14 and 15.
  const auto paren = stat.rfind(')');
  if (paren == std::string_view::npos) return malformed("/proc stat has no command name");
  std::vector<std::string_view> fields;
  std::string_view rest = stat.substr(paren + 1);
  while (!rest.empty()) {
    rest.remove_prefix(std::min(rest.find_first_not_of(" \n"), rest.size()));
    if (rest.empty()) break;
    const auto space = rest.find_first_of(" \n");
    fields.push_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space);
  }
  // fields[0] is field 3 (state): field k is fields[k - 3].
  if (fields.size() < 18) return malformed("/proc stat has too few fields");
  auto number = [](std::string_view text, std::int64_t& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end == text.data() + text.size();
  };
  std::int64_t utime = 0;
  std::int64_t stime = 0;
  std::int64_t threads = 0;
  if (!number(fields[14 - 3], utime) || !number(fields[15 - 3], stime) ||
      !number(fields[20 - 3], threads)) {
    return malformed("/proc stat: utime, stime or num_threads is not a number");
  }
  ProcessSample s;
  s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(ticks_per_second);
  s.threads = static_cast<int>(threads);
  s.rss_kb = status_kb(status, "VmRSS");
  s.peak_rss_kb = status_kb(status, "VmHWM");
  if (s.rss_kb < 0) return malformed("/proc status has no VmRSS");
  return s;
}

Result<ProcessSample> sample_process(int pid) {
  const std::string dir = "/proc/" + std::to_string(pid);
  bool ok_stat = false;
  bool ok_status = false;
  const std::string stat = read_all(dir + "/stat", ok_stat);
  const std::string status = read_all(dir + "/status", ok_status);
  if (!ok_stat || !ok_status || stat.empty()) {
    return make_error(
        ErrorCode::kIo,
        "cannot read " + dir + "/stat (is process " + std::to_string(pid) + " running?)",
        Location{0, 0, "server-pid"});
  }
  return parse_process(stat, status, ::sysconf(_SC_CLK_TCK));
}

DescriptorLimit raise_descriptor_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return {};
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return {static_cast<std::uint64_t>(limit.rlim_cur), static_cast<std::uint64_t>(limit.rlim_max)};
}

}  // namespace arbiter::server
