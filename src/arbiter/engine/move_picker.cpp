#include "arbiter/engine/move_picker.hpp"

#include <cstring>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/see.hpp"

namespace arbiter::engine {

using core::Move;
using core::PieceType;

void History::clear() noexcept {
  std::memset(butterfly, 0, sizeof(butterfly));
  for (auto& row : countermove)
    for (Move& m : row) m = Move::none();
}

void History::update_quiet(core::Color c, Move m, int bonus) noexcept {
  std::int16_t& e = butterfly[core::index(c)][core::index(m.from())][core::index(m.to())];
  const int clamped = bonus > kMax ? kMax : bonus < -kMax ? -kMax : bonus;
  const int v = e + clamped - e * (clamped < 0 ? -clamped : clamped) / kMax;
  e = static_cast<std::int16_t>(v);
}

namespace {
constexpr int kTTScore = 1 << 30;
constexpr int kGoodCapture = 1 << 28;
constexpr int kKiller = 1 << 27;
constexpr int kCounter = (1 << 27) - 2;
constexpr int kBadCapture = -(1 << 28);
}  // namespace

MovePicker::MovePicker(const core::Position& pos, Move tt_move, const Move* killers, Move counter,
                       const History& history, PickerMode mode) noexcept
    : pos_(pos) {
  const bool quiescence = mode == PickerMode::Quiescence && !pos.in_check();
  core::generate_moves(pos, moves_, quiescence ? core::GenType::Captures : core::GenType::All);
  const core::Color us = pos.side_to_move();
  for (int i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    int s;
    if (m == tt_move) {
      s = kTTScore;
    } else if (pos.is_capture(m) || m.is_promotion()) {
      const PieceType victim = m.is_en_passant() ? PieceType::Pawn : pos.captured_piece(m);
      int mvv = params::kSeeValue[core::index(victim)] * 8 -
                params::kSeeValue[core::index(pos.moved_piece(m))] / 16;
      if (m.is_promotion()) mvv += params::kSeeValue[core::index(m.promotion())] * 8;
      const bool under = m.is_promotion() && m.promotion() != PieceType::Queen;
      s = (!under && see_ge(pos, m, 0) ? kGoodCapture : kBadCapture) + mvv;
    } else if (killers && m == killers[0]) {
      s = kKiller;
    } else if (killers && m == killers[1]) {
      s = kKiller - 1;
    } else if (m == counter) {
      s = kCounter;
    } else {
      s = history.quiet(us, m);
    }
    scores_[i] = s;
  }
}

Move MovePicker::next(bool skip_quiets) noexcept {
  while (cur_ < moves_.size()) {
    int best = cur_;
    for (int i = cur_ + 1; i < moves_.size(); ++i)
      if (scores_[i] > scores_[best]) best = i;
    const Move m = moves_[best];
    moves_[best] = moves_[cur_];
    scores_[best] = scores_[cur_];
    moves_[cur_] = m;
    ++cur_;
    if (skip_quiets && is_quiet(m)) continue;
    return m;
  }
  return Move::none();
}

}  // namespace arbiter::engine
