// LiveWitness: the proof that a position is alive, carried from move to move (Art. 5.2.2).
#include "arbiter/game/live_witness.hpp"

#include <gtest/gtest.h>

#include <random>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/dead.hpp"

namespace arbiter::game {
namespace {

using core::Move;
using core::Position;

std::vector<Move> line(const Position& from, std::initializer_list<const char*> ucis) {
  std::vector<Move> out;
  Position p = from;
  for (const char* u : ucis) {
    auto m = core::parse_uci(p, u);
    EXPECT_TRUE(m.has_value()) << u;
    if (!m) return out;
    out.push_back(*m);
    p = p.after(*m);
  }
  return out;
}

TEST(MatingLine, AcceptsOnlyLegalLinesEndingInMate) {
  const Position start = Position::startpos();
  EXPECT_TRUE(is_mating_line(start, line(start, {"f2f3", "e7e5", "g2g4", "d8h4"})));
  EXPECT_FALSE(is_mating_line(start, line(start, {"f2f3", "e7e5", "g2g4"})));  // no mate
  // An illegal move in the line (the queen's path is blocked from the start).
  std::vector<Move> bad = line(start, {"f2f3", "e7e5", "g2g4", "d8h4"});
  bad[3] = Move{core::Square::D8, core::Square::H4};
  std::vector<Move> skipped{bad[0], bad[3]};
  EXPECT_FALSE(is_mating_line(start, skipped));
}

TEST(LiveWitness, TheWitnessesOwnMoveLeavesTheRest) {
  const Position start = Position::startpos();
  LiveWitness w;
  w.set(line(start, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  const Move f3 = w.line().front();
  ASSERT_TRUE(w.carry(start, f3, start.after(f3)));
  EXPECT_EQ(w.line().size(), 3u);
  EXPECT_TRUE(is_mating_line(start.after(f3), w.line()));
}

TEST(LiveWitness, AReversibleMoveIsTakenBackInsideTheCarriedLine) {
  const Position start = Position::startpos();
  LiveWitness w;
  w.set(line(start, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  const Move nf3 = *core::parse_uci(start, "g1h3");
  const Position after = start.after(nf3);
  ASSERT_TRUE(w.carry(start, nf3, after));
  EXPECT_EQ(w.line().size(), 7u);  // tempo, Nh3-g1, tempo back, then the old line
  EXPECT_TRUE(is_mating_line(after, w.line()));
}

TEST(LiveWitness, APawnMoveKeepsTheLineAfterATempoWhenItStillMates) {
  const Position start = Position::startpos();
  LiveWitness w;
  w.set(line(start, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  // 1. a3 cannot be taken back, but Black's knight tempo and then f3 e5 g4 Qh4# still work.
  const Move a3 = *core::parse_uci(start, "a2a3");
  ASSERT_TRUE(w.carry(start, a3, start.after(a3)));
  EXPECT_EQ(w.line().size(), 5u);
  EXPECT_TRUE(is_mating_line(start.after(a3), w.line()));
}

TEST(LiveWitness, AMoveThatBreaksTheLineNeedsASearch) {
  const Position start = Position::startpos();
  LiveWitness w;
  w.set(line(start, {"f2f3", "e7e5", "g2g4", "d8h4"}));
  // 1. e3 gives the king e2: after any tempo, f3 e5 g4 Qh4 is no longer mate.
  const Move e3 = *core::parse_uci(start, "e2e3");
  EXPECT_FALSE(w.carry(start, e3, start.after(e3)));
  EXPECT_TRUE(w.line().empty());
  EXPECT_FALSE(w.carry(start, e3, start.after(e3)));  // nothing kept to carry
}

// Property: along random games, every carried witness is a real mating line of the
// position it is carried to, and a carried "alive" never contradicts the full decision.
TEST(LiveWitness, CarriedLinesAreAlwaysMatingLinesAlongRandomGames) {
  std::mt19937 rng{20261126};
  int carried = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::startpos();
    LiveWitness w;
    for (int ply = 0; ply < 80; ++ply) {
      const auto moves = core::legal_moves(pos);
      if (moves.size() == 0) break;
      auto pick = std::uniform_int_distribution<int>(0, static_cast<int>(moves.size()) - 1);
      const Move m = moves[pick(rng)];
      const Position after = pos.after(m);
      if (w.carry(pos, m, after)) {
        ++carried;
        ASSERT_TRUE(is_mating_line(after, w.line())) << after.fen();
        EXPECT_FALSE(proved_dead(after, SearchLimits{.max_nodes = 1000, .max_depth = 64}));
      } else {
        std::vector<Move> found;
        (void)proved_dead(after, SearchLimits{.max_nodes = 1000, .max_depth = 64}, &found);
        if (!found.empty()) {
          ASSERT_TRUE(is_mating_line(after, found)) << after.fen();
        }
        w.set(std::move(found));
      }
      pos = after;
    }
  }
  EXPECT_GT(carried, 100);  // the carry does its job on ordinary play
}

}  // namespace
}  // namespace arbiter::game
