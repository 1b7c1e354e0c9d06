// arbiter loadtest: N games against an `arbiter serve` on loopback (docs/loadtest.md). Both
// players of each game connect and play legal moves at a given rate; the move round trip,
// errors, the server's CPU and memory are reported, and every acknowledged move is looked
// up in the server's database afterwards. Bounded in count and time; loopback only.
#include <fmt/core.h>

#include <cstdio>
#include <memory>
#include <string>

#include "arbiter/server/loadtest_runner.hpp"
#include "commands.hpp"
#include "loadtest_output.hpp"

namespace arbiter::app {
namespace {

struct LoadtestArgs {
  server::LoadOptions options;
  double duration_s = 60;
  double drain_s = 5;
  int server_pid = 0;
  bool one_address = false;
  bool reconnect = false;
  bool json = false;
};

void run(const LoadtestArgs& args) {
  server::LoadOptions options = args.options;
  options.duration = std::chrono::milliseconds{static_cast<std::int64_t>(args.duration_s * 1000)};
  options.drain = std::chrono::milliseconds{static_cast<std::int64_t>(args.drain_s * 1000)};
  if (args.server_pid > 0) options.server_pid = args.server_pid;
  options.spread_addresses = !args.one_address;
  options.reconnect = args.reconnect;
  auto report = server::run_load(options);
  if (!report) throw ExitError{2, "loadtest: " + report.error().describe()};
  const std::string text = args.json ? loadtest_json(*report) : loadtest_text(*report);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  if (!report->clean()) throw ExitError{1, "loadtest: the run was not clean (see the report)"};
}

}  // namespace

void register_loadtest(CLI::App& app) {
  auto args = std::make_shared<LoadtestArgs>();
  auto& o = args->options;
  auto* cmd = app.add_subcommand(
      "loadtest", "Play N games against a server on loopback and measure it (docs/loadtest.md)");
  cmd->add_option("--url", o.url, "the server (loopback only: 127.0.0.0/8, [::1], localhost)")
      ->capture_default_str();
  cmd->add_option("--games", o.games, "games, each with both players connected")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--rate", o.rate,
                  "moves per second of each game (0: two moves, then idle: the memory of an "
                  "idle game)")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  cmd->add_option("--duration", args->duration_s, "seconds the whole run takes at most")
      ->check(CLI::Range(1.0, 86'400.0))
      ->capture_default_str();
  cmd->add_option("--drain", args->drain_s,
                  "seconds at the end of --duration for the last moves to be answered")
      ->check(CLI::Range(0.1, 600.0))
      ->capture_default_str();
  cmd->add_option("--time-control", o.time_control, "of every game (a preset id or the grammar)")
      ->capture_default_str();
  cmd->add_option("--create-rate", o.create_rate, "games set up per second")
      ->check(CLI::Range(0.01, 100'000.0))
      ->capture_default_str();
  cmd->add_option("--threads", o.threads, "client threads (one io_context each)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--server-pid", args->server_pid,
                  "the server's process: CPU and memory from /proc/PID");
  cmd->add_option("--db", o.db,
                  "the server's store (a SQLite file or a postgresql:// URL): check afterwards "
                  "that every acknowledged move is stored");
  cmd->add_flag("--reconnect", args->reconnect,
                "reopen a socket the server closes or loses, as the web client does, and play "
                "on (a cluster under failures: docs/cluster.md); reports the time to reconnect");
  cmd->add_flag("--one-address", args->one_address,
                "every socket from 127.0.0.1 (default: each game from its own 127.1.x.y)");
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->callback([args] { run(*args); });
}

}  // namespace arbiter::app
