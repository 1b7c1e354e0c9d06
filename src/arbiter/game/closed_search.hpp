// A proof that `winner` cannot mate by enumerating every position reachable from the
// root (Art. 5.2.2, 6.9): when pieces can only shuffle inside a closed space, a tree search
// never ends its proof (the lines repeat), but the set of positions is small. Breadth
// first, each position once (identified as in Art. 9.2.2: placement, side to move,
// castling rights, a legal en passant capture; kept packed in 32 bytes); a branch stops
// where the game ends (stalemate, the winner mated) or where a static rule proves the
// winner hopeless (material at every position; reachability after a capture or a pawn
// move, when the structure changed). The answer is No when the set closes without a mate
// by the winner, Yes with the line that reaches the first such mate (a shortest one),
// Unknown when more than `max_nodes` positions were found (a node: a new position, whose
// moves are then generated; 1.5-6 us, the most where the reachability rule is tried on
// many of its children after pawn moves; about 100 bytes each).
#pragma once

#include <cstdint>
#include <memory>

#include "arbiter/core/position.hpp"
#include "arbiter/game/dead.hpp"

namespace arbiter::game {

[[nodiscard]] SideAnalysis closed_search(const core::Position& root, core::Color winner,
                                         std::uint64_t max_nodes);

// The same enumeration in instalments: `resume(n)` goes on where the last call stopped, for
// n more positions, and answers as closed_search does (its `nodes`: the positions of every
// instalment so far, the root one of them). No work is done twice: a position cut short is
// expanded again, and the moves it had tried lead to positions already met.
class ClosedSearch {
 public:
  // At most this many positions in all, whatever the budget (1-2 GB with the levels held
  // whole); beyond them the answer stays Unknown.
  static constexpr std::uint64_t kMaxPositions = 10'000'000;

  ClosedSearch(const core::Position& root, core::Color winner);
  ~ClosedSearch();
  ClosedSearch(ClosedSearch&&) noexcept;
  ClosedSearch& operator=(ClosedSearch&&) noexcept;
  [[nodiscard]] SideAnalysis resume(std::uint64_t more_nodes);
  [[nodiscard]] std::uint64_t nodes() const noexcept;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace arbiter::game
