// Process: a child program driven through pipes (POSIX fork/exec/pipe/poll). Used by the
// external-engine players: lines go to its stdin, lines come back from its stdout with a
// timeout, its stderr is appended to a log file, and a hung or crashed child is detected
// and killed without ever blocking the caller.
#pragma once

#include <sys/types.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"

namespace arbiter::players {

enum class ReadStatus { Line, Timeout, Closed };

class Process {
 public:
  // Starts argv[0] (searched in PATH when it has no '/') with argv. stderr goes to
  // `stderr_log` (appended) or is discarded when empty. Errors: kIo (no such program,
  // pipe or fork failure), kInvalidArgument (empty argv).
  [[nodiscard]] static Result<Process> spawn(const std::vector<std::string>& argv,
                                             const std::string& stderr_log = {});

  Process(Process&& other) noexcept;
  Process& operator=(Process&& other) noexcept;
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process();  // kills the child if it still runs, and reaps it

  // Writes `line` and a newline. False when the child no longer reads (crashed, closed).
  bool write_line(const std::string& line);

  // Waits at most `timeout` (real time) for one complete line (without its newline or CR).
  // Closed: the child closed its stdout (exited or crashed) and no buffered line remains.
  [[nodiscard]] ReadStatus read_line(std::string& line, Millis timeout);
  // The same with an absolute deadline (a line, or Timeout once the deadline has passed).
  [[nodiscard]] ReadStatus read_line_until(std::string& line,
                                           std::chrono::steady_clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<Millis>(deadline - std::chrono::steady_clock::now());
    return read_line(line, std::max(left, Millis{0}));
  }

  // Waits up to `grace` for the child to exit by itself, then kills it (SIGKILL) and reaps.
  void terminate(Millis grace = Millis{0});
  [[nodiscard]] bool is_running();
  [[nodiscard]] pid_t pid() const noexcept { return pid_; }

 private:
  Process() = default;
  void close_fds() noexcept;

  pid_t pid_ = -1;
  int in_fd_ = -1;   // our end of the child's stdin
  int out_fd_ = -1;  // our end of the child's stdout
  std::string buffer_;
  bool eof_ = false;
};

// Reads a thinking child's answer: lines until `take` returns true for one (Line), the
// child closes its output (Closed), or `wait` (real time) has passed (Timeout). Reads in
// short slices, so that an interrupt (the game ended meanwhile) is seen: the child then
// has `grace` to answer, and is not waited for beyond it.
[[nodiscard]] ReadStatus read_answer(Process& process, Millis wait,
                                     const std::atomic<bool>& interrupted, Millis grace,
                                     const std::function<bool(const std::string&)>& take);

}  // namespace arbiter::players
