#include "arbiter/server/game_room.hpp"

#include <algorithm>
#include <cstdio>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/server/game_room_detail.hpp"
#include "arbiter/server/pgn_tags.hpp"

namespace arbiter::server {
namespace room_detail {

std::string capitalised(core::Color c) { return c == core::Color::White ? "White" : "Black"; }

std::string sq(core::Square s) {
  std::string out(2, ' ');
  out[0] = static_cast<char>('a' + static_cast<int>(core::file_of(s)));
  out[1] = static_cast<char>('1' + static_cast<int>(core::rank_of(s)));
  return out;
}

core::Square castling_king_target(core::Move m) {
  const bool kingside =
      static_cast<int>(core::file_of(m.to())) > static_cast<int>(core::file_of(m.from()));
  return core::make_square(kingside ? core::File::G : core::File::C, core::rank_of(m.from()));
}

std::pair<std::string, std::string> uci_forms(const core::Position& pos, core::Move m) {
  std::string canonical = core::to_uci(pos, m);
  if (!m.is_castling()) return {canonical, ""};
  const std::string onto_rook = sq(m.from()) + sq(m.to());
  const std::string onto_target = sq(m.from()) + sq(castling_king_target(m));
  return {canonical, canonical == onto_rook ? onto_target : onto_rook};
}

bool equal_secrets(std::string_view a, std::string_view b) noexcept {
  if (a.empty() || b.empty()) return false;
  unsigned diff = a.size() == b.size() ? 0u : 1u;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<unsigned>(static_cast<unsigned char>(a[i]) ^
                                  static_cast<unsigned char>(b[i % b.size()]));
  }
  return diff == 0;
}

void log_line(const std::string& text) {
  std::fprintf(stderr, "arbiter serve: %s\n", text.c_str());
}

}  // namespace room_detail

namespace {

using competition::ClaimKind;
using core::Color;
using namespace room_detail;

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

// ------------------------------------------------------------------ views

bool GameRoom::over() const noexcept { return aborted_ || arbiter_->is_over(); }

store::GameStatus GameRoom::status() const noexcept {
  if (aborted_) return store::GameStatus::Aborted;
  if (arbiter_->is_over()) return store::GameStatus::Ended;
  return moves_.empty() ? store::GameStatus::Created : store::GameStatus::Ongoing;
}

std::optional<Color> GameRoom::draw_offer() const noexcept {
  if (over()) return std::nullopt;
  for (Color c : {Color::White, Color::Black}) {
    if (arbiter_->has_draw_offer(c)) return c;
  }
  return std::nullopt;
}
bool GameRoom::playable() const noexcept { return seats_[0].taken && seats_[1].taken; }
bool GameRoom::can_abort() const noexcept {
  return !over() && moves_.size() < 2 && !extra_.tournament;  // an event's game is played or lost
}

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
  s.rated = header_.rated;
  s.category = std::string(clock::to_string(arbiter_->category()));
  s.variant = header_.variant;
  s.chess960 = extra_.chess960;
  s.start_fen = arbiter_->game().start().fen();
  s.status = std::string(store::to_string(status()));
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
  s.draw_offer = draw_offer();
  s.can_abort = can_abort();
  s.result = "*";
  if (aborted_) {
    s.termination = "aborted";
    s.text = "Game aborted";
  } else if (arbiter_->is_over()) {
    s.result = std::string(competition::result_text(arbiter_->result()));
    s.termination = std::string(competition::termination_name(arbiter_->termination()));
    s.article = std::string(competition::termination_article(arbiter_->termination()));
    s.text = competition::ending_sentence(arbiter_->result(), arbiter_->termination());
  }
  if (ctx_.openings != nullptr && header_.variant == "standard") {
    const game::Game& g = arbiter_->game();
    if (const notation::Opening* o = ctx_.openings->of_game(g.start(), g.moves())) {
      s.opening = wire::OpeningView{o->eco, o->name};
    }
  }
  s.tournament = extra_.tournament;
  s.seq = static_cast<std::int64_t>(events_.size());
  return s;
}

wire::GameState GameRoom::state() {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  return state_locked();
}

bool GameRoom::is_over() {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  return over();
}

std::string GameRoom::pgn() {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  return arbiter_->verdict().pgn;
}

std::string GameRoom::pgn(const std::string& site,
                          const std::vector<store::RatingChange>& ratings) {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  competition::GameRecord record = arbiter_->record();
  tag_record(record, header_, site, ratings);
  // Issue #18 item 6: the opening the game reached, as `arbiter pgn convert --openings`.
  if (ctx_.openings != nullptr && header_.variant == "standard") {
    const game::Game& g = arbiter_->game();
    if (const notation::Opening* o = ctx_.openings->of_game(g.start(), g.moves())) {
      record.extra_tags.emplace_back("ECO", o->eco);
      record.extra_tags.emplace_back("Opening", o->name);
    }
  }
  return competition::to_pgn(record, arbiter_->result(), arbiter_->termination());
}

Result<std::string> GameRoom::referee_log() {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  auto stored = ctx_.store->load_game(id_);
  if (!stored) return tl::unexpected(stored.error());
  std::string text;
  for (const store::LogLine& line : stored->log) text += line.text + '\n';
  return text;
}

Result<std::string> GameRoom::fen(std::optional<int> ply) {
  std::unique_lock lock{mutex_};
  wait_idle(lock);  // only stored state is shown
  if (!ply) return moves_.empty() ? arbiter_->game().position().fen() : moves_.back().fen;
  if (*ply < 0 || *ply > static_cast<int>(moves_.size())) {
    return make_error(ErrorCode::kInvalidArgument,
                      "ply must be 0.." + std::to_string(moves_.size()), Location{0, 0, "ply"});
  }
  if (*ply == 0) return arbiter_->game().start().fen();
  return moves_[static_cast<std::size_t>(*ply - 1)].fen;
}

// ------------------------------------------------------------------ REST join

Result<JoinResult> GameRoom::join(const wire::JoinGameRequest& request,
                                  const SeatAccount& account) {
  std::unique_lock lock{mutex_};
  if (!wait_idle(lock)) return make_error(ErrorCode::kIo, "the game is busy; try again");
  AfterAction after{*this};
  if (request.token) {
    for (Color c : {Color::White, Color::Black}) {
      const Seat& seat = seats_[side_index(c)];
      if (!seat.computer && seat.taken && equal_secrets(*request.token, seat.token)) {
        return JoinResult{c, seat.token, state_locked()};
      }
    }
  }
  // Issue #17 item 5: a player's own seat, from any device their account is logged in on
  // (a correspondence game is played over days, from a phone and a desk).
  if (account.id != 0) {
    for (Color c : {Color::White, Color::Black}) {
      const Seat& seat = seats_[side_index(c)];
      if (!seat.computer && seat.taken && seat.user == account.id) {
        return JoinResult{c, seat.token, state_locked()};
      }
    }
  }
  // Only the invitation's secret opens the seat (docs/security.md, "Invitations"); a game
  // stored without one (before invitations had secrets) cannot be joined.
  const bool invited =
      request.invite && extra_.invite && equal_secrets(*request.invite, *extra_.invite);
  for (Color c : {Color::White, Color::Black}) {
    Seat& seat = seats_[side_index(c)];
    if (seat.taken || over()) continue;
    if (!invited) {
      return make_error(ErrorCode::kProtocolState,
                        "this seat is open only to the holder of the invitation link",
                        Location{0, 0, "invite"});
    }
    // Issue #17: a rated game is played between two accounts.
    if (header_.rated && account.id == 0) {
      return make_error(ErrorCode::kProtocolState, "this game is rated: log in to play it",
                        Location{0, 0, "rated"});
    }
    if (account.id != 0 && account.id == seats_[side_index(~c)].user) {
      return make_error(ErrorCode::kProtocolState, "you already hold the other seat of this game",
                        Location{0, 0, "seat_user"});
    }
    const std::string& name = account.id != 0 ? account.name : request.name;
    seat.taken = true;
    seat.name = name;
    pending_.seat_name = store::GameWrite::SeatName{c == Color::White, name};
    if (account.id != 0) {
      seat.user = account.id;
      (c == Color::White ? header_.white_user : header_.black_user) = account.id;
      pending_.seat_user = store::GameWrite::SeatUser{c == Color::White, account.id};
    }
    if (arbiter_->game().ply() == 0 && log_lines_ == 0) {
      (c == Color::White ? start_.white : start_.black) = name;
      if (auto renamed = competition::Arbiter::create(start_))
        arbiter_.emplace(std::move(*renamed));
    }
    start_log();  // both seats are taken: the referee's log begins with the final names
    add_event(wire::JoinEventData{c, name});
    commit();
    if (!wait_idle(lock) || !last_commit_ok_) {
      return make_error(ErrorCode::kIo, "the game could not be stored; try again");
    }
    first_move_deadline_ = now() + first_move_allowance();
    touched();
    crowd_changed();
    return JoinResult{c, seat.token, state_locked()};
  }
  return make_error(ErrorCode::kProtocolState, "both seats are taken; you can watch the game",
                    Location{0, 0, "seat-taken"});
}

// ------------------------------------------------------------------ sockets

void GameRoom::on_open(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  clients_.emplace(connection.get(), Client{connection, now()});
  touched();
}

void GameRoom::on_close(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock{mutex_};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  const bool was_ready = it->second.ready;
  if (was_ready && !it->second.role) --spectators_;
  clients_.erase(it);
  last_activity_ = now();
  if (was_ready) crowd_changed();
  reschedule();
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
  if (in_flight_) {
    // The last action is being stored: this message waits its turn (on_committed).
    deferred_.emplace_back(
        [this, connection, copy = std::string(text)] { handle_message(connection, copy); });
    return;
  }
  handle_message(connection, text);
}

void GameRoom::handle_message(const std::shared_ptr<Connection>& connection,
                              std::string_view text) {
  flush_spectators();  // so that a newcomer's replay and the fan-out do not overlap
  AfterAction after{*this};
  auto it = clients_.find(connection.get());
  if (it == clients_.end()) return;
  Client& client = it->second;
  if (client.closing) return;
  if (lost_) {
    // The game is another node's now: the client reconnects there.
    client.closing = true;
    connection->close(4010, "the game moved to another node");
    return;
  }
  const Millis s = now();
  // §2: at most 20 messages per second per socket.
  if (!client.count_message(s, ctx_.timings.messages_per_second)) {
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
      Seat& seat = seats_[side_index(c)];
      if (!seat.computer && seat.taken && equal_secrets(*hello.token, seat.token)) {
        client.role = c;
        seat.seen = true;
      }
    }
    if (!client.role) {
      reply_error(client, std::nullopt, "bad-token", "no seat of this game has this token", true,
                  4003);
      return;
    }
  }
  if (!client.role && spectators_ >= ctx_.timings.spectators_max) {
    // Issue #14: a crowd must not crowd out the game.
    reply_error(client, std::nullopt, "full", "this game has as many spectators as it can take",
                true, 1013);
    return;
  }
  client.ready = true;
  if (!client.role) ++spectators_;
  client.last_ping = now();
  client.connection->send(std::make_shared<const std::string>(wire::write_welcome(
      role_name(client), static_cast<std::int64_t>(events_.size()), ctx_.clock->wall_ms())));
  sync(client, hello.last_seq);
  // The newcomer learns the crowd at once; the others with the next coalesced `crowd`.
  client.connection->send(crowd_message());
  crowd_changed();
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

std::shared_ptr<const std::string> GameRoom::crowd_message() const {
  bool present[2] = {seats_[0].computer, seats_[1].computer};
  for (const auto& [key, c] : clients_) {
    if (c.ready && c.role) present[side_index(*c.role)] = true;
  }
  return std::make_shared<const std::string>(
      wire::write_crowd(present[0], present[1], spectators_));
}

void GameRoom::flush_crowd(Millis steady) {
  // Issue #14: one `crowd` per interval, however many come and go; 500 arrivals used to be
  // 500 messages to every socket, enough to close the players' sockets as too slow.
  if (!crowd_dirty_ || steady < next_crowd_) return;
  crowd_dirty_ = false;
  next_crowd_ = steady + ctx_.timings.crowd_interval;
  auto text = crowd_message();
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
                     client.rtt.add(now() - *client.ping_sent, ctx_.timings.online);  // §3.3
                     client.ping_sent.reset();
                   }
                   // §3.3: the display re-syncs while a clock runs; a stopped one needs no
                   // resync (issue #16: keepalive traffic).
                   if (clock_running()) {
                     client.connection->send(
                         std::make_shared<const std::string>(wire::write_clock(clock_view(now()))));
                   }
                 },
                 [&](const wire::ResyncMsg& m) { sync(client, m.last_seq); },
                 [&](const wire::FlagMsg& m) {
                   check_flag(now());
                   commit(reply_to(client, m.id, "the flag could not be stored"));
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

}  // namespace arbiter::server
