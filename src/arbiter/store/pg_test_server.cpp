#include "arbiter/store/pg_test_server.hpp"

#include "arbiter/base/sanitizers.hpp"
#include "arbiter/store/sqlite_db.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <pqxx/pqxx>
#include <sstream>
#include <thread>
#include <vector>

namespace arbiter::store::testing {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

tl::unexpected<Error> failure(std::string message) {
  return make_error(ErrorCode::kIo, std::move(message), {0, 0, "postgresql test server"});
}

std::string find_bindir() {
  if (const char* env = std::getenv("ARBITER_PG_BINDIR"); env != nullptr && *env != '\0') {
    return env;
  }
  int best = -1;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator{"/usr/lib/postgresql", ec}) {
    const int version = std::atoi(entry.path().filename().c_str());
    if (version > best && fs::exists(entry.path() / "bin" / "initdb")) best = version;
  }
  if (best >= 0) return "/usr/lib/postgresql/" + std::to_string(best) + "/bin";
  return "";  // initdb and postgres from $PATH
}

std::string tail_of(const fs::path& log) {
  std::ifstream in{log};
  std::stringstream all;
  all << in.rdbuf();
  std::string text = all.str();
  if (text.size() > 1500) text = "..." + text.substr(text.size() - 1500);
  return text;
}

// The user who runs initdb and postgres: ourselves, or `postgres` when we are root.
struct RunAs {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

Result<RunAs> run_as() {
  if (::geteuid() != 0) return RunAs{};
  const passwd* pw = ::getpwnam("postgres");
  if (pw == nullptr) {
    return failure(
        "running as root, and initdb refuses root: there is no user 'postgres' "
        "(apt-get install postgresql creates it)");
  }
  return RunAs{true, pw->pw_uid, pw->pw_gid};
}

// Starts `argv` as a child with its output appended to `log`. With `tied`, the child
// gets SIGQUIT (PostgreSQL's immediate shutdown) when this thread's process dies.
Result<pid_t> spawn(const RunAs& as, const std::vector<std::string>& argv, const fs::path& log,
                    bool tied) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string log_path = log.string();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) return failure("fork failed");
  if (pid == 0) {
    const int fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd < 0) _exit(126);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::close(fd);
    if (as.switch_user &&
        (::setgroups(0, nullptr) != 0 || ::setgid(as.gid) != 0 || ::setuid(as.uid) != 0)) {
      _exit(126);
    }
    // After the change of user, which clears the parent-death signal.
    if (tied && (::prctl(PR_SET_PDEATHSIG, SIGQUIT) != 0 || ::getppid() != parent)) _exit(126);
    ::execvp(args[0], args.data());
    _exit(127);
  }
  return pid;
}

Result<int> free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return failure("socket failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof addr;
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), size) == 0 &&
                  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) == 0;
  ::close(fd);
  if (!ok) return failure("no free TCP port on 127.0.0.1");
  return ntohs(addr.sin_port);
}

std::string exe(const std::string& bindir, const char* name) {
  return bindir.empty() ? name : bindir + "/" + name;
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

Result<std::unique_ptr<PgTestServer>> PgTestServer::start() {
  const auto t0 = Clock::now();
  std::unique_ptr<PgTestServer> server{new PgTestServer};
  char pattern[] = "/tmp/arbiter-pg-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return failure("cannot make a temporary directory");
  server->dir_ = pattern;
  auto as = run_as();
  if (!as) return tl::unexpected(as.error());
  if (as->switch_user && ::chown(pattern, as->uid, as->gid) != 0) {
    return failure("cannot hand " + server->dir_.string() + " to the user postgres");
  }
  const std::string bindir = find_bindir();
  const fs::path log = server->dir_ / "server.log";
  auto initdb = spawn(*as,
                      {exe(bindir, "initdb"), "-D", (server->dir_ / "data").string(), "-U",
                       "arbiter", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"},
                      log, false);
  if (!initdb) return tl::unexpected(initdb.error());
  int status = 0;
  if (::waitpid(*initdb, &status, 0) != *initdb || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return failure("initdb failed (bindir '" + bindir + "'):\n" + tail_of(log));
  }
  // A port found free may be taken before postgres binds it: try another one then.
  for (int attempt = 0;; ++attempt) {
    auto launched = server->launch(bindir);
    if (launched) break;
    if (attempt == 2) return tl::unexpected(launched.error());
  }
  server->startup_ms_ = ms_since(t0);
  return server;
}

Result<void> PgTestServer::launch(const std::string& bindir) {
  auto as = run_as();
  if (!as) return tl::unexpected(as.error());
  auto port = free_loopback_port();
  if (!port) return tl::unexpected(port.error());
  const fs::path log = dir_ / "server.log";
  auto pid =
      spawn(*as,
            {exe(bindir, "postgres"), "-D", (dir_ / "data").string(), "-p", std::to_string(*port),
             "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=" + dir_.string(),
             "-c", "max_connections=40", "-c", "shared_buffers=16MB"},
            log, true);
  if (!pid) return tl::unexpected(pid.error());
  pid_ = *pid;
  port_ = *port;
  const auto deadline = Clock::now() + std::chrono::seconds{20};
  while (Clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return failure("postgres exited at start-up:\n" + tail_of(log));
    }
    try {
      pqxx::connection admin{url("postgres") + "?connect_timeout=2"};
      pqxx::nontransaction tx{admin};
      tx.exec0("CREATE DATABASE arbiter");
      return {};
    } catch (const pqxx::broken_connection&) {
      std::this_thread::sleep_for(std::chrono::milliseconds{20});  // not accepting yet
    } catch (const std::exception& e) {
      stop();
      return failure(std::string{"cannot create the test database: "} + e.what());
    }
  }
  stop();
  return failure("postgres did not accept connections within 20 s:\n" + tail_of(log));
}

PgTestServer::~PgTestServer() { stop(); }

void PgTestServer::stop() noexcept {
  if (pid_ > 0) {
    ::kill(pid_, SIGINT);  // fast shutdown: ends the sessions, writes a checkpoint
    const auto deadline = Clock::now() + std::chrono::seconds{15};
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (Clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds{10});
    }
    pid_ = -1;
  }
  if (!dir_.empty()) {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
    dir_.clear();
  }
}

std::string PgTestServer::url(const std::string& database) const {
  return "postgresql://arbiter@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

Result<std::string> PgTestServer::fresh_schema() {
  const std::string schema = "test_" + std::to_string(++schemas_);
  try {
    pqxx::connection admin{url()};
    pqxx::nontransaction tx{admin};
    tx.exec0("CREATE SCHEMA " + schema);
  } catch (const std::exception& e) {
    return failure("cannot create schema " + schema + ": " + e.what());
  }
  return url() + "?options=-csearch_path%3D" + schema;
}

namespace {

// Stops the shared server when the test program ends (before gtest's final report).
class SharedServerEnvironment : public ::testing::Environment {
 public:
  void TearDown() override;
};

Result<std::unique_ptr<PgTestServer>>& shared_slot() {
  static Result<std::unique_ptr<PgTestServer>> slot{std::unique_ptr<PgTestServer>{}};
  return slot;
}

void SharedServerEnvironment::TearDown() {
  if (auto& slot = shared_slot(); slot && *slot) (*slot)->stop();
}

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new SharedServerEnvironment);

}  // namespace

#if ARB_ASAN
// libpqxx 6.4 does not free the PGresult of the error that reports a connection the
// server closed (216 + 2048 bytes per lost connection; PgStoreTest's dropped
// connection): LeakSanitizer is told so here, for every test linking this library.
extern "C" const char* __lsan_default_suppressions() { return "leak:libpqxx-6.4.so\n"; }
#endif

Result<PgTestServer*> PgTestServer::shared() {
  auto& slot = shared_slot();
  if (slot && !*slot) slot = start();
  if (!slot) return tl::unexpected(slot.error());
  return slot->get();
}

Result<std::string> test_store_location(const std::string& sqlite_path) {
  const char* backend = std::getenv("ARBITER_TEST_STORE");
  if (backend == nullptr || std::string_view{backend} == "sqlite") return sqlite_path;
  if (std::string_view{backend} != "postgres") {
    return failure(std::string{"ARBITER_TEST_STORE is 'sqlite' or 'postgres', not '"} + backend +
                   "'");
  }
  auto server = PgTestServer::shared();
  if (!server) return tl::unexpected(server.error());
  return (*server)->fresh_schema();
}

Result<void> execute_sql(const std::string& location, const std::string& sql) {
  if (location.rfind("postgresql://", 0) == 0 || location.rfind("postgres://", 0) == 0) {
    try {
      pqxx::connection connection{location};
      pqxx::work tx{connection};
      tx.exec(sql);
      tx.commit();
      return {};
    } catch (const std::exception& e) {
      return failure(std::string{"execute_sql on PostgreSQL: "} + e.what());
    }
  }
  std::string path = location;
  if (path.rfind("sqlite:", 0) == 0) path.erase(0, 7);
  auto db = sqlite::Database::open(path, 5000);
  if (!db) return tl::unexpected(db.error());
  return db->exec(sql);
}

}  // namespace arbiter::store::testing
