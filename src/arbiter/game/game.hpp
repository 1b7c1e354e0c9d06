// Game: a start position and the moves played from it, with the draw rules of the Basic
// Rules of Play: automatic endings (Art. 5.1.1, 5.2.1, 5.2.2, 9.6) and claims (9.2, 9.3).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/game/dead.hpp"
#include "arbiter/game/outcome.hpp"

namespace arbiter::game {

// How outcome() looks for a dead position (Art. 5.2.2).
enum class DeadCheck : std::uint8_t {
  Fast,  // static rules only (cheap after every move; may miss some dead positions)
  Full,  // static rules + cooperative search (exact within the node budget)
  // The caller holds a proof that the position is alive (a verified mating line, e.g. a
  // LiveWitness carried from the last move): no dead-position test.
  KnownAlive,
};

class Game {
 public:
  Game();  // Art. 2.3: the standard initial position
  explicit Game(const core::Position& start);
  [[nodiscard]] static Result<Game> from_fen(std::string_view fen, core::FenOptions options = {});
  // Guideline II: Chess960 start position number n (0..959).
  [[nodiscard]] static Result<Game> chess960(int n);
  // The start position followed by the moves (UCI text); the first illegal move is an error.
  [[nodiscard]] static Result<Game> replay(const core::Position& start,
                                           std::span<const std::string_view> uci_moves);

  [[nodiscard]] const core::Position& start() const noexcept { return positions_.front(); }
  [[nodiscard]] const core::Position& position() const noexcept { return positions_.back(); }
  [[nodiscard]] std::span<const core::Move> moves() const noexcept { return moves_; }
  [[nodiscard]] int ply() const noexcept { return static_cast<int>(moves_.size()); }

  // m must be legal in position() (ARB_ASSERT); use try_push for unchecked input.
  void push(core::Move m);
  [[nodiscard]] bool try_push(core::Move m);
  [[nodiscard]] Result<void> push_uci(std::string_view text);
  void pop();  // takes back the last move (ARB_ASSERT: there is one)

  // How many times the current position has appeared (Art. 9.2.2), this one included.
  [[nodiscard]] int repetition_count() const noexcept;
  // How many times the position after the legal move m would have appeared.
  [[nodiscard]] int repetition_count_after(core::Move m) const;

  // Automatic endings only: checkmate (5.1.1), stalemate (5.2.1), dead position (5.2.2),
  // fivefold repetition (9.6.1), 75 moves (9.6.2). Never a draw at threefold or 50 moves:
  // those must be claimed.
  // With DeadCheck::Full, `witness` (if given) receives the mating line that proved the
  // position alive, or stays empty.
  [[nodiscard]] Outcome outcome(DeadCheck dead = DeadCheck::Fast, const SearchLimits& limits = {},
                                std::vector<core::Move>* witness = nullptr) const;

  // Art. 9.2.1.2: the current position has just appeared for (at least) the third time;
  // the player to move may claim.
  [[nodiscard]] bool can_claim_threefold() const noexcept;
  // Art. 9.2.1.1: the legal move `intended` would make a position appear the third time.
  [[nodiscard]] bool can_claim_threefold(core::Move intended) const;
  // Art. 9.3.2: the last 50 moves of each player had no pawn move and no capture.
  [[nodiscard]] bool can_claim_fifty() const noexcept;
  // Art. 9.3.1: after the legal move `intended` the last 50 moves of each player would have
  // had no pawn move and no capture.
  [[nodiscard]] bool can_claim_fifty(core::Move intended) const;

  // Every legal move that would make a claim valid (9.2.1.1 / 9.3.1).
  [[nodiscard]] std::vector<core::Move> threefold_claim_moves() const;
  [[nodiscard]] std::vector<core::Move> fifty_claim_moves() const;

 private:
  [[nodiscard]] int count_occurrences(const core::Position& pos, core::Key key) const noexcept;

  std::vector<core::Position> positions_;  // positions_[i] is the position before move i
  std::vector<core::Key> keys_;            // repetition_key(positions_[i])
  std::vector<core::Move> moves_;
};

// Art. 9.3 / 9.6.2: half-moves (plies) without pawn move or capture.
inline constexpr int kFiftyMovePlies = 100;
inline constexpr int kSeventyFiveMovePlies = 150;

}  // namespace arbiter::game
