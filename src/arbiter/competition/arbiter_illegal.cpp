// The Arbiter's illegal-move procedures: Art. 7.5 (restore, warn, add time, lose on the
// second) and, without adequate supervision in rapid and blitz, A.4.2 / A.4.4.
#include "arbiter/competition/arbiter.hpp"
#include "arbiter/competition/move_intent.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::competition {
namespace {

clock::ClockSide clock_side(Color c) noexcept {
  return c == Color::White ? clock::ClockSide::White : clock::ClockSide::Black;
}

std::string capitalised(Color c) { return c == Color::White ? "White" : "Black"; }

}  // namespace

void Arbiter::illegal_move(const Event& e, const MoveEvent& m, const std::string& why) {
  const core::Position& pos = game_.position();
  if (start_.rules.illegal_moves == IllegalMovePolicy::Reject) {
    // The online rule: the move is simply not accepted.
    refuse(e, "7.5.1", "illegal move, not accepted: " + why);
    return;
  }
  if (a4_) {
    illegal_move_a4(e, m);
    return;
  }
  const Color side = m.side;
  int& count = illegal_count_[core::index(side)];
  ++count;
  if (auto promo = incomplete_promotion(pos, m.move)) {
    // Art. 7.5.2: the pawn is replaced by a queen; the move counts as illegal (7.5.3).
    complete_move(*promo, side, m.offer_draw, e);
    record_.note("Art. 7.5.2: " + m.move + " completed without a new piece; a queen is placed");
  } else {
    // Art. 7.5.1: the position before the illegal move is restored and 4.3 applies to the
    // replacement move. The offender's clock runs on from the illegal move's t.
    touch_.clear();
    if (auto intent = read_intent(pos, m.move)) {
      if (intent->from != core::Square::None) touch_.add(pos, intent->from);
      if (intent->to != core::Square::None && !pos.empty(intent->to) &&
          core::color_of(pos.piece_on(intent->to)) != side) {
        touch_.add(pos, intent->to);
      }
    }
    record_.note("Art. 7.5.1: illegal move " + m.move + " by " + capitalised(side) +
                 "; position restored");
    // 9.1.2.1: an offer made with the illegal move was made all the same and stands.
    if (m.offer_draw && offer_with_move(side, pos.fullmove_number(), e))
      record_.note("Art. 9.1.2.1: " + capitalised(side) + "'s draw offer made with " + m.move +
                   " stands");
  }
  if (ending_) return;  // the queen promotion ended the game
  if (count == 1) {
    // Art. 7.5.3: first illegal move: a warning, and (may) two minutes to the opponent
    // (B.2: one minute in blitz).
    add_penalty(side, side, "7.5.3", "warn", std::nullopt);
    if (start_.rules.add_time_on_first_illegal) {
      add_penalty(side, ~side, "7.5.3", "add_time", penalty_time());
    }
    return;
  }
  // Art. 7.5.3: the second illegal move loses, unless the opponent cannot checkmate.
  if (can_mate(game_.position(), ~side)) {
    end(win_for(~side), Termination::IllegalMoveForfeit, now_);
  } else {
    end(GameResult::Draw, Termination::IllegalMoveDead, now_);
  }
}

void Arbiter::illegal_move_a4(const Event& e, const MoveEvent& m) {
  // A.4.2: the illegal move is completed by the press; it stands unless the opponent
  // claims before making his own move.
  const core::Position before = game_.position();
  const Color side = m.side;
  clock_->press(clock_side(side));
  moves_by_[core::index(side)]++;
  touch_.clear();
  offers_[core::index(~side)] = false;
  RecordedMove rec;
  rec.side = side;
  rec.number = before.fullmove_number();
  rec.san = m.move;
  if (!clock_->is_unlimited()) rec.clock = clock_->remaining(clock_side(side));
  rec.comments.push_back("illegal move (A.4.2), not corrected");
  record_.moves.push_back(std::move(rec));
  if (m.offer_draw && offer_with_move(side, record_.moves.back().number, e))
    record_.moves.back().offered_draw = true;
  PendingIllegal pending{side, before, false, std::nullopt};
  if (auto intent = read_intent(before, m.move)) {
    if (auto setup = illegal_setup(before, *intent)) {
      if (auto after = core::Position::from_setup(*setup)) {
        pending.position_valid = true;
        game_ = game::Game{*after};
      } else if (auto board = core::Position::from_setup_unvalidated(*setup)) {
        pending.board = *board;  // A.4.4: looked at again after the next move
      }
    }
  }
  pending_illegal_ = pending;
}

void Arbiter::reply_to_illegal_position(const Event& e, const MoveEvent& m) {
  // A.4.4: the arbiter waits until the next move is completed; then, if an illegal
  // position is still on the board, the game is drawn. Otherwise play goes on from the
  // position the reply left (A.4.2: the illegal move can no longer be claimed).
  std::optional<core::Position> repaired;
  RecordedMove rec;
  rec.side = m.side;
  rec.san = m.move;
  rec.number = game_.position().fullmove_number() + (m.side == Color::White ? 1 : 0);
  if (const auto& board = pending_illegal_->board) {
    rec.number = board->fullmove_number();
    if (auto reply = notation::parse_move(*board, m.move)) {
      rec.san = notation::san(*board, *reply);
      if (auto legal = core::Position::from_setup(board->after(*reply).to_setup())) {
        repaired = *legal;
      }
    }
  }
  clock_->press(clock_side(m.side));
  if (!repaired) {
    moves_by_[core::index(m.side)]++;
    if (!clock_->is_unlimited()) rec.clock = clock_->remaining(clock_side(m.side));
    record_.moves.push_back(std::move(rec));
    end(GameResult::Draw, Termination::IllegalPositionDraw, now_);
    return;
  }
  game_ = game::Game{*repaired};
  finish_move(std::move(rec), m.side, m.offer_draw, e);
}

}  // namespace arbiter::competition
