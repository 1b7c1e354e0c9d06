// Move ordering: history tables and a picker that hands out the legal moves of a node
// best-first (TT move, good captures by MVV/LVA, killers, countermove, history, bad captures).
#pragma once

#include <cstdint>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::engine {

struct History {
  std::int16_t butterfly[2][64][64];
  core::Move countermove[12][64];

  void clear() noexcept;
  [[nodiscard]] int quiet(core::Color c, core::Move m) const noexcept {
    return butterfly[core::index(c)][core::index(m.from())][core::index(m.to())];
  }
  // Gravity update: the entry moves towards +-kMax, slower the closer it is.
  void update_quiet(core::Color c, core::Move m, int bonus) noexcept;
  static constexpr int kMax = 16384;
};

enum class PickerMode : std::uint8_t { Main, Quiescence };

class MovePicker {
 public:
  MovePicker(const core::Position& pos, core::Move tt_move, const core::Move* killers,
             core::Move counter, const History& history, PickerMode mode) noexcept;

  // The next move, or Move::none() when exhausted. With skip_quiets, quiet moves (neither
  // captures nor promotions) are passed over.
  [[nodiscard]] core::Move next(bool skip_quiets = false) noexcept;
  // Number of legal moves generated (in Main mode: 0 means checkmate or stalemate).
  [[nodiscard]] int size() const noexcept { return moves_.size(); }
  [[nodiscard]] bool is_quiet(core::Move m) const noexcept {
    return !pos_.is_capture(m) && !m.is_promotion();
  }

 private:
  const core::Position& pos_;
  core::MoveList moves_;
  int scores_[core::MoveList::kCapacity];
  int cur_ = 0;
};

}  // namespace arbiter::engine
