#include "engine_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace arbiter::test {

EngineProcess::EngineProcess(const std::string& path, const std::vector<std::string>& args) {
  int in_pipe[2];
  int out_pipe[2];
  if (pipe(in_pipe) != 0) return;
  if (pipe(out_pipe) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return;
  }
  std::vector<std::string> argv_store{path};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execv(path.c_str(), argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  pid_ = pid;
  signal(SIGPIPE, SIG_IGN);
}

EngineProcess::~EngineProcess() {
  close_input();
  if (pid_ > 0 && wait_exit(5000) < 0) {
    // wait_exit already killed it.
  }
  if (from_child_ >= 0) close(from_child_);
}

void EngineProcess::send(const std::string& line) {
  if (to_child_ < 0) return;
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

void EngineProcess::close_input() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
}

std::optional<std::string> EngineProcess::read_line(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0 || from_child_ < 0) return std::nullopt;
    pollfd p{from_child_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n <= 0) return std::nullopt;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::optional<std::string> EngineProcess::read_until(const std::string& prefix,
                                                     std::vector<std::string>* seen,
                                                     int timeout_ms) {
  while (auto line = read_line(timeout_ms)) {
    if (seen) seen->push_back(*line);
    if (line->rfind(prefix, 0) == 0) return line;
  }
  return std::nullopt;
}

int EngineProcess::wait_exit(int timeout_ms) {
  if (pid_ <= 0) return -1;
  for (int waited = 0; waited <= timeout_ms; waited += 10) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return -1;
}

}  // namespace arbiter::test
