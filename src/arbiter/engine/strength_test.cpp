#include "arbiter/engine/strength.hpp"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/engine.hpp"

namespace arbiter::engine {
namespace {

using core::Move;
using core::Square;

TEST(Strength, HigherEloSearchesMoreAndRandomisesLess) {
  StrengthProfile prev = strength_for_elo(kMinElo);
  for (int elo = kMinElo + 200; elo <= kMaxElo; elo += 200) {
    const StrengthProfile p = strength_for_elo(elo);
    EXPECT_GT(p.max_nodes, prev.max_nodes) << elo;
    EXPECT_GE(p.max_depth, prev.max_depth) << elo;
    EXPECT_GE(p.max_depth, 1) << elo;
    if (prev.margin_cp > 0) {
      EXPECT_LT(p.margin_cp, prev.margin_cp) << elo;
    }
    EXPECT_LE(p.lines, prev.lines) << elo;
    prev = p;
  }
  // The top level plays the best move it finds: one line, no margin.
  EXPECT_EQ(strength_for_elo(kMaxElo).margin_cp, 0);
  EXPECT_EQ(strength_for_elo(kMaxElo).lines, 1);
  // The bottom level searches a shallow tree and may give away a piece.
  EXPECT_EQ(strength_for_elo(kMinElo).max_depth, 1);
  EXPECT_GT(strength_for_elo(kMinElo).margin_cp, 250);
  EXPECT_EQ(strength_for_elo(100).max_nodes, strength_for_elo(kMinElo).max_nodes);
}

TEST(Strength, PicksOnlyWithinTheMarginAndIsSeeded) {
  const std::vector<Candidate> c = {{Move(Square::E2, Square::E4), 50},
                                    {Move(Square::D2, Square::D4), 45},
                                    {Move(Square::G1, Square::F3), 40},
                                    {Move(Square::F2, Square::F3), -200}};
  StrengthProfile p = strength_for_elo(1400);
  Rng a(7), b(7);
  std::set<std::size_t> seen;
  for (int i = 0; i < 200; ++i) {
    const std::size_t x = pick_candidate(c, p, a);
    EXPECT_EQ(x, pick_candidate(c, p, b));
    EXPECT_LT(x, 3u);  // 250 cp worse is outside the margin at 1400
    seen.insert(x);
  }
  EXPECT_GT(seen.size(), 1u);
  StrengthProfile top = strength_for_elo(kMaxElo);
  const std::vector<Candidate> clear = {{Move(Square::E2, Square::E4), 80},
                                        {Move(Square::D2, Square::D4), 20}};
  for (int i = 0; i < 50; ++i) EXPECT_EQ(pick_candidate(clear, top, a), 0u);
}

TEST(Strength, NeverPassesUpAForcedMate) {
  const std::vector<Candidate> c = {{Move(Square::E2, Square::E4), mate_in(3)},
                                    {Move(Square::D2, Square::D4), 900}};
  Rng r(1);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(pick_candidate(c, strength_for_elo(kMinElo), r), 0u);
}

TEST(Strength, LimitedEngineIsDeterministicForASeedAndLegal) {
  const auto play = [](std::uint64_t seed) {
    Engine e;
    EngineOptions o;
    o.limit_strength = true;
    o.elo = 1000;
    o.seed = seed;
    e.set_options(o);
    core::Position pos = core::Position::startpos();
    std::vector<Move> moves;
    for (int ply = 0; ply < 8; ++ply) {
      e.set_position(pos);
      SearchLimits l;
      const SearchResult r = e.search(l);
      EXPECT_TRUE(core::legal_moves(pos).contains(r.best));
      moves.push_back(r.best);
      pos = pos.after(r.best);
    }
    return moves;
  };
  EXPECT_EQ(play(11), play(11));
  bool differs = false;
  for (std::uint64_t s = 12; s < 16 && !differs; ++s) differs = play(s) != play(11);
  EXPECT_TRUE(differs);
}

}  // namespace
}  // namespace arbiter::engine
