// Runs a program with its stdin/stdout connected to pipes, for black-box protocol tests.
// Timeouts only guard against hangs; no test asserts on how long something took.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace arbiter::test {

class EngineProcess {
 public:
  explicit EngineProcess(const std::string& path, const std::vector<std::string>& args = {});
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  [[nodiscard]] bool running() const noexcept { return pid_ > 0; }
  void send(const std::string& line);
  void close_input();
  // The next output line, or nullopt after `timeout_ms` or at end of output.
  [[nodiscard]] std::optional<std::string> read_line(int timeout_ms = 20000);
  // Reads until a line starting with `prefix`; every line read is appended to `seen`.
  [[nodiscard]] std::optional<std::string> read_until(const std::string& prefix,
                                                      std::vector<std::string>* seen = nullptr,
                                                      int timeout_ms = 20000);
  // Exit status, or -1 if the process did not exit in time (it is then killed).
  int wait_exit(int timeout_ms = 20000);

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
};

}  // namespace arbiter::test
