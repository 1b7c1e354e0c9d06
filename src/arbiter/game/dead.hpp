// Dead positions (Art. 5.2.2) and "cannot checkmate by any possible series of legal
// moves" for one side (Art. 6.9; also used by 7.5.3, A.4.2, A.4.3 and III.4).
//
// Two entry points:
//   fast_check(pos): static material rules only, a few nanoseconds; answers "cannot mate"
//     only when that is proved, otherwise Unknown ("run the full decision").
//   analyze(pos) / can_checkmate(pos, side): static rules (material, fixed pawn walls) and
//     a cooperative (help-mate) search. "Can mate" always comes with a witness line of
//     legal moves ending in checkmate; "cannot mate" only with a complete proof. When the
//     node budget runs out the answer is Unknown, never a guess.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::game {

enum class Tristate : std::uint8_t { No, Yes, Unknown };

struct SearchLimits {
  std::uint64_t max_nodes = 200'000;  // per side
  // Plies of a greedy help-mate line (the witness hunt's: twice that); the progress-driven
  // search follows lines of up to 199 plies whatever this says.
  int max_depth = 64;
};

struct FastCheck {
  Tristate white_can_mate = Tristate::Unknown;  // No or Unknown
  Tristate black_can_mate = Tristate::Unknown;
  [[nodiscard]] bool dead() const noexcept {
    return white_can_mate == Tristate::No && black_can_mate == Tristate::No;
  }
};

struct SideAnalysis {
  Tristate can_mate = Tristate::Unknown;
  std::vector<core::Move> witness;  // from the analysed position, ends in mate (Yes only)
  std::uint64_t nodes = 0;
};

struct DeadAnalysis {
  SideAnalysis white;
  SideAnalysis black;
  [[nodiscard]] const SideAnalysis& side(core::Color c) const noexcept {
    return c == core::Color::White ? white : black;
  }
  // Art. 5.2.2: dead when neither side can mate.
  [[nodiscard]] Tristate dead() const noexcept;
};

[[nodiscard]] FastCheck fast_check(const core::Position& pos) noexcept;

class HelpmateSearch;

// Keeps the search tables between calls (use one per thread when analysing many positions).
class DeadSolver {
 public:
  explicit DeadSolver(int tt_bits = 16);
  ~DeadSolver();
  DeadSolver(const DeadSolver&) = delete;
  DeadSolver& operator=(const DeadSolver&) = delete;

  // Can `winner` still checkmate the opponent by some series of legal moves?
  [[nodiscard]] SideAnalysis can_checkmate(const core::Position& pos, core::Color winner,
                                           const SearchLimits& limits = {});
  [[nodiscard]] DeadAnalysis analyze(const core::Position& pos, const SearchLimits& limits = {});

 private:
  std::unique_ptr<HelpmateSearch> search_;
};

// Convenience wrappers using a per-thread DeadSolver.
[[nodiscard]] SideAnalysis can_checkmate(const core::Position& pos, core::Color winner,
                                         const SearchLimits& limits = {});
[[nodiscard]] DeadAnalysis analyze(const core::Position& pos, const SearchLimits& limits = {});

// Art. 5.2.2 for a game in progress: true only when both sides are proved unable to mate.
// Stops at the first side that can (or may) mate, the side with more material first,
// so a live position usually costs one short witness search.
// `witness` (if given) receives the mating line of the side found able to mate, or is
// left empty (dead, or only "may mate": the budget ran out).
[[nodiscard]] bool proved_dead(const core::Position& pos, const SearchLimits& limits = {},
                               std::vector<core::Move>* witness = nullptr);

[[nodiscard]] const char* to_string(Tristate t) noexcept;

}  // namespace arbiter::game
