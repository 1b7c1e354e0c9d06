#include "arbiter/analysis/win_chance.hpp"

#include <algorithm>
#include <cmath>

namespace arbiter::analysis {

namespace {

// The mover's view of an evaluation: centipawns or moves to mate, positive when good for
// `mover` (lila inverts the Info for Black the same way).
struct MoverView {
  bool mate = false;
  int value = 0;  // centipawns, or moves to mate (negative: the mover is mated)
  bool mover_mates = false;
};

MoverView view(const Evaluation& e, core::Color mover) noexcept {
  MoverView v;
  if (e.is_mate()) {
    v.mate = true;
    v.mover_mates = e.winner == mover;
    v.value = v.mover_mates ? e.value : -e.value;
  } else {
    v.value = mover == core::Color::White ? e.value : -e.value;
  }
  return v;
}

enum class MateRule : std::uint8_t { None, Created, Lost };

// lila `MateSequence`: which of the mate rules applies (MateDelayed is judged None there,
// so it is not told apart from "no rule" here).
MateRule mate_rule(const MoverView& before, const MoverView& after) noexcept {
  const bool after_mated = after.mate && !after.mover_mates;
  if (!before.mate && after_mated) return MateRule::Created;
  if (before.mate && before.mover_mates && (!after.mate || after_mated)) return MateRule::Lost;
  return MateRule::None;
}

}  // namespace

double winning_chances(int centipawns) noexcept {
  const double w = 2.0 / (1.0 + std::exp(-kWinChanceSlope * centipawns)) - 1.0;
  return std::clamp(w, -1.0, 1.0);
}

double win_chance(int centipawns) noexcept {
  return 50.0 +
         50.0 * winning_chances(std::clamp(centipawns, -kCentipawnCeiling, kCentipawnCeiling));
}

double win_chance(const Evaluation& e) noexcept { return win_chance(capped_centipawns(e)); }

double win_chance(const Evaluation& e, core::Color side) noexcept {
  const double white = win_chance(e);
  return side == core::Color::White ? white : 100.0 - white;
}

std::uint8_t nag_of(Judgement j) noexcept {
  switch (j) {
    case Judgement::Inaccuracy: return 6;
    case Judgement::Mistake: return 2;
    case Judgement::Blunder: return 4;
    case Judgement::None: break;
  }
  return 0;
}

std::string_view to_string(Judgement j) noexcept {
  switch (j) {
    case Judgement::Inaccuracy: return "inaccuracy";
    case Judgement::Mistake: return "mistake";
    case Judgement::Blunder: return "blunder";
    case Judgement::None: break;
  }
  return "-";
}

bool parse_judgement(std::string_view text, Judgement& out) noexcept {
  for (const Judgement j :
       {Judgement::None, Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder}) {
    if (text == to_string(j)) {
      out = j;
      return true;
    }
  }
  return false;
}

Judgement judge(const Evaluation& before, const Evaluation& after, core::Color mover) noexcept {
  const MoverView b = view(before, mover);
  const MoverView a = view(after, mover);
  if (!b.mate && !a.mate) {
    const double drop = winning_chances(b.value) - winning_chances(a.value);
    if (drop >= kBlunderDrop) return Judgement::Blunder;
    if (drop >= kMistakeDrop) return Judgement::Mistake;
    if (drop >= kInaccuracyDrop) return Judgement::Inaccuracy;
    return Judgement::None;
  }
  switch (mate_rule(b, a)) {
    case MateRule::Created:
      // Walking into a mate from a position already lost by ten pawns costs little.
      if (b.value < -999) return Judgement::Inaccuracy;
      if (b.value < -700) return Judgement::Mistake;
      return Judgement::Blunder;
    case MateRule::Lost: {
      // lila reads the centipawns after the move; a mate against the mover has none (0).
      const int after_cp = a.mate ? 0 : a.value;
      if (after_cp > 999) return Judgement::Inaccuracy;
      if (after_cp > 700) return Judgement::Mistake;
      return Judgement::Blunder;
    }
    case MateRule::None: break;
  }
  return Judgement::None;
}

std::string_view judgement_reason(const Evaluation& before, const Evaluation& after,
                                  core::Color mover) noexcept {
  const Judgement j = judge(before, after, mover);
  if (j == Judgement::None) return {};
  const MoverView b = view(before, mover);
  const MoverView a = view(after, mover);
  if (b.mate || a.mate) {
    return mate_rule(b, a) == MateRule::Created ? "Checkmate is now unavoidable"
                                                : "Lost forced checkmate sequence";
  }
  switch (j) {
    case Judgement::Inaccuracy: return "Inaccuracy";
    case Judgement::Mistake: return "Mistake";
    default: return "Blunder";
  }
}

}  // namespace arbiter::analysis
