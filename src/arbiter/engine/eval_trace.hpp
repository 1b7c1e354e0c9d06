// The evaluation as a linear function of the weights, for tuning: for every weight the
// number of times it is counted for White minus for Black, separately in the midgame and
// endgame sums, plus the untuned remainder. evaluate_traced (eval.hpp) fills it.
#pragma once

#include <array>

#include "arbiter/core/types.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

struct EvalTrace {
  std::array<int, param::kCount> mg{};
  std::array<int, param::kCount> eg{};
  Score total;     // the (mg, eg) sums before tapering, White's point of view
  int phase = 0;   // 0..params::kMaxPhase
  int scale = 64;  // endgame scale out of 64
  bool white_to_move = true;
  bool insufficient = false;  // evaluated as a draw by material: no linear model

  void add(int i, core::Color c, int n) noexcept {
    add_mg(i, c, n);
    add_eg(i, c, n);
  }
  void add_mg(int i, core::Color c, int n) noexcept {
    mg[static_cast<std::size_t>(i)] += c == core::Color::White ? n : -n;
  }
  void add_eg(int i, core::Color c, int n) noexcept {
    eg[static_cast<std::size_t>(i)] += c == core::Color::White ? n : -n;
  }
};

// The engine's evaluation records nothing; the compiler removes these calls.
struct NoTrace {
  void add(int, core::Color, int) noexcept {}
  void add_mg(int, core::Color, int) noexcept {}
  void add_eg(int, core::Color, int) noexcept {}
};

}  // namespace arbiter::engine
