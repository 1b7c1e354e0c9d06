// GameRoom: construction and restoring a room from the store — the referee from its
// event log (spec/game-events.md), the room's own facts from the protocol events, the
// clocks continued by wall time or paused for an interruption (Art. 6.11.1) — and the one
// funnel through which every event reaches the Arbiter and its log (docs/store.md, "The
// referee's log").
#include <algorithm>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/server/game_room.hpp"
#include "arbiter/server/game_room_detail.hpp"
#include "arbiter/wire/event_json.hpp"
#include "arbiter/wire/event_log_writer.hpp"

namespace arbiter::server {
namespace {

using competition::ClaimKind;
using core::Color;
using namespace room_detail;

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

Result<std::shared_ptr<GameRoom>> GameRoom::load(RoomContext context, store::StoredGame stored,
                                                 std::unique_ptr<ComputerMover> computer,
                                                 std::optional<store::Lease> lease,
                                                 std::optional<std::int64_t> interrupted_since) {
  auto extra = wire::read_extra(stored.header.extra);
  if (!extra) return tl::unexpected(extra.error());
  auto start = start_event(stored.header, *extra, stored.header.white, stored.header.black);
  if (!start) return tl::unexpected(start.error());
  auto arbiter = competition::Arbiter::create(*start);
  if (!arbiter) return tl::unexpected(arbiter.error());
  std::shared_ptr<GameRoom> room{
      new GameRoom(std::move(context), stored.header, *extra, std::move(*arbiter))};
  std::lock_guard lock{room->mutex_};
  room->lease_ = std::move(lease);
  room->interrupted_since_ = interrupted_since;
  if (auto ok = room->replay(stored); !ok) return tl::unexpected(ok.error());
  if (room->extra_.computer && !room->over()) {
    // A seat of the engine pool; null when none is free (maybe_start_computer asks again).
    room->computer_ = computer              ? std::move(computer)
                      : room->ctx_.computer ? room->ctx_.computer(room->extra_.level)
                                            : nullptr;
  }
  room->resume_clocks(stored);
  // The log's first lines: a new game's start, or a converted game's whole log.
  if (!room->in_flight_ && !room->pending_.log.empty()) room->commit();
  room->maybe_start_computer();
  room->touched();
  return room;
}

void GameRoom::apply(competition::EventBody body, Millis t) {
  competition::Event e;
  e.t = std::max(t, arbiter_->now());
  e.body = std::move(body);
  arbiter_->apply(e);
  start_log();
  pending_.log.push_back({++log_lines_, wire::event_line(e)});
}

void GameRoom::start_log() {
  if (log_lines_ > 0) return;
  pending_.log.push_back({++log_lines_, wire::start_line(start_)});
}

void GameRoom::flag_fell(Color flagged, Millis t) {
  apply(competition::ClaimEvent{~flagged, ClaimKind::Flag, std::nullopt}, t);
}

Result<void> GameRoom::replay_log(std::span<const store::LogLine> log) {
  auto start = wire::parse_start(log.front().text, 1);
  if (!start) return tl::unexpected(start.error());
  auto fresh = competition::Arbiter::create(*start);
  if (!fresh) return tl::unexpected(fresh.error());
  arbiter_.emplace(std::move(*fresh));
  start_ = *start;
  for (const store::LogLine& line : log.subspan(1)) {
    auto e = wire::parse_event(line.text, static_cast<int>(line.n));
    if (!e) return tl::unexpected(e.error());
    arbiter_->apply(*e);
  }
  log_lines_ = static_cast<std::int64_t>(log.size());
  return {};
}

Result<void> GameRoom::replay(const store::StoredGame& stored) {
  const store::GameHeader& h = stored.header;
  // Reset everything a reload may find changed.
  events_.clear();
  moves_.clear();
  alt_uci_.clear();
  rematch_offer_.reset();
  rematch_id_.reset();
  t0_.reset();
  first_move_deadline_.reset();
  pending_ = {};
  aborted_ = false;
  end_announced_ = false;
  log_lines_ = 0;
  // The seats' accounts as stored (a reload after a failed commit forgets an unstored one).
  header_.white_user = h.white_user;
  header_.black_user = h.black_user;
  const bool seen[2] = {seats_[0].seen, seats_[1].seen};
  seats_[0] =
      Seat{h.white_token, h.white, extra_.computer == Color::White, true, h.white_user, seen[0]};
  seats_[1] =
      Seat{h.black_token, h.black, extra_.computer == Color::Black, true, h.black_user, seen[1]};
  // A friend game created in the lobby waits for its second player (§1.2); a rematch
  // starts with both seats taken.
  // An event's game starts with both seats taken by its pairing (issue #18).
  if (!extra_.computer && !extra_.rematch_of && !extra_.tournament) {
    seats_[side_index(~extra_.creator)].taken = false;
  }
  auto start = start_event(h, extra_, seats_[0].name, seats_[1].name);
  if (!start) return tl::unexpected(start.error());
  start_ = *start;
  auto fresh = competition::Arbiter::create(start_);
  if (!fresh) return tl::unexpected(fresh.error());
  arbiter_.emplace(std::move(*fresh));
  // The referee's log is the game; the protocol events only rebuild the room's views.
  const bool from_log = !stored.log.empty();
  if (from_log) {
    if (auto ok = replay_log(stored.log); !ok) return ok;
  }
  // Without a log (a game stored before it existed, docs/store.md "The referee's log"),
  // the protocol events are refereed again: each apply() writes the log line it stands for.
  const auto referee = [&](competition::EventBody body, Millis t) {
    if (!from_log) apply(std::move(body), t);
  };

  core::Position board = arbiter_->game().start();
  for (const store::EventRecord& rec : stored.events) {
    auto e = wire::read_stored_event(rec.json);
    if (!e) return tl::unexpected(e.error());
    events_.push_back(std::make_shared<const std::string>(rec.json));
    const Millis t{e->t};
    const Color side = e->side.value_or(Color::White);
    if (e->type == "move") {
      if (e->ply != static_cast<int>(moves_.size()) + 1) continue;
      const core::Position before = board;
      auto m = core::parse_uci(before, e->uci);
      if (!m) {
        return make_error(ErrorCode::kProtocolState,
                          "stored move " + e->uci + " is not legal: " + m.error().message);
      }
      // A rejected claim's intended move (9.5.3) is already on the board; an upheld
      // claim's intended move is shown but never played (the claim event follows).
      if (!from_log && arbiter_->game().ply() < e->ply && !e->intended) {
        apply(competition::MoveEvent{side, notation::san(before, *m), false}, t);
      }
      board = before.after(*m);
      auto [uci, alt] = uci_forms(before, *m);
      wire::MoveView view{uci, notation::san(before, *m), board.fen(), 0, 0};
      if (static_cast<std::size_t>(e->ply) <= stored.moves.size()) {
        view.white_ms = stored.moves[static_cast<std::size_t>(e->ply - 1)].white_ms;
        view.black_ms = stored.moves[static_cast<std::size_t>(e->ply - 1)].black_ms;
      }
      moves_.push_back(std::move(view));
      alt_uci_.push_back(alt);
    } else if (e->type == "draw") {
      // A lapse is the Arbiter's own consequence of a move (9.1.2.1); only offers and
      // declines are actions.
      if (e->action == "offer") {
        if (!from_log && !arbiter_->has_draw_offer(side))
          referee(competition::OfferDrawEvent{side}, t);
      } else if (e->action == "decline") {
        referee(competition::DeclineDrawEvent{side}, t);
      }
    } else if (e->type == "claim") {
      std::optional<std::string> intended;
      if (e->move && !from_log) {
        const core::Position& pos = arbiter_->game().position();
        if (auto m = core::parse_uci(pos, *e->move)) intended = notation::san(pos, *m);
      }
      referee(competition::ClaimEvent{side, e->threefold ? ClaimKind::Threefold : ClaimKind::Fifty,
                                      intended},
              t);  // 9.1.2.3: a claim not upheld stands as a draw offer in the Arbiter
    } else if (e->type == "end") {
      if (e->termination == "resignation") {
        referee(competition::ResignEvent{side}, t);
      } else if (e->termination == "agreement") {
        referee(competition::AcceptDrawEvent{side}, t);
      } else if ((e->termination == "time_forfeit" ||
                  e->termination == "timeout_vs_insufficient") &&
                 !from_log) {
        flag_fell(arbiter_->game().position().side_to_move(), t);  // Art. 6.8: at t
      }
      aborted_ = e->termination == "aborted";
      end_announced_ = true;
    } else if (e->type == "join") {
      Seat& seat = seats_[side_index(side)];
      seat.taken = true;
      seat.name = e->name;
      if (!from_log && arbiter_->game().ply() == 0) {
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
      referee(a, t);
    }
  }
  if (h.status == store::GameStatus::Aborted) {
    aborted_ = true;
    end_announced_ = true;
  } else if (h.status == store::GameStatus::Ended && !arbiter_->is_over()) {
    // A stored ending its events do not reproduce: the stored result stands, as an
    // arbiter's decision (Art. 12.9), and the discrepancy is logged.
    log_line("game " + id_ + ": stored result " + h.result + " (" + h.reason +
             ") is not reproduced by its events; declared");
    competition::ArbiterEvent a;
    a.action = competition::ArbiterAction::DeclareResult;
    a.result = h.result;
    a.reason = h.reason;
    apply(a, arbiter_->now());
    end_announced_ = true;
  }
  // Once both seats are taken the log begins (a converted game's, or a new game's).
  if (playable() || over()) start_log();
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
    const Millis target = arbiter_->now() + Millis{down};
    if (interrupted_since_) {
      // Art. 6.11.1 (docs/cluster.md): the time no node could accept a move is not the
      // player's. The clocks were paused from the moment the former owner was last known
      // alive (or the last action, if later) until now.
      const std::int64_t last = stored.last_activity_ms();
      const std::int64_t from = std::clamp(*interrupted_since_, last, std::max(last, wall_now));
      const Millis pause_at = arbiter_->now() + Millis{from - last};
      interrupted_since_.reset();
      if (pause_at < target) {
        competition::ArbiterEvent pause;
        pause.action = competition::ArbiterAction::PauseClocks;
        apply(pause, pause_at);  // a flag that fell before it stands
        competition::ArbiterEvent resume;
        resume.action = competition::ArbiterAction::ResumeClocks;
        apply(resume, target);
        log_line("game " + id_ + ": interrupted for " +
                 std::to_string((target - pause_at).count()) + " ms (Art. 6.11.1)");
        if (arbiter_->is_over()) end_if_over(std::nullopt);
      }
    }
    t0_ = s - target;
    check_flag(s);
    commit();
  } else if (playable()) {
    first_move_deadline_ = s + first_move_allowance();
  }
}

}  // namespace arbiter::server
