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
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/server.hpp"
#include "arbiter/server/service.hpp"
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
    dir = std::filesystem::temp_directory_path() /
          ("arbiter-live-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto location = store::testing::test_store_location((dir / "arbiter.db").string());
    if (!location) return false;
    auto s = store::open_store(*location);
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
    registry = std::make_unique<GameRegistry>(ctx);
    api = std::make_shared<GameApi>(*registry, api_time);
    ServerOptions options;
    options.port = 0;
    options.doc_root = dir;
    server = std::make_unique<Server>(options, api);
    if (!server->start()) return false;
    service.start(*registry);
    return true;
  }

  void stop() {
    if (server) server->stop();
    service.stop();
    if (registry) registry->shutdown();
    registry.reset();
    engines.reset();
    server.reset();
    store.reset();
    if (!dir.empty()) std::filesystem::remove_all(dir);
    dir.clear();
  }

  std::filesystem::path dir;
  SystemRoomClock clock;
  SteadyTimeSource api_time;
  RoomService service;
  std::unique_ptr<store::Store> store;
  std::unique_ptr<EnginePool> engines;
  std::unique_ptr<GameRegistry> registry;
  std::shared_ptr<GameApi> api;
  std::unique_ptr<Server> server;
};

}  // namespace arbiter::server::testing
