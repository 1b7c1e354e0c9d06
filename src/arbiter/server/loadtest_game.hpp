// `arbiter loadtest`: one game under load. It creates a friend game (POST /api/games),
// takes the second seat (POST …/join), connects both players' WebSockets and then plays a
// move every 1/rate seconds, alternately for each side, chosen among the server's `dests`.
// It answers pings, acknowledges events as the web client does, and times every move from
// the moment it is handed to the socket to the server's `ack` of its id.
//
// Everything of a game runs on one io_context thread; the run's shared state is atomics.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/server/beast.hpp"
#include "arbiter/server/loadtest_moves.hpp"
#include "arbiter/server/loadtest_options.hpp"
#include "arbiter/server/loadtest_stats.hpp"
#include "arbiter/server/loadtest_verify.hpp"
#include "arbiter/wire/client_messages.hpp"

namespace arbiter::server {

class LoadRest;
class LoadSocket;

using LoadClock = std::chrono::steady_clock;

// What the games of a run share with the runner.
struct LoadShared {
  LoadOptions options;
  LoadTarget target;
  // Moves sent from this instant on are "steady": every game had been set up. Set by the
  // runner (nanoseconds of LoadClock's epoch); never before.
  std::atomic<std::int64_t> steady_since_ns{std::numeric_limits<std::int64_t>::max()};
  std::atomic<std::uint64_t> acked{0};     // moves acknowledged so far, all games
  std::atomic<std::int64_t> in_flight{0};  // moves sent and not yet answered
  std::atomic<int> setups_done{0};         // games ready to play, or failed before
};

class LoadGame : public std::enable_shared_from_this<LoadGame> {
 public:
  // `stats` belongs to the io_context's thread: only that thread's games touch it.
  LoadGame(net::io_context& ioc, LoadShared& shared, LoadStats& stats, int index);
  ~LoadGame();

  void start();  // on the io_context: create, join, connect, play
  void stop();   // on the io_context: no more moves; closes once the move in flight is answered
  void close();  // on the io_context: closes the sockets now

  // After the run (the io_context stopped): the game and its acknowledged moves.
  [[nodiscard]] GameRecord record() const { return {id_, acked_}; }

 private:
  void create();
  void join();
  void connect();
  void on_open(int side);
  void on_message(int side, std::string_view text);
  void on_failure(int side, const std::string& kind, bool connecting);
  void on_event(int side, const wire::ServerMessage& m);
  void on_ack(int side, std::int64_t id);
  void setup_failed(const std::string& kind);
  void setup_done();
  void ready_if_both_welcomed();
  void schedule(LoadClock::time_point at);
  void tick();
  void send_move();
  void answered();  // the move in flight got its answer (ack or error)
  void fail();      // stop this game: an error it cannot go on from
  void send_event_ack(int side, bool force);
  // --reconnect: `side`'s socket was lost; a new one is opened after a short pause.
  void lost(int side, const std::string& kind);
  void open_socket(int side);

  struct Player {
    std::shared_ptr<LoadSocket> socket;
    std::string token;
    bool welcomed = false;
    std::int64_t last_seq = 0;   // the highest event received
    std::int64_t acked_seq = 0;  // the highest event acknowledged to the server
    LoadClock::time_point last_ack_sent{};
    // --reconnect: when the socket was lost (unset while connected), the attempts since, and
    // whether the state after the new welcome has arrived (no move is sent before it).
    std::optional<LoadClock::time_point> lost_at;
    int attempts = 0;
    bool synced = true;
    std::unique_ptr<net::steady_timer> retry;
  };
  struct InFlight {
    std::int64_t id = 0;
    int ply = 0;
    int side = 0;
    LoadClock::time_point sent;
  };

  net::io_context& ioc_;
  LoadShared& shared_;
  LoadStats& stats_;
  const int index_;
  const std::string source_;  // this game's address, or "" for any
  std::shared_ptr<LoadRest> rest_;
  std::string id_;
  std::string invite_;
  std::array<Player, 2> players_;  // White, Black
  // The position as the server last described it.
  int ply_ = 0;
  std::string fen_;
  wire::Dests dests_;
  std::string last_uci_;  // the move of ply_, in the server's form
  bool has_position_ = false;
  bool over_ = false;
  // Pacing.
  net::steady_timer timer_;
  LoadClock::duration period_{};
  LoadClock::time_point next_move_at_{};
  bool waiting_ = false;  // a move is due but the previous one is not answered yet
  std::optional<InFlight> in_flight_;
  std::int64_t next_id_ = 1;
  MoveRandom random_;
  bool setup_reported_ = false;
  bool playing_ = false;
  bool stopping_ = false;
  bool failed_ = false;
  std::vector<AckedMove> acked_;
};

}  // namespace arbiter::server
