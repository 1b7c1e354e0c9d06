#include "arbiter/engine/see.hpp"

#include <gtest/gtest.h>

#include "arbiter/core/uci_move.hpp"

namespace arbiter::engine {
namespace {

struct Case {
  const char* fen;
  const char* move;
  int threshold;
  bool expected;
};

TEST(See, ExchangesAgainstThresholds) {
  const Case cases[] = {
      // Pawn takes an undefended knight.
      {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 300, true},
      {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 400, false},
      // Queen takes a pawn defended by a pawn: loses the queen.
      {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0, false},
      {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -900, true},
      // Rook takes a rook defended by a rook, with our second rook behind (x-ray).
      {"3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0, true},
      {"3rk3/3r4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7", 0, true},
      // Knight takes a pawn defended by a bishop.
      {"4k3/8/5b2/4p3/8/3N4/8/4K3 w - - 0 1", "d3e5", 0, false},
      // Quiet move onto an attacked square.
      {"4k3/8/8/4p3/8/2N5/8/4K3 w - - 0 1", "c3d5", 0, true},
      {"4k3/8/8/4p3/8/8/4N3/4K3 w - - 0 1", "e2d4", 0, false},
      // En passant.
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0, true},
      // The king may not recapture into a defended square.
      {"4k3/8/8/8/8/2b5/1r6/K7 b - - 0 1", "b2b1", 0, false},
  };
  for (const Case& c : cases) {
    auto pos = core::Position::from_fen(c.fen);
    ASSERT_TRUE(pos) << c.fen;
    auto m = core::parse_uci(*pos, c.move);
    ASSERT_TRUE(m) << c.move;
    EXPECT_EQ(see_ge(*pos, *m, c.threshold), c.expected) << c.fen << " " << c.move;
  }
}

}  // namespace
}  // namespace arbiter::engine
