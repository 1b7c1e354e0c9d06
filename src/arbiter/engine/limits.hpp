// What a `go` command asks for, independent of the UCI text.
#pragma once

#include <cstdint>
#include <vector>

#include "arbiter/core/move.hpp"

namespace arbiter::engine {

struct SearchLimits {
  std::int64_t time[2] = {-1, -1};  // remaining clock time in ms by colour (-1: not given)
  std::int64_t inc[2] = {0, 0};     // increment in ms by colour (a delay is passed here too)
  int movestogo = 0;                // moves to the next time control (0: sudden death)
  std::int64_t movetime = -1;       // exact time per move in ms
  int depth = 0;                    // maximum depth (0: none)
  std::uint64_t nodes = 0;          // maximum nodes (0: none)
  std::uint64_t soft_nodes = 0;     // no new iteration once this many nodes are searched (0: none)
  int mate = 0;                     // search for a mate in this many moves (0: none)
  bool infinite = false;            // do not stop until told to
  bool ponder = false;              // pondering: no time limit until ponderhit
  std::vector<core::Move> searchmoves;

  [[nodiscard]] bool uses_clock() const noexcept { return time[0] >= 0 || time[1] >= 0; }
};

}  // namespace arbiter::engine
