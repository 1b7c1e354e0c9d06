#include "arbiter/game/quick_check.hpp"

#include "arbiter/game/reachability.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

FastCheck quick_check(const core::Position& pos) noexcept {
  FastCheck out = fast_check(pos);
  if (out.dead() || pos.has_legal_en_passant()) return out;
  // One set of reachable squares serves both sides.
  const Reachability r = reachability(pos);
  if (out.white_can_mate != Tristate::No && cannot_mate_within(r, pos, core::Color::White))
    out.white_can_mate = Tristate::No;
  if (out.black_can_mate != Tristate::No && cannot_mate_within(r, pos, core::Color::Black))
    out.black_can_mate = Tristate::No;
  return out;
}

}  // namespace arbiter::game
