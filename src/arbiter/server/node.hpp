// Node: one running game server, wired once — the store, the rooms' service thread, the
// group-commit writer, the engines, the registry, the cluster's bus and mirrors, the REST
// and WebSocket API and the HTTP server, started and stopped in the one right order.
// `arbiter serve` is a Node; so is every live test (testing::LiveRig), so the tests run
// the server exactly as it is deployed (before, the live tests wired their own and left
// out the writer).
//
//   NodeOptions o;  o.store_location = "data/arbiter.db";  o.http.port = 0;
//   Node node{o};
//   auto started = node.start();   // errors name the step: "cannot open ...", "cannot listen ..."
//   ... node.port() ...;
//   node.stop();                   // also by the destructor
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"
#include "arbiter/server/commit_writer.hpp"
#include "arbiter/server/computer.hpp"
#include "arbiter/server/event_bus.hpp"
#include "arbiter/server/game_api.hpp"
#include "arbiter/server/rating_service.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/server.hpp"
#include "arbiter/server/service.hpp"
#include "arbiter/server/spectator_mirror.hpp"
#include "arbiter/server/tournament_service.hpp"
#include "arbiter/server/upstream.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct NodeOptions {
  std::string store_location;  // store::open_store: a SQLite path, sqlite:PATH, postgresql://
  ServerOptions http;          // address, port, web root, threads, limits, trusted proxies
  RoomTimings timings;
  RegistryOptions registry;
  CommitWriterOptions writer;
  RateLimit creations = kCreationLimit;
  // Computer games, by a pool of engines allocated at start; absent: none.
  std::optional<EnginePoolOptions> engines;
  // Post-game analysis (issue #18): the workers (one core each) and the nodes a position.
  AnalysisServiceOptions analysis;
  // Issue #18 item 6: a directory of lichess's opening lists (a..e.tsv) naming each game's
  // opening in its state and PGN; empty: none.
  std::string openings_dir;
  // Cluster (docs/cluster.md): this node's name (empty: a single server without leases),
  // its leases' lifetime, where the other nodes reach it (empty: the address it listens
  // on and the real port), and Redis for the committed events (absent: no bus).
  std::string node;
  Millis lease_ttl{10000};
  std::string advertise;
  std::optional<RedisAddress> redis;
  // Accounts (issue #17, docs/accounts.md): password costs, log-in limits, sessions.
  AccountOptions accounts;
  // Browser tests only (`serve --test-clock`): POST /api/test/clock {"advance_ms": N}
  // moves the server's clocks forward, e.g. by a correspondence game's days.
  bool test_clock = false;
};

struct NodeStarted {
  int resumed = 0;         // unfinished games loaded from the store
  int logs_converted = 0;  // stored games given their referee's log (docs/store.md)
};

class Node {
 public:
  explicit Node(NodeOptions options);
  ~Node();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // Opens the store, converts the games stored without a referee's log, resumes the
  // unfinished games, listens and starts the threads. Errors name the step that failed
  // (kIo, kUnsupported, kInvalidArgument from the store or the listener). Once only.
  [[nodiscard]] Result<NodeStarted> start();
  // Stops listening and closes the sockets, lets the writer commit what is queued (its
  // completions still reach the rooms), stops the service, shuts the rooms down and
  // releases their leases, stops the engines. Idempotent.
  void stop();
  // As a killed process stops: the sockets dropped, the threads gone (no more lease
  // renewals, no heartbeat), nothing released; the rooms stay as they were. The chaos
  // tests' "kill -9" in process. stop() afterwards tidies up.
  void abandon();

  // After a successful start().
  [[nodiscard]] unsigned short port() const noexcept;
  [[nodiscard]] Server& http() noexcept { return *http_; }
  [[nodiscard]] GameRegistry& registry() noexcept { return *registry_; }
  [[nodiscard]] store::Store& store() noexcept { return *store_; }
  // With a Redis bus: the mirrors serving the spectators of other nodes' games.
  [[nodiscard]] MirrorRegistry* mirrors() noexcept { return mirrors_.get(); }
  [[nodiscard]] const NodeOptions& options() const noexcept { return options_; }

 private:
  NodeOptions options_;
  ShiftedRoomClock clock_;  // moved only by the test clock route (NodeOptions::test_clock)
  SteadyTimeSource api_time_;
  RoomService service_;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<notation::OpeningBook> openings_;  // before the rooms that read it
  std::unique_ptr<CommitWriter> writer_;
  std::unique_ptr<EnginePool> engines_;
  std::unique_ptr<RatingService> ratings_;  // before the registry: its rooms call it
  std::unique_ptr<EventPublisher> publisher_;
  // Issue #18: the events. Made at start (it needs the registry); its rooms tell it their
  // endings through the context, which reads this pointer (set before any room exists).
  std::shared_ptr<TournamentService> tournaments_;
  std::shared_ptr<AnalysisService> analyses_;
  std::unique_ptr<GameRegistry> registry_;
  std::unique_ptr<NodeClient> node_client_;
  std::unique_ptr<MirrorRegistry> mirrors_;
  std::unique_ptr<EventSubscriber> subscriber_;
  std::shared_ptr<GameApi> api_;
  std::unique_ptr<Server> http_;
  bool started_ = false;
  bool stopped_ = false;
};

}  // namespace arbiter::server
