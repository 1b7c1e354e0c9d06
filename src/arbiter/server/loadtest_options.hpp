// `arbiter loadtest`: what to run (docs/loadtest.md) and where. Traffic goes to loopback
// only: the target must be 127.0.0.0/8, ::1 or localhost.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

// The server under load: a loopback address and a port.
struct LoadTarget {
  std::string address;  // numeric: "127.0.0.1", "::1"
  unsigned short port = 80;
  bool ipv6 = false;
  std::string host;  // as written in the URL, for the Host header
};

// "http://127.0.0.1:8080", "ws://localhost:9000/", "http://[::1]:8080". Errors:
// kInvalidArgument naming the URL's part: another scheme, a path, a missing or bad port,
// a host that is not loopback (refused: a load generator must not leave the machine).
[[nodiscard]] Result<LoadTarget> parse_loopback_url(std::string_view url);

struct LoadOptions {
  std::string url = "http://127.0.0.1:8080";
  int games = 10;
  // Moves per second of each game, both sides together. 0: each game makes its first two
  // moves (so that the server does not abort it, Art. 6.6 as the server applies it) and
  // then stays idle: the memory of an idle game.
  double rate = 1.0;
  // Hard cap on the whole run: creation, play and the wait for the last answers.
  std::chrono::milliseconds duration{60'000};
  // After `duration`, how long the moves in flight may still be answered. Part of the cap:
  // moves stop being sent this long before it.
  std::chrono::milliseconds drain{5'000};
  std::string time_control = "180+2";
  double create_rate = 100.0;  // games set up per second (each: a creation and a join)
  int threads = 1;             // client threads, one io_context each
  // Each game's sockets come from their own address of 127/8 (127.1.0.1, 127.1.0.2, …), so
  // the server's per-address limits apply to each game as to one real player pair. Off:
  // every socket comes from 127.0.0.1 (the server's per-address limits must then allow it).
  bool spread_addresses = true;
  // A move not answered within this is counted as a timeout and its game stops.
  std::chrono::milliseconds move_timeout{10'000};
  std::optional<int> server_pid;  // CPU and memory from /proc/PID
  std::string db;  // the server's store (SQLite file or postgresql:// URL): verify the moves
  // Reconnect as the web client does (web-protocol.md §2.2): a socket the server closes or
  // loses is opened again (hello with the last event seen) and the game plays on. For a
  // cluster under failures (docs/cluster.md): the time until the player is welcomed again
  // is measured. Off: a lost socket is an error and its game stops.
  bool reconnect = false;
  // With `reconnect`: a player not welcomed again within this is an error.
  std::chrono::milliseconds reconnect_limit{30'000};
};

// Errors: kInvalidArgument naming the option (games < 1, rate < 0 or > 10, a duration not
// longer than the drain, create_rate <= 0, threads outside 1..64).
[[nodiscard]] Result<void> check_load_options(const LoadOptions& options);

// The source address of game `index` when addresses are spread: 127.1.0.1 upwards, never
// .0 or .255 in the last byte.
[[nodiscard]] std::string spread_address(int index);

}  // namespace arbiter::server
