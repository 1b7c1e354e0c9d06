#include "arbiter/competition/arbiter.hpp"

#include <algorithm>

#include "arbiter/competition/move_intent.hpp"
#include "arbiter/core/chess960.hpp"
#include "arbiter/core/fen.hpp"
#include "arbiter/game/dead.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::competition {
namespace {

clock::ClockSide clock_side(Color c) noexcept {
  return c == Color::White ? clock::ClockSide::White : clock::ClockSide::Black;
}

std::string seconds(Millis ms) {
  const auto whole = ms.count() / 1000;
  const auto frac = ms.count() % 1000;
  return std::to_string(whole) + (frac ? "." + std::to_string(frac) : "") + " s";
}

std::string capitalised(Color c) { return c == Color::White ? "White" : "Black"; }

}  // namespace

Result<Arbiter> Arbiter::create(const StartEvent& start) {
  if (start.time_control_black &&
      start.time_control_black->is_unlimited() != start.time_control.is_unlimited()) {
    return make_error(ErrorCode::kEventSyntax,
                      "time_control_black: both players need a clock, or neither (\"-\")",
                      Location{1, 0, "time_control_black"});
  }
  if (start.fen && start.chess960) {
    return make_error(ErrorCode::kEventSyntax, "give either \"fen\" or \"chess960\", not both",
                      Location{1, 0, "chess960"});
  }
  if (start.chess960) {
    auto g = game::Game::chess960(*start.chess960);
    if (!g) {
      return make_error(ErrorCode::kEventSyntax, "chess960: " + g.error().message,
                        Location{1, 0, "chess960"});
    }
    return Arbiter{start, std::move(*g)};
  }
  if (start.fen) {
    auto g = game::Game::from_fen(*start.fen);
    if (!g) {
      return make_error(ErrorCode::kEventSyntax, "fen: " + g.error().describe(),
                        Location{1, 0, "fen"});
    }
    return Arbiter{start, std::move(*g)};
  }
  return Arbiter{start, game::Game{}};  // Art. 2.3
}

Arbiter::Arbiter(const StartEvent& start, game::Game game)
    : start_(start),
      category_(start.derived_category()),
      time_(std::make_unique<ManualTimeSource>()),
      clock_(std::make_unique<clock::ChessClock>(start.control_of(Color::White),
                                                 start.control_of(Color::Black), *time_)),
      game_(std::move(game)) {
  // A.4 / B.4 replace the competition rules only in rapid and blitz (A.5 / B.5).
  a4_ =
      start.rules.supervision == Supervision::Inadequate && category_ != clock::Category::Standard;
  // A.4.3: without adequate supervision a flag counts only when claimed.
  automatic_flag_ = start.rules.flag == FlagPolicy::Automatic && !a4_;
  record_.white = start.white;
  record_.black = start.black;
  record_.time_control = start.time_control.to_string();
  if (start.has_time_odds()) record_.time_control_black = start.time_control_black->to_string();
  const core::Position& pos = game_.start();
  record_.chess960 = pos.is_chess960();
  if (start.fen || start.chess960) record_.start_fen = pos.fen();
  // Art. 6.6: t = 0 is the moment the clock of the player to move (White) was started.
  clock_->start(clock_side(pos.side_to_move()));
  // No ending is looked for in the start position itself: 5.1.1, 5.2.1 and 5.2.2 end the
  // game only through "the move producing" the position.
}

Arbiter::Arbiter(Arbiter&&) noexcept = default;
Arbiter& Arbiter::operator=(Arbiter&&) noexcept = default;
Arbiter::~Arbiter() = default;

Color Arbiter::side_to_move() const noexcept {
  const Color board = game_.position().side_to_move();
  return pending_illegal_ && !pending_illegal_->position_valid ? ~board : board;
}

bool Arbiter::can_mate(const core::Position& pos, Color side) const {
  // Art. 6.9 / 7.5.3 / A.4.2: "cannot checkmate by any possible series of legal moves".
  // An undecided search counts as "can mate": the Laws' exception needs a proof.
  return game::can_checkmate(pos, side).can_mate != game::Tristate::No;
}

Millis Arbiter::penalty_time() const noexcept {
  // Art. 7.5.3 / 9.5.3: two minutes; B.2: one minute in blitz.
  return category_ == clock::Category::Blitz ? Millis{60'000} : Millis{120'000};
}

std::optional<std::string> Arbiter::offer_forbidden(std::optional<int> move_number) const {
  // Art. 9.1.1: the regulations may forbid offers and agreement before a given move. The
  // number counted is the move the offer is made with, or else the move in progress (the
  // fullmove number of the position).
  const int from = start_.rules.draw_offers_from_move;
  const int current = move_number.value_or(game_.position().fullmove_number());
  if (from > 0 && current < from) {
    return "draw offers and agreements are not allowed before move " + std::to_string(from) +
           " (this is move " + std::to_string(current) + ")";
  }
  return std::nullopt;
}

bool Arbiter::offer_with_move(Color side, int move_number, const Event& e) {
  // 9.1.2.1: the proper offer, made with a move (legal or not: once made, an offer cannot
  // be withdrawn).
  if (auto why = offer_forbidden(move_number)) {
    refuse(e, "9.1.1", *why + "; the move stands");
    return false;
  }
  offers_[core::index(side)] = true;
  return true;
}

void Arbiter::add_penalty(Color penalised, Color to, std::string article, std::string action,
                          std::optional<Millis> ms) {
  std::string note = "Art. " + article + ": ";
  if (action == "warn") {
    note += capitalised(penalised) + " warned";
  } else {
    if (ms) clock_->adjust(clock_side(to), action == "subtract_time" ? -*ms : *ms);
    note += (action == "subtract_time" ? "-" : "+") + seconds(ms.value_or(Millis{0})) + " to " +
            capitalised(to);
  }
  record_.note(note);
  penalties_.push_back(Penalty{now_, penalised, std::move(article), std::move(action), ms, to});
  if (automatic_flag_) check_flags();
}

void Arbiter::refuse(const Event& e, std::string article, std::string reason) {
  refused_.push_back(
      Refusal{e.line, event_type_name(e.body), std::move(article), std::move(reason)});
}

void Arbiter::end(GameResult result, Termination termination, Millis at) {
  if (ending_) return;
  ending_ = Ending{result, termination, at};
  clock_->pause();
}

void Arbiter::flag_fell(Color side, Millis at) {
  if (automatic_flag_ && quickplay_ && quickplay_->kind == ClaimKind::Quickplay &&
      quickplay_->postponed && quickplay_->by == side) {
    // III.5.2: after a postponed claim the arbiter declares the final result once the
    // claimant's flag has fallen; the game waits for that declaration.
    if (!awaiting_decision_) {
      awaiting_decision_ = true;
      clock_->pause();
      record_.note("Art. III.5.2: " + capitalised(side) + "'s flag fell; the arbiter decides");
    }
    return;
  }
  // Art. 6.9: the player whose flag fell loses, unless the opponent cannot checkmate him
  // by any series of legal moves: then it is a draw.
  const Color opponent = ~side;
  if (can_mate(game_.position(), opponent)) {
    end(win_for(opponent), Termination::TimeForfeit, at);
  } else {
    end(GameResult::Draw, Termination::TimeoutVsInsufficient, at);
  }
}

void Arbiter::check_flags() {
  if (ending_ || !automatic_flag_) return;
  std::optional<std::pair<Millis, Color>> first;
  for (Color c : {Color::White, Color::Black}) {
    if (auto at = clock_->flag_fell_at(clock_side(c))) {
      if (!first || *at < first->first) first = std::make_pair(*at, c);
    }
  }
  if (first) {
    time_->set(std::max(first->first, Millis{0}));
    now_ = first->first;
    flag_fell(first->second, first->first);
  }
}

void Arbiter::advance_to(Millis t) {
  if (ending_) return;
  // Art. 6.8 (automatic): the game ends at the exact instant the running flag falls; an
  // event at or after it comes too late, and its t is not used for the clocks.
  if (automatic_flag_) {
    if (auto instant = clock_->flag_instant(); instant && *instant <= t) {
      time_->set(*instant);
      now_ = *instant;
      check_flags();
      if (ending_) return;
    }
  }
  time_->set(t);
  now_ = t;
}

void Arbiter::advance(Millis t) { advance_to(std::max(t, now_)); }

std::optional<ClockReading> Arbiter::clock_at(Millis t) const {
  return read_clock(*clock_, std::max(t, now_));
}

std::optional<Millis> Arbiter::automatic_flag_instant() const {
  if (ending_ || !automatic_flag_ || awaiting_decision_) return std::nullopt;
  return clock_->flag_instant();
}

void Arbiter::apply(const Event& e) {
  // The log reader rejects t going backwards; through the API an earlier t is read as now.
  advance_to(std::max(e.t, now_));
  if (ending_) {
    refuse(
        e, std::string(termination_article(ending_->termination)),
        "the game has already ended (" + std::string(termination_name(ending_->termination)) + ")");
    return;
  }
  if (awaiting_decision_) {
    const auto* a = std::get_if<ArbiterEvent>(&e.body);
    const bool allowed = std::holds_alternative<ResignEvent>(e.body) ||
                         (a && a->action == ArbiterAction::DeclareResult);
    if (!allowed) {
      refuse(e, "III.5.2", "the claimant's flag has fallen: the arbiter must declare the result");
      return;
    }
  }
  if (const auto* u = std::get_if<UnusableEvent>(&e.body)) {
    refuse(e, "", u->reason);
    return;
  }
  if (adjourned_) {
    // Guideline I: while adjourned only offers, answers, resignation, resumption and the
    // arbiter act (I.4, I.6, I.9).
    const bool allowed = std::holds_alternative<OfferDrawEvent>(e.body) ||
                         std::holds_alternative<AcceptDrawEvent>(e.body) ||
                         std::holds_alternative<DeclineDrawEvent>(e.body) ||
                         std::holds_alternative<ResignEvent>(e.body) ||
                         std::holds_alternative<ResumeEvent>(e.body) ||
                         std::holds_alternative<ArbiterEvent>(e.body);
    if (!allowed) {
      refuse(e, "I.1.1", "the game is adjourned; it continues only after \"resume\"");
      return;
    }
  }
  if (interrupted_) {
    // Art. 6.11.1: while the game is interrupted nothing is played; offers, answers,
    // resignation and the arbiter still act.
    const bool allowed = std::holds_alternative<OfferDrawEvent>(e.body) ||
                         std::holds_alternative<AcceptDrawEvent>(e.body) ||
                         std::holds_alternative<DeclineDrawEvent>(e.body) ||
                         std::holds_alternative<ResignEvent>(e.body) ||
                         std::holds_alternative<ArbiterEvent>(e.body);
    if (!allowed) {
      refuse(e, "6.11.1",
             "the game is interrupted; it continues when the arbiter starts the clocks");
      return;
    }
  }
  std::visit(
      [&](const auto& body) {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, MoveEvent>)
          on_move(e, body);
        else if constexpr (std::is_same_v<T, TouchEvent>)
          on_touch(e, body);
        else if constexpr (std::is_same_v<T, OfferDrawEvent>)
          on_offer(e, body.side);
        else if constexpr (std::is_same_v<T, AcceptDrawEvent>)
          on_accept(e, body.side);
        else if constexpr (std::is_same_v<T, DeclineDrawEvent>)
          on_decline(e, body.side);
        else if constexpr (std::is_same_v<T, ClaimEvent>)
          on_claim(e, body);
        else if constexpr (std::is_same_v<T, ResignEvent>)
          on_resign(e, body.side);
        else if constexpr (std::is_same_v<T, AdjournEvent>)
          on_adjourn(e, body);
        else if constexpr (std::is_same_v<T, ResumeEvent>)
          on_resume(e);
        else if constexpr (std::is_same_v<T, ArbiterEvent>)
          on_arbiter(e, body);
      },
      e.body);
}

void Arbiter::on_touch(const Event& e, const TouchEvent& t) {
  if (t.side != side_to_move()) {
    refuse(e, "4.3", "only the player having the move touches pieces with intent to move them");
    return;
  }
  if (pending_illegal_ && !pending_illegal_->position_valid) {
    refuse(e, "A.4.4", "the position on the board is illegal; touches are not tracked");
    return;
  }
  if (t.square == core::Square::None || game_.position().empty(t.square)) {
    refuse(e, "4.3", "there is no piece on that square");
    return;
  }
  touch_.add(game_.position(), t.square);
  // spec: an offer lapses when its receiver touches a piece.
  offers_[core::index(~t.side)] = false;
}

void Arbiter::on_move(const Event& e, const MoveEvent& m) {
  if (m.side != side_to_move()) {
    refuse(e, "1.2", "it is " + std::string(side_name(side_to_move())) + "'s move");
    return;
  }
  if (pending_illegal_ && !pending_illegal_->position_valid) {
    reply_to_illegal_position(e, m);
    return;
  }
  const core::Position& pos = game_.position();
  auto parsed = notation::parse_move(pos, m.move);
  if (parsed) {
    if (auto c = touch_.constraint(pos); c && !c->allowed.contains(*parsed)) {
      refuse(e, c->article, c->reason);
      return;
    }
    complete_move(*parsed, m.side, m.offer_draw, e);
    return;
  }
  const Error& err = parsed.error();
  if (err.code == ErrorCode::kMoveAmbiguous) {
    refuse(e, "8.1", "the move is ambiguous: " + err.message);
    return;
  }
  const bool incomplete = incomplete_promotion(pos, m.move).has_value();
  if (err.code == ErrorCode::kMoveSyntax && !incomplete) {
    refuse(e, "C", "not a move: " + err.message);
    return;
  }
  illegal_move(e, m, err.message);
}

void Arbiter::complete_move(core::Move move, Color side, bool offer_draw, const Event& e) {
  const core::Position& before = game_.position();
  RecordedMove rec;
  rec.side = side;
  rec.number = before.fullmove_number();
  rec.san = notation::san(before, move);
  // Art. 6.2.1: pressing the clock completes the move.
  clock_->press(clock_side(side));
  last_move_.emplace(before, move);
  game_.push(move);
  finish_move(std::move(rec), side, offer_draw, e);
}

void Arbiter::finish_move(RecordedMove rec, Color side, bool offer_draw, const Event& e) {
  moves_by_[core::index(side)]++;
  touch_.clear();
  if (!clock_->is_unlimited()) rec.clock = clock_->remaining(clock_side(side));
  // 9.1.2.1: an offer lapses when its receiver completes a move.
  offers_[core::index(~side)] = false;
  declined_[static_cast<std::size_t>(core::index(~side))] = false;  // 11.5: may offer again
  // A.4.2: once the opponent has moved, a standing illegal move can no longer be claimed.
  if (pending_illegal_ && pending_illegal_->offender != side) pending_illegal_.reset();
  record_.moves.push_back(std::move(rec));
  if (offer_draw && offer_with_move(side, record_.moves.back().number, e))
    record_.moves.back().offered_draw = true;
  // 6.2.1.1: a move that ends the game automatically is complete without the clock.
  end_if_over(side);
}

void Arbiter::end_if_over(Color last_mover) {
  // Automatic endings: 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2. A dead position (5.2.2) is found
  // by the material rules and, beyond them, by the full decision (fixed pawn walls, forced
  // lines), within a node budget: an undecided position is not dead.
  // The witness of the last position, carried over the move when that is sound, proves
  // this one alive without a search; otherwise the full decision runs and its witness is
  // kept (the verdict is the same either way: game/live_witness.hpp).
  const bool alive =
      last_move_ && live_.carry(last_move_->first, last_move_->second, game_.position());
  if (!last_move_) live_.clear();  // the position changed otherwise than by a tracked move
  last_move_.reset();
  std::vector<core::Move> witness;
  const game::Outcome outcome = game_.outcome(
      alive ? game::DeadCheck::KnownAlive : game::DeadCheck::Full, kDeadPositionLimits, &witness);
  if (!alive) live_.set(std::move(witness));
  switch (outcome.termination) {
    case game::Termination::None: break;
    case game::Termination::Checkmate:
      end(win_for(outcome.winner.value_or(last_mover)), Termination::Checkmate, now_);
      break;
    case game::Termination::Stalemate: end(GameResult::Draw, Termination::Stalemate, now_); break;
    case game::Termination::DeadPosition:
      end(GameResult::Draw, Termination::DeadPosition, now_);
      break;
    case game::Termination::FivefoldRepetition:
      end(GameResult::Draw, Termination::FivefoldRepetition, now_);
      break;
    case game::Termination::SeventyFiveMoves:
      end(GameResult::Draw, Termination::SeventyFiveMoves, now_);
      break;
  }
}

}  // namespace arbiter::competition
