#include "arbiter/game/game.hpp"

#include "arbiter/base/assert.hpp"
#include "arbiter/core/chess960.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/repetition.hpp"

namespace arbiter::game {

using core::Move;
using core::Position;

Game::Game() : Game(Position::startpos()) {}

Game::Game(const Position& start) {
  positions_.push_back(start);
  keys_.push_back(repetition_key(start));
}

Result<Game> Game::from_fen(std::string_view fen, core::FenOptions options) {
  auto pos = Position::from_fen(fen, options);
  if (!pos) return tl::unexpected(pos.error());
  return Game{*pos};
}

Result<Game> Game::chess960(int n) {
  auto pos = core::chess960::start_position(n);
  if (!pos) return tl::unexpected(pos.error());
  return Game{*pos};
}

Result<Game> Game::replay(const Position& start, std::span<const std::string_view> uci_moves) {
  Game g{start};
  for (std::size_t i = 0; i < uci_moves.size(); ++i) {
    if (auto r = g.push_uci(uci_moves[i]); !r) {
      Error e = r.error();
      e.message = "move " + std::to_string(i + 1) + ": " + e.message;
      return tl::unexpected(e);
    }
  }
  return g;
}

void Game::push(Move m) {
  ARB_ASSERT(position().is_legal(m));
  Position next = position().after(m);
  keys_.push_back(repetition_key(next));
  positions_.push_back(std::move(next));
  moves_.push_back(m);
}

bool Game::try_push(Move m) {
  if (!m.is_ok() || !core::legal_moves(position()).contains(m)) return false;
  push(m);
  return true;
}

Result<void> Game::push_uci(std::string_view text) {
  auto m = core::parse_uci(position(), text);
  if (!m) return tl::unexpected(m.error());
  push(*m);
  return {};
}

void Game::pop() {
  ARB_ASSERT(!moves_.empty());
  if (moves_.empty()) return;  // release builds: a harmless no-op
  moves_.pop_back();
  positions_.pop_back();
  keys_.pop_back();
}

int Game::count_occurrences(const Position& pos, core::Key key) const noexcept {
  // Art. 9.2.2: compare with every earlier position (same side to move is part of the key
  // and of same_position, so positions of the other side never match).
  int n = 0;
  for (std::size_t i = 0; i < positions_.size(); ++i)
    if (same_for_repetition(positions_[i], keys_[i], pos, key)) ++n;
  return n;
}

int Game::repetition_count() const noexcept { return count_occurrences(position(), keys_.back()); }

int Game::repetition_count_after(Move m) const {
  const Position next = position().after(m);
  return count_occurrences(next, repetition_key(next)) + 1;
}

Outcome Game::outcome(DeadCheck dead, const SearchLimits& limits,
                      std::vector<Move>* witness) const {
  const Position& pos = position();
  if (!core::has_legal_moves(pos)) {
    // Art. 5.1.1 checkmate wins; Art. 5.2.1 stalemate draws. Either ends the game at
    // once and takes precedence over 9.6 (Art. 9.6.2: "unless the last move resulted in
    // checkmate").
    if (pos.in_check()) return {Termination::Checkmate, ~pos.side_to_move()};
    return {Termination::Stalemate, std::nullopt};
  }
  // Art. 5.2.2: no series of legal moves can lead to checkmate.
  bool is_dead = false;
  switch (dead) {
    case DeadCheck::Fast: is_dead = fast_check(pos).dead(); break;
    case DeadCheck::Full: is_dead = proved_dead(pos, limits, witness); break;
    case DeadCheck::KnownAlive: break;
  }
  if (is_dead) return {Termination::DeadPosition, std::nullopt};
  // Art. 9.6.1: the same position at least five times.
  if (repetition_count() >= 5) return {Termination::FivefoldRepetition, std::nullopt};
  // Art. 9.6.2: 75 moves by each player without pawn move or capture.
  if (pos.halfmove_clock() >= kSeventyFiveMovePlies)
    return {Termination::SeventyFiveMoves, std::nullopt};
  return {};
}

bool Game::can_claim_threefold() const noexcept { return repetition_count() >= 3; }

bool Game::can_claim_threefold(Move intended) const {
  if (!core::legal_moves(position()).contains(intended)) return false;
  return repetition_count_after(intended) >= 3;
}

bool Game::can_claim_fifty() const noexcept {
  return position().halfmove_clock() >= kFiftyMovePlies;
}

bool Game::can_claim_fifty(Move intended) const {
  if (!core::legal_moves(position()).contains(intended)) return false;
  // A pawn move or a capture resets the count (Art. 9.3.1), so such a move never qualifies.
  return position().after(intended).halfmove_clock() >= kFiftyMovePlies;
}

std::vector<Move> Game::threefold_claim_moves() const {
  std::vector<Move> out;
  for (Move m : core::legal_moves(position()))
    if (repetition_count_after(m) >= 3) out.push_back(m);
  return out;
}

std::vector<Move> Game::fifty_claim_moves() const {
  std::vector<Move> out;
  for (Move m : core::legal_moves(position()))
    if (position().after(m).halfmove_clock() >= kFiftyMovePlies) out.push_back(m);
  return out;
}

}  // namespace arbiter::game
