// GameRoom: one served game (docs/server.md, docs/web-protocol.md). It referees every
// action with a competition::Arbiter under the online rules ("illegal_moves":"reject",
// "flag":"automatic"), numbers and stores the protocol events, and talks to the sockets of
// its players and spectators. One mutex serialises everything of a game; the store is
// written before anything is broadcast or acknowledged.
//
// One owner per piece of state: the Arbiter owns the game (position, moves, clocks, draw
// offers, result); the room keeps only what is not a rule of chess — the seats, the
// sockets, the mapping from the server's clock to the referee's time, an abort before the
// game began, the rematch — and views it builds from the Arbiter.
//
// Time: the referee's clocks run on RoomClock::steady(); arbiter time t = 0 is the
// moment White's clock started, i.e. when Black completed his first move (the first two
// moves are logged at t = 0, web-protocol.md §3.3). A room is always built from a
// store::StoredGame, so a new game, a game loaded for viewing and a game resumed after a
// restart share one code path (load()).
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/competition/online_clock.hpp"
#include "arbiter/notation/openings.hpp"
#include "arbiter/server/commit_writer.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/room_client.hpp"
#include "arbiter/server/room_support.hpp"
#include "arbiter/server/room_timings.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {

// A new game made by a rematch: its id and the tokens of its two seats.
struct RematchGame {
  std::string id;
  std::array<std::string, 2> tokens;  // White, Black
};
struct RematchRequest {
  const store::GameHeader* previous = nullptr;
  wire::GameExtra extra;  // of the new game
  std::array<std::string, 2> names;
  std::array<std::int64_t, 2> users{};  // the seats' accounts (issue #17), as names
};

class GameRoom;

// An account taking a seat (issue #17, docs/accounts.md).
struct SeatAccount {
  std::int64_t id = 0;  // 0: no account
  std::string name;
};

// A rated game's end, once committed (issue #17): the rating service rates it.
struct RatedGameEnd {
  std::string game_id;
  std::string time_control;
  std::string result;  // "1-0", "0-1", "1/2-1/2" (other results are not rated)
};

// A game of an event ended (issue #18), once committed: the event records its result.
struct TournamentGameEnd {
  std::string game_id;
  std::string tournament;
  std::string result;  // the verdict's result: "1-0", "+/-", "-/-", ...
  int plies = 0;       // the half-moves played (an arena scores a quick draw nothing)
};

struct RoomContext {
  store::Store* store = nullptr;
  // The group-commit writer (issue #16). Null: each commit is made on the caller's thread,
  // under the room's lock (tests, tools). With a writer, completions come back through
  // `executor`, which must keep running until the writer has stopped.
  CommitWriter* writer = nullptr;
  const RoomClock* clock = nullptr;
  Executor* executor = nullptr;
  ComputerFactory computer;  // may be empty: no computer games; may return null (no seat free)
  // Issue #16: the room's timers. Called (under the room's lock; it must only queue and
  // not call back into the room) when the room's next timer (GameRoom::next_timer: a flag,
  // a first-move abort, a ping, a resend, a handshake or idle timeout, a coalesced crowd,
  // the computer's turn) falls due earlier than the one it asked for last. The owner calls
  // GameRoom::on_timer(generation) once `due` has passed. Empty: the owner ticks rooms by
  // hand (tests).
  std::function<void(std::shared_ptr<GameRoom>, Millis due, std::uint64_t generation)> wake_at;
  std::function<Result<RematchGame>(const RematchRequest&)> rematch;
  RoomTimings timings;
  // A cluster node's name (docs/cluster.md): rooms hold their game's lease and fence every
  // write with its epoch. Empty: a single server, no leases.
  std::string node;
  Millis lease_ttl{10000};
  // Cluster: told every event once it is committed, in order (the node publishes them on
  // Redis for the other nodes' mirrors, docs/cluster.md). Called under the room's lock:
  // it must only queue. Empty: nobody is told.
  std::function<void(const std::string& game_id, std::span<const store::EventRecord>)>
      committed_events;
  // Issue #17: told when a rated game's ending is committed. Called under the room's lock:
  // it must only queue. Empty: rated games are not rated (tests, tools).
  std::function<void(RatedGameEnd)> rated_game_ended;
  // Issue #18: told when a game of an event has its ending committed. Called under the
  // room's lock: it must only queue. Empty: nobody is told (the director's sweep finds it).
  std::function<void(TournamentGameEnd)> tournament_game_ended;
  // Issue #18 item 6: the openings' names (`serve --openings DIR`); null: none named.
  const notation::OpeningBook* openings = nullptr;
};

struct JoinResult {
  core::Color seat = core::Color::White;
  std::string token;
  wire::GameState state;
};

class GameRoom final : public SocketHandler, public std::enable_shared_from_this<GameRoom> {
 public:
  // Rebuilds the game from the store: replays moves and events through a new Arbiter; an
  // unfinished game's running clock is charged with the wall time since the last action
  // (docs/store.md, "How clocks continue by wall time"). Errors: an unreadable record.
  // `computer`: the computer's seat when the caller has taken it already (else the room
  // asks context.computer).
  // `lease`: the game's lease, taken before `stored` was read (a cluster node's room;
  // every commit is fenced with its epoch). `interrupted_since`: the wall time from which
  // no node could accept a move (the former owner's last renewal); the interruption up to
  // now is written as the arbiter pausing the clocks (Art. 6.11.1), not charged.
  [[nodiscard]] static Result<std::shared_ptr<GameRoom>> load(
      RoomContext context, store::StoredGame stored,
      std::unique_ptr<ComputerMover> computer = nullptr,
      std::optional<store::Lease> lease = std::nullopt,
      std::optional<std::int64_t> interrupted_since = std::nullopt);
  ~GameRoom() override;
  GameRoom(const GameRoom&) = delete;
  GameRoom& operator=(const GameRoom&) = delete;

  // SocketHandler
  void on_open(const std::shared_ptr<Connection>& connection) override;
  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
  void on_close(const std::shared_ptr<Connection>& connection) override;

  // REST (§1)
  [[nodiscard]] wire::GameState state();
  // Errors: kProtocolState "seat-taken" when no seat is open and the token is not a seat's.
  // `account`: the joiner's account (issue #17), id 0 for none; a rated game needs one, and
  // its name replaces the request's.
  [[nodiscard]] Result<JoinResult> join(const wire::JoinGameRequest& request,
                                        const SeatAccount& account = {});
  [[nodiscard]] std::string pgn();
  // The PGN as a player downloads it (issue #17): Event ("Rated blitz game"), Site (`site`,
  // the game's URL), Date (the day it was created, UTC), the players' ratings before the
  // game and their changes (`ratings`: white's then black's RatingChange, empty when the
  // game was not rated), then the score.
  [[nodiscard]] std::string pgn(const std::string& site,
                                const std::vector<store::RatingChange>& ratings);
  // The referee's event log as stored, one JSON line each (spec/game-events.md). Empty
  // before both seats are taken. Errors: the store's.
  [[nodiscard]] Result<std::string> referee_log();
  // The FEN now, or after `ply` (0 = the start). Errors: kInvalidArgument for a ply not played.
  [[nodiscard]] Result<std::string> fen(std::optional<int> ply);
  [[nodiscard]] const std::string& id() const noexcept { return id_; }
  [[nodiscard]] bool is_over();

  // Timers: the flag, the first-move abort, pings, resends, handshake timeouts, and the
  // computer's turn. Called when RoomContext::wake_at's time has come, by hand in tests.
  void tick();
  // The owner's timer of `generation` (RoomContext::wake_at) fell due: ticks the room,
  // unless a later wake_at replaced that timer.
  void on_timer(std::uint64_t generation);
  // Whether the room has asked for a timer it still needs (tests, benchmarks).
  [[nodiscard]] bool has_timer();
  // Stops the computer and closes the sockets (server shutdown).
  void shutdown();
  // Whether the room may be dropped from memory and loaded again from the store without a
  // visible difference: no socket, no computer search, nothing time-dependent (no running
  // clock, no first-move deadline), and nothing happened for `grace`.
  [[nodiscard]] bool evictable(Millis grace);

  // Cluster (docs/cluster.md). The room's lease when less than half of it is left at wall
  // time `wall` (the registry renews them all in one transaction, Store::renew_leases).
  [[nodiscard]] std::optional<store::Lease> lease_to_renew(std::int64_t wall);
  // The renewal's outcome: the renewed lease, or nullopt when the store no longer has the
  // room's epoch (another node took the game: the room lets its sockets go).
  void lease_renewed(const std::optional<store::Lease>& renewed);
  // Gives the lease up (eviction, shutdown), so that another node may take the game at once.
  void release_lease();
  // Another node took the game: its writes were fenced off or its lease could not be renewed.
  [[nodiscard]] bool lost();

 private:
  struct Seat {
    std::string token;
    std::string name;
    bool computer = false;
    bool taken = true;
    std::int64_t user = 0;  // the seat's account (issue #17), 0: none
    bool seen = false;      // its player has connected since the room was loaded
  };
  using Client = RoomClient;  // one socket and its protocol timers (room_client.hpp)
  struct Pending {
    std::vector<store::LogLine> log;  // the referee's events of this action
    std::vector<store::EventRecord> events;
    std::optional<std::size_t> end_index;  // first event of the ending
    std::optional<store::MoveRecord> move;
    std::optional<store::Ending> ending;
    std::optional<store::GameWrite::SeatUser> seat_user;  // an account takes a seat
    std::optional<store::GameWrite::SeatName> seat_name;  // the joiner's name, for lists
  };

  GameRoom(RoomContext context, store::GameHeader header, wire::GameExtra extra,
           competition::Arbiter arbiter);

  // The room's state from the store: the Arbiter from the referee's log, the room's own
  // facts (seats, views, rematch, abort) from the protocol events. A game stored before the
  // log existed is refereed from its protocol events instead, and its log written now.
  Result<void> replay(const store::StoredGame& stored);
  Result<void> replay_log(std::span<const store::LogLine> log);
  void resume_clocks(const store::StoredGame& stored);

  // --- time
  [[nodiscard]] Millis now() const { return ctx_.clock->steady(); }
  // The time a side has for its first move before the game is aborted (§3.3): the
  // server's timing, or a correspondence game's days for a move (issue #17 item 5).
  [[nodiscard]] Millis first_move_allowance() const;
  [[nodiscard]] Millis arbiter_time(Millis steady) const;
  [[nodiscard]] std::optional<wire::ClockView> clock_view(Millis steady) const;
  [[nodiscard]] Millis grace(core::Color side) const;

  // --- views
  [[nodiscard]] wire::GameState state_locked() const;
  [[nodiscard]] wire::Dests dests() const;
  [[nodiscard]] wire::ClaimsView claims() const;
  [[nodiscard]] bool over() const noexcept;
  [[nodiscard]] store::GameStatus status() const noexcept;
  [[nodiscard]] std::optional<core::Color> draw_offer() const noexcept;
  [[nodiscard]] bool playable() const noexcept;
  [[nodiscard]] bool can_abort() const noexcept;
  [[nodiscard]] std::string role_name(const Client& c) const;
  [[nodiscard]] bool clock_running() const noexcept { return t0_.has_value() && !over(); }
  [[nodiscard]] Millis ping_interval(const Client& c) const noexcept {
    return c.role && clock_running() ? ctx_.timings.ping_interval
                                     : ctx_.timings.quiet_ping_interval;
  }

  // --- refereeing (all under mutex_)
  // Every event the Arbiter sees goes through apply(), which also writes it to the
  // referee's log (spec/game-events.md), so that the stored log re-adjudicates the game
  // to the Arbiter's own state.
  void apply(competition::EventBody body, Millis t);
  // The log's `start` line, once both seats are taken (the names are final then).
  void start_log();
  // Art. 6.8 under the automatic flag: `flagged`'s time ran out at t. Logged as the
  // opponent's flag claim at that instant, which the Arbiter refuses as redundant: the
  // game ended at the instant, before any claim.
  void flag_fell(core::Color flagged, Millis t);
  void handle(Client& client, const wire::ClientMessage& message);
  void on_hello(Client& client, const wire::HelloMsg& hello);
  void on_move(Client& client, const wire::MoveMsg& m);
  void on_draw(Client& client, const wire::DrawMsg& m);
  void on_claim(Client& client, const wire::ClaimMsg& m);
  void on_resign(Client& client, const wire::ResignMsg& m);
  void on_abort(Client& client, const wire::AbortMsg& m);
  void on_rematch(Client& client, const wire::RematchMsg& m);
  // `game-over` for request `id`, after storing an ending found just now (a flag).
  void reply_over(Client& client, std::int64_t id);
  // Plays a refereed move of `side` at arbiter time t (the move is legal).
  void play_move(core::Color side, core::Move move, Millis t, std::int64_t lag_ms, bool offer_draw);
  // The next ply: `move` of `side` from `before` to `after` joins the move list and is the
  // pending store record. Returns its event with the move's own fields, for the caller to
  // complete with the game's state.
  wire::MoveEventData record_move(core::Color side, const core::Position& before, core::Move move,
                                  const core::Position& after);
  // A move the referee has just played: the clocks' start, the lapse of the opponent's
  // draw offer, and the move event with the state after it.
  // `lapsed`: the move made the opponent's draw offer lapse (9.1.2.1).
  void add_played_move(core::Color side, const core::Position& before, core::Move move,
                       std::int64_t lag_ms, bool lapsed);
  void offer_draw(core::Color side, Millis t);
  // After an action: an automatic ending of the Arbiter becomes the `end` event.
  void end_if_over(std::optional<core::Color> by);
  // Issue #18: an event's game whose side `late` let the default time pass (Art. 6.7.1).
  void forfeit_absent(core::Color late);
  void end_game(const std::string& result, const std::string& termination,
                std::optional<core::Color> winner, std::optional<core::Color> by, Millis t,
                const std::string& text, std::optional<std::string> article);
  // The running side's flag: its zero instant in arbiter time, and the steady time at
  // which the server declares it (the instant plus the side's lag grace).
  struct FlagDue {
    core::Color side;
    Millis instant;
    Millis steady;
  };
  [[nodiscard]] std::optional<FlagDue> flag_due() const;
  void check_flag(Millis steady);
  void accept_rematch(core::Color side);

  // --- events and persistence (game_room_commit.cpp)
  void add_event(const wire::EventData& data);
  // What a player hears once his action is stored, or could not be.
  struct Reply {
    std::shared_ptr<Connection> to;
    std::vector<std::shared_ptr<const std::string>> stored;  // e.g. the ack
    std::shared_ptr<const std::string> failed;
  };
  [[nodiscard]] static Reply reply_to(const Client& client, std::optional<std::int64_t> ack_id,
                                      std::string_view failed_message);
  // Hands the pending records to the store (the writer, or at once without one). Until
  // the commit completes, socket messages and the computer's move wait (deferred_) and the
  // timers leave the game alone, so every observer only ever sees stored state.
  void commit(Reply reply = {});
  // The commit's result: on success publishes the events and sends the reply's messages;
  // on failure reloads the game from the store (nothing was committed) and resyncs.
  void committed(Result<void> result);
  void on_committed(Result<void> result);  // the writer's completion, from the executor
  // Waits (the lock released) until no commit is in flight; false after `limit`.
  bool wait_idle(std::unique_lock<std::mutex>& lock, Millis limit = Millis{10000});
  void handle_message(const std::shared_ptr<Connection>& connection, std::string_view text);
  // Sends new events to the players at once; the spectators get them from
  // flush_spectators(), after the acknowledgement (issue #14: players first).
  void publish(std::vector<store::EventRecord> records);
  void flush_spectators();
  // At the end of a locked scope, whatever the return path: flush_spectators(), and the
  // room's next timer asked for (reschedule()).
  struct AfterAction {
    GameRoom& room;
    ~AfterAction() {
      room.flush_spectators();
      room.reschedule();
    }
  };
  void send_event(Client& client, std::int64_t seq);
  void sync(Client& client, std::int64_t last_seq);
  [[nodiscard]] std::shared_ptr<const std::string> crowd_message() const;
  // Presence changed: the room hears of it at the next tick past the crowd interval.
  void crowd_changed() noexcept { crowd_dirty_ = true; }
  void flush_crowd(Millis steady);
  void reply_error(Client& client, std::optional<std::int64_t> id, std::string_view code,
                   std::string_view message, bool fatal = false, unsigned short close = 0);
  void ack(Client& client, std::int64_t id);

  // --- memory and timers (docs/security.md)
  // The earliest steady time at which tick() has something to do; none when nothing in
  // the room depends on time (no socket, no running clock, no deadline).
  [[nodiscard]] std::optional<Millis> next_timer() const;
  // Asks RoomContext::wake_at for next_timer() when it is earlier than the timer asked for
  // last; forgets the timer when none is needed.
  void reschedule();
  // Something happened: restarts the idle time and reschedules.
  void touched();

  // --- computer
  void maybe_start_computer();
  void computer_moved(const std::string& uci, int ply);
  void computer_played(const std::string& uci, int ply);  // under the lock, nothing in flight

  RoomContext ctx_;
  std::string id_;
  mutable std::mutex mutex_;
  store::GameHeader header_;
  wire::GameExtra extra_;
  competition::StartEvent start_;
  std::optional<store::Lease> lease_;
  std::optional<std::int64_t> interrupted_since_;  // see load(); used once
  // The lease is gone (another node owns the game): sockets closed 4010, nothing written.
  bool lost_ = false;
  // Under mutex_: the game moved to another node; closes the sockets so that the clients
  // reconnect (HAProxy routes them to the new owner).
  void lose(const std::string& why);
  std::optional<competition::Arbiter> arbiter_;
  std::int64_t log_lines_ = 0;  // lines of the referee's log, stored, in flight or pending
  std::array<Seat, 2> seats_;
  std::vector<std::shared_ptr<const std::string>> events_;  // events_[seq - 1]
  std::vector<wire::MoveView> moves_;
  std::vector<std::string> alt_uci_;  // the king-onto-rook form of castling moves, else ""
  // The game was aborted before both sides moved (§3.3; not a rule of chess: the game
  // never began, and the Arbiter's log ends without a result).
  bool aborted_ = false;
  // The `end` event of the Arbiter's ending has been added (an ending becomes one event).
  bool end_announced_ = false;
  std::optional<core::Color> rematch_offer_;
  std::optional<std::string> rematch_id_;
  std::optional<Millis> t0_;  // steady instant of arbiter t = 0
  std::optional<Millis> first_move_deadline_;
  std::map<const Connection*, Client> clients_;
  int spectators_ = 0;               // ready sockets without a seat
  std::int64_t spectators_seq_ = 0;  // events sent to the spectators up to this seq
  bool crowd_dirty_ = false;
  Millis next_crowd_{0};
  Pending pending_;
  struct InFlight {
    std::vector<store::EventRecord> events;
    std::vector<std::pair<std::shared_ptr<Connection>, std::string>> seats;
    Reply reply;
    std::optional<std::string> rated_result;  // a rated game's result, ended by this commit
    std::optional<std::string> event_result;  // an event's game's result, ended by this commit
    int plies = 0;                            // the moves played when it ended
  };
  std::optional<InFlight> in_flight_;
  bool last_commit_ok_ = true;
  std::deque<std::function<void()>> deferred_;  // run when no commit is in flight
  std::condition_variable idle_;                // notified when a commit completes
  // `seat` messages of an accepted rematch, sent after its events are published.
  std::vector<std::pair<std::shared_ptr<Connection>, std::string>> pending_seat_;
  std::unique_ptr<ComputerMover> computer_;
  bool computer_thinking_ = false;
  bool shut_down_ = false;
  std::optional<Millis> timer_due_;  // the timer asked of RoomContext::wake_at, if any
  std::uint64_t timer_generation_ = 0;
  Millis last_activity_{0};  // steady time of the last action, socket or load
};

}  // namespace arbiter::server
