// The Arbiter's answers to offers, claims, resignation, adjournment and arbiter actions.
#include "arbiter/competition/arbiter.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::competition {
namespace {

clock::ClockSide clock_side(Color c) noexcept {
  return c == Color::White ? clock::ClockSide::White : clock::ClockSide::Black;
}

constexpr Millis kTwoMinutes{120'000};
constexpr Millis kQuickplayIncrement{5'000};  // Guideline III.4

}  // namespace

void Arbiter::on_offer(const Event& e, Color side) {
  if (auto why = offer_forbidden()) {
    refuse(e, "9.1.1", *why);
    return;
  }
  // 9.1.2.1: an offer at any other time is still valid (I.4: also after the seal).
  offers_[core::index(side)] = true;
  record_.note(std::string(side_name(side)) + " offers a draw (=)");
}

void Arbiter::on_accept(const Event& e, Color side) {
  if (!offers_[core::index(~side)]) {
    refuse(e, "9.1.2", "there is no pending draw offer from the opponent");
    return;
  }
  // 5.2.3: agreement needs both players to have made at least one move.
  if (moves_by_[0] == 0 || moves_by_[1] == 0) {
    refuse(e, "5.2.3", "a draw by agreement needs both players to have made a move");
    return;
  }
  if (auto why = offer_forbidden()) {
    refuse(e, "9.1.1", *why);
    return;
  }
  end(GameResult::Draw, Termination::Agreement, now_);
}

void Arbiter::on_decline(const Event& e, Color side) {
  if (!offers_[core::index(~side)]) {
    refuse(e, "9.1.2", "there is no pending draw offer from the opponent");
    return;
  }
  offers_[core::index(~side)] = false;
  declined_[static_cast<std::size_t>(core::index(~side))] = true;
}

void Arbiter::on_claim(const Event& e, const ClaimEvent& c) {
  switch (c.kind) {
    case ClaimKind::Threefold:
    case ClaimKind::Fifty: claim_draw(e, c); return;
    case ClaimKind::Flag: claim_flag(e, c); return;
    case ClaimKind::Quickplay:
    case ClaimKind::QuickplayIncrement: claim_quickplay(e, c); return;
    case ClaimKind::Illegal: break;
  }
  // A.4.2: only without adequate supervision, and only before the claimant moves.
  if (!a4_) {
    refuse(e, "A.4.2",
           "under adequate supervision (A.3 / B.3, or a standard game) an illegal move is "
           "corrected by the arbiter at once; there is no such claim");
    return;
  }
  if (!pending_illegal_ || pending_illegal_->offender != ~c.side) {
    refuse(e, "A.4.2", "the opponent has not just completed an illegal move");
    return;
  }
  const core::Position before = pending_illegal_->before;
  if (can_mate(before, c.side)) {
    end(win_for(c.side), Termination::IllegalMoveForfeit, now_);
  } else {
    end(GameResult::Draw, Termination::IllegalMoveDead, now_);
  }
}

void Arbiter::claim_draw(const Event& e, const ClaimEvent& c) {
  const bool threefold = c.kind == ClaimKind::Threefold;
  const std::string article = threefold ? "9.2" : "9.3";
  if (pending_illegal_ && !pending_illegal_->position_valid) {
    refuse(e, "A.4.4", "the position on the board is illegal");
    return;
  }
  if (c.side != side_to_move()) {
    refuse(e, article, "only the player having the move may claim");
    return;
  }
  if (!touch_.empty()) {
    // 9.4: touching a piece loses the right to claim on this move.
    refuse(e, "9.4", "the claimant has already touched a piece with intent");
    return;
  }
  std::optional<core::Move> intended;
  if (c.move) {
    auto parsed = notation::parse_move(game_.position(), *c.move);
    if (parsed) {
      intended = *parsed;
    } else if (parsed.error().code == ErrorCode::kMoveSyntax ||
               parsed.error().code == ErrorCode::kMoveAmbiguous) {
      // Nothing definite was written (C, 8.1): there is no claim to judge.
      refuse(e, threefold ? "9.2.1.1" : "9.3.1",
             "the intended move must be written unambiguously: " + parsed.error().message);
      return;
    } else {
      // A definite but illegal move was written and declared (9.2.1.1 / 9.3.1: it cannot
      // be changed): no legal move can bring the position about, so the claim is incorrect
      // (9.5.3, unless the position already allows the claim) and no move is made for it.
      record_.note("Art. " + std::string(threefold ? "9.2.1.1" : "9.3.1") + ": the intended move " +
                   *c.move + " is illegal: " + parsed.error().message);
    }
  }
  // 9.1.2.3: the claim is also a draw offer.
  if (!offer_forbidden()) offers_[core::index(c.side)] = true;
  bool correct = false;
  if (threefold) {
    // 9.2.1.2 (the position has just appeared a third time) or, with a move, 9.2.1.1.
    correct = game_.can_claim_threefold() || (intended && game_.can_claim_threefold(*intended));
  } else {
    correct = game_.can_claim_fifty() || (intended && game_.can_claim_fifty(*intended));
  }
  if (correct) {
    // The score says who claimed, and with which move when the intended move made the claim
    // correct (9.2.1.1 / 9.3.1: written on the scoresheet, not made on the board).
    const bool already = threefold ? game_.can_claim_threefold() : game_.can_claim_fifty();
    const bool by_move = intended && !already;
    std::string note = std::string(side_name(c.side)) + " claims a draw by " +
                       (threefold ? "threefold repetition" : "the fifty-move rule");
    if (by_move) {
      const core::Position& pos = game_.position();
      note += " with the intended move " + std::to_string(pos.fullmove_number()) +
              (c.side == Color::White ? ". " : "...") + notation::san(pos, *intended);
    }
    note +=
        " (Art. " +
        std::string(threefold ? (by_move ? "9.2.1.1" : "9.2.1.2") : (by_move ? "9.3.1" : "9.3.2")) +
        "): upheld";
    record_.note(std::move(note));
    // 9.5.2: a correct claim ends the game at once.
    end(GameResult::Draw, threefold ? Termination::ThreefoldClaim : Termination::FiftyMoveClaim,
        now_);
    return;
  }
  // 9.5.3: two minutes to the opponent (B.2: one in blitz); the game continues and an
  // intended move must be made.
  record_.note("Art. 9.5.3: incorrect " + std::string(claim_kind_name(c.kind)) + " claim by " +
               std::string(side_name(c.side)));
  add_penalty(c.side, ~c.side, "9.5.3", "add_time", penalty_time());
  if (ending_) return;
  if (intended) complete_move(*intended, c.side, false, e);
}

std::optional<std::pair<std::string, std::string>> Arbiter::guideline_iii_excluded(
    Color side) const {
  if (!start_.rules.quickplay_finish)
    return std::pair<std::string, std::string>{
        "III.2.1", "the quickplay finish rules were not announced for this game"};
  if (category_ == clock::Category::Blitz)
    return std::pair<std::string, std::string>{"III.2.2", "Guideline III does not apply to blitz"};
  if (!clock_->is_unlimited()) {
    const auto& period = start_.control_of(side).periods()[clock_->period_index(clock_side(side))];
    if (period.increment.count() > 0)
      return std::pair<std::string, std::string>{
          "III.2.2", "Guideline III applies only to games without increment"};
  }
  return std::nullopt;
}

void Arbiter::claim_flag(const Event& e, const ClaimEvent& c) {
  if (clock_->is_unlimited()) {
    refuse(e, "6.8", "the game is played without a clock");
    return;
  }
  const auto theirs = clock_->flag_fell_at(clock_side(~c.side));
  const auto mine = clock_->flag_fell_at(clock_side(c.side));
  if (!theirs) {
    refuse(e, automatic_flag_ ? "6.8" : "A.4.3", "the opponent's flag has not fallen");
    return;
  }
  if (mine) {
    // Both flags have fallen. A.4.3 (and the claim mode that follows it): a claim is valid
    // only if the claimant still has time. Only Guideline III, where it applies (III.2),
    // decides when both flags are down: III.3.1.
    if (auto why = guideline_iii_excluded(c.side)) {
      refuse(e, "A.4.3",
             "the claimant's own flag has fallen too, and Guideline III does not decide (" +
                 why->first + ": " + why->second + ")");
    } else if (clock_->in_last_period(clock_side(Color::White)) &&
               clock_->in_last_period(clock_side(Color::Black))) {
      end(GameResult::Draw, Termination::BothFlags, now_);  // III.3.1.2
    } else {
      refuse(e, "III.3.1.1", "both flags have fallen before the last period: play continues");
    }
    return;
  }
  // A.4.3 / 6.9: a valid claim wins, unless the claimant cannot checkmate.
  flag_fell(~c.side, now_);
}

void Arbiter::claim_quickplay(const Event& e, const ClaimEvent& c) {
  const std::string article = c.kind == ClaimKind::Quickplay ? "III.5" : "III.4";
  if (auto why = guideline_iii_excluded(c.side)) {
    refuse(e, why->first, why->second);
    return;
  }
  if (clock_->is_unlimited()) {
    refuse(e, article, "the game is played without a clock");
    return;
  }
  if (c.side != side_to_move()) {
    refuse(e, article, "only the player having the move may claim");
    return;
  }
  if (clock_->remaining(clock_side(c.side)) >= kTwoMinutes) {
    refuse(e, article, "the claimant has two minutes or more on his clock");
    return;
  }
  if (quickplay_) {
    refuse(e, article, "a quickplay claim is already before the arbiter");
    return;
  }
  // III.4: the request is equivalent to a draw offer.
  if (c.kind == ClaimKind::QuickplayIncrement && !offer_forbidden()) {
    offers_[core::index(c.side)] = true;
  }
  quickplay_ = QuickplayRequest{c.side, c.kind, false};
  record_.note(std::string(side_name(c.side)) + " claims under Guideline " + article);
}

void Arbiter::on_resign(const Event&, Color side) {
  // 5.1.2: a player may resign at any time (I.6: also while adjourned).
  end(win_for(~side), Termination::Resignation, now_);
}

void Arbiter::on_adjourn(const Event& e, const AdjournEvent& a) {
  if (pending_illegal_ && !pending_illegal_->position_valid) {
    refuse(e, "A.4.4", "the position on the board is illegal");
    return;
  }
  // I.1.1: the player having the move seals it; the clocks stop.
  const Color by = side_to_move();
  clock_->pause();
  Envelope env;
  env.white = start_.white;
  env.black = start_.black;
  env.fen = game_.position().fen();  // I.2.2
  for (Color c : {Color::White, Color::Black}) {
    const int i = core::index(c);
    env.remaining[i] = clock_->remaining(clock_side(c));
  }
  env.sealed_by = by;                                           // I.2.4
  env.sealed_move_number = game_.position().fullmove_number();  // I.2.5
  if (offers_[0]) env.draw_offer_by = Color::White;             // I.2.6
  if (offers_[1]) env.draw_offer_by = Color::Black;
  touch_.clear();
  adjourned_ = Adjournment{a.sealed_move, by, env};
  record_.note("adjourned; " + std::string(side_name(by)) + " sealed move " +
               std::to_string(env.sealed_move_number));
}

void Arbiter::on_resume(const Event& e) {
  if (!adjourned_) {
    refuse(e, "I.9", "the game is not adjourned");
    return;
  }
  const Adjournment adj = std::move(*adjourned_);
  adjourned_.reset();
  clock_->resume();
  // I.9.1: the envelope is opened and the sealed move made; I.8: an ambiguous, unreadable
  // or impossible sealed move loses.
  auto parsed = notation::parse_move(game_.position(), adj.sealed_move);
  if (!parsed) {
    record_.note("Art. I.8: sealed move \"" + adj.sealed_move +
                 "\" is invalid: " + parsed.error().message);
    end(win_for(~adj.by), Termination::SealedMoveInvalid, now_);
    return;
  }
  // I.4: a draw offer made after the move was sealed stands until the sealer accepts or
  // rejects it (9.1); making the sealed move on the board does neither.
  const bool offer_to_sealer = offers_[core::index(~adj.by)];
  complete_move(*parsed, adj.by, false, e);
  if (!ending_) offers_[core::index(~adj.by)] = offer_to_sealer;
}

void Arbiter::interrupt(const Event& e, bool pause) {
  // Art. 6.11.1: "If the game needs to be interrupted, the arbiter shall pause the clock."
  if (pause) {
    if (interrupted_) {
      refuse(e, "6.11.1", "the clocks are already paused");
      return;
    }
    if (adjourned_ || clock_->is_unlimited() || !clock_->running()) {
      refuse(e, "6.11.1", "no clock is running to pause");
      return;
    }
    clock_->pause();
    interrupted_ = true;
    record_.note("Art. 6.11.1: the game is interrupted, the clocks paused");
    return;
  }
  if (!interrupted_) {
    refuse(e, "6.11.1", "the clocks are not paused");
    return;
  }
  clock_->resume();
  interrupted_ = false;
  record_.note("Art. 6.11.1: the clocks started again");
}

void Arbiter::on_arbiter(const Event& e, const ArbiterEvent& a) {
  const auto need_side = [&]() -> bool {
    if (a.side) return true;
    refuse(e, "12.9", "this arbiter action needs a \"side\"");
    return false;
  };
  switch (a.action) {
    case ArbiterAction::AddTime:
      // 12.9.2: increasing the remaining time of (the opponent of an offender).
      if (!need_side()) return;
      add_penalty(~*a.side, *a.side, "12.9.2", "add_time", a.ms);
      return;
    case ArbiterAction::SubtractTime:
      // 12.9.3: reducing the remaining time of the offending player.
      if (!need_side()) return;
      add_penalty(*a.side, *a.side, "12.9.3", "subtract_time", a.ms);
      return;
    case ArbiterAction::Warn:
      if (!need_side()) return;
      add_penalty(*a.side, *a.side, "12.9.1", "warn", std::nullopt);
      return;
    case ArbiterAction::DeclareResult: {
      const auto result = parse_result(a.result);
      if (!result || *result == GameResult::Ongoing) {
        refuse(e, "12.9", "declare_result needs a result such as \"1-0\", \"1/2-1/2\" or \"+/-\"");
        return;
      }
      if (!a.reason.empty()) record_.note("arbiter: " + a.reason);
      const bool quickplay_draw = quickplay_ && quickplay_->kind == ClaimKind::Quickplay &&
                                  quickplay_->postponed && *result == GameResult::Draw;
      // III.5.2: the final decision on a postponed claim.
      end(*result, quickplay_draw ? Termination::QuickplayClaim : Termination::ArbiterDecision,
          now_);
      return;
    }
    case ArbiterAction::PauseClocks: interrupt(e, true); return;
    case ArbiterAction::ResumeClocks: interrupt(e, false); return;
    case ArbiterAction::AcceptQuickplay:
    case ArbiterAction::RejectQuickplay:
    case ArbiterAction::PostponeQuickplay: break;
  }
  if (!quickplay_) {
    refuse(e, "III.5", "no quickplay claim is before the arbiter");
    return;
  }
  const QuickplayRequest q = *quickplay_;
  if (q.kind == ClaimKind::QuickplayIncrement) {
    quickplay_.reset();
    if (a.action == ArbiterAction::AcceptQuickplay) {
      // III.4: increment mode of 5 s for both players; two minutes to the opponent.
      offers_[core::index(q.by)] = false;
      clock_->add_increment(kQuickplayIncrement);
      record_.note("Art. III.4: +5 s increment per move from now on");
      add_penalty(q.by, ~q.by, "III.4", "add_time", kTwoMinutes);
    } else if (a.action == ArbiterAction::PostponeQuickplay) {
      quickplay_ = q;
      refuse(e, "III.4", "a request for increment is accepted or refused, not postponed");
    }
    return;
  }
  switch (a.action) {
    case ArbiterAction::AcceptQuickplay:  // III.5.1
      end(GameResult::Draw, Termination::QuickplayClaim, now_);
      return;
    case ArbiterAction::RejectQuickplay:  // III.5.3
      quickplay_.reset();
      add_penalty(q.by, ~q.by, "III.5.3", "add_time", kTwoMinutes);
      return;
    case ArbiterAction::PostponeQuickplay:  // III.5.2
      if (q.postponed) {
        refuse(e, "III.5.2", "the decision is already postponed");
        return;
      }
      quickplay_->postponed = true;
      add_penalty(q.by, ~q.by, "III.5.2", "add_time", kTwoMinutes);
      return;
    default: return;
  }
}

}  // namespace arbiter::competition
