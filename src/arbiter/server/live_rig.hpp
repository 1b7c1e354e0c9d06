// Tests: the whole server on loopback (an ephemeral port) over a SQLite store in a
// temporary directory (PostgreSQL with ARBITER_TEST_STORE=postgres), with the room
// service thread: what a running `arbiter serve` is.
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

#include "arbiter/server/computer.hpp"
#include "arbiter/server/event_bus.hpp"
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/server.hpp"
#include "arbiter/server/service.hpp"
#include "arbiter/server/upstream.hpp"
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
    auto s = store::open_store(location);
    if (!s) return false;
    store = std::move(*s);
    RoomContext ctx;
    ctx.store = store.get();
    ctx.clock = &clock;
    ctx.executor = &service;
    if (computer) {
      engines = std::make_unique<EnginePool>(EnginePoolOptions{});
      ctx.computer = [this](int level) { return engines->seat(level); };
    }
    ctx.timings = timings;
    ctx.node = node;
    ctx.lease_ttl = lease_ttl;
    if (redis_port > 0) {
      // The cluster's bus (docs/cluster.md), as `arbiter serve --redis` sets it up.
      publisher = std::make_unique<EventPublisher>(RedisAddress{"127.0.0.1", redis_port});
      ctx.committed_events = [this](const std::string& id,
                                    std::span<const store::EventRecord> events) {
        publisher->publish(id, events);
      };
    }
    registry = std::make_unique<GameRegistry>(ctx);
    if (redis_port > 0) {
      node_client = std::make_unique<NodeClient>();
      mirrors = std::make_unique<MirrorRegistry>(mirror_source(*registry, *node_client, *store),
                                                 clock, timings);
      subscriber = std::make_unique<EventSubscriber>(
          RedisAddress{"127.0.0.1", redis_port}, [this](const BusEvent& e) { mirrors->deliver(e); },
          [this](bool up) { mirrors->set_bus_up(up); });
      service.every_second([this] { mirrors->tick_all(); });
    }
    api = std::make_shared<GameApi>(*registry, api_time);
    api->set_mirrors(mirrors.get());
    ServerOptions options;
    options.port = 0;
    options.doc_root = dir;
    // The other nodes forward with X-Forwarded-For.
    if (!node.empty()) options.trusted_proxies = {"127.0.0.1"};
    options.limits.upstream_idle_timeout = std::chrono::milliseconds{1000};
    server = std::make_unique<Server>(options, api);
    if (!server->start()) return false;
    if (!node.empty()) {
      registry->set_node_address("127.0.0.1:" + std::to_string(server->port()));
      registry->heartbeat();
    }
    service.start(*registry);
    return true;
  }

  void stop() {
    if (server) server->stop();
    service.stop();
    subscriber.reset();
    mirrors.reset();
    node_client.reset();
    if (registry) registry->shutdown();
    registry.reset();
    publisher.reset();
    engines.reset();
    server.reset();
    store.reset();
    if (!dir.empty()) std::filesystem::remove_all(dir);
    dir.clear();
  }

  std::filesystem::path dir;
  std::string store_location;  // as open_store takes it
  SystemRoomClock clock;
  SteadyTimeSource api_time;
  RoomService service;
  std::unique_ptr<store::Store> store;
  std::unique_ptr<EnginePool> engines;
  std::unique_ptr<EventPublisher> publisher;  // with a Redis port: the cluster's bus
  std::unique_ptr<GameRegistry> registry;
  std::unique_ptr<NodeClient> node_client;
  std::unique_ptr<MirrorRegistry> mirrors;
  std::unique_ptr<EventSubscriber> subscriber;
  std::shared_ptr<GameApi> api;
  std::unique_ptr<Server> server;
};

}  // namespace arbiter::server::testing
