// Tests: the whole server on loopback (an ephemeral port) over a SQLite store in a
// temporary directory (PostgreSQL with ARBITER_TEST_STORE=postgres): a server::Node, the
// same wiring as `arbiter serve` (the group-commit writer, the service thread, the bus).
//
//   LiveRig rig;
//   ASSERT_TRUE(rig.start("my-test", timings));   // then rig.server->port(), *rig.registry
//   ...
//   rig.stop();                                    // also by the destructor
#pragma once

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "arbiter/server/node.hpp"
#include "arbiter/store/pg_test_server.hpp"

namespace arbiter::server::testing {

struct LiveRig {
  LiveRig() = default;
  LiveRig(const LiveRig&) = delete;
  LiveRig& operator=(const LiveRig&) = delete;
  ~LiveRig() { stop(); }

  // `name` makes the directory unique; `computer`: computer games, by a pool of engines.
  [[nodiscard]] bool start(const std::string& name, RoomTimings timings = {},
                           bool computer = false) {
    return start_node(name, {}, {}, timings, computer);
  }

  // A cluster node (docs/cluster.md) named `node` on the store at `location` (shared with
  // the other nodes; empty: a store of its own), with leases of `lease_ttl`.
  [[nodiscard]] bool start_node(const std::string& name, const std::string& node,
                                std::string location, RoomTimings timings = {},
                                bool computer = false, Millis lease_ttl = Millis{10000},
                                int redis_port = 0) {
    dir = std::filesystem::temp_directory_path() /
          ("arbiter-live-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    if (location.empty()) {
      auto own = store::testing::test_store_location((dir / "arbiter.db").string());
      if (!own) return false;
      location = *own;
    }
    store_location = location;
    NodeOptions o;
    o.store_location = location;
    o.http.port = 0;
    o.http.doc_root = dir;
    // The other nodes forward with X-Forwarded-For.
    if (!node.empty()) o.http.trusted_proxies = {"127.0.0.1"};
    o.http.limits.upstream_idle_timeout = std::chrono::milliseconds{1000};
    o.timings = timings;
    if (computer) o.engines = EnginePoolOptions{};
    o.node = node;
    o.lease_ttl = lease_ttl;
    if (redis_port > 0) o.redis = RedisAddress{"127.0.0.1", redis_port};
    running = std::make_unique<Node>(o);
    auto started = running->start();
    if (!started) {
      ADD_FAILURE() << started.error().describe();
      return false;
    }
    server = &running->http();
    registry = &running->registry();
    store = &running->store();
    return true;
  }

  void stop() {
    if (running) running->stop();
    running.reset();
    server = nullptr;
    registry = nullptr;
    store = nullptr;
    if (!dir.empty()) std::filesystem::remove_all(dir);
    dir.clear();
  }

  std::filesystem::path dir;
  std::string store_location;  // as open_store takes it
  std::unique_ptr<Node> running;
  Server* server = nullptr;
  GameRegistry* registry = nullptr;
  store::Store* store = nullptr;
};

}  // namespace arbiter::server::testing
