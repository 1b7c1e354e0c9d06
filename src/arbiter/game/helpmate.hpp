// HelpmateSearch: the cooperative search behind the full dead-position decision (Art.
// 5.2.2, 6.9). Both sides play *for* a checkmate by `winner`. Iterative deepening over a
// depth-first search with a transposition table and move ordering toward the mate.
//
// Three answers per node: Mate (a line was found: it is the witness), NoMate (every legal
// continuation ends in a terminal position without that mate or in a position a static
// rule proves hopeless: a complete proof), Unknown (the depth or node limit cut some
// line). Only complete proofs are ever reported as "cannot mate".
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
    std::uint32_t generation = 0;
    std::int16_t depth = 0;  // no mate within this many plies (when !proven)
    bool proven = false;     // no mate at all
  };
  static constexpr int kMaxPly = 128;

  // Iterative deepening up to max_depth; `width` > 0 keeps only that many best moves per
  // node (a witness hunt: a mate found is valid, a failure proves nothing).
  [[nodiscard]] Answer deepen(const core::Position& root, int max_depth, int width);
  [[nodiscard]] Answer search(const core::Position& pos, int depth, int ply) noexcept;
  // A static proof that `winner_` cannot mate; `leaf`: also the costlier reachability one.
  [[nodiscard]] bool hopeless(const core::Position& pos, bool leaf) const noexcept;
  [[nodiscard]] int score(const core::Position& pos, core::Move m, bool check) const noexcept;
  void next_generation() noexcept;
  [[nodiscard]] bool on_path(core::Key key, int ply) const noexcept;
  [[nodiscard]] core::Key key_noise(const core::Position& pos, core::Move m) const noexcept;
  Entry& slot(core::Key key) noexcept { return table_[key & mask_]; }

  std::vector<Entry> table_;
  core::Key mask_ = 0;
  std::uint32_t generation_ = 0;
  core::Color winner_ = core::Color::White;
  core::Key salt_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t max_nodes_ = 0;
  bool aborted_ = false;
  int width_ = 0;
  std::uint64_t noise_seed_ = 0;  // 0: plain ordering; otherwise a tie-breaking perturbation
  int mate_length_ = 0;
  core::Move line_[kMaxPly] = {};
  core::Key path_[kMaxPly] = {};
};

}  // namespace arbiter::game
