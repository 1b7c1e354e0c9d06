#include "arbiter/game/closed_search.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

using core::Color;
using core::Move;
using core::PieceType;
using core::Position;

namespace {

struct Node {
  Position pos;
  int parent = -1;
  Move move{};
};

// The moves from the root to node i.
std::vector<Move> line_to(const std::vector<Node>& nodes, int i) {
  std::vector<Move> line;
  for (; nodes[static_cast<std::size_t>(i)].parent >= 0;
       i = nodes[static_cast<std::size_t>(i)].parent)
    line.push_back(nodes[static_cast<std::size_t>(i)].move);
  std::reverse(line.begin(), line.end());
  return line;
}

}  // namespace

SideAnalysis closed_search(const Position& root, Color winner, std::uint64_t max_nodes) {
  SideAnalysis out;
  if (!core::has_legal_moves(root)) {
    // The game is over already: mate by the winner (no moves to show), or nothing more.
    out.can_mate = root.in_check() && root.side_to_move() != winner ? Tristate::Yes : Tristate::No;
    return out;
  }
  std::vector<Node> nodes;
  nodes.reserve(4096);
  std::unordered_multimap<core::Key, int> seen;
  nodes.push_back({root, -1, {}});
  seen.emplace(root.key(), 0);
  const auto known = [&](const Position& p) {
    const auto [first, last] = seen.equal_range(p.key());
    for (auto it = first; it != last; ++it)
      if (nodes[static_cast<std::size_t>(it->second)].pos.same_position(p)) return true;
    return false;
  };
  for (std::size_t next = 0; next < nodes.size(); ++next) {
    const Position pos = nodes[next].pos;  // copied: nodes grows below
    const core::MoveList moves = core::legal_moves(pos);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      const bool structure = pos.is_capture(m) || pos.moved_piece(m) == PieceType::Pawn;
      if (out.nodes >= max_nodes) return out;  // Unknown
      const Position child = pos.after(m);
      ++out.nodes;
      if (!core::has_legal_moves(child)) {
        if (child.in_check() && child.side_to_move() != winner) {
          out.can_mate = Tristate::Yes;
          out.witness = line_to(nodes, static_cast<int>(next));
          out.witness.push_back(m);
          return out;
        }
        continue;  // stalemate, or the winner mated: the game is over there
      }
      if (cannot_mate_by_material(child, winner)) continue;
      if (structure && cannot_mate_by_reachability(child, winner)) continue;
      if (known(child)) continue;
      seen.emplace(child.key(), static_cast<int>(nodes.size()));
      nodes.push_back({child, static_cast<int>(next), m});
    }
  }
  out.can_mate = Tristate::No;
  return out;
}

}  // namespace arbiter::game
