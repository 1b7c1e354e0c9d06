// HelpmateSearch: the cooperative search behind the full dead-position decision (Art.
// 5.2.2, 6.9). Both sides play *for* a checkmate by `winner`. Depth-first search with a
// transposition table and move ordering toward the mate, under two kinds of depth:
//  - fixed: every ply costs one (greedy lines, the two-ply full-width search);
//  - progress-driven: moves toward a mate in a chosen corner cost nothing, the reply to
//    such a move costs nothing, other moves cost one and moves away from any mate (the
//    loser taking material) cost three; iterative deepening on it reaches long but
//    sensible lines (king walks, promotions) that a fixed depth never reaches.
//
// Three answers per node: Mate (a line was found: it is the witness), NoMate (every legal
// continuation ends in a terminal position without that mate or in a position a static
// rule proves hopeless: a complete proof), Unknown (the depth or node limit cut some
// line). Only complete proofs are ever reported as "cannot mate": a NoMate root, or an
// iteration that cut nothing at all (the positions it expanded are then closed under legal
// moves, and none of them is the mate).
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/position.hpp"
#include "arbiter/game/dead.hpp"

namespace arbiter::game {

class HelpmateSearch {
 public:
  explicit HelpmateSearch(int tt_bits);
  [[nodiscard]] SideAnalysis run(const core::Position& root, core::Color winner,
                                 const SearchLimits& limits);

 private:
  enum class Answer : std::uint8_t { Mate, NoMate, Unknown };
  struct Entry {
    core::Key key = 0;
    std::uint32_t generation = 0;  // the deepen()/adaptive() call that expanded it
    std::uint16_t iteration = 0;   // and its iteration
    std::int16_t depth = 0;        // the depth it was expanded with; kProven: no mate at all
                                   // (for the run() that proved it)
  };
  static constexpr std::int16_t kProven = 0x7FFF;
  // Where progress leads: a corner for the losing king (and the winner's knights and
  // bishops), a square two steps up its edge for the winning king, the square next to the
  // corner for the loser's knights and bishops (a flight to fill).
  struct Targets {
    core::Square corner = core::Square::H8;
    core::Square winner_king = core::Square::H6;
    core::Square blocker = core::Square::G8;
  };
  // What the move ordering and the progress-driven depth need to know about a node.
  struct NodeInfo {
    const Targets* targets = nullptr;
    bool loser_promotes = false;  // the winner's men alone can never mate: see below
    bool bishops_walk = false;    // pawn walls: bishops walking to the corner is progress
    bool after_progress = false;  // the move into this node was progress
  };
  static constexpr int kMaxPly = 200;

  // Iterative deepening on the fixed depth up to max_depth; `width` > 0 keeps only that
  // many best moves per node (a witness hunt: a mate found is valid, a failure proves
  // nothing).
  [[nodiscard]] Answer deepen(const core::Position& root, int max_depth, int width);
  // Iterative deepening on the progress-driven depth, each iteration limited to `local`
  // nodes, until `end` nodes in all.
  [[nodiscard]] Answer adaptive(const core::Position& root, std::uint64_t local, std::uint64_t end);
  // `changed`: the move into this node took a man or moved a pawn (the reachability proof
  // is worth trying again).
  [[nodiscard]] Answer search(const core::Position& pos, int depth, int ply, bool after_progress,
                              bool changed) noexcept;
  [[nodiscard]] Answer leaf(const core::Position& pos, int ply) noexcept;
  // A static proof that `winner_` cannot mate; `leaf`: also the costlier reachability one.
  [[nodiscard]] bool hopeless(const core::Position& pos, bool leaf) const noexcept;
  [[nodiscard]] int score(const core::Position& pos, core::Move m, bool check) const noexcept;
  // Progress-driven depth: what a move costs (0, 1 or 3); `progress` tells whether it
  // heads for the mate.
  [[nodiscard]] int step_cost(const core::Position& pos, const NodeInfo& node, core::Move m,
                              bool& progress) const noexcept;
  [[nodiscard]] bool loser_must_promote(const core::Position& pos) const noexcept;
  [[nodiscard]] bool bishops_maneuver(const core::Position& pos) const noexcept;
  [[nodiscard]] const Targets& corner_for(const core::Position& pos) const noexcept;
  void choose_targets() noexcept;
  void next_generation() noexcept;
  [[nodiscard]] bool on_path(core::Key key, int ply) const noexcept;
  [[nodiscard]] core::Key key_noise(const core::Position& pos, core::Move m) const noexcept;
  Entry& slot(core::Key key) noexcept { return table_[key & mask_]; }

  std::vector<Entry> table_;
  core::Key mask_ = 0;
  std::uint32_t generation_ = 0;
  std::uint32_t first_generation_ = 1;  // the first generation of the current run()
  std::uint16_t iteration_ = 0;
  core::Color winner_ = core::Color::White;
  core::Key salt_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t max_nodes_ = 0;
  bool aborted_ = false;
  bool cut_ = false;          // the current iteration left something out (no closure proof)
  bool progressive_ = false;  // progress-driven depth (adaptive) or fixed (deepen)
  Targets corners_[2];        // a light and a dark mating corner
  int width_ = 0;
  std::uint64_t noise_seed_ = 0;  // 0: plain ordering; otherwise a tie-breaking perturbation
  int mate_length_ = 0;
  core::Move line_[kMaxPly] = {};
  core::Key path_[kMaxPly] = {};
};

}  // namespace arbiter::game
