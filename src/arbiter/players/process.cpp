#include "arbiter/players/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>
#include <utility>

namespace arbiter::players {
namespace {

constexpr Millis kInterruptSlice{50};  // how often a thinking child's reader looks up

void close_fd(int& fd) noexcept {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A child that exits must not kill us through SIGPIPE when we write to it: the write
// fails with EPIPE instead and the player reports a crash.
void ignore_sigpipe() {
  static const bool done = [] {
    std::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)done;
}

}  // namespace

Result<Process> Process::spawn(const std::vector<std::string>& argv,
                               const std::string& stderr_log) {
  if (argv.empty() || argv.front().empty())
    return make_error(ErrorCode::kInvalidArgument, "no program to run");
  ignore_sigpipe();
  int to_child[2];
  int from_child[2];
  int exec_status[2];  // close-on-exec: stays silent when exec succeeds
  // Close-on-exec from the start: another thread may fork an engine at any moment, and an
  // inherited pipe end would hide this child's exit (no EOF) from us. dup2 clears the flag
  // on the child's 0, 1 and 2.
  if (::pipe2(to_child, O_CLOEXEC) != 0) return make_error(ErrorCode::kIo, "pipe failed");
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    return make_error(ErrorCode::kIo, "pipe failed");
  }
  if (::pipe2(exec_status, O_CLOEXEC) != 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    return make_error(ErrorCode::kIo, "pipe failed");
  }
  int err_fd = -1;
  if (!stderr_log.empty())
    err_fd = ::open(stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (err_fd < 0) err_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1], exec_status[0],
                   exec_status[1], err_fd})
      if (fd >= 0) ::close(fd);
    return make_error(ErrorCode::kIo, "fork failed");
  }
  if (pid == 0) {  // the child: only async-signal-safe calls from here on
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    if (err_fd >= 0) ::dup2(err_fd, STDERR_FILENO);
    ::close(to_child[1]);
    ::close(from_child[0]);
    ::setpgid(0, 0);
    ::execvp(args[0], args.data());
    const int e = errno;
    [[maybe_unused]] auto n = ::write(exec_status[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::close(from_child[1]);
  ::close(exec_status[1]);
  if (err_fd >= 0) ::close(err_fd);
  int child_errno = 0;
  const auto got = ::read(exec_status[0], &child_errno, sizeof child_errno);
  ::close(exec_status[0]);
  if (got == static_cast<ssize_t>(sizeof child_errno)) {
    ::close(to_child[1]);
    ::close(from_child[0]);
    ::waitpid(pid, nullptr, 0);
    return make_error(ErrorCode::kIo,
                      "cannot run '" + argv.front() + "': " + std::strerror(child_errno));
  }
  ::fcntl(from_child[0], F_SETFL, O_NONBLOCK);
  Process p;
  p.pid_ = pid;
  p.in_fd_ = to_child[1];
  p.out_fd_ = from_child[0];
  return p;
}

Process::Process(Process&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      in_fd_(std::exchange(other.in_fd_, -1)),
      out_fd_(std::exchange(other.out_fd_, -1)),
      buffer_(std::move(other.buffer_)),
      eof_(other.eof_) {}

Process& Process::operator=(Process&& other) noexcept {
  if (this != &other) {
    terminate();
    pid_ = std::exchange(other.pid_, -1);
    in_fd_ = std::exchange(other.in_fd_, -1);
    out_fd_ = std::exchange(other.out_fd_, -1);
    buffer_ = std::move(other.buffer_);
    eof_ = other.eof_;
  }
  return *this;
}

Process::~Process() { terminate(); }

void Process::close_fds() noexcept {
  close_fd(in_fd_);
  close_fd(out_fd_);
}

bool Process::write_line(const std::string& line) {
  if (in_fd_ < 0) return false;
  std::string data = line + '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const auto n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      close_fd(in_fd_);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

ReadStatus Process::read_line(std::string& line, Millis timeout) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadStatus::Line;
    }
    if (eof_ || out_fd_ < 0) {
      if (!buffer_.empty()) {  // a last line without its newline
        line = std::exchange(buffer_, {});
        return ReadStatus::Line;
      }
      return ReadStatus::Closed;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return ReadStatus::Timeout;
    pollfd pfd{out_fd_, POLLIN, 0};
    const int r = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
    if (r < 0 && errno != EINTR) {
      eof_ = true;
      continue;
    }
    if (r <= 0) continue;
    char chunk[4096];
    const auto n = ::read(out_fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      if (buffer_.size() > (1u << 20)) buffer_.clear();  // a runaway line is dropped
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      eof_ = true;
    }
  }
}

bool Process::is_running() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0) return true;
  pid_ = -1;
  return false;
}

void Process::terminate(Millis grace) {
  close_fd(in_fd_);  // an engine reading EOF on stdin usually quits
  if (pid_ > 0) {
    const auto until = std::chrono::steady_clock::now() + grace;
    while (is_running() && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (pid_ > 0) {
      ::kill(-pid_, SIGKILL);  // its own process group: helpers it started go too
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  close_fds();
}

ReadStatus read_answer(Process& process, Millis wait, const std::atomic<bool>& interrupted,
                       Millis grace, const std::function<bool(const std::string&)>& take) {
  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + wait;
  bool cut_short = false;
  std::string line;
  for (;;) {
    if (interrupted.load() && !cut_short) {
      cut_short = true;
      deadline = std::min(deadline, Clock::now() + grace);
    }
    const ReadStatus s =
        process.read_line_until(line, std::min(deadline, Clock::now() + kInterruptSlice));
    if (s == ReadStatus::Timeout && Clock::now() < deadline) continue;
    if (s != ReadStatus::Line) return s;
    if (take(line)) return s;
  }
}

}  // namespace arbiter::players
