#include "arbiter/game/closed_search.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

using core::Bitboard;
using core::Color;
using core::Move;
using core::PieceType;
using core::Position;

namespace {

// A position as Art. 9.2.2 identifies it, in 32 bytes: the occupied squares, the man on
// each of them (4 bits each, in square order, at most 32 men), the side to move, the
// castling rights and the en passant square when a capture there is legal. The castling
// rooks' squares are the root's for every position of one search.
struct Packed {
  Bitboard occupied = 0;  // 0: an empty slot (a real position has its kings)
  std::uint64_t men[2] = {};
  std::uint32_t state = 0;
  friend bool operator==(const Packed&, const Packed&) = default;
};

Packed pack(const Position& pos) noexcept {
  Packed p;
  p.occupied = pos.pieces();
  int i = 0;
  for (Bitboard b = p.occupied; b; ++i) {
    const auto code = static_cast<std::uint64_t>(pos.piece_on(core::pop_lsb(b)));
    p.men[i / 16] |= code << (4 * (i % 16));
  }
  const bool ep = pos.en_passant_square() != core::Square::None && pos.has_legal_en_passant();
  p.state = static_cast<std::uint32_t>(pos.side_to_move() == Color::White) |
            static_cast<std::uint32_t>(pos.castling_rights()) << 1 |
            (ep ? (static_cast<std::uint32_t>(core::index(pos.en_passant_square())) + 1) << 8 : 0u);
  return p;
}

// The positions met so far: open addressing on the position's hash key, grown at half full.
class PositionSet {
 public:
  PositionSet() : slots_(std::size_t{1} << 12) {}
  // True when `p` was not in the set (it is now).
  bool insert(core::Key key, const Packed& p) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    if (!place(slots_, key, p)) return false;
    ++count_;
    return true;
  }

 private:
  struct Slot {
    core::Key key = 0;
    Packed packed;
  };
  static bool place(std::vector<Slot>& slots, core::Key key, const Packed& p) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      Slot& s = slots[i];
      if (s.packed.occupied == 0) {
        s = {key, p};
        return true;
      }
      if (s.key == key && s.packed == p) return false;
    }
  }
  void grow() {
    std::vector<Slot> bigger(slots_.size() * 2);
    for (const Slot& s : slots_)
      if (s.packed.occupied != 0) place(bigger, s.key, s.packed);
    slots_.swap(bigger);
  }
  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

// How each position was first reached: its parent's number and the move.
struct Step {
  std::uint32_t parent = 0;
  Move move{};
};

std::vector<Move> line_to(const std::vector<Step>& steps, std::uint32_t i) {
  std::vector<Move> line;
  for (; i != 0; i = steps[i].parent) line.push_back(steps[i].move);
  std::reverse(line.begin(), line.end());
  return line;
}

bool mated(const Position& pos, Color winner) noexcept {
  return pos.side_to_move() != winner && pos.in_check() && !core::has_legal_moves(pos);
}

}  // namespace

// Breadth first, one level at a time: only two levels hold whole positions; every position
// met is kept packed (for "seen") and as its step (for the line to a mate).
struct ClosedSearch::State {
  Color winner = Color::White;
  std::optional<Tristate> over;  // the root ends the game already
  std::vector<Step> steps{Step{}};
  PositionSet seen;
  std::vector<std::pair<Position, std::uint32_t>> level;
  std::vector<std::pair<Position, std::uint32_t>> next;
  std::size_t at = 0;  // the next position of `level` to expand
};

ClosedSearch::ClosedSearch(const Position& root, Color winner) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.winner = winner;
  if (!core::has_legal_moves(root)) {
    // The game is over already: mate by the winner (no moves to show), or nothing more.
    s.over = root.in_check() && root.side_to_move() != winner ? Tristate::Yes : Tristate::No;
    return;
  }
  s.seen.insert(root.key(), pack(root));
  s.level.emplace_back(root, 0);
}

ClosedSearch::~ClosedSearch() = default;
ClosedSearch::ClosedSearch(ClosedSearch&&) noexcept = default;
ClosedSearch& ClosedSearch::operator=(ClosedSearch&&) noexcept = default;

std::uint64_t ClosedSearch::nodes() const noexcept { return state_->steps.size(); }

SideAnalysis ClosedSearch::resume(std::uint64_t more_nodes) {
  State& s = *state_;
  SideAnalysis out;
  if (s.over) {
    out.can_mate = *s.over;
    out.nodes = nodes();
    return out;
  }
  // Memory, not only time: about 100 bytes a position and more for the levels held whole,
  // so a budget beyond kMaxPositions goes to the tree search alone.
  const std::uint64_t limit = std::min(nodes() + more_nodes, kMaxPositions);
  while (!s.level.empty()) {
    for (; s.at < s.level.size(); ++s.at) {
      const auto& [pos, number] = s.level[s.at];
      const core::MoveList moves = core::legal_moves(pos);
      for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        const bool structure = pos.is_capture(m) || pos.moved_piece(m) == PieceType::Pawn;
        const Position child = pos.after(m);
        if (child.in_check() && mated(child, s.winner)) {
          s.over = Tristate::Yes;
          out.can_mate = Tristate::Yes;
          out.witness = line_to(s.steps, number);
          out.witness.push_back(m);
          out.nodes = nodes();
          return out;
        }
        // A position with no moves ends the game (stalemate, the winner mated): it is
        // expanded to nothing below. Static proofs close a branch too; the costly one only
        // for a position not met before (most moves lead to one met already), and one it
        // closes stays in the set, as met.
        if (cannot_mate_by_material(child, s.winner)) continue;
        if (!s.seen.insert(child.key(), pack(child))) continue;
        if (structure && cannot_mate_by_reachability(child, s.winner)) continue;
        s.steps.push_back({number, m});
        s.next.emplace_back(child, static_cast<std::uint32_t>(s.steps.size() - 1));
        if (nodes() >= limit && i + 1 < moves.size()) {
          // Out of budget inside this position: it is expanded again on resuming (the
          // children already met are skipped as seen).
          out.nodes = nodes();
          return out;  // Unknown
        }
      }
      if (nodes() >= limit && s.at + 1 < s.level.size()) {
        ++s.at;
        out.nodes = nodes();
        return out;  // Unknown
      }
    }
    s.level.swap(s.next);
    s.next.clear();
    s.at = 0;
    if (nodes() >= limit && !s.level.empty()) {
      out.nodes = nodes();
      return out;  // Unknown
    }
  }
  s.over = Tristate::No;
  out.can_mate = Tristate::No;
  out.nodes = nodes();
  return out;
}

SideAnalysis closed_search(const Position& root, Color winner, std::uint64_t max_nodes) {
  return ClosedSearch{root, winner}.resume(max_nodes);
}

}  // namespace arbiter::game
