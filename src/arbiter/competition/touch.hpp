// Touched pieces (Art. 4.3–4.5): what a player who has deliberately touched pieces must
// then do. The Arbiter records touches; this decides which moves remain allowed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::competition {

struct TouchConstraint {
  core::MoveList allowed;  // the only legal moves the player may now make
  std::string article;     // "4.3.1" | "4.3.2" | "4.3.3" | "4.4.1" | "4.4.3"
  std::string reason;      // e.g. "the knight on g1 was touched and must be moved"
};

class TouchState {
 public:
  void clear() noexcept { touched_.clear(); }
  [[nodiscard]] bool empty() const noexcept { return touched_.empty(); }
  // Records a deliberate touch of the piece on `square` (own or the opponent's, as seen
  // by the player to move in `pos`). A repeated touch of the same piece changes nothing.
  void add(const core::Position& pos, core::Square square);

  // Art. 4.3.1–4.3.3, 4.4.1–4.4.3: the legal moves still allowed to the player to move;
  // nullopt when he is free (nothing touched, or 4.5: nothing touched can be moved or
  // captured).
  [[nodiscard]] std::optional<TouchConstraint> constraint(const core::Position& pos) const;

 private:
  struct Touched {
    core::Square square;
    bool own;
  };
  std::vector<Touched> touched_;
};

}  // namespace arbiter::competition
