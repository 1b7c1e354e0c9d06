// Arbiter: the FIDE Competition Rules (Art. 4, 6–10, Appendices A and B, Guidelines I and
// III) as a state machine over typed events (spec/game-events.md).
//
//   auto arbiter = Arbiter::create(start);        // Result<Arbiter>
//   for (const Event& e : events) arbiter->apply(e);
//   Verdict v = arbiter->verdict();
//
// Rule events inside the game (an illegal move, a wrong claim, a flag, a refused offer)
// are values recorded in the verdict; only an unusable start is an Error.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "arbiter/base/error.hpp"
#include "arbiter/clock/chess_clock.hpp"
#include "arbiter/competition/clock_reading.hpp"
#include "arbiter/competition/events.hpp"
#include "arbiter/competition/game_record.hpp"
#include "arbiter/competition/touch.hpp"
#include "arbiter/competition/verdict.hpp"
#include "arbiter/game/dead.hpp"
#include "arbiter/game/game.hpp"
#include "arbiter/game/live_witness.hpp"

namespace arbiter::competition {

// The budget of the dead-position decision (Art. 5.2.2) after each move, per side: most
// positions find a helpmate witness in a few hundred nodes, and fixed pawn walls are
// proved statically. A position still undecided at the budget is not dead.
inline constexpr game::SearchLimits kDeadPositionLimits{.max_nodes = 1'000, .max_depth = 64};

class Arbiter {
 public:
  // Errors: kEventSyntax for a bad FEN, Chess960 number or both given (field named).
  [[nodiscard]] static Result<Arbiter> create(const StartEvent& start);

  Arbiter(Arbiter&&) noexcept;
  Arbiter& operator=(Arbiter&&) noexcept;
  ~Arbiter();

  // Applies one event. Events must come in non-decreasing `t` (the log reader checks).
  void apply(const Event& event);
  // Time passes to `t` with no event (an earlier t is read as now). Art. 6.8: under the
  // automatic flag the game ends at the instant a flag falls, if that is not after t.
  void advance(Millis t);

  [[nodiscard]] Verdict verdict() const;

  [[nodiscard]] bool is_over() const noexcept { return ending_.has_value(); }
  // The ending so far, without building the whole verdict (Ongoing while not over).
  [[nodiscard]] GameResult result() const noexcept {
    return ending_ ? ending_->result : GameResult::Ongoing;
  }
  [[nodiscard]] Termination termination() const noexcept {
    return ending_ ? ending_->termination : Termination::Ongoing;
  }
  [[nodiscard]] std::optional<Millis> ended_at() const noexcept {
    return ending_ ? std::optional<Millis>(ending_->at) : std::nullopt;
  }
  [[nodiscard]] const game::Game& game() const noexcept { return game_; }
  [[nodiscard]] const clock::ChessClock& chess_clock() const noexcept { return *clock_; }
  [[nodiscard]] clock::Category category() const noexcept { return category_; }
  // A.3 / B.3 or A.4 / B.4: true when the inadequate-supervision rules apply.
  [[nodiscard]] bool inadequate_supervision() const noexcept { return a4_; }

  // The time of the last event (or of advance()).
  [[nodiscard]] Millis now() const noexcept { return now_; }
  // The clocks as they will show at `t` (at least now()) if nothing happens before;
  // nullopt in a game without a clock.
  [[nodiscard]] std::optional<ClockReading> clock_at(Millis t) const;
  // The instant the running flag falls if no one presses; nullopt when no clock runs, the
  // game is over, or flags count only when claimed (A.4.3).
  [[nodiscard]] std::optional<Millis> automatic_flag_instant() const;
  // 9.1.2: whether `side` has a draw offer standing.
  [[nodiscard]] bool has_draw_offer(Color side) const noexcept {
    return offers_[static_cast<std::size_t>(core::index(side))];
  }
  // 11.5 (unreasonable offers, as an online arbiter applies it): `side`'s last offer was
  // declined and the opponent has not completed a move since. A fact for the caller's
  // policy; the Arbiter itself still accepts such an offer.
  [[nodiscard]] bool offer_declined(Color side) const noexcept {
    return declined_[static_cast<std::size_t>(core::index(side))];
  }
  // Moves completed by `side` that stand (5.2.3 needs both sides to have moved).
  [[nodiscard]] int moves_by(Color side) const noexcept {
    return moves_by_[static_cast<std::size_t>(core::index(side))];
  }
  // The game score as recorded: each move's SAN and the mover's clock after it.
  [[nodiscard]] const GameRecord& record() const noexcept { return record_; }

 private:
  explicit Arbiter(const StartEvent& start, game::Game game);

  struct Ending {
    GameResult result = GameResult::Ongoing;
    Termination termination = Termination::Ongoing;
    Millis at{0};
  };
  struct Adjournment {
    std::string sealed_move;
    Color by = Color::White;
    Envelope envelope;
  };
  struct PendingIllegal {  // A.4.2: an illegal move that stands until claimed or answered
    Color offender = Color::White;
    core::Position before;
    bool position_valid = true;           // false: A.4.4, an illegal position on the board
    std::optional<core::Position> board;  // that illegal board, when it has both kings
  };
  struct QuickplayRequest {  // Guideline III.4 / III.5, awaiting the arbiter
    Color by = Color::White;
    ClaimKind kind = ClaimKind::Quickplay;
    bool postponed = false;
  };

  // --- arbiter.cpp: time, moves, endings
  void advance_to(Millis t);
  void check_flags();
  void flag_fell(Color side, Millis at);
  void end(GameResult result, Termination termination, Millis at);
  void refuse(const Event& e, std::string article, std::string reason);
  void on_move(const Event& e, const MoveEvent& m);
  void complete_move(core::Move move, Color side, bool offer_draw, const Event& e);
  // The bookkeeping of a completed move once game_ holds the new position.
  void finish_move(RecordedMove rec, Color side, bool offer_draw, const Event& e);
  // A.4.4: the move after an illegal position; a draw if the board is still illegal.
  void reply_to_illegal_position(const Event& e, const MoveEvent& m);
  void illegal_move(const Event& e, const MoveEvent& m, const std::string& why);
  void illegal_move_a4(const Event& e, const MoveEvent& m);
  void on_touch(const Event& e, const TouchEvent& t);
  [[nodiscard]] Color side_to_move() const noexcept;
  [[nodiscard]] bool can_mate(const core::Position& pos, Color side) const;
  [[nodiscard]] Millis penalty_time() const noexcept;  // 2 min, 1 in blitz (B.2)
  void add_penalty(Color penalised, Color to, std::string article, std::string action,
                   std::optional<Millis> ms);
  // Art. 9.1.1; `move_number` is the move the offer belongs to (default: the move in progress).
  // 9.1.2.1 / 9.1.1: records `side`'s offer made with move `move_number`, or refuses it.
  bool offer_with_move(Color side, int move_number, const Event& e);
  [[nodiscard]] std::optional<std::string> offer_forbidden(
      std::optional<int> move_number = {}) const;

  // --- arbiter_claims.cpp: offers, claims, resignation, adjournment, arbiter actions
  void on_offer(const Event& e, Color side);
  void on_accept(const Event& e, Color side);
  void on_decline(const Event& e, Color side);
  void on_claim(const Event& e, const ClaimEvent& c);
  void claim_draw(const Event& e, const ClaimEvent& c);
  // Ends the game if the position is mate, stalemate, dead, fivefold or 75 moves.
  void end_if_over(Color last_mover);
  void claim_flag(const Event& e, const ClaimEvent& c);
  // III.2: why Guideline III does not apply to `side` now (article, reason), or nullopt.
  [[nodiscard]] std::optional<std::pair<std::string, std::string>> guideline_iii_excluded(
      Color side) const;
  void claim_quickplay(const Event& e, const ClaimEvent& c);
  void on_resign(const Event& e, Color side);
  void on_adjourn(const Event& e, const AdjournEvent& a);
  void on_resume(const Event& e);
  void on_arbiter(const Event& e, const ArbiterEvent& a);
  // Art. 6.11.1: pause_clocks / resume_clocks.
  void interrupt(const Event& e, bool pause);

  StartEvent start_;
  clock::Category category_;
  bool a4_ = false;             // A.4 / B.4 apply
  bool automatic_flag_ = true;  // Art. 6.8; false under "claim" and A.4.3
  std::unique_ptr<ManualTimeSource> time_;
  std::unique_ptr<clock::ChessClock> clock_;
  game::Game game_;
  GameRecord record_;
  TouchState touch_;
  std::array<bool, 2> offers_{};    // a pending draw offer by White / Black (9.1.2)
  std::array<bool, 2> declined_{};  // the side's last offer was declined (see offer_declined)
  std::array<int, 2> moves_by_{};
  std::array<int, 2> illegal_count_{};
  std::vector<Penalty> penalties_;
  std::vector<Refusal> refused_;
  std::optional<Ending> ending_;
  std::optional<Adjournment> adjourned_;
  bool interrupted_ = false;  // Art. 6.11.1: the arbiter paused the clocks
  std::optional<PendingIllegal> pending_illegal_;
  std::optional<QuickplayRequest> quickplay_;
  bool awaiting_decision_ = false;  // III.5.2: flag fell after a postponed claim
  // 5.2.2 after every move: the proof that the position is alive, carried from move to
  // move (game::LiveWitness), and the move just completed with the position before it.
  game::LiveWitness live_;
  std::optional<std::pair<core::Position, core::Move>> last_move_;
  Millis now_{0};
};

}  // namespace arbiter::competition
