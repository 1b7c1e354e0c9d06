// Claims: threefold repetition (Art. 9.2.1.1, 9.2.1.2) and the fifty-move rule (9.3.1,
// 9.3.2). outcome() never ends the game for them.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/game.hpp"

namespace arbiter::game {
namespace {

core::Move uci(const Game& g, std::string_view text) {
  auto m = core::parse_uci(g.position(), text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : core::Move::none();
}

void play(Game& g, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) ASSERT_TRUE(g.push_uci(m).has_value()) << m;
}

Game from_fen(std::string_view fen) {
  auto g = Game::from_fen(fen);
  EXPECT_TRUE(g.has_value());
  return g ? *g : Game{};
}

TEST(ThreefoldClaim, WithIntendedMoveThatRepeats) {  // Art. 9.2.1.1
  Game g;
  play(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_EQ(g.repetition_count(), 2);
  EXPECT_FALSE(g.can_claim_threefold());
  EXPECT_TRUE(g.can_claim_threefold(uci(g, "f6g8")));
  EXPECT_FALSE(g.can_claim_threefold(uci(g, "e7e5")));
  const auto moves = g.threefold_claim_moves();
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(core::to_uci(moves[0], false), "f6g8");
}

TEST(ThreefoldClaim, ByThePositionJustAppeared) {  // Art. 9.2.1.2
  Game g;
  play(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_TRUE(g.can_claim_threefold());
  EXPECT_FALSE(g.outcome().is_over());
}

TEST(ThreefoldClaim, IllegalIntendedMoveIsRejected) {
  Game g;
  play(g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(g.can_claim_threefold(core::Move{core::Square::F6, core::Square::F4}));
}

TEST(FiftyMoveClaim, IntendedQuietMoveCompletesFiftyMoves) {  // Art. 9.3.1
  Game g = from_fen("7k/8/6K1/8/8/8/1r5p/1R6 w - - 99 80");
  EXPECT_FALSE(g.can_claim_fifty());
  EXPECT_TRUE(g.can_claim_fifty(uci(g, "g6f6")));
  EXPECT_FALSE(g.outcome().is_over());
}

TEST(FiftyMoveClaim, IntendedCaptureMakesTheClaimInvalid) {  // Art. 9.3.1
  Game g = from_fen("7k/8/6K1/8/8/8/1r5p/1R6 w - - 99 80");
  EXPECT_FALSE(g.can_claim_fifty(uci(g, "b1b2")));
  const auto moves = g.fifty_claim_moves();
  EXPECT_FALSE(moves.empty());
  EXPECT_TRUE(std::none_of(moves.begin(), moves.end(),
                           [&](core::Move m) { return g.position().is_capture(m); }));
}

TEST(FiftyMoveClaim, IntendedPawnMoveMakesTheClaimInvalid) {
  Game g = from_fen("7k/8/6K1/8/8/8/P6p/1R6 w - - 99 80");
  EXPECT_FALSE(g.can_claim_fifty(uci(g, "a2a3")));
  EXPECT_TRUE(g.can_claim_fifty(uci(g, "b1b2")));
}

TEST(FiftyMoveClaim, AfterFiftyMovesNoIntendedMoveIsNeeded) {  // Art. 9.3.2
  Game g = from_fen("7k/8/6K1/8/8/8/1r5p/1R6 w - - 99 80");
  play(g, {"g6f6"});
  EXPECT_TRUE(g.can_claim_fifty());
  EXPECT_FALSE(g.outcome().is_over());  // 50 moves: a claim, never automatic
}

TEST(FiftyMoveClaim, CountsOnlyFromTheLastCaptureOrPawnMove) {
  Game g = from_fen("7k/8/6K1/8/8/8/1r5p/1R6 w - - 98 80");
  play(g, {"b1b2"});  // capture: the count restarts
  EXPECT_EQ(g.position().halfmove_clock(), 0);
  EXPECT_FALSE(g.can_claim_fifty());
  EXPECT_TRUE(g.fifty_claim_moves().empty());
}

}  // namespace
}  // namespace arbiter::game
