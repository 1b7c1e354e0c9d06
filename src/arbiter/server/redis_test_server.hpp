// Tests: a real Redis server (Debian `redis-server`) on a free loopback port, in a
// temporary directory, nothing persisted; stopped (or killed, and started again on the
// same port) by process id. No system service is used.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

namespace arbiter::server::testing {

class RedisTestServer {
 public:
  RedisTestServer() : port_(free_port()) {}
  ~RedisTestServer() { stop(); }
  RedisTestServer(const RedisTestServer&) = delete;
  RedisTestServer& operator=(const RedisTestServer&) = delete;

  // Starts redis-server and waits (5 s at most) until it accepts connections.
  [[nodiscard]] bool start() {
    const std::string port = std::to_string(port_);
    pid_ = ::fork();
    if (pid_ == 0) {
      // Its log (startup notes, warnings about the machine) is not the test's output.
      if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) {
        ::dup2(null, 1);
        ::dup2(null, 2);
      }
      ::execlp("redis-server", "redis-server", "--port", port.c_str(), "--bind", "127.0.0.1",
               "--save", "", "--appendonly", "no", "--dir", "/tmp", "--loglevel", "warning",
               static_cast<char*>(nullptr));
      ::_exit(127);
    }
    if (pid_ < 0) return false;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds{5};
    while (std::chrono::steady_clock::now() < until) {
      if (accepts()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds{20});
    }
    return false;
  }
  // SIGKILL (a crash) or SIGTERM; waits for the process.
  void stop(bool kill = false) {
    if (pid_ <= 0) return;
    ::kill(pid_, kill ? SIGKILL : SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  [[nodiscard]] int port() const noexcept { return port_; }

 private:
  static int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
  }
  [[nodiscard]] bool accepts() const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(port_));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
  }

  int port_;
  pid_t pid_ = -1;
};

}  // namespace arbiter::server::testing
