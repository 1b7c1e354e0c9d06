#include "arbiter/server/loadtest_game.hpp"

#include <cmath>

#include "arbiter/server/loadtest_rest.hpp"
#include "arbiter/server/loadtest_socket.hpp"

namespace arbiter::server {
namespace {

using namespace std::chrono_literals;

// As the web client: the highest event acknowledged at most every 200 ms (web-protocol.md
// §2.2); a pending one goes with the next pong, within 2 s.
constexpr auto kEventAckInterval = 200ms;
// --reconnect: a socket on which nothing arrives for this long, not even the answer to a
// WebSocket ping sent at half of it, is taken as lost.
constexpr auto kSilenceLimit = 4000ms;

std::int64_t ns_of(LoadClock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

double ms_between(LoadClock::time_point from, LoadClock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// "HTTP 429 rate-limited": the status and the error code of the body, if any.
std::string http_failure(unsigned status, const std::string& body) {
  std::string kind = "HTTP " + std::to_string(status);
  if (auto code = wire::json_at(body, "/error/code")) kind += " " + *code;
  return kind;
}

}  // namespace

LoadGame::LoadGame(net::io_context& ioc, LoadShared& shared, LoadStats& stats, int index)
    : ioc_(ioc),
      shared_(shared),
      stats_(stats),
      index_(index),
      source_(shared.options.spread_addresses && !shared.target.ipv6 ? spread_address(index)
                                                                     : std::string{}),
      timer_(ioc),
      random_(static_cast<std::uint64_t>(index) + 1) {
  if (shared.options.rate > 0) {
    period_ = std::chrono::duration_cast<LoadClock::duration>(
        std::chrono::duration<double>(1.0 / shared.options.rate));
  }
}

LoadGame::~LoadGame() = default;

void LoadGame::start() {
  rest_ = std::make_shared<LoadRest>(ioc_, shared_.target, source_);
  create();
}

void LoadGame::create() {
  wire::CreateGameRequest request;
  request.time_control = shared_.options.time_control;
  request.color = core::Color::White;
  request.name = "Load " + std::to_string(index_);
  const auto sent = LoadClock::now();
  rest_->post("/api/games", wire::write_create_request(request),
              [self = shared_from_this(), sent](const std::string& failure, unsigned status,
                                                std::string body) {
                if (!failure.empty()) {
                  if (failure.starts_with("connect")) ++self->stats_.connection_failures;
                  return self->setup_failed("create: " + failure);
                }
                if (status != 201)
                  return self->setup_failed("create: " + http_failure(status, body));
                auto grant = wire::read_seat_grant(body);
                if (!grant || grant->invite.empty()) {
                  return self->setup_failed("create: bad answer");
                }
                self->stats_.create_ms.push_back(ms_between(sent, LoadClock::now()));
                ++self->stats_.games_created;
                self->id_ = grant->id;
                self->invite_ = grant->invite;
                self->players_[0].token = grant->token;
                self->join();
              });
}

void LoadGame::join() {
  wire::JoinGameRequest request{"Load " + std::to_string(index_) + " b", std::nullopt, invite_};
  rest_->post(
      "/api/games/" + id_ + "/join", wire::write_join_request(request),
      [self = shared_from_this()](const std::string& failure, unsigned status, std::string body) {
        self->rest_->close();
        if (!failure.empty()) return self->setup_failed("join: " + failure);
        if (status != 200) return self->setup_failed("join: " + http_failure(status, body));
        auto grant = wire::read_seat_grant(body);
        if (!grant || grant->seat != core::Color::Black) {
          return self->setup_failed("join: bad answer");
        }
        ++self->stats_.games_joined;
        self->players_[1].token = grant->token;
        self->connect();
      });
}

void LoadGame::connect() {
  for (int side = 0; side < 2; ++side) open_socket(side);
}

void LoadGame::open_socket(int side) {
  LoadSocket::Handlers handlers;
  // The game outlives its sockets' callbacks: the runner keeps every game until the
  // io_contexts have stopped.
  handlers.opened = [this, side] { on_open(side); };
  handlers.message = [this, side](std::string_view text) { on_message(side, text); };
  handlers.failed = [this, side](const std::string& kind, bool connecting) {
    on_failure(side, kind, connecting);
  };
  players_[side].socket = std::make_shared<LoadSocket>(ioc_, std::move(handlers));
  // A frozen server is noticed as the web client notices it, within seconds.
  if (shared_.options.reconnect) players_[side].socket->set_idle_timeout(kSilenceLimit);
  players_[side].socket->open(shared_.target, source_, "/api/games/" + id_ + "/ws");
}

void LoadGame::on_open(int side) {
  // After a reconnection, the events since the last one seen (web-protocol.md §2.2).
  players_[side].socket->send(wire::write_hello(players_[side].token, players_[side].last_seq));
}

void LoadGame::lost(int side, const std::string& kind) {
  Player& p = players_[side];
  const auto now = LoadClock::now();
  if (!p.lost_at) {
    p.lost_at = now;
    ++stats_.disconnects[kind];
  }
  if (now - *p.lost_at > shared_.options.reconnect_limit) {
    stats_.error("websocket: not welcomed again within the reconnect limit (" + kind + ")");
    return fail();
  }
  p.welcomed = false;
  p.synced = false;
  // The move in flight on this socket gets no ack any more: the state after the welcome
  // says whether it was stored.
  if (in_flight_ && in_flight_->side == side) {
    ++stats_.moves_unconfirmed;
    answered();
  }
  // As the web client: a short pause, longer after each failed attempt (at most 2 s).
  const auto pause = std::chrono::milliseconds{std::min(2000, 100 << std::min(p.attempts, 5))};
  ++p.attempts;
  if (!p.retry) p.retry = std::make_unique<net::steady_timer>(ioc_);
  p.retry->expires_after(pause);
  p.retry->async_wait([self = shared_from_this(), side](beast::error_code ec) {
    if (!ec && !self->stopping_ && !self->failed_) self->open_socket(side);
  });
}

void LoadGame::setup_failed(const std::string& kind) {
  stats_.error(kind);
  fail();
}

void LoadGame::setup_done() {
  if (setup_reported_) return;
  setup_reported_ = true;
  shared_.setups_done.fetch_add(1, std::memory_order_relaxed);
}

void LoadGame::fail() {
  if (failed_) return;
  failed_ = true;
  timer_.cancel();
  if (in_flight_) {
    in_flight_.reset();
    shared_.in_flight.fetch_sub(1, std::memory_order_relaxed);
  }
  setup_done();  // a game that failed during its setup is done with it too
  close();
}

void LoadGame::on_failure(int side, const std::string& kind, bool connecting) {
  (void)side;
  if (stopping_) return;  // the server may close first once the run is over
  if (shared_.options.reconnect && playing_ && !failed_) return lost(side, kind);
  if (connecting) ++stats_.connection_failures;
  stats_.error("websocket: " + kind);
  fail();
}

void LoadGame::on_message(int side, std::string_view text) {
  // A move this game has already taken from the other player's socket: only its seq
  // matters (the acknowledgement), not its 700 bytes (wire::read_server_head).
  if (auto head = wire::read_server_head(text);
      head && head->t == "move" && head->seq && head->ply && *head->ply <= ply_) {
    Player& p = players_[side];
    p.last_seq = std::max(p.last_seq, *head->seq);
    send_event_ack(side, /*force=*/false);
    return;
  }
  auto m = wire::read_server_message(text);
  if (!m) {
    stats_.error("bad message: " + m.error().message);
    return;
  }
  if (m->seq) on_event(side, *m);
  if (m->t == "welcome") {
    players_[side].welcomed = true;
    if (auto& lost_at = players_[side].lost_at) {
      stats_.reconnect_ms.push_back(ms_between(*lost_at, LoadClock::now()));
      lost_at.reset();
      players_[side].attempts = 0;
    }
    if (m->role != (side == 0 ? "white" : "black")) stats_.error("welcome: wrong role " + m->role);
  } else if (m->t == "state") {
    if (m->has_position && m->ply >= ply_) {
      ply_ = m->ply;
      fen_ = m->fen;
      dests_ = m->dests;
      last_uci_ = m->uci;
      has_position_ = true;
      over_ = m->over;
    }
    players_[side].synced = true;
    ready_if_both_welcomed();
  } else if (m->t == "ack" && m->id) {
    on_ack(side, *m->id);
  } else if (m->t == "error") {
    if (shared_.options.reconnect && m->code == "internal" && in_flight_ &&
        m->id == in_flight_->id && side == in_flight_->side) {
      // A node that lost the game (its lease taken over, docs/cluster.md) refuses the move
      // and closes the socket (4010): the player reconnects and plays on.
      ++stats_.disconnects["move refused: internal"];
      ++stats_.moves_unconfirmed;
      answered();
      return;
    }
    stats_.error("server error: " + m->code);
    if (in_flight_ && m->id == in_flight_->id && side == in_flight_->side) {
      answered();
      fail();
    } else if (m->fatal) {
      fail();
    }
  } else if (m->t == "ping") {
    players_[side].socket->send(wire::write_pong(m->n));
    send_event_ack(side, /*force=*/true);
  }
}

void LoadGame::on_event(int side, const wire::ServerMessage& m) {
  Player& p = players_[side];
  p.last_seq = std::max(p.last_seq, *m.seq);
  if (m.t == "move" && m.has_position && m.ply > ply_) {
    ply_ = m.ply;
    fen_ = m.fen;
    dests_ = m.dests;
    last_uci_ = m.uci;
    has_position_ = true;
  }
  if (m.over && !over_) {
    over_ = true;
    ++stats_.games_over;
  }
  send_event_ack(side, /*force=*/false);
}

void LoadGame::send_event_ack(int side, bool force) {
  Player& p = players_[side];
  if (p.last_seq <= p.acked_seq) return;
  const auto now = LoadClock::now();
  if (!force && now - p.last_ack_sent < kEventAckInterval) return;
  p.socket->send(wire::write_event_ack(p.last_seq));
  p.acked_seq = p.last_seq;
  p.last_ack_sent = now;
}

void LoadGame::ready_if_both_welcomed() {
  if (playing_ || failed_ || !has_position_ || !players_[0].welcomed || !players_[1].welcomed) {
    return;
  }
  playing_ = true;
  ++stats_.games_ready;
  if (period_ == LoadClock::duration::zero()) return send_move();  // idle: two moves, then none
  setup_done();
  // Spread the games' moves evenly over the period (a golden-ratio sequence), so that a
  // thousand games set up within a second do not all move in the same millisecond.
  const double phase = std::fmod(static_cast<double>(index_) * 0.6180339887498949, 1.0);
  next_move_at_ =
      LoadClock::now() + std::chrono::duration_cast<LoadClock::duration>(period_ * phase);
  schedule(next_move_at_);
}

void LoadGame::schedule(LoadClock::time_point at) {
  timer_.expires_at(at);
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->tick();
  });
}

void LoadGame::tick() {
  if (stopping_ || failed_ || over_) return;
  if (in_flight_) {
    if (LoadClock::now() - in_flight_->sent >= shared_.options.move_timeout) {
      stats_.error("move timeout");
      return fail();
    }
    waiting_ = true;  // sent as soon as the answer comes; checked again at the timeout
    return schedule(in_flight_->sent + shared_.options.move_timeout);
  }
  send_move();
}

void LoadGame::send_move() {
  if (stopping_ || failed_ || over_ || in_flight_) return;
  if (const Player& mover = players_[ply_ % 2]; !mover.welcomed || !mover.synced) {
    // Reconnecting (--reconnect): the move waits for the player's socket and its state.
    return schedule(LoadClock::now() + std::chrono::milliseconds{50});
  }
  const std::string uci = choose_move(dests_, fen_, random_);
  if (uci.empty()) {
    over_ = true;
    ++stats_.games_over;
    return;
  }
  const auto now = LoadClock::now();
  const int side = ply_ % 2;
  const std::int64_t id = next_id_++;
  players_[side].socket->send(wire::write_move(id, uci, ply_ + 1));
  in_flight_ = InFlight{id, ply_ + 1, side, now};
  shared_.in_flight.fetch_add(1, std::memory_order_relaxed);
  ++stats_.moves_sent;
  if (period_ == LoadClock::duration::zero()) return;  // idle mode: no pacing
  if (now - next_move_at_ > period_ / 10) ++stats_.moves_late;
  // A fixed cadence; a game that fell more than a period behind does not catch up in a
  // burst: the missed times are dropped.
  next_move_at_ += period_;
  if (next_move_at_ < now) next_move_at_ = now + period_;
  waiting_ = false;
  schedule(next_move_at_);
}

void LoadGame::answered() {
  in_flight_.reset();
  shared_.in_flight.fetch_sub(1, std::memory_order_relaxed);
}

void LoadGame::on_ack(int side, std::int64_t id) {
  if (!in_flight_ || id != in_flight_->id || side != in_flight_->side) return;  // not a move's
  const auto now = LoadClock::now();
  const double ms = ms_between(in_flight_->sent, now);
  stats_.rtt_ms.push_back(ms);
  if (ns_of(in_flight_->sent) >= shared_.steady_since_ns.load(std::memory_order_relaxed)) {
    stats_.steady_rtt_ms.push_back(ms);
  }
  ++stats_.moves_acked;
  shared_.acked.fetch_add(1, std::memory_order_relaxed);
  // The server sends a move's events before its ack: the event named the move as stored.
  const int ply = in_flight_->ply;
  acked_.push_back(AckedMove{ply, ply == ply_ ? last_uci_ : std::string{}});
  if (ply != ply_) stats_.error("ack before its move event");
  answered();
  if (stopping_) return close();
  if (period_ == LoadClock::duration::zero()) {
    if (ply_ < 2) return send_move();
    return setup_done();  // idle from now on
  }
  if (waiting_) {
    waiting_ = false;
    timer_.cancel();
    send_move();
  }
}

void LoadGame::stop() {
  stopping_ = true;
  timer_.cancel();
  if (!in_flight_) close();
}

void LoadGame::close() {
  if (rest_) rest_->close();
  for (auto& p : players_) {
    if (p.retry) p.retry->cancel();
    if (p.socket) p.socket->close();
  }
}

}  // namespace arbiter::server
