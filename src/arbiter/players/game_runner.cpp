#include "arbiter/players/game_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <future>

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/core/uci_move.hpp"

namespace arbiter::players {

using namespace competition;

namespace {

constexpr int kMaxIllegalAnswers = 3;  // a safety net: 7.5.5 ends the game at the second

class Runner {
 public:
  Runner(Arbiter arbiter, const StartEvent& start, const TimeSource& time,
         const RunOptions& options)
      : arbiter_(std::move(arbiter)), time_(time), options_(options), t0_(time.now()) {
    played_.start = start;
  }

  PlayedGame run(Player& white, Player& black) {
    Player* players[2] = {&white, &black};
    std::array<bool, 2> absent{};
    for (Color c : {Color::White, Color::Black}) {
      GameStart gs;
      gs.side = c;
      gs.opponent = players[1 - core::index(c)]->name();
      gs.time_control = played_.start.control_of(c);
      gs.opponent_time_control = played_.start.control_of(~c);
      gs.chess960 = arbiter_.game().start().is_chess960();
      gs.start_position = arbiter_.game().start();
      if (auto ok = players[core::index(c)]->start(gs); !ok) {
        note(std::string(side_name(c)) + " could not start: " + ok.error().message);
        absent[static_cast<std::size_t>(core::index(c))] = true;
      }
    }
    // Art. 6.6: the clock starts at the start of the game, when both are seated: a
    // program's start-up (launch, handshake, readiness) is not its first move's time.
    t0_ = time_.now();
    // A player who cannot sit down at the board forfeits the game (Art. 6.7); both: -/-.
    if (absent[0] || absent[1]) {
      const Color loser = absent[0] ? Color::White : Color::Black;
      declare(loser, "could not start",
              absent[0] && absent[1] ? "-/-" : (absent[0] ? "-/+" : "+/-"));
    }
    std::array<int, 2> illegal{};
    bool adjourned = false;
    while (!arbiter_.is_over() && !adjourned) {
      const Color side = arbiter_.game().position().side_to_move();
      const ThinkRequest request = make_request(side);
      if (options_.claim_draws && claim_now(side)) continue;
      const int ply_before = arbiter_.game().ply();
      Player& mover = *players[core::index(side)];
      Player& other = *players[1 - core::index(side)];
      const Reply reply = other.interactive() && !mover.interactive()
                              ? think_while_listening(mover, other, request, ~side)
                              : mover.think(request);
      if (arbiter_.is_over()) break;  // ended meanwhile: a resignation, an agreed draw
      const Millis t = elapsed();
      switch (reply.kind) {
        case ReplyKind::Move:
          if (options_.claim_draws && claim_with(side, reply.move, t)) break;
          apply(t, MoveEvent{side, reply.move, reply.offer_draw});
          if (!arbiter_.is_over() && arbiter_.game().ply() == ply_before) {
            // Not accepted: illegal (Art. 7.5) or not a move at all.
            note(std::string(side_name(side)) + " played an illegal move: " + reply.move);
            const bool reject = played_.start.rules.illegal_moves == IllegalMovePolicy::Reject;
            if (reject || ++illegal[core::index(side)] >= kMaxIllegalAnswers)
              declare(side, "illegal move " + reply.move, {});
          }
          break;
        case ReplyKind::Resign: apply(t, ResignEvent{side}); break;
        case ReplyKind::OfferDraw: apply(t, OfferDrawEvent{side}); break;
        case ReplyKind::AcceptDraw: apply(t, AcceptDrawEvent{side}); break;
        case ReplyKind::DeclineDraw: apply(t, DeclineDrawEvent{side}); break;
        case ReplyKind::Claim: {
          ClaimEvent c{side, reply.claim, std::nullopt};
          if (!reply.move.empty()) c.move = reply.move;
          apply(t, c);
          break;
        }
        case ReplyKind::Adjourn:
          apply(t, AdjournEvent{reply.move});
          // Guideline I: the game stops here; it is resumed elsewhere from the envelope.
          if (arbiter_.verdict().termination == Termination::Adjourned) adjourned = true;
          break;
        case ReplyKind::Timeout:
        case ReplyKind::Crash:
          note(std::string(side_name(side)) +
               (reply.kind == ReplyKind::Crash ? " crashed: " : " hung: ") + reply.detail);
          lost_contact(side, t, reply.kind == ReplyKind::Crash);
          break;
      }
      if (arbiter_.game().ply() == ply_before + 1) {
        record_eval(ply_before, reply);
        if (options_.adjudication.any() && !arbiter_.is_over()) adjudicate_scores();
      }
    }
    played_.verdict = arbiter_.verdict();
    played_.evals.resize(played_.verdict.moves.size());
    const std::string result(result_text(played_.verdict.result));
    white.finish(result);
    black.finish(result);
    return std::move(played_);
  }

 private:
  Millis elapsed() const { return time_.now() - t0_; }

  // The mover (an engine) thinks on another thread, on its own copy of the game, while the
  // person at the board (`listener`) may act: Art. 5.1.2 allows resigning at any time and
  // 9.1.2.1 keeps an offer made during the opponent's turn valid. If that ends the game,
  // the engine is told to stop and its answer is dropped.
  Reply think_while_listening(Player& mover, Player& listener, const ThinkRequest& request,
                              Color listener_side) {
    const game::Game snapshot = arbiter_.game();
    ThinkRequest own = request;
    own.game = &snapshot;
    auto answer = std::async(std::launch::async, [&mover, own] { return mover.think(own); });
    constexpr Millis kListenTick{50};
    while (answer.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready) {
      if (arbiter_.is_over()) {
        answer.wait();
        break;
      }
      auto said = listener.listen(own, kListenTick);
      if (!said) continue;
      switch (said->kind) {
        case ReplyKind::Resign: apply(elapsed(), ResignEvent{listener_side}); break;
        case ReplyKind::OfferDraw: apply(elapsed(), OfferDrawEvent{listener_side}); break;
        case ReplyKind::AcceptDraw: apply(elapsed(), AcceptDrawEvent{listener_side}); break;
        case ReplyKind::DeclineDraw: apply(elapsed(), DeclineDrawEvent{listener_side}); break;
        default: break;  // moves and claims wait for the listener's own turn
      }
      if (arbiter_.is_over()) mover.interrupt();
    }
    return answer.get();
  }

  void apply(Millis t, EventBody body) {
    Event e{static_cast<int>(played_.events.size()) + 2, std::max(t, last_t_), std::move(body)};
    last_t_ = e.t;
    arbiter_.apply(e);
    played_.events.push_back(e);
    if (options_.on_event) options_.on_event(e, arbiter_.verdict());
  }

  void note(std::string text) { played_.notes.push_back(std::move(text)); }

  // The optional score rules of `arbiter match`: an arbiter decision (Art. 12.9), logged.
  void adjudicate_scores() {
    const core::Position& first = arbiter_.game().start();
    auto decision =
        adjudicate(options_.adjudication, scores_, first.side_to_move(), first.fullmove_number());
    if (!decision) return;
    ArbiterEvent a;
    a.action = ArbiterAction::DeclareResult;
    a.side = decision->loser;
    a.result = decision->result;
    a.reason = "adjudication (" + decision->rule + ")";
    apply(elapsed(), a);
    if (arbiter_.is_over()) played_.adjudication = decision->rule;
  }

  void record_eval(int ply, const Reply& reply) {
    if (scores_.size() <= static_cast<std::size_t>(ply))
      scores_.resize(static_cast<std::size_t>(ply) + 1);
    scores_[static_cast<std::size_t>(ply)] = reply.score_cp;
    auto& evals = played_.evals;
    if (evals.size() <= static_cast<std::size_t>(ply))
      evals.resize(static_cast<std::size_t>(ply) + 1);
    if (!reply.score_cp) return;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f/%d", *reply.score_cp / 100.0, reply.depth.value_or(0));
    evals[static_cast<std::size_t>(ply)] = buf;
  }

  // Art. 9.2.1.2 / 9.3.2: the position on the board allows a claim.
  bool claim_now(Color side) {
    const game::Game& g = arbiter_.game();
    if (!g.can_claim_threefold() && !g.can_claim_fifty()) return false;
    const ClaimKind kind = g.can_claim_threefold() ? ClaimKind::Threefold : ClaimKind::Fifty;
    apply(elapsed(), ClaimEvent{side, kind, std::nullopt});
    return arbiter_.is_over();
  }

  // Art. 9.2.1.1 / 9.3.1: the chosen move would allow a claim; it is written, not played.
  bool claim_with(Color side, const std::string& text, Millis t) {
    const game::Game& g = arbiter_.game();
    auto m = core::parse_uci(g.position(), text);
    if (!m) return false;
    game::Game after = g;
    after.push(*m);
    const bool three = g.can_claim_threefold(*m);
    if (!three && !after.can_claim_fifty()) return false;
    const int ply = g.ply();
    apply(t, ClaimEvent{side, three ? ClaimKind::Threefold : ClaimKind::Fifty, text});
    // Over, or the arbiter had the intended move made after all (Art. 9.5.3).
    return arbiter_.is_over() || arbiter_.game().ply() != ply;
  }

  // Art. 12.9: the arbiter ends the game; `result` defaults to a loss for `loser`.
  void declare(Color loser, std::string reason, std::string result) {
    if (arbiter_.is_over()) return;
    ArbiterEvent a;
    a.action = ArbiterAction::DeclareResult;
    a.side = loser;
    a.result = result.empty() ? std::string(result_text(win_for(~loser))) : result;
    a.reason = std::move(reason);
    apply(elapsed(), a);
  }

  // A hang or a crash. With a clock, the player's clock runs until his flag falls and
  // the flag is then pointed out (Art. 6.8, 6.9 — a draw if the opponent cannot mate).
  void lost_contact(Color side, Millis t, bool crashed) {
    const auto& clk = arbiter_.chess_clock();
    if (auto flag = clk.flag_instant()) {
      apply(std::max(t, *flag), ClaimEvent{~side, ClaimKind::Flag, std::nullopt});
      if (arbiter_.is_over()) return;
    }
    declare(side, crashed ? "the engine crashed" : "the engine stopped answering", {});
  }

  ThinkRequest make_request(Color side) const {
    ThinkRequest r;
    r.game = &arbiter_.game();
    const auto clock = arbiter_.clock_at(arbiter_.now());
    if (!clock) return r;
    r.remaining = {clock->of(Color::White), clock->of(Color::Black)};
    r.increment = clock->increment_of(side);
    r.delay = clock->delay_of(side);
    // Art. 6.3: each player's own additional time (time odds: they differ); a delay is
    // told as an increment of the same size, as for the mover.
    r.increments =
        std::array<Millis, 2>{clock->increment_of(Color::White) + clock->delay_of(Color::White),
                              clock->increment_of(Color::Black) + clock->delay_of(Color::Black)};
    r.moves_to_go = clock->to_control_of(side);
    if (auto flag = arbiter_.chess_clock().flag_instant()) {
      r.budget = std::max(*flag - elapsed(), Millis{1});
    } else {  // the clock has not been started yet: the whole time of the mover
      r.budget = clock->of(side) + r.delay;
    }
    return r;
  }

  Arbiter arbiter_;
  const TimeSource& time_;
  const RunOptions& options_;
  Millis t0_;
  Millis last_t_{0};
  PlayedGame played_;
  std::vector<std::optional<int>> scores_;  // per ply that stands: the mover's score
};

}  // namespace

std::string pgn_with_evals(const std::string& pgn, const std::vector<std::string>& evals) {
  static const std::string kClk = "{[%clk";  // then a blank or a line break
  std::string out;
  std::size_t from = 0;
  for (const std::string& eval : evals) {
    const std::size_t at = pgn.find(kClk, from);
    if (at == std::string::npos) break;
    const std::size_t close = pgn.find('}', at);
    if (close == std::string::npos) break;
    out.append(pgn, from, close - from);
    if (!eval.empty()) out += ' ' + eval;
    from = close;
  }
  out.append(pgn, from, std::string::npos);
  return out;
}

Result<PlayedGame> run_game(const StartEvent& start, Player& white, Player& black,
                            const TimeSource& time, const RunOptions& options) {
  auto arbiter = Arbiter::create(start);
  if (!arbiter) return tl::unexpected(arbiter.error());
  Runner runner(std::move(*arbiter), start, time, options);
  return runner.run(white, black);
}

}  // namespace arbiter::players
