// GameRoom: time (the referee's clock and the flag), the end of the game, the store, the
// timers, and the computer opponent.
#include "arbiter/server/game_room.hpp"

#include <algorithm>
#include <span>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/server/game_room_detail.hpp"

namespace arbiter::server {
namespace {

using competition::ClaimKind;
using core::Color;
using namespace room_detail;
using wire::ClockView;

}  // namespace

// ------------------------------------------------------------------ time

Millis GameRoom::arbiter_time(Millis steady) const {
  if (!t0_) return Millis{0};
  return std::max(steady - *t0_, arbiter_->now());
}

std::optional<ClockView> GameRoom::clock_view(Millis steady) const {
  // Before t = 0 (the first two moves, §3.3) no clock runs on the display.
  const bool started = t0_.has_value() && !over();
  const auto r = arbiter_->clock_at(started ? arbiter_time(steady) : arbiter_->now());
  if (!r) return std::nullopt;
  ClockView v;
  v.white = r->of(Color::White).count();
  v.black = r->of(Color::Black).count();
  const Color shown =
      started && r->running ? *r->running : arbiter_->game().position().side_to_move();
  v.delay_ms = r->delay_of(shown).count();
  if (started && r->running) {
    v.running = r->running;
    v.delay_left_ms = r->delay_left.count();
  }
  for (Color c : {Color::White, Color::Black}) {
    if (r->to_control_of(c) > 0) v.to_control[side_index(c)] = r->to_control_of(c);
  }
  return v;
}

Millis GameRoom::grace(Color side) const {
  Millis best{0};
  for (const auto& [key, c] : clients_) {
    if (c.ready && c.role == side) best = std::max(best, c.rtt.one_way());
  }
  return competition::flag_grace(best, ctx_.timings.online);
}

// ------------------------------------------------------------------ endings

void GameRoom::end_if_over(std::optional<Color> by) {
  if (end_announced_ || !arbiter_->is_over()) return;
  const competition::Verdict v = arbiter_->verdict();
  std::optional<Color> winner;
  if (v.result == competition::GameResult::WhiteWins) winner = Color::White;
  if (v.result == competition::GameResult::BlackWins) winner = Color::Black;
  const std::string termination{competition::termination_name(v.termination)};
  end_game(std::string(competition::result_text(v.result)), termination, winner, by,
           v.ended_at.value_or(arbiter_->now()),
           competition::ending_sentence(v.result, v.termination),
           std::string(competition::termination_article(v.termination)));
}

void GameRoom::end_game(const std::string& result, const std::string& termination,
                        std::optional<Color> winner, std::optional<Color> by, Millis t,
                        const std::string& text, std::optional<std::string> article) {
  const Millis s = now();
  const Millis current = arbiter_time(s);
  if (termination == "aborted") aborted_ = true;
  end_announced_ = true;
  first_move_deadline_.reset();
  last_activity_ = s;
  if (computer_) {
    // The seat goes back to the pool: nothing engine-sized stays with a finished game.
    computer_->stop();
    computer_.reset();
  }
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
  pending_.ending = store::Ending{status(), result, termination, wall};
}

std::optional<GameRoom::FlagDue> GameRoom::flag_due() const {
  if (over() || !t0_) return std::nullopt;
  const auto instant = arbiter_->automatic_flag_instant();
  const auto running = arbiter_->chess_clock().running();
  if (!instant || !running) return std::nullopt;
  const Color side = *running == clock::ClockSide::White ? Color::White : Color::Black;
  // §3.3: the server declares the flag at the running side's zero instant plus the same
  // lag grace a move would get.
  return FlagDue{side, *instant, *t0_ + *instant + grace(side)};
}

void GameRoom::check_flag(Millis s) {
  const auto due = flag_due();
  if (!due || s < due->steady) return;
  // Art. 6.8 / 6.9: the Arbiter ends the game at the exact instant (the caller commits).
  flag_fell(due->side, due->instant);
  end_if_over(std::nullopt);
}

// ------------------------------------------------------------------ timers

void GameRoom::tick() {
  std::lock_guard lock{mutex_};
  if (shut_down_ || lost_) return;
  AfterAction after{*this};
  const Millis s = now();
  // While a commit is in flight the game waits; the sockets are still served.
  if (!in_flight_) {
    check_flag(s);
    if (!pending_.events.empty() || !pending_.log.empty()) commit();
  }
  if (!in_flight_ && !over() && first_move_deadline_ && s >= *first_move_deadline_ && playable() &&
      moves_.size() < 2) {
    const Color late = arbiter_->game().position().side_to_move();
    if (extra_.tournament) {
      forfeit_absent(late);
      commit();
      return;
    }
    // §3.3: a side that does not make its first move within 30 s: the game is aborted.
    end_game("*", "aborted", std::nullopt, std::nullopt, arbiter_->now(),
             "Game aborted: " + capitalised(late) + " did not move in time", std::nullopt);
    commit();
  }
  for (auto& [key, c] : clients_) {
    const ClientDuties duty = c.duties(s, ctx_.timings, ping_interval(c));
    if (duty.close) {
      switch (*duty.close) {
        case ClientTimeout::Hello:
          reply_error(c, std::nullopt, "protocol", "no hello within 5 s", true, 1008);
          break;
        case ClientTimeout::Idle:
          c.closing = true;
          c.connection->close(4009, "idle");
          break;
        case ClientTimeout::Unacknowledged:
          c.closing = true;
          c.connection->close(4008, "events not acknowledged");
          break;
      }
      continue;
    }
    if (duty.ping) {
      c.pinged(s);
      c.connection->send(std::make_shared<const std::string>(wire::write_ping(c.ping_n)));
    }
    if (duty.resend) {
      c.resent = true;
      for (const auto& [seq, sent] : c.unacked) {
        c.connection->send(events_[static_cast<std::size_t>(seq - 1)]);
      }
    }
  }
  flush_crowd(s);
  if (!in_flight_) maybe_start_computer();
}

void GameRoom::shutdown() {
  std::unique_ptr<ComputerMover> computer;
  {
    std::lock_guard lock{mutex_};
    shut_down_ = true;
    computer = std::move(computer_);
  }
  if (computer) computer->stop();
  // `computer` is destroyed here, outside the lock.
}

// ------------------------------------------------------------------ memory and timers

std::optional<Millis> GameRoom::next_timer() const {
  // Each case mirrors a condition of tick(): a timer missed here would never fire, a
  // timer asked for too early only costs a tick that finds nothing to do.
  if (shut_down_ || lost_) return std::nullopt;
  const Millis s = now();
  std::optional<Millis> due;
  const auto at = [&](Millis t) {
    if (!due || t < *due) due = t;
  };
  if (!in_flight_ && (!pending_.events.empty() || !pending_.log.empty())) at(s);
  if (const auto flag = flag_due()) at(flag->steady);  // check_flag()
  if (!over() && first_move_deadline_ && playable() && moves_.size() < 2) {
    at(*first_move_deadline_);
  }
  for (const auto& [key, c] : clients_) {
    if (const auto client_due = c.next_due(ctx_.timings, ping_interval(c))) at(*client_due);
  }
  if (crowd_dirty_ && !clients_.empty()) at(next_crowd_);  // flush_crowd(), if anyone hears it
  // The computer's turn with no search running (a resumed game, a seat of the engine pool
  // not yet free): tick() starts it.
  if (extra_.computer && !computer_thinking_ && !over() &&
      arbiter_->game().position().side_to_move() == *extra_.computer) {
    at(s);
  }
  return due;
}

void GameRoom::reschedule() {
  if (!ctx_.wake_at) return;
  const std::optional<Millis> due = next_timer();
  if (!due) {
    if (timer_due_) ++timer_generation_;  // the timer asked for is no longer needed
    timer_due_.reset();
    return;
  }
  if (timer_due_ && *timer_due_ <= *due) return;  // the one asked for comes first
  timer_due_ = due;
  ctx_.wake_at(shared_from_this(), *due, ++timer_generation_);
}

void GameRoom::on_timer(std::uint64_t generation) {
  {
    std::lock_guard lock{mutex_};
    if (generation != timer_generation_) return;  // replaced by an earlier one, or dropped
    timer_due_.reset();
  }
  tick();  // asks for the next timer when it ends
}

bool GameRoom::has_timer() {
  std::lock_guard lock{mutex_};
  return timer_due_.has_value();
}

void GameRoom::touched() {
  last_activity_ = now();
  reschedule();
}

void GameRoom::forfeit_absent(Color late) {
  // Art. 6.7.1: a player who is not at the board when the default time has elapsed loses,
  // unless the event's rules say otherwise; online, "at the board" is having made the
  // first move. When the opponent never connected either, both are absent: both lose.
  const bool both = moves_.empty() && !seats_[side_index(~late)].seen;
  competition::ArbiterEvent a;
  a.action = competition::ArbiterAction::DeclareResult;
  a.result = both ? "-/-" : late == Color::White ? "-/+" : "+/-";
  a.reason = both ? "Art. 6.7.1: neither player appeared within the default time"
                  : "Art. 6.7.1: " + capitalised(late) + " did not appear within the default time";
  apply(a, arbiter_->now());
  end_if_over(std::nullopt);
}

Millis GameRoom::first_move_allowance() const {
  if (extra_.tournament) return Millis{extra_.waiting_ms};  // Art. 6.7.1's default time
  const int days = start_.time_control.days_per_move();
  return days > 0 ? Millis{std::int64_t{days} * 24 * 3600 * 1000} : ctx_.timings.first_move;
}

bool GameRoom::evictable(Millis grace) {
  std::lock_guard lock{mutex_};
  if (lost_) return !computer_thinking_ && !in_flight_;  // another node's game now
  if (!clients_.empty() || computer_thinking_ || next_timer()) return false;
  if (in_flight_ || !deferred_.empty()) return false;
  if (!over() && (t0_ || first_move_deadline_)) return false;
  if (!pending_.events.empty() || !pending_seat_.empty()) return false;
  return now() - last_activity_ >= grace;
}

// ------------------------------------------------------------------ computer

void GameRoom::maybe_start_computer() {
  if (computer_thinking_ || over() || shut_down_ || lost_ || !extra_.computer) return;
  // A game loaded while every seat of the engine pool was out asks again on each tick.
  if (!computer_ && ctx_.computer) computer_ = ctx_.computer(extra_.level);
  if (!computer_) return;
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
  if (auto clock = arbiter_->clock_at(arbiter_time(now()))) {
    r.remaining_ms = clock->of(*extra_.computer).count();
    // UCI knows no delay: it is told as increment.
    r.increment_ms =
        (clock->increment_of(*extra_.computer) + clock->delay_of(*extra_.computer)).count();
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
  if (in_flight_) {
    deferred_.emplace_back([this, uci, ply] { computer_played(uci, ply); });
    return;
  }
  computer_played(uci, ply);
}

void GameRoom::computer_played(const std::string& uci, int ply) {
  AfterAction after{*this};
  if (shut_down_) return;
  computer_thinking_ = false;
  last_activity_ = now();
  check_flag(now());
  if (over()) {
    commit();
    return;
  }
  if (!extra_.computer || ply != static_cast<int>(moves_.size()) + 1) {
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
