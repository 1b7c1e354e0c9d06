// GameRegistry: the games a server hosts. Creates games (REST §1.1), loads stored games on
// demand (a finished game opened for viewing) and resumes every unfinished game at start
// (docs/store.md). Its mutex guards only the map: it never calls into a room while holding
// it, so rooms may call back (a rematch creates a game) without lock-order cycles.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/server/game_room.hpp"

namespace arbiter::server {

struct CreatedGame {
  std::shared_ptr<GameRoom> room;
  core::Color seat = core::Color::White;
  std::string token;
  std::string invite;  // a friend game's invitation secret, else ""
};

// The lobby presets of web-protocol.md §1.1.
[[nodiscard]] const std::vector<wire::Preset>& presets();

// Issue #17 item 8, "play from here": a position of standard chess set up by a player, in
// the canonical FEN. The rules of docs/fen.md (Position::from_fen: kFen* and kSetup* codes
// with the column), and a game still to play: a position whose side to move has no legal
// move is over already (5.1.1, 5.2.1). Every error names the field "fen".
[[nodiscard]] Result<std::string> start_fen_from(const std::string& text, bool chess960);

// 128 random bits in hex (32 characters): a seat token.
[[nodiscard]] std::string random_token();
// 8 characters of [A-Za-z0-9]: a game id.
[[nodiscard]] std::string random_game_id();

// Which of the live `nodes` adopts an orphaned game (docs/cluster.md): rendezvous hashing,
// the node whose hash with the game's id is highest, so that the orphans are shared out
// evenly and a node joining or leaving moves only its own share. Empty when `nodes` is.
[[nodiscard]] std::string adopter_of(std::string_view game_id, std::span<const std::string> nodes);

// Memory limits of the registry (docs/security.md).
// Where a game is served (GameRegistry::locate): here, or on another cluster node.
struct GameLocation {
  std::shared_ptr<GameRoom> room;  // this node's room of the game
  // Otherwise the address ("host:port") of the node that holds the game's lease, where a
  // request or socket for the game is forwarded (docs/cluster.md); empty: no such game,
  // or its node cannot be found.
  std::string owner_address;
};

// Issue #18: a game an event's pairing makes, both seats taken (docs/events.md).
struct PairedGame {
  SeatAccount white;
  SeatAccount black;
  std::string time_control;  // the grammar
  bool rated = false;
  std::string tournament;       // the event's id
  std::int64_t waiting_ms = 0;  // Art. 6.7.1's default time
};

struct RegistryOptions {
  // A game with no socket and nothing time-dependent is dropped from memory after this
  // long without activity (finished games, friend games waiting for their second player);
  // find() loads it again.
  Millis evict_after{60000};
};

class GameRegistry {
 public:
  // `context.rematch` and `context.wake_at` are set by the registry itself.
  explicit GameRegistry(RoomContext context, RegistryOptions options = {});
  ~GameRegistry();
  GameRegistry(const GameRegistry&) = delete;
  GameRegistry& operator=(const GameRegistry&) = delete;

  // Errors: kTimeControlSyntax / kTimeControlValue (field time_control), kInvalidArgument,
  // kIo (the store failed).
  // `creator`: the creator's account (issue #17), id 0 for none; its name replaces the
  // request's, and a rated game needs one (kInvalidArgument, field "rated", otherwise; also
  // for a rated game against the computer or of Chess960).
  [[nodiscard]] Result<CreatedGame> create(const wire::CreateGameRequest& request,
                                           const SeatAccount& creator = {});
  // As create(), answering through `done`: with a group-commit writer (RoomContext::writer),
  // the game is stored by the writer with the moves of other games and `done` runs on the
  // executor after the commit, so the caller's thread (a network thread) never waits for
  // the store; without one, at once.
  using CreatedDone = std::function<void(Result<CreatedGame>)>;
  void create_async(const wire::CreateGameRequest& request, CreatedDone done,
                    const SeatAccount& creator = {});
  // Issue #18: stores and opens an event's games; returns their ids, in order. Their
  // clocks wait for the first move, which each side must make within the default time
  // (GameExtra). With a group-commit writer the games are stored many to a transaction
  // (a round of 500 games in a few commits), and the caller waits for them: never call it
  // from the executor's thread. Errors, per game: kTimeControlSyntax / kTimeControlValue, kIo.
  [[nodiscard]] std::vector<Result<std::string>> create_paired(std::span<const PairedGame> games);
  // The room of a game, loading it from the store when needed; null if there is none
  // (or, on a cluster node, when another node holds it).
  [[nodiscard]] std::shared_ptr<GameRoom> find(const std::string& id);
  // As find(); on a cluster node, a game another node holds comes back with that node's
  // address instead.
  [[nodiscard]] GameLocation locate(const std::string& id);
  // Loads every created or ongoing game of the store; returns how many.
  [[nodiscard]] Result<int> resume_all();
  // Cluster (docs/cluster.md): renews the leases of the loaded rooms that need it; returns
  // how many rooms found their game taken by another node (they closed their sockets and
  // are dropped at the next find or eviction). Called every second by the service.
  std::size_t renew_leases();
  // Cluster: this node's HTTP address ("host:port") as the other nodes reach it; announced
  // with every heartbeat.
  void set_node_address(std::string address);
  // Cluster, every second: announces this node (address and heartbeat) in the store's
  // node directory and adopts the orphaned games (ongoing, held by no node: their node
  // died or stopped), so that a dead node's games are taken over without waiting for a
  // request, their clocks paused for the interruption (Art. 6.11.1). Returns how many
  // were adopted. Nothing on a single server.
  std::size_t heartbeat();
  // The log migration (issue #16, docs/store.md "The referee's log"): writes the referee's
  // log of every game stored before logs existed, by refereeing its protocol events again.
  // Games still waiting for their second player get theirs at the join. Returns how many
  // were converted. Run before serving.
  [[nodiscard]] Result<int> convert_legacy_logs();
  // Issue #17: the rating changes a game made (white's then black's; empty if unrated).
  [[nodiscard]] Result<std::vector<store::RatingChange>> rating_changes(const std::string& id) {
    return ctx_.store->game_rating_changes(id);
  }
  [[nodiscard]] Result<std::vector<store::GameSummary>> list(
      std::optional<store::GameStatus> status, int limit);

  // Ticks the rooms whose timer (RoomContext::wake_at) has fallen due, and no other: a
  // room with ten thousand others asks for its next flag or ping, it is not polled.
  void tick_all();
  // Drops the rooms that are GameRoom::evictable and held by nobody else; returns how many.
  // A room is only dropped while the map holds its one reference, under the map's lock, so
  // two rooms of one game are never live at once.
  std::size_t evict_idle();
  [[nodiscard]] std::size_t rooms_in_memory();
  [[nodiscard]] std::size_t rooms_ticking();
  // Stops every computer; rooms answer nothing more.
  void shutdown();

 private:
  // A game ready to be stored: its header (without an id yet), the computer's seat.
  struct NewGame {
    store::GameHeader header;
    std::unique_ptr<ComputerMover> computer;
    core::Color seat = core::Color::White;  // the creator's
    std::string invite;
    [[nodiscard]] CreatedGame created(std::shared_ptr<GameRoom> room) const;
  };
  static constexpr int kIdAttempts = 5;  // fresh ids drawn when one is taken
  Result<NewGame> prepare(const wire::CreateGameRequest& request, const SeatAccount& creator);
  Result<NewGame> prepare_paired(const PairedGame& game);
  void submit_new(std::shared_ptr<NewGame> game, int attempt, CreatedDone done);
  // Opens and registers the room of a game just stored.
  Result<std::shared_ptr<GameRoom>> open_new(const store::GameHeader& h,
                                             std::unique_ptr<ComputerMover> computer);
  Result<RematchGame> create_rematch(const RematchRequest& request);
  std::shared_ptr<GameRoom> insert(std::shared_ptr<GameRoom> room);
  // Stores a new game under a fresh id (written into `h`), opens and registers its room.
  Result<std::shared_ptr<GameRoom>> store_new(store::GameHeader& h,
                                              std::unique_ptr<ComputerMover> computer = nullptr);
  [[nodiscard]] std::vector<std::shared_ptr<GameRoom>> rooms();
  // The loaded room of `id`, unless it lost its game to another node (then it is dropped).
  std::shared_ptr<GameRoom> loaded(const std::string& id);
  // A cluster node's lease of the game (RoomContext::node); none on a single server.
  Result<std::optional<store::Lease>> take_lease(const std::string& id);
  // The address of the node holding the game's lease, when it is another node's.
  std::string owner_address(const std::string& id);
  std::mutex address_mutex_;
  std::string node_address_;
  // The orphans another live node was to adopt at the last heartbeat: still orphaned at
  // this one, any node takes them (that node may be stalled).
  std::mutex heartbeat_mutex_;
  std::set<std::string, std::less<>> passed_orphans_;

  RoomContext ctx_;
  RegistryOptions options_;
  // Held across a room's load (find(), store_new()), so one game never has two rooms;
  // taken before mutex_, and under a room's lock only by a rematch's store_new().
  std::mutex load_mutex_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<GameRoom>, std::less<>> rooms_;
  // The rooms' timers, the earliest first: a leaf lock (rooms ask under their own lock;
  // nothing calls into a room while holding it). A room that asks for an earlier timer
  // leaves its later one behind, stale (GameRoom::on_timer ignores it by its generation);
  // a weak reference, so that a timer never keeps an evicted room alive.
  struct Timer {
    Millis due;
    std::uint64_t generation;
    std::weak_ptr<GameRoom> room;
  };
  struct LaterFirst {
    bool operator()(const Timer& a, const Timer& b) const { return a.due > b.due; }
  };
  std::mutex timers_mutex_;
  std::priority_queue<Timer, std::vector<Timer>, LaterFirst> timers_;
};

}  // namespace arbiter::server
