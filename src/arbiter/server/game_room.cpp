#include "arbiter/server/game_room.hpp"

#include <algorithm>
#include <cstdio>
#include <span>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::server {
namespace {

using competition::ClaimKind;
using core::Color;
using wire::ClockView;

constexpr std::size_t side_index(Color c) noexcept { return c == Color::White ? 0 : 1; }
constexpr clock::ClockSide clock_side(Color c) noexcept {
  return c == Color::White ? clock::ClockSide::White : clock::ClockSide::Black;
}
std::string capitalised(Color c) { return c == Color::White ? "White" : "Black"; }

std::string sq(core::Square s) {
  std::string out(2, ' ');
  out[0] = static_cast<char>('a' + static_cast<int>(core::file_of(s)));
  out[1] = static_cast<char>('1' + static_cast<int>(core::rank_of(s)));
  return out;
}

// Castling is stored king-takes-rook; the king's own destination (g- or c-file).
core::Square castling_king_target(core::Move m) {
  const bool kingside =
      static_cast<int>(core::file_of(m.to())) > static_cast<int>(core::file_of(m.from()));
  return core::make_square(kingside ? core::File::G : core::File::C, core::rank_of(m.from()));
}

// Both texts a client may send for a move: the canonical UCI and, for castling, the other
// convention (king onto its destination / king onto the rook).
std::pair<std::string, std::string> uci_forms(const core::Position& pos, core::Move m) {
  std::string canonical = core::to_uci(pos, m);
  if (!m.is_castling()) return {canonical, ""};
  const std::string onto_rook = sq(m.from()) + sq(m.to());
  const std::string onto_target = sq(m.from()) + sq(castling_king_target(m));
  return {canonical, canonical == onto_rook ? onto_target : onto_rook};
}

std::string end_text(const std::string& termination, std::optional<Color> winner) {
  if (termination == "aborted") return "Game aborted";
  if (winner) {
    const std::string who = capitalised(*winner) + " wins";
    if (termination == "checkmate") return who + " by checkmate";
    if (termination == "resignation") return who + " by resignation";
    if (termination == "time_forfeit") return who + " on time";
    return who + " (" + termination + ")";
  }
  if (termination == "timeout_vs_insufficient") {
    return "Draw: the flag fell, but the opponent cannot checkmate";
  }
  if (termination == "stalemate") return "Draw by stalemate";
  if (termination == "dead_position") return "Draw: dead position";
  if (termination == "agreement") return "Draw by agreement";
  if (termination == "threefold_claim") return "Draw by threefold repetition, claimed";
  if (termination == "fifty_move_claim") return "Draw by the fifty-move rule, claimed";
  if (termination == "fivefold_repetition") return "Draw by fivefold repetition";
  if (termination == "seventyfive_moves") return "Draw by the 75-move rule";
  return "Draw (" + termination + ")";
}

Result<competition::StartEvent> start_event(const store::GameHeader& h, const wire::GameExtra& x,
                                            const std::string& white, const std::string& black) {
  competition::StartEvent s;
  s.white = white;
  s.black = black;
  auto tc = clock::TimeControl::parse(h.time_control);
  if (!tc) return tl::unexpected(tc.error());
  s.time_control = *tc;
  if (x.chess960) {
    s.chess960 = *x.chess960;
  } else if (h.start_fen != core::kStartFen) {
    s.fen = h.start_fen;
  }
  // The online rules (web-protocol.md): illegal moves are refused without penalty, flags
  // fall automatically (Art. 6.8 / 6.9).
  s.rules.illegal_moves = competition::IllegalMovePolicy::Reject;
  s.rules.flag = competition::FlagPolicy::Automatic;
  return s;
}

void log_line(const std::string& text) {
  std::fprintf(stderr, "arbiter serve: %s\n", text.c_str());
}

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

// ------------------------------------------------------------------ construction, replay

GameRoom::GameRoom(RoomContext context, store::GameHeader header, wire::GameExtra extra,
                   competition::Arbiter arbiter)
    : ctx_(std::move(context)),
      id_(header.id),
      header_(std::move(header)),
      extra_(std::move(extra)),
      arbiter_(std::move(arbiter)) {}

GameRoom::~GameRoom() = default;

Result<std::shared_ptr<GameRoom>> GameRoom::load(RoomContext context, store::StoredGame stored) {
  auto extra = wire::read_extra(stored.header.extra);
  if (!extra) return tl::unexpected(extra.error());
  auto start = start_event(stored.header, *extra, stored.header.white, stored.header.black);
  if (!start) return tl::unexpected(start.error());
  auto arbiter = competition::Arbiter::create(*start);
  if (!arbiter) return tl::unexpected(arbiter.error());
  std::shared_ptr<GameRoom> room{
      new GameRoom(std::move(context), stored.header, *extra, std::move(*arbiter))};
  std::lock_guard lock{room->mutex_};
  if (auto ok = room->replay(stored); !ok) return tl::unexpected(ok.error());
  if (room->extra_.computer && room->ctx_.computer && !room->over()) {
    room->computer_ = room->ctx_.computer(room->extra_.level);
  }
  room->resume_clocks(stored);
  room->maybe_start_computer();
  return room;
}

void GameRoom::apply(competition::EventBody body, Millis t) {
  competition::Event e;
  e.t = std::max(t, last_t_);
  e.body = std::move(body);
  arbiter_->apply(e);
  last_t_ = e.t;
}

Result<void> GameRoom::replay(const store::StoredGame& stored) {
  const store::GameHeader& h = stored.header;
  // Reset everything a reload may find changed.
  events_.clear();
  moves_.clear();
  alt_uci_.clear();
  draw_offer_.reset();
  rematch_offer_.reset();
  rematch_id_.reset();
  t0_.reset();
  last_t_ = Millis{0};
  first_move_deadline_.reset();
  pending_ = {};
  result_ = "*";
  termination_.reset();
  status_ = store::GameStatus::Created;
  seats_[0] = Seat{h.white_token, h.white, extra_.computer == Color::White, true};
  seats_[1] = Seat{h.black_token, h.black, extra_.computer == Color::Black, true};
  // A friend game created in the lobby waits for its second player (§1.2); a rematch
  // starts with both seats taken.
  if (!extra_.computer && !extra_.rematch_of) seats_[side_index(~extra_.creator)].taken = false;
  auto start = start_event(h, extra_, seats_[0].name, seats_[1].name);
  if (!start) return tl::unexpected(start.error());
  start_ = *start;
  auto fresh = competition::Arbiter::create(start_);
  if (!fresh) return tl::unexpected(fresh.error());
  arbiter_.emplace(std::move(*fresh));

  for (const store::EventRecord& rec : stored.events) {
    auto e = wire::read_stored_event(rec.json);
    if (!e) return tl::unexpected(e.error());
    events_.push_back(std::make_shared<const std::string>(rec.json));
    const Millis t{e->t};
    const Color side = e->side.value_or(Color::White);
    if (e->type == "move") {
      if (e->ply != static_cast<int>(moves_.size()) + 1) continue;
      const core::Position before = arbiter_->game().position();
      auto m = core::parse_uci(before, e->uci);
      if (!m) {
        return make_error(ErrorCode::kProtocolState,
                          "stored move " + e->uci + " is not legal: " + m.error().message);
      }
      // A rejected claim's intended move (9.5.3) is already on the board; an upheld
      // claim's intended move is shown but never played (the claim event follows).
      if (arbiter_->game().ply() < e->ply && !e->intended) {
        apply(competition::MoveEvent{side, notation::san(before, *m), false}, t);
      }
      auto [uci, alt] = uci_forms(before, *m);
      wire::MoveView view{uci, notation::san(before, *m), before.after(*m).fen(), 0, 0};
      if (static_cast<std::size_t>(e->ply) <= stored.moves.size()) {
        view.white_ms = stored.moves[static_cast<std::size_t>(e->ply - 1)].white_ms;
        view.black_ms = stored.moves[static_cast<std::size_t>(e->ply - 1)].black_ms;
      }
      moves_.push_back(std::move(view));
      alt_uci_.push_back(alt);
      if (draw_offer_ == ~side) draw_offer_.reset();
    } else if (e->type == "draw") {
      if (e->action == "offer") {
        if (draw_offer_ != side) apply(competition::OfferDrawEvent{side}, t);
        draw_offer_ = side;
      } else if (e->action == "decline") {
        apply(competition::DeclineDrawEvent{side}, t);
        draw_offer_.reset();
      } else {
        draw_offer_.reset();
      }
    } else if (e->type == "claim") {
      std::optional<std::string> intended;
      if (e->move) {
        const core::Position& pos = arbiter_->game().position();
        if (auto m = core::parse_uci(pos, *e->move)) intended = notation::san(pos, *m);
      }
      apply(competition::ClaimEvent{side, e->threefold ? ClaimKind::Threefold : ClaimKind::Fifty,
                                    intended},
            t);
      if (!e->upheld) draw_offer_ = side;  // 9.1.2.3: the claim is also an offer
    } else if (e->type == "end") {
      if (e->termination == "resignation") {
        apply(competition::ResignEvent{side}, t);
      } else if (e->termination == "agreement") {
        apply(competition::AcceptDrawEvent{side}, t);
      } else if (e->termination == "time_forfeit" || e->termination == "timeout_vs_insufficient") {
        const Color mover = arbiter_->game().position().side_to_move();
        apply(competition::ClaimEvent{~mover, ClaimKind::Flag, {}}, t);
      }
      status_ = e->termination == "aborted" ? store::GameStatus::Aborted : store::GameStatus::Ended;
      result_ = e->result;
      termination_ = e->termination;
      draw_offer_.reset();
    } else if (e->type == "join") {
      Seat& seat = seats_[side_index(side)];
      seat.taken = true;
      seat.name = e->name;
      if (arbiter_->game().ply() == 0) {
        // No move yet: the referee starts again with the joined player's name (PGN tags).
        (side == Color::White ? start_.white : start_.black) = e->name;
        auto renamed = competition::Arbiter::create(start_);
        if (renamed) arbiter_.emplace(std::move(*renamed));
      }
    } else if (e->type == "rematch") {
      if (e->action == "offer") {
        rematch_offer_ = side;
      } else if (e->action == "decline") {
        rematch_offer_.reset();
      } else {
        rematch_offer_.reset();
        rematch_id_ = e->game_id;
      }
    } else if (e->type == "penalty") {
      competition::ArbiterEvent a;
      a.action = competition::ArbiterAction::AddTime;
      a.side = side;
      a.ms = Millis{e->ms};
      apply(a, t);
    }
  }
  if (!moves_.empty() && status_ == store::GameStatus::Created)
    status_ = store::GameStatus::Ongoing;
  if (h.status == store::GameStatus::Ended || h.status == store::GameStatus::Aborted) {
    status_ = h.status;
    result_ = h.result;
    termination_ = h.reason.empty() ? std::nullopt : std::optional<std::string>(h.reason);
  }
  return {};
}

void GameRoom::resume_clocks(const store::StoredGame& stored) {
  const Millis s = now();
  if (over()) return;
  if (arbiter_->is_over()) {
    // The process died between storing the last move and storing the ending.
    end_if_over(std::nullopt);
    commit();
    return;
  }
  if (moves_.size() >= 2) {
    // docs/store.md: the clock of the side to move kept running while the server was
    // down, as a clock on a table keeps running while the arbiter is away.
    const std::int64_t wall_now = ctx_.clock->wall_ms();
    std::int64_t down = wall_now - stored.last_activity_ms();
    if (down < 0) {
      log_line("game " + id_ + ": the wall clock went back " + std::to_string(-down) + " ms");
      down = 0;
    }
    t0_ = s - (last_t_ + Millis{down});
    check_flag(s);
  } else if (playable()) {
    first_move_deadline_ = s + ctx_.timings.first_move;
  }
}

// ------------------------------------------------------------------ time and views

Millis GameRoom::arbiter_time(Millis steady) const {
  if (!t0_) return Millis{0};
  return std::max(steady - *t0_, last_t_);
}

std::optional<ClockView> GameRoom::clock_view(Millis steady) const {
  const clock::ChessClock& clk = arbiter_->chess_clock();
  if (clk.is_unlimited()) return std::nullopt;
  ClockView v;
  v.white = clk.remaining(clock::ClockSide::White).count();
  v.black = clk.remaining(clock::ClockSide::Black).count();
  const auto& periods = clk.control().periods();
  const Color to_move = arbiter_->game().position().side_to_move();
  const auto period_of = [&](Color c) {
    return std::min(clk.period_index(clock_side(c)), periods.size() - 1);
  };
  v.delay_ms = periods[period_of(to_move)].delay.count();
  if (!over() && t0_ && clk.running()) {
    const Color r = *clk.running() == clock::ClockSide::White ? Color::White : Color::Black;
    const Millis elapsed = std::max(Millis{0}, arbiter_time(steady) - last_t_);
    const Millis delay_left = clk.delay_left(clock_side(r));
    const Millis main = clk.remaining(clock_side(r));
    const Millis left = std::max(Millis{0}, main - std::max(Millis{0}, elapsed - delay_left));
    (r == Color::White ? v.white : v.black) = left.count();
    v.delay_left_ms = std::max(Millis{0}, delay_left - elapsed).count();
    v.running = r;
    v.delay_ms = periods[period_of(r)].delay.count();
  }
  for (Color c : {Color::White, Color::Black}) {
    const std::size_t p = period_of(c);
    if (periods[p].moves <= 0) continue;
    int before = 0;
    for (std::size_t i = 0; i < p; ++i) before += periods[i].moves;
    v.to_control[side_index(c)] = periods[p].moves - (clk.moves_completed(clock_side(c)) - before);
  }
  return v;
}

Millis GameRoom::grace(Color side) const {
  double best = 0;
  for (const auto& [key, c] : clients_) {
    if (c.ready && c.role == side && c.rtt) best = std::max(best, *c.rtt / 2);
  }
  return std::min(Millis{static_cast<std::int64_t>(best)}, ctx_.timings.lag_cap);
}

bool GameRoom::over() const noexcept {
  return status_ == store::GameStatus::Ended || status_ == store::GameStatus::Aborted;
}
bool GameRoom::playable() const noexcept { return seats_[0].taken && seats_[1].taken; }
bool GameRoom::can_abort() const noexcept { return !over() && moves_.size() < 2; }

std::string GameRoom::role_name(const Client& c) const {
  return c.role ? (*c.role == Color::White ? "white" : "black") : "spectator";
}

wire::Dests GameRoom::dests() const {
  wire::Dests out;
  if (over()) return out;
  const core::Position& pos = arbiter_->game().position();
  for (core::Move m : core::legal_moves(pos)) {
    const std::string from = sq(m.from());
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == from; });
    if (it == out.end()) {
      out.emplace_back(from, std::vector<std::string>{});
      it = std::prev(out.end());
    }
    auto add = [&](const std::string& to) {
      if (std::find(it->second.begin(), it->second.end(), to) == it->second.end()) {
        it->second.push_back(to);
      }
    };
    if (m.is_castling()) {
      // §3.2: the king's destination, and also the rook's square (king onto rook).
      add(sq(castling_king_target(m)));
      add(sq(m.to()));
    } else {
      add(sq(m.to()));
    }
  }
  return out;
}

wire::ClaimsView GameRoom::claims() const {
  wire::ClaimsView c;
  if (over()) return c;
  const game::Game& g = arbiter_->game();
  // 9.2.1 / 9.3.1: only the side to move claims, now or with the move it intends.
  c.threefold = g.can_claim_threefold();
  c.fifty = g.can_claim_fifty();
  for (core::Move m : g.threefold_claim_moves())
    c.threefold_moves.push_back(core::to_uci(g.position(), m));
  for (core::Move m : g.fifty_claim_moves()) c.fifty_moves.push_back(core::to_uci(g.position(), m));
  return c;
}

wire::GameState GameRoom::state_locked() const {
  wire::GameState s;
  s.id = id_;
  for (Color c : {Color::White, Color::Black}) {
    wire::PlayerView& p = c == Color::White ? s.white : s.black;
    const Seat& seat = seats_[side_index(c)];
    p.name = seat.taken ? seat.name : "?";
    p.computer = seat.computer;
    p.level = seat.computer ? extra_.level : 0;
  }
  s.time_control = header_.time_control;
  s.category = std::string(clock::to_string(arbiter_->category()));
  s.variant = header_.variant;
  s.chess960 = extra_.chess960;
  s.start_fen = arbiter_->game().start().fen();
  s.status = std::string(store::to_string(status_));
  if (!playable()) s.open_seat = seats_[0].taken ? Color::Black : Color::White;
  s.moves = moves_;
  s.fen = arbiter_->game().position().fen();
  s.turn = arbiter_->game().position().side_to_move();
  if (static_cast<int>(moves_.size()) > arbiter_->game().ply()) {
    s.fen = moves_.back().fen;  // an upheld claim's intended move
    s.turn = ~s.turn;
  }
  s.clock = clock_view(now());
  s.dests = dests();
  s.claims = claims();
  s.draw_offer = draw_offer_;
  s.can_abort = can_abort();
  s.result = result_;
  s.termination = termination_;
  if (termination_ && *termination_ != "aborted") {
    for (int i = 0; i <= static_cast<int>(competition::Termination::ArbiterDecision); ++i) {
      const auto t = static_cast<competition::Termination>(i);
      if (competition::termination_name(t) == *termination_) {
        s.article = std::string(competition::termination_article(t));
      }
    }
  }
  s.seq = static_cast<std::int64_t>(events_.size());
  return s;
}

wire::GameState GameRoom::state() {
  std::lock_guard lock{mutex_};
  return state_locked();
}

bool GameRoom::is_over() {
  std::lock_guard lock{mutex_};
  return over();
}

std::string GameRoom::pgn() {
  std::lock_guard lock{mutex_};
  return arbiter_->verdict().pgn;
}

Result<std::string> GameRoom::fen(std::optional<int> ply) {
  std::lock_guard lock{mutex_};
  if (!ply) return moves_.empty() ? arbiter_->game().position().fen() : moves_.back().fen;
  if (*ply < 0 || *ply > static_cast<int>(moves_.size())) {
    return make_error(ErrorCode::kInvalidArgument,
                      "ply must be 0.." + std::to_string(moves_.size()), Location{0, 0, "ply"});
  }
  if (*ply == 0) return arbiter_->game().start().fen();
  return moves_[static_cast<std::size_t>(*ply - 1)].fen;
}

// ------------------------------------------------------------------ REST join

Result<JoinResult> GameRoom::join(const wire::JoinGameRequest& request) {
  std::lock_guard lock{mutex_};
  if (request.token) {
    for (Color c : {Color::White, Color::Black}) {
      const Seat& seat = seats_[side_index(c)];
      if (!seat.computer && seat.taken && seat.token == *request.token) {
        return JoinResult{c, seat.token, state_locked()};
      }
    }
  }
  for (Color c : {Color::White, Color::Black}) {
    Seat& seat = seats_[side_index(c)];
    if (seat.taken || over()) continue;
    seat.taken = true;
    seat.name = request.name;
    if (arbiter_->game().ply() == 0) {
      (c == Color::White ? start_.white : start_.black) = request.name;
      if (auto renamed = competition::Arbiter::create(start_))
        arbiter_.emplace(std::move(*renamed));
    }
    add_event(wire::JoinEventData{c, request.name});
    if (!commit()) {
      return make_error(ErrorCode::kIo, "the game could not be stored; try again");
    }
    first_move_deadline_ = now() + ctx_.timings.first_move;
    broadcast_crowd();
    return JoinResult{c, seat.token, state_locked()};
  }
  return make_error(ErrorCode::kProtocolState, "both seats are taken; you can watch the game",
                    Location{0, 0, "seat-taken"});
}

// ------------------------------------------------------------------ sockets

void GameRoom::on_open(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  Client c;
  c.connection = connection;
  c.opened = now();
  c.window_start = c.opened;
  clients_.emplace(connection.get(), std::move(c));
}

void GameRoom::on_close(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  const bool was_ready = it->second.ready;
  clients_.erase(it);
  if (was_ready) broadcast_crowd();
}

void GameRoom::reply_error(Client& client, std::optional<std::int64_t> id, std::string_view code,
                           std::string_view message, bool fatal, unsigned short close) {
  client.connection->send(
      std::make_shared<const std::string>(wire::write_error(id, code, message, fatal)));
  if (fatal) {
    client.closing = true;
    client.connection->close(close ? close : 1008, code);
  }
}

void GameRoom::ack(Client& client, std::int64_t id) {
  client.connection->send(std::make_shared<const std::string>(wire::write_ack(id)));
}

void GameRoom::on_message(const std::shared_ptr<Connection>& connection, std::string_view text) {
  std::lock_guard lock{mutex_};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  Client& client = it->second;
  if (client.closing) return;
  const Millis s = now();
  // §2: at most 20 messages per second per socket.
  if (s - client.window_start >= Millis{1000}) {
    client.window_start = s;
    client.window_count = 0;
  }
  if (++client.window_count > ctx_.timings.messages_per_second) {
    reply_error(client, std::nullopt, "rate-limited", "more than 20 messages per second", true,
                1008);
    return;
  }
  auto parsed = wire::parse_client_message(text);
  if (!client.ready) {
    if (!parsed || !std::holds_alternative<wire::HelloMsg>(*parsed)) {
      reply_error(client, std::nullopt, "protocol",
                  parsed ? "the first message must be hello" : parsed.error().message, true, 1008);
      return;
    }
    on_hello(client, std::get<wire::HelloMsg>(*parsed));
    return;
  }
  if (!parsed) {
    reply_error(client, parsed.error().id, parsed.error().code, parsed.error().message);
    return;
  }
  handle(client, *parsed);
}

void GameRoom::on_hello(Client& client, const wire::HelloMsg& hello) {
  if (hello.v != wire::kProtocolVersion) {
    reply_error(client, std::nullopt, "version", "this server speaks protocol version 1", true,
                4000);
    return;
  }
  if (hello.token) {
    for (Color c : {Color::White, Color::Black}) {
      const Seat& seat = seats_[side_index(c)];
      if (!seat.computer && seat.taken && seat.token == *hello.token) client.role = c;
    }
    if (!client.role) {
      reply_error(client, std::nullopt, "bad-token", "no seat of this game has this token", true,
                  4003);
      return;
    }
  }
  client.ready = true;
  client.next_ping = now() + ctx_.timings.ping_interval;
  client.connection->send(std::make_shared<const std::string>(wire::write_welcome(
      role_name(client), static_cast<std::int64_t>(events_.size()), ctx_.clock->wall_ms())));
  sync(client, hello.last_seq);
  broadcast_crowd();
}

void GameRoom::sync(Client& client, std::int64_t last_seq) {
  const auto seq = static_cast<std::int64_t>(events_.size());
  if (last_seq == 0 || last_seq > seq || seq - last_seq > ctx_.timings.replay_window) {
    client.connection->send(
        std::make_shared<const std::string>(wire::write_state_message(state_locked())));
    client.unacked.clear();
    client.resent = false;
    return;
  }
  for (std::int64_t n = last_seq + 1; n <= seq; ++n) send_event(client, n);
}

void GameRoom::send_event(Client& client, std::int64_t seq) {
  client.connection->send(events_[static_cast<std::size_t>(seq - 1)]);
  const bool known = std::any_of(client.unacked.begin(), client.unacked.end(),
                                 [&](const auto& u) { return u.first == seq; });
  if (!known) client.unacked.emplace_back(seq, now());
}

void GameRoom::broadcast_crowd() {
  bool present[2] = {seats_[0].computer, seats_[1].computer};
  int spectators = 0;
  for (const auto& [key, c] : clients_) {
    if (!c.ready) continue;
    if (c.role) {
      present[side_index(*c.role)] = true;
    } else {
      ++spectators;
    }
  }
  auto text =
      std::make_shared<const std::string>(wire::write_crowd(present[0], present[1], spectators));
  for (auto& [key, c] : clients_) {
    if (c.ready && !c.closing) c.connection->send(text);
  }
}

void GameRoom::handle(Client& client, const wire::ClientMessage& message) {
  std::visit(Overloaded{
                 [&](const wire::HelloMsg& m) { sync(client, m.last_seq); },
                 [&](const wire::AckMsg& m) {
                   std::erase_if(client.unacked, [&](const auto& u) { return u.first <= m.seq; });
                   if (client.unacked.empty()) client.resent = false;
                 },
                 [&](const wire::PongMsg& m) {
                   if (client.ping_sent && m.n == client.ping_n) {
                     // §3.3: an exponential average (weight 0.2) of the round trips, capped.
                     const double sample = static_cast<double>((now() - *client.ping_sent).count());
                     const double avg = client.rtt ? 0.8 * *client.rtt + 0.2 * sample : sample;
                     client.rtt = std::min(avg, static_cast<double>(ctx_.timings.rtt_cap.count()));
                     client.ping_sent.reset();
                   }
                   client.connection->send(
                       std::make_shared<const std::string>(wire::write_clock(clock_view(now()))));
                 },
                 [&](const wire::ResyncMsg& m) { sync(client, m.last_seq); },
                 [&](const wire::FlagMsg& m) {
                   check_flag(now());
                   ack(client, m.id);
                 },
                 [&](const wire::MoveMsg& m) { on_move(client, m); },
                 [&](const wire::DrawMsg& m) { on_draw(client, m); },
                 [&](const wire::ClaimMsg& m) { on_claim(client, m); },
                 [&](const wire::ResignMsg& m) { on_resign(client, m); },
                 [&](const wire::AbortMsg& m) { on_abort(client, m); },
                 [&](const wire::RematchMsg& m) { on_rematch(client, m); },
             },
             message);
}

// ------------------------------------------------------------------ actions

void GameRoom::on_move(Client& client, const wire::MoveMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot move");
  const Color side = *client.role;
  // §2.3, move resend: a ply that already stands with the same move from this seat was
  // committed; only the acknowledgement was lost.
  if (m.ply >= 1 && m.ply <= static_cast<int>(moves_.size())) {
    const auto i = static_cast<std::size_t>(m.ply - 1);
    const Color mover = (arbiter_->game().start().side_to_move() == Color::White) == (i % 2 == 0)
                            ? Color::White
                            : Color::Black;
    if (mover == side &&
        (moves_[i].uci == m.uci || (!alt_uci_[i].empty() && alt_uci_[i] == m.uci))) {
      return ack(client, m.id);
    }
    return reply_error(client, m.id, "stale-ply",
                       "ply " + std::to_string(m.ply) + " has already been played");
  }
  const Millis s = now();
  check_flag(s);
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  if (!playable()) {
    return reply_error(client, m.id, "too-early", "waiting for the opponent to join");
  }
  const core::Position& pos = arbiter_->game().position();
  if (pos.side_to_move() != side) {
    return reply_error(client, m.id, "not-your-turn", "it is not your move");
  }
  if (m.ply != static_cast<int>(moves_.size()) + 1) {
    return reply_error(client, m.id, "stale-ply",
                       "ply " + std::to_string(m.ply) + " given, " +
                           std::to_string(moves_.size() + 1) + " expected");
  }
  auto move = core::parse_uci(pos, m.uci);
  if (!move) return reply_error(client, m.id, "illegal-move", move.error().message);
  // §3.3, lag compensation: the move is charged received - turn start - c, with
  // c = min(rtt / 2, 250 ms, time charged).
  Millis t{0};
  std::int64_t lag = 0;
  if (t0_) {
    const Millis charged = std::max(Millis{0}, (s - *t0_) - last_t_);
    const Millis half_rtt{static_cast<std::int64_t>(client.rtt.value_or(0) / 2)};
    const Millis c = std::min({half_rtt, ctx_.timings.lag_cap, charged});
    t = std::max(last_t_, (s - *t0_) - c);
    lag = c.count();
  }
  const std::size_t before = moves_.size();
  play_move(side, *move, t, lag, m.offer_draw);
  const bool played = moves_.size() == before + 1;
  if (!commit()) return reply_error(client, m.id, "internal", "the move could not be stored");
  if (!played) return reply_error(client, m.id, "game-over", "the flag fell before the move");
  ack(client, m.id);
  maybe_start_computer();
}

void GameRoom::play_move(Color side, core::Move move, Millis t, std::int64_t lag_ms, bool offer) {
  const core::Position before = arbiter_->game().position();
  const int ply_before = arbiter_->game().ply();
  const std::string san = notation::san(before, move);
  apply(competition::MoveEvent{side, san, false}, t);
  if (arbiter_->game().ply() != ply_before + 1) {
    // The flag fell before the move arrived (Art. 6.8: the move came too late).
    end_if_over(std::nullopt);
    return;
  }
  const core::Position& after = arbiter_->game().position();
  const int ply = static_cast<int>(moves_.size()) + 1;
  if (ply == 1 || ply == 2) first_move_deadline_ = now() + ctx_.timings.first_move;
  if (ply == 2) {
    // Art. 6.6 as the server applies it: White's clock starts when Black completes his
    // first move; that instant is t = 0 of the referee.
    t0_ = now();
    first_move_deadline_.reset();
  }
  if (status_ == store::GameStatus::Created) status_ = store::GameStatus::Ongoing;
  const bool lapsed = draw_offer_ == ~side;  // 9.1.2.1: the receiver moved
  if (lapsed) draw_offer_.reset();
  auto [uci, alt] = uci_forms(before, move);
  const clock::ChessClock& clk = arbiter_->chess_clock();
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
  if (!clk.is_unlimited()) {
    white_ms = clk.remaining(clock::ClockSide::White).count();
    black_ms = clk.remaining(clock::ClockSide::Black).count();
  }
  moves_.push_back(wire::MoveView{uci, san, after.fen(), white_ms, black_ms});
  alt_uci_.push_back(alt);

  wire::MoveEventData d;
  d.ply = ply;
  d.uci = uci;
  d.san = san;
  d.side = side;
  d.fen = after.fen();
  d.capture = before.is_capture(move);
  d.check = after.in_check();
  d.announce_de = notation::announce(before, move, notation::AnnounceStyle::FideGerman);
  d.announce_en = notation::announce(before, move, notation::AnnounceStyle::English);
  const bool ended = arbiter_->is_over();
  if (ended) status_ = store::GameStatus::Ended;  // provisional; end_if_over completes it
  d.clock = clock_view(now());
  d.lag_ms = lag_ms;
  d.dests = dests();
  d.claims = claims();
  if (ended) status_ = store::GameStatus::Ongoing;
  d.draw_offer = draw_offer_;
  d.can_abort = can_abort();
  d.t = last_t_.count();
  add_event(d);
  if (lapsed) add_event(wire::DrawEventData{"lapse", ~side, last_t_.count()});
  pending_.move = store::MoveRecord{ply, uci, san, white_ms, black_ms, ctx_.clock->wall_ms()};
  // 9.1.2.1: an offer made with the move; 5.2.3: not before both sides have moved.
  if (offer && !ended && moves_.size() >= 2) offer_draw(side, last_t_);
  end_if_over(std::nullopt);
}

void GameRoom::offer_draw(Color side, Millis t) {
  if (draw_offer_ == side) return;  // an offer while one is pending from the same side
  apply(competition::OfferDrawEvent{side}, t);
  draw_offer_ = side;
  add_event(wire::DrawEventData{"offer", side, last_t_.count()});
}

void GameRoom::on_draw(Client& client, const wire::DrawMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot act");
  const Color side = *client.role;
  check_flag(now());
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  if (moves_.size() < 2) {
    return reply_error(client, m.id, "too-early",
                       "a draw needs both players to have made a move (Art. 5.2.3)");
  }
  const Millis t = arbiter_time(now());
  switch (m.action) {
    case wire::OfferAction::Offer:
      if (draw_offer_ == ~side) {
        // Both want a draw: the second offer accepts the first (5.2.3).
        apply(competition::AcceptDrawEvent{side}, t);
        end_if_over(side);
      } else {
        offer_draw(side, t);
      }
      break;
    case wire::OfferAction::Accept:
      if (draw_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no draw offer to accept");
      apply(competition::AcceptDrawEvent{side}, t);
      end_if_over(side);
      break;
    case wire::OfferAction::Decline:
      if (draw_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no draw offer to decline");
      apply(competition::DeclineDrawEvent{side}, t);
      draw_offer_.reset();
      add_event(wire::DrawEventData{"decline", side, last_t_.count()});
      break;
  }
  if (!commit()) return reply_error(client, m.id, "internal", "the action could not be stored");
  ack(client, m.id);
}

void GameRoom::on_claim(Client& client, const wire::ClaimMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot claim");
  const Color side = *client.role;
  check_flag(now());
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  const game::Game& g = arbiter_->game();
  const core::Position pos = g.position();
  if (pos.side_to_move() != side) {
    return reply_error(client, m.id, "not-your-turn",
                       "only the player having the move may claim (Art. 9.2.1, 9.3)");
  }
  std::optional<core::Move> intended;
  if (m.move) {
    auto mv = core::parse_uci(pos, *m.move);
    if (!mv) return reply_error(client, m.id, "illegal-move", mv.error().message);
    intended = *mv;
  }
  // 9.2.1.2 / 9.3.2: the position now; 9.2.1.1 / 9.3.1: after the intended move.
  const bool upheld =
      m.threefold ? (g.can_claim_threefold() || (intended && g.can_claim_threefold(*intended)))
                  : (g.can_claim_fifty() || (intended && g.can_claim_fifty(*intended)));
  const Millis t = arbiter_time(now());
  const Color opponent = ~side;
  const auto opponent_before = arbiter_->chess_clock().remaining(clock_side(opponent));
  const int ply_before = g.ply();
  apply(competition::ClaimEvent{side, m.threefold ? ClaimKind::Threefold : ClaimKind::Fifty,
                                intended ? std::optional<std::string>(notation::san(pos, *intended))
                                         : std::nullopt},
        t);
  if (upheld && intended) {
    // web-protocol.md §3.2: the intended move is shown and stored before the end. The
    // referee does not play it (9.2.1.1: it is written down; the correct claim ends the
    // game first), so replays skip it (`intended`).
    const core::Position after = pos.after(*intended);
    auto [uci, alt] = uci_forms(pos, *intended);
    const std::string san = notation::san(pos, *intended);
    const clock::ChessClock& clk = arbiter_->chess_clock();
    const std::int64_t wms =
        clk.is_unlimited() ? 0 : clk.remaining(clock::ClockSide::White).count();
    const std::int64_t bms =
        clk.is_unlimited() ? 0 : clk.remaining(clock::ClockSide::Black).count();
    moves_.push_back(wire::MoveView{uci, san, after.fen(), wms, bms});
    alt_uci_.push_back(alt);
    wire::MoveEventData md;
    md.ply = static_cast<int>(moves_.size());
    md.uci = uci;
    md.san = san;
    md.side = side;
    md.fen = after.fen();
    md.capture = pos.is_capture(*intended);
    md.check = after.in_check();
    md.announce_de = notation::announce(pos, *intended, notation::AnnounceStyle::FideGerman);
    md.announce_en = notation::announce(pos, *intended, notation::AnnounceStyle::English);
    md.clock = clock_view(now());
    if (md.clock) md.clock->running.reset();
    md.intended = true;
    md.t = last_t_.count();
    add_event(md);
    pending_.move = store::MoveRecord{md.ply, uci, san, wms, bms, ctx_.clock->wall_ms()};
  }
  wire::ClaimEventData d;
  d.side = side;
  d.threefold = m.threefold;
  if (intended) d.move = core::to_uci(pos, *intended);
  d.upheld = upheld;
  d.article = m.threefold ? "9.2" : "9.3";
  d.t = last_t_.count();
  if (!upheld && !arbiter_->chess_clock().is_unlimited()) {
    // 9.5.3: the opponent gets two minutes (one in blitz, B.2).
    const auto added = arbiter_->chess_clock().remaining(clock_side(opponent)) - opponent_before;
    d.penalty = wire::PenaltyView{opponent, std::max(Millis{0}, added).count(), "9.5.3"};
  }
  add_event(d);
  if (upheld) {
    end_if_over(side);
  } else {
    if (arbiter_->game().ply() == ply_before + 1) {
      // 9.5.3: "the intended move shall be made"; the Arbiter has made it. Publish it as
      // a move; replay the bookkeeping without applying it twice.
      const core::Move made = *intended;
      auto [uci, alt] = uci_forms(pos, made);
      const core::Position& after = arbiter_->game().position();
      const clock::ChessClock& clk = arbiter_->chess_clock();
      const std::int64_t wms =
          clk.is_unlimited() ? 0 : clk.remaining(clock::ClockSide::White).count();
      const std::int64_t bms =
          clk.is_unlimited() ? 0 : clk.remaining(clock::ClockSide::Black).count();
      const std::string san = notation::san(pos, made);
      moves_.push_back(wire::MoveView{uci, san, after.fen(), wms, bms});
      alt_uci_.push_back(alt);
      const int ply = static_cast<int>(moves_.size());
      if (ply == 2) {
        t0_ = now();
        first_move_deadline_.reset();
      } else if (ply == 1) {
        first_move_deadline_ = now() + ctx_.timings.first_move;
      }
      if (status_ == store::GameStatus::Created) status_ = store::GameStatus::Ongoing;
      const bool lapsed = draw_offer_ == opponent;
      if (lapsed) draw_offer_.reset();
      wire::MoveEventData md;
      md.ply = ply;
      md.uci = uci;
      md.san = san;
      md.side = side;
      md.fen = after.fen();
      md.capture = pos.is_capture(made);
      md.check = after.in_check();
      md.announce_de = notation::announce(pos, made, notation::AnnounceStyle::FideGerman);
      md.announce_en = notation::announce(pos, made, notation::AnnounceStyle::English);
      md.clock = clock_view(now());
      md.dests = arbiter_->is_over() ? wire::Dests{} : dests();
      md.claims = arbiter_->is_over() ? wire::ClaimsView{} : claims();
      md.draw_offer = draw_offer_;
      md.can_abort = can_abort();
      md.t = last_t_.count();
      add_event(md);
      if (lapsed) add_event(wire::DrawEventData{"lapse", opponent, last_t_.count()});
      pending_.move = store::MoveRecord{ply, uci, san, wms, bms, ctx_.clock->wall_ms()};
    }
    if (!arbiter_->is_over() && draw_offer_ != side) {
      // 9.1.2.3: the claim is also a draw offer; the opponent may accept it.
      draw_offer_ = side;
      add_event(wire::DrawEventData{"offer", side, last_t_.count()});
    }
    end_if_over(std::nullopt);
  }
  if (!commit()) return reply_error(client, m.id, "internal", "the claim could not be stored");
  ack(client, m.id);
  maybe_start_computer();
}

void GameRoom::on_resign(Client& client, const wire::ResignMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot resign");
  check_flag(now());
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  // 5.1.2: a player may resign at any time, also on the opponent's turn.
  apply(competition::ResignEvent{*client.role}, arbiter_time(now()));
  end_if_over(*client.role);
  if (!commit())
    return reply_error(client, m.id, "internal", "the resignation could not be stored");
  ack(client, m.id);
}

void GameRoom::on_abort(Client& client, const wire::AbortMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot abort");
  if (over()) return reply_error(client, m.id, "game-over", "the game is over");
  if (!can_abort()) {
    return reply_error(client, m.id, "cannot-abort", "both sides have moved: resign instead");
  }
  end_game("*", "aborted", std::nullopt, *client.role, last_t_,
           capitalised(*client.role) + " aborted the game", std::nullopt);
  if (!commit()) return reply_error(client, m.id, "internal", "the abort could not be stored");
  ack(client, m.id);
}

void GameRoom::on_rematch(Client& client, const wire::RematchMsg& m) {
  if (!client.role) return reply_error(client, m.id, "not-a-player", "spectators cannot act");
  const Color side = *client.role;
  if (!over()) return reply_error(client, m.id, "too-early", "the game is not over");
  if (rematch_id_) return reply_error(client, m.id, "game-over", "the rematch has already started");
  switch (m.action) {
    case wire::OfferAction::Offer:
      if (rematch_offer_ == ~side) {
        accept_rematch(side);
        break;
      }
      if (rematch_offer_ == side) break;
      rematch_offer_ = side;
      add_event(wire::RematchEventData{"offer", side, std::nullopt});
      if (seats_[side_index(~side)].computer) accept_rematch(~side);  // the computer agrees
      break;
    case wire::OfferAction::Accept:
      if (rematch_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no rematch offer");
      accept_rematch(side);
      break;
    case wire::OfferAction::Decline:
      if (rematch_offer_ != ~side)
        return reply_error(client, m.id, "no-offer", "there is no rematch offer");
      rematch_offer_.reset();
      add_event(wire::RematchEventData{"decline", side, std::nullopt});
      break;
  }
  if (!commit()) return reply_error(client, m.id, "internal", "the rematch could not be stored");
  ack(client, m.id);
}

void GameRoom::accept_rematch(Color side) {
  if (!ctx_.rematch) return;
  RematchRequest r;
  r.previous = &header_;
  r.extra.creator = ~extra_.creator;
  if (extra_.computer) r.extra.computer = ~*extra_.computer;
  r.extra.level = extra_.level;
  r.extra.rematch_of = id_;
  r.names = {seats_[1].name, seats_[0].name};  // colours swapped
  auto game = ctx_.rematch(r);
  if (!game) {
    log_line("game " + id_ + ": rematch failed: " + game.error().describe());
    return;
  }
  rematch_offer_.reset();
  rematch_id_ = game->id;
  add_event(wire::RematchEventData{"accept", side, game->id});
  // §3.1: each seat learns its new seat and token; tokens are never broadcast. The seat
  // messages follow the events (publish() runs in commit(), before this returns to the
  // caller, so they are queued after the accept event).
  const RematchGame g = *game;
  for (auto& [key, c] : clients_) {
    if (!c.ready || !c.role) continue;
    const Color next = ~*c.role;
    pending_seat_.emplace_back(c.connection,
                               wire::write_seat(g.id, next, g.tokens[side_index(next)]));
  }
}

// ------------------------------------------------------------------ endings

void GameRoom::end_if_over(std::optional<Color> by) {
  if (over() || !arbiter_->is_over()) return;
  const competition::Verdict v = arbiter_->verdict();
  std::optional<Color> winner;
  if (v.result == competition::GameResult::WhiteWins) winner = Color::White;
  if (v.result == competition::GameResult::BlackWins) winner = Color::Black;
  const std::string termination{competition::termination_name(v.termination)};
  end_game(std::string(competition::result_text(v.result)), termination, winner, by,
           v.ended_at.value_or(last_t_), end_text(termination, winner),
           std::string(competition::termination_article(v.termination)));
}

void GameRoom::end_game(const std::string& result, const std::string& termination,
                        std::optional<Color> winner, std::optional<Color> by, Millis t,
                        const std::string& text, std::optional<std::string> article) {
  const Millis s = now();
  const Millis current = arbiter_time(s);
  status_ = termination == "aborted" ? store::GameStatus::Aborted : store::GameStatus::Ended;
  result_ = result;
  termination_ = termination;
  draw_offer_.reset();
  first_move_deadline_.reset();
  if (computer_) computer_->stop();
  computer_thinking_ = false;
  wire::EndEventData d;
  d.result = result;
  d.termination = termination;
  d.article = std::move(article);
  d.winner = winner;
  d.text = text;
  d.clock = clock_view(s);
  d.by = by;
  d.t = t.count();
  pending_.end_index = pending_.events.size();
  add_event(d);
  // The wall time of the ending: now, less the time since the referee's instant (a flag
  // found on resume fell while the server was down).
  const std::int64_t wall =
      ctx_.clock->wall_ms() - std::max<std::int64_t>(0, (current - t).count());
  pending_.events.back().wall_ms = wall;
  pending_.ending = store::Ending{status_, result, termination, wall};
}

void GameRoom::check_flag(Millis s) {
  if (over() || !t0_) return;
  const clock::ChessClock& clk = arbiter_->chess_clock();
  const auto instant = clk.flag_instant();
  const auto running = clk.running();
  if (!instant || !running) return;
  const Color side = *running == clock::ClockSide::White ? Color::White : Color::Black;
  // §3.3: the flag falls at the running side's zero instant, plus the same lag grace a
  // move would get.
  if (s < *t0_ + *instant + grace(side)) return;
  // Art. 6.8 / 6.9: the Arbiter ends the game at the exact instant; the opponent's flag
  // claim only makes it look at the clock then.
  apply(competition::ClaimEvent{~side, ClaimKind::Flag, {}}, *instant);
  if (!arbiter_->is_over())
    apply(competition::ClaimEvent{~side, ClaimKind::Flag, {}}, *instant + Millis{1});
  end_if_over(std::nullopt);
  commit();
}

// ------------------------------------------------------------------ events and the store

void GameRoom::add_event(const wire::EventData& data) {
  const auto seq = static_cast<std::int64_t>(events_.size() + pending_.events.size() + 1);
  pending_.events.push_back(
      store::EventRecord{seq, wire::write_event(seq, data), ctx_.clock->wall_ms()});
}

bool GameRoom::commit() {
  Pending p = std::move(pending_);
  pending_ = {};
  auto seats = std::move(pending_seat_);
  pending_seat_.clear();
  if (p.events.empty() && !p.move && !p.ending) return true;
  const std::span<const store::EventRecord> all{p.events};
  const std::size_t split = std::min(p.end_index.value_or(all.size()), all.size());
  Result<void> ok{};
  if (p.move) {
    ok = ctx_.store->append_move(id_, *p.move, all.first(split));
  } else if (split > 0) {
    ok = ctx_.store->append_events(id_, all.first(split));
  }
  if (ok && p.ending) {
    ok = ctx_.store->finish_game(id_, *p.ending, all.subspan(split));
  } else if (ok && split < all.size()) {
    ok = ctx_.store->append_events(id_, all.subspan(split));
  }
  if (!ok) {
    log_line("game " + id_ + ": store failed: " + ok.error().describe() + "; reloading");
    auto stored = ctx_.store->load_game(id_);
    if (stored && replay(*stored)) {
      resume_clocks(*stored);
    }
    for (auto& [key, c] : clients_) {
      if (c.ready && !c.closing) sync(c, 0);
    }
    return false;
  }
  publish(std::move(p.events));
  for (auto& [connection, text] : seats)
    connection->send(std::make_shared<const std::string>(text));
  return true;
}

void GameRoom::publish(std::vector<store::EventRecord> records) {
  for (auto& r : records) {
    events_.push_back(std::make_shared<const std::string>(std::move(r.json)));
    const auto seq = static_cast<std::int64_t>(events_.size());
    for (auto& [key, c] : clients_) {
      if (c.ready && !c.closing) send_event(c, seq);
    }
  }
}

// ------------------------------------------------------------------ timers

void GameRoom::tick() {
  std::lock_guard lock{mutex_};
  if (shut_down_) return;
  const Millis s = now();
  check_flag(s);
  if (!over() && first_move_deadline_ && s >= *first_move_deadline_ && playable() &&
      moves_.size() < 2) {
    // §3.3: a side that does not make its first move within 30 s: the game is aborted.
    const Color late = arbiter_->game().position().side_to_move();
    end_game("*", "aborted", std::nullopt, std::nullopt, last_t_,
             "Game aborted: " + capitalised(late) + " did not move in time", std::nullopt);
    commit();
  }
  const RoomTimings& tm = ctx_.timings;
  for (auto& [key, c] : clients_) {
    if (c.closing) continue;
    if (!c.ready) {
      if (s - c.opened >= tm.hello_timeout) {
        reply_error(c, std::nullopt, "protocol", "no hello within 5 s", true, 1008);
      }
      continue;
    }
    if (s >= c.next_ping) {
      c.ping_n++;
      c.ping_sent = s;
      c.next_ping = s + tm.ping_interval;
      c.connection->send(std::make_shared<const std::string>(wire::write_ping(c.ping_n)));
    }
    if (!c.unacked.empty()) {
      const Millis age = s - c.unacked.front().second;
      if (age >= tm.close_after) {
        // §2.2: unacknowledged for 10 s: the client reconnects and replays.
        c.closing = true;
        c.connection->close(4008, "events not acknowledged");
      } else if (age >= tm.resend_after && !c.resent) {
        c.resent = true;
        for (const auto& [seq, sent] : c.unacked) {
          c.connection->send(events_[static_cast<std::size_t>(seq - 1)]);
        }
      }
    }
  }
  maybe_start_computer();
}

void GameRoom::shutdown() {
  std::unique_ptr<ComputerMover> computer;
  {
    std::lock_guard lock{mutex_};
    shut_down_ = true;
    computer = std::move(computer_);
  }
  if (computer) computer->stop();
  // `computer` is destroyed here, outside the lock: its search thread is joined.
}

// ------------------------------------------------------------------ computer

void GameRoom::maybe_start_computer() {
  if (!computer_ || computer_thinking_ || over() || shut_down_ || !extra_.computer) return;
  if (!playable()) return;
  const game::Game& g = arbiter_->game();
  if (g.position().side_to_move() != *extra_.computer) return;
  ThinkRequest r;
  r.position = g.position();
  core::Position p = g.start();
  for (core::Move m : g.moves()) {
    r.history.push_back(p.key());
    p = p.after(m);
  }
  if (auto clock = clock_view(now())) {
    r.remaining_ms = *extra_.computer == Color::White ? clock->white : clock->black;
    const auto& periods = arbiter_->chess_clock().control().periods();
    const auto idx = std::min(arbiter_->chess_clock().period_index(clock_side(*extra_.computer)),
                              periods.size() - 1);
    r.increment_ms = (periods[idx].increment + periods[idx].delay).count();
  }
  computer_thinking_ = true;
  const int ply = static_cast<int>(moves_.size()) + 1;
  std::weak_ptr<GameRoom> weak = weak_from_this();
  Executor* executor = ctx_.executor;
  computer_->think(r, [weak, executor, ply](std::string uci) {
    // The search thread only posts: it never waits for the room.
    executor->post([weak, uci = std::move(uci), ply] {
      if (auto room = weak.lock()) room->computer_moved(uci, ply);
    });
  });
}

void GameRoom::computer_moved(const std::string& uci, int ply) {
  std::lock_guard lock{mutex_};
  if (shut_down_) return;
  computer_thinking_ = false;
  check_flag(now());
  if (over() || !extra_.computer || ply != static_cast<int>(moves_.size()) + 1) {
    maybe_start_computer();
    return;
  }
  const core::Position& pos = arbiter_->game().position();
  auto move = core::parse_uci(pos, uci);
  if (!move || pos.side_to_move() != *extra_.computer) {
    log_line("game " + id_ + ": the computer's move '" + uci + "' is not legal here");
    return;
  }
  play_move(*extra_.computer, *move, arbiter_time(now()), 0, false);
  commit();
}

}  // namespace arbiter::server
