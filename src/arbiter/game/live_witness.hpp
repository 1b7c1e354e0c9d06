// LiveWitness: Art. 5.2.2 after every move of a game, without a search for most moves.
//
// A position is alive when some series of legal moves ends in checkmate; the proof is such
// a series (a help-mate witness, game::can_checkmate). After a move the last witness is
// carried to the new position when that is sound without a search:
//   - the move played is the witness's first move: the rest of the line is a witness;
//   - the move can be taken back (a quiet move of a piece, not a pawn, no castling): the
//     opponent makes a quiet piece move, the mover takes his move back, the opponent takes
//     his back, and the old witness follows;
//   - otherwise the opponent makes a quiet piece move and the old witness is tried on the
//     board as it now is (it often still mates: a pawn move rarely touches its line).
// Every carried line is replayed (each move legal, the last position checkmate) before it
// counts, so a carried proof is as good as a found one; a position with no carried witness
// gets the full decision, whose witness is kept for the next move. Verdicts therefore do
// not depend on the history: a carried witness only proves "alive", which the full
// decision could never contradict.
#pragma once

#include <span>
#include <vector>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::game {

// Plays `line` from `pos`: true when every move is legal in turn and the last position is
// checkmate.
[[nodiscard]] bool is_mating_line(const core::Position& pos, std::span<const core::Move> line);

class LiveWitness {
 public:
  // A carried line longer than this is dropped (a fresh search finds a short one).
  static constexpr std::size_t kMaxPlies = 48;

  // `played` took `before` to `after`: true when the kept witness was carried to `after`
  // (and is kept for the next move); false leaves no witness.
  bool carry(const core::Position& before, core::Move played, const core::Position& after);
  // A witness for the current position, from a search (may be empty: none known).
  void set(std::vector<core::Move> line) { line_ = std::move(line); }
  void clear() noexcept { line_.clear(); }
  [[nodiscard]] const std::vector<core::Move>& line() const noexcept { return line_; }

 private:
  std::vector<core::Move> line_;
};

}  // namespace arbiter::game
