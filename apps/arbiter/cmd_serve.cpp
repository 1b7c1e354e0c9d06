// arbiter serve: the game server (docs/server.md): HTTP and WebSocket on one port, the
// browser client from web/dist, games in SQLite under --data (or in PostgreSQL with
// --db postgresql://...), every unfinished game
// resumed at start. Stops cleanly on SIGINT / SIGTERM.
#include <fmt/core.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/server/client_address.hpp"
#include "arbiter/server/node.hpp"
#include "arbiter/store/store.hpp"
#include "commands.hpp"

namespace arbiter::app {
namespace {

struct ServeArgs {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string data = "data";
  std::string db;  // a store location (store::open_store); empty: DATA/arbiter.db
  std::string web = "web/dist";
  int threads = 2;
  server::RateLimit creations = server::kCreationLimit;
  // Memory limits (docs/security.md).
  int engines = 2;
  int analysis_workers = 1;
  std::string openings;
  std::uint64_t analysis_nodes = 300'000;
  int max_computer_games = 64;
  int evict_after_s = 60;
  // The group commit's window (server::CommitWriterOptions), in microseconds.
  int commit_delay_us = static_cast<int>(server::CommitWriterOptions{}.gather_delay.count());
  // Cluster (docs/cluster.md): this node's name; empty: a single server without leases.
  std::string node;
  int lease_ttl_ms = 10000;
  // Where the other nodes reach this one ("host:port"); empty: --host and the real port.
  std::string advertise;
  // Redis ("host:port") for the committed events (docs/cluster.md); empty: no bus.
  std::string redis;
  // Issue #14 (docs/server.md "Limits"); the defaults are those of Limits and RoomTimings.
  std::size_t max_connections = server::Limits{}.max_connections;
  std::size_t max_per_address = server::Limits{}.max_per_address;
  double ws_upgrade_burst = server::Limits{}.ws_upgrade_burst;
  double ws_upgrade_rate = server::Limits{}.ws_upgrade_per_second;
  int spectators_max = server::RoomTimings{}.spectators_max;
  int idle_timeout_s = static_cast<int>(server::RoomTimings{}.idle_timeout.count() / 1000);
  std::vector<std::string> trusted_proxies;
  // Accounts (docs/accounts.md): the session cookie's lifetime, and Secure behind HTTPS.
  int session_days = 30;
  bool secure_cookies = false;
  bool test_clock = false;
};

void serve(const ServeArgs& args) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(args.data, ec);
  if (ec) throw ExitError{2, "cannot create the data directory " + args.data + ": " + ec.message()};
  if (auto proxies = server::TrustedProxies::parse(args.trusted_proxies); !proxies) {
    throw ExitError{2, "--trusted-proxy: " + proxies.error().message};
  }
  const std::string location =
      args.db.empty() ? (fs::path(args.data) / "arbiter.db").string() : args.db;
  const std::string db = store::redact_location(location);  // no password in messages
  if (!fs::exists(fs::path(args.web) / "index.html")) {
    fmt::print(stderr,
               "arbiter serve: warning: {}/index.html not found (run `make build` to build web/)\n",
               args.web);
  }

  // SIGINT / SIGTERM are taken by sigwait below: block them before any thread starts so
  // that every thread inherits the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  server::NodeOptions o;
  o.store_location = location;
  o.http.address = args.host;
  o.http.port = args.port;
  o.http.doc_root = args.web;
  o.http.hidden_dirs = {args.data};
  o.http.threads = args.threads;
  o.http.limits.max_connections = args.max_connections;
  o.http.limits.max_per_address = args.max_per_address;
  o.http.limits.ws_upgrade_burst = args.ws_upgrade_burst;
  o.http.limits.ws_upgrade_per_second = args.ws_upgrade_rate;
  o.http.trusted_proxies = args.trusted_proxies;
  o.timings.spectators_max = args.spectators_max;
  o.timings.idle_timeout = std::chrono::seconds{args.idle_timeout_s};
  o.registry.evict_after = std::chrono::seconds{args.evict_after_s};
  o.writer.gather_delay = std::chrono::microseconds{args.commit_delay_us};
  o.creations = args.creations;
  o.accounts.session_lifetime = std::chrono::hours{24 * args.session_days};
  o.accounts.secure_cookie = args.secure_cookies;
  o.test_clock = args.test_clock;
  server::EnginePoolOptions pool;
  pool.searchers = args.engines;
  pool.max_games = args.max_computer_games;
  o.engines = pool;
  o.analysis.workers = args.analysis_workers;
  o.analysis.nodes = args.analysis_nodes;
  o.openings_dir = args.openings;
  o.node = args.node;
  o.lease_ttl = std::chrono::milliseconds{args.lease_ttl_ms};
  o.advertise = args.advertise;
  if (!args.redis.empty()) {
    auto address = server::parse_redis_address(args.redis);
    if (!address) throw ExitError{2, "--redis: " + address.error().message};
    o.redis = *address;
  }
  server::Node node{o};
  auto started = node.start();
  if (!started) throw ExitError{2, started.error().message};
  if (started->logs_converted > 0) {
    std::fprintf(stderr, "arbiter serve: wrote the referee logs of %d stored games\n",
                 started->logs_converted);
  }
  fmt::print("Arbiter listening on http://localhost:{} (address {}, data {}, {} game(s) resumed)\n",
             node.port(), args.host, db, started->resumed);
  fmt::print("arbiter serve: at most {} connections, {} per address\n",
             node.http().connection_cap(), args.max_per_address);
  std::fflush(stdout);

  int received = 0;
  sigwait(&signals, &received);
  fmt::print("arbiter serve: signal {}, stopping\n", received);
  std::fflush(stdout);
  node.stop();
}

}  // namespace

void register_serve(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  auto* cmd = app.add_subcommand("serve", "Start the game server (HTTP + WebSocket)");
  cmd->add_option("--port", args->port, "TCP port (0: any free port, printed)")
      ->capture_default_str();
  cmd->add_option("--host", args->host, "address to listen on (0.0.0.0 to accept other machines)")
      ->capture_default_str();
  cmd->add_option("--data", args->data, "directory of the SQLite database (created)")
      ->capture_default_str();
  cmd->add_option("--db", args->db,
                  "the store instead of DATA/arbiter.db: postgresql://USER@HOST:PORT/DATABASE "
                  "(PostgreSQL), sqlite:PATH or PATH");
  cmd->add_option("--web", args->web, "directory of the built browser client")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "network threads")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--create-rate", args->creations.per_second,
                  "games that may be created per second, server-wide (docs/security.md)")
      ->check(CLI::Range(0.01, 10000.0))
      ->capture_default_str();
  cmd->add_option("--create-burst", args->creations.burst,
                  "games that may be created at once, server-wide")
      ->check(CLI::Range(1.0, 100000.0))
      ->capture_default_str();
  cmd->add_option("--engines", args->engines,
                  "engines shared by all computer games (8 MB hash each)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--openings", args->openings,
                  "a directory of lichess's opening lists (a.tsv .. e.tsv): games name their "
                  "opening (ECO and name) in the page and the PGN");
  cmd->add_option("--analysis-workers", args->analysis_workers,
                  "post-game analyses at once, one core each (docs/analysis.md)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--analysis-nodes", args->analysis_nodes,
                  "nodes searched per position of a post-game analysis")
      ->check(CLI::Range(1000, 100'000'000))
      ->capture_default_str();
  cmd->add_option("--max-computer-games", args->max_computer_games,
                  "computer games in memory at once; more are refused with 503")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--evict-after", args->evict_after_s,
                  "seconds an idle game without sockets stays in memory")
      ->check(CLI::Range(0, 86400))
      ->capture_default_str();
  cmd->add_option("--commit-delay", args->commit_delay_us,
                  "microseconds the writer waits for more moves to share a commit (one flush, "
                  "less processor time a move; 0: commit at once)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--node", args->node,
                  "this node's name in a cluster sharing one PostgreSQL database: each game's "
                  "room takes the game's lease and fences its writes (docs/cluster.md); "
                  "empty: a single server")
      ->check([](const std::string& name) {
        const bool ok =
            name.size() <= 64 && name.find_first_not_of(
                                     "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789_.:-") == std::string::npos;
        return ok ? std::string{} : std::string{"a node name is 1..64 of [A-Za-z0-9_.:-]"};
      });
  cmd->add_option("--advertise", args->advertise,
                  "with --node: host:port where the other nodes reach this one, to forward "
                  "requests and sockets for its games (default: --host and the port)");
  cmd->add_option("--redis", args->redis,
                  "with --node: Redis (host:port) for the committed events; spectators of "
                  "another node's game are then served here (docs/cluster.md)");
  cmd->add_option("--lease-ttl", args->lease_ttl_ms,
                  "milliseconds a node's lease of a game lasts without renewal (with --node)")
      ->check(CLI::Range(1000, 600000))
      ->capture_default_str();
  cmd->add_option("--max-connections", args->max_connections,
                  "open connections at most (lowered to the descriptor limit minus 64); "
                  "over it: 503")
      ->check(CLI::Range(std::size_t{1}, std::size_t{10'000'000}))
      ->capture_default_str();
  cmd->add_option("--max-per-address", args->max_per_address,
                  "open connections of one client address at most; over it: 503")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}))
      ->capture_default_str();
  cmd->add_option("--ws-upgrade-burst", args->ws_upgrade_burst,
                  "WebSocket connections one address may open at once; beyond: 429")
      ->check(CLI::Range(1.0, 1e6))
      ->capture_default_str();
  cmd->add_option("--ws-upgrade-rate", args->ws_upgrade_rate,
                  "WebSocket connections per second one address may open, sustained")
      ->check(CLI::Range(0.001, 1e6))
      ->capture_default_str();
  cmd->add_option("--spectators-max", args->spectators_max,
                  "spectators of one game at most; more are refused (error full, close 1013)")
      ->check(CLI::Range(0, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--idle-timeout", args->idle_timeout_s,
                  "seconds without a protocol message (pongs count, WebSocket pongs do not) "
                  "before a socket is closed (4009)")
      ->check(CLI::Range(5, 86'400))
      ->capture_default_str();
  cmd->add_option("--trusted-proxy", args->trusted_proxies,
                  "a reverse proxy (address or CIDR range, repeatable) whose X-Forwarded-For "
                  "or Forwarded header names the client; otherwise those headers are ignored");
  cmd->add_option("--session-days", args->session_days,
                  "days a log-in lasts (the session cookie's Max-Age)")
      ->check(CLI::Range(1, 365))
      ->capture_default_str();
  cmd->add_flag("--secure-cookies", args->secure_cookies,
                "mark the session cookie Secure (the site is served over HTTPS, e.g. behind a "
                "TLS proxy)");
  cmd->add_flag("--test-clock", args->test_clock,
                "browser tests only: POST /api/test/clock {\"advance_ms\":N} moves the server's "
                "clocks forward (a correspondence game's days); never on a real server");
  cmd->callback([args] { serve(*args); });
}

}  // namespace arbiter::app
