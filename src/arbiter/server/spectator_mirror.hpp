// Spectators of another node's game (issue #16, docs/cluster.md). A node that does not own
// a game serves its spectators itself, from a mirror of the game's committed events: the
// state once from the owner, then each event as the owner publishes it on Redis
// (event_bus.hpp), a gap in `seq` — a message Redis lost — filled from the database, and
// the database read every few seconds as well (every second while Redis is away), so that
// a lost last message is found too. The owner thus sends each event once to the bus, not
// once per spectator of every node. Players of such a game are relayed to the owner
// (upstream.hpp): only the owner referees.
//
// To a spectator the mirror speaks the protocol of web-protocol.md §2 as the room does
// (welcome, state or replay, events in order, resync, pings, idle and hello timeouts, the
// spectator limit, `not-a-player` for actions); it sends no `crowd` (presence is the
// owner's) and no `clock` (a spectator's clocks run from the events and the state).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/server/event_bus.hpp"
#include "arbiter/server/game_room.hpp"
#include "arbiter/server/handlers.hpp"

namespace arbiter::server {

// Where a mirror gets what the bus does not carry.
struct MirrorSource {
  // The game's state now (GameState JSON, web-protocol.md §1.3), from whichever node owns
  // it; `done` may run on any thread.
  std::function<void(const std::string& game_id, std::function<void(Result<std::string>)> done)>
      fetch_state;
  // The game's stored events after `seq`, in order (the database).
  std::function<Result<std::vector<store::EventRecord>>(const std::string& game_id,
                                                        std::int64_t after)>
      events_after;
};

class SpectatorMirror final : public SocketHandler,
                              public std::enable_shared_from_this<SpectatorMirror> {
 public:
  SpectatorMirror(std::string game_id, const MirrorSource& source, const RoomClock& clock,
                  const RoomTimings& timings);

  void on_open(const std::shared_ptr<Connection>& connection) override;
  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
  void on_close(const std::shared_ptr<Connection>& connection) override;

  // An event of the game heard on the bus.
  void on_bus_event(std::int64_t seq, const std::string& json);
  // About once a second: timeouts, pings, and the database's events when the bus may
  // have missed some (`bus_up` false: every call, else every few seconds).
  void tick(bool bus_up);
  [[nodiscard]] bool empty();
  [[nodiscard]] std::int64_t last_seq();

 private:
  struct Client {
    std::shared_ptr<Connection> connection;
    bool ready = false;
    bool waiting = false;  // said hello; waits for the state
    std::int64_t hello_seq = 0;
    Millis opened{0};
    Millis last_message{0};
    Millis last_ping{0};
    std::int64_t ping_n = 0;
    Millis window_start{0};
    int window_count = 0;
  };
  [[nodiscard]] Millis now() const { return clock_.steady(); }
  void fetch();  // under mutex_
  void on_state(Result<std::string> state);
  void greet(Client& c, std::int64_t last_seq);
  void sync(Client& c, std::int64_t last_seq);
  void fill_from_store();
  void add(std::int64_t seq, std::string json);
  void send(Client& c, std::string text);
  void error(Client& c, std::optional<std::int64_t> id, std::string_view code,
             std::string_view message, unsigned short close = 0);

  const std::string id_;
  MirrorSource source_;
  const RoomClock& clock_;
  RoomTimings timings_;
  std::mutex mutex_;
  std::map<const Connection*, Client> clients_;
  int spectators_ = 0;
  std::optional<std::string> state_;  // GameState JSON at seq0_
  std::int64_t seq0_ = 0;
  std::int64_t last_ = 0;
  std::map<std::int64_t, std::shared_ptr<const std::string>> events_;  // seq0_+1 .. last_
  bool fetching_ = false;
  Millis last_poll_{0};
};

// A node's mirrors, one per game with spectators here; fed by the node's EventSubscriber.
class MirrorRegistry {
 public:
  MirrorRegistry(MirrorSource source, const RoomClock& clock, RoomTimings timings);
  [[nodiscard]] std::shared_ptr<SpectatorMirror> mirror_for(const std::string& game_id);
  void deliver(const BusEvent& e);
  void set_bus_up(bool up) { bus_up_ = up; }
  // Ticks every mirror and forgets those without spectators.
  void tick_all();
  [[nodiscard]] std::size_t size();

 private:
  MirrorSource source_;
  const RoomClock& clock_;
  RoomTimings timings_;
  std::atomic<bool> bus_up_{false};
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<SpectatorMirror>, std::less<>> mirrors_;
};

// The socket of a game another node owns: at its hello, a player (a token) is relayed to
// the owner, a spectator joins this node's mirror.
class RemoteSocket final : public SocketHandler {
 public:
  RemoteSocket(std::shared_ptr<SpectatorMirror> mirror, std::shared_ptr<SocketHandler> relay)
      : mirror_(std::move(mirror)), relay_(std::move(relay)) {}
  void on_open(const std::shared_ptr<Connection>& connection) override;
  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
  void on_close(const std::shared_ptr<Connection>& connection) override;

 private:
  std::shared_ptr<SpectatorMirror> mirror_;
  std::shared_ptr<SocketHandler> relay_;
  SocketHandler* target_ = nullptr;  // chosen at the first message
};

}  // namespace arbiter::server
