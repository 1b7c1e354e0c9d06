// The quick layer of the dead-position decision (Art. 5.2.2, 6.9): the material rules and
// the reachability rule for both sides, no search. Answers "cannot mate" only with a proof
// and Unknown otherwise, in a few microseconds (bench/README.md); cheap enough to run after
// every move of a game.
#pragma once

#include "arbiter/core/position.hpp"
#include "arbiter/game/dead.hpp"

namespace arbiter::game {

[[nodiscard]] FastCheck quick_check(const core::Position& pos) noexcept;

}  // namespace arbiter::game
