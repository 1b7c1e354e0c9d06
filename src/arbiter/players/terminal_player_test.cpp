#include "arbiter/players/terminal_player.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

namespace arbiter::players {
namespace {

TEST(TerminalBoard, WhiteAtTheBottomUnlessFlipped) {
  const std::string board = render_board(core::Position::startpos(), false);
  EXPECT_EQ(board.substr(0, board.find('\n')), "8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
  EXPECT_NE(board.find("1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n   a b c d e f g h"), std::string::npos);
  const std::string flipped = render_board(core::Position::startpos(), true);
  EXPECT_EQ(flipped.substr(0, flipped.find('\n')), "1  ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖");
  EXPECT_NE(flipped.find("h g f e d c b a"), std::string::npos);
}

TEST(TerminalClock, TenthsUnderTenSeconds) {
  EXPECT_EQ(clock_display(Millis{9870}), "9.8");
  EXPECT_EQ(clock_display(Millis{10000}), "0:10");
  EXPECT_EQ(clock_display(Millis{754000}), "12:34");
  EXPECT_EQ(clock_display(Millis{3723000}), "1:02:03");
  EXPECT_EQ(clock_display(Millis{-5}), "0.0");
}

// Feeds lines to a TerminalPlayer through a pipe; the manual clock never moves.
class TerminalInput : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(::pipe(fds_), 0);
    out_ = std::tmpfile();
  }
  void TearDown() override {
    ::close(fds_[0]);
    if (fds_[1] >= 0) ::close(fds_[1]);
    std::fclose(out_);
  }
  Reply answer(const std::string& typed, const game::Game& g) {
    if (!typed.empty()) {
      EXPECT_EQ(::write(fds_[1], typed.data(), typed.size()), static_cast<ssize_t>(typed.size()));
    }
    TerminalPlayer p("Anna", fds_[0], out_, std::make_shared<TerminalView>(), time_);
    ThinkRequest r;
    r.game = &g;
    return p.think(r);
  }
  int fds_[2] = {-1, -1};
  std::FILE* out_ = nullptr;
  ManualTimeSource time_;
};

TEST_F(TerminalInput, MovesInAnyNotationBecomeUci) {
  game::Game g;
  EXPECT_EQ(answer("Sf3\n", g).move, "g1f3");                     // German letters (Appendix C)
  EXPECT_EQ(answer("flip\nhelp\nxyz\ne2-e4\n", g).move, "e2e4");  // bad input re-asks
}

TEST_F(TerminalInput, CommandsBecomeReplies) {
  game::Game g;
  EXPECT_EQ(answer("draw\n", g).kind, ReplyKind::OfferDraw);
  EXPECT_EQ(answer("accept\n", g).kind, ReplyKind::AcceptDraw);
  EXPECT_EQ(answer("decline\n", g).kind, ReplyKind::DeclineDraw);
  EXPECT_EQ(answer("resign\n", g).kind, ReplyKind::Resign);
  const Reply adjourn = answer("adjourn Nf3\n", g);
  EXPECT_EQ(adjourn.kind, ReplyKind::Adjourn);
  EXPECT_EQ(adjourn.move, "Nf3");
}

TEST_F(TerminalInput, ClaimWithTheIntendedMoveOfArticle9211) {
  game::Game g;
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"})
    ASSERT_TRUE(g.push_uci(m).has_value());
  const Reply claim = answer("claim Ng8\n", g);
  EXPECT_EQ(claim.kind, ReplyKind::Claim);
  EXPECT_EQ(claim.claim, competition::ClaimKind::Threefold);
  EXPECT_EQ(claim.move, "f6g8");
}

TEST_F(TerminalInput, ClosedInputIsACrash) {
  game::Game g;
  ::close(fds_[1]);
  fds_[1] = -1;
  EXPECT_EQ(answer("", g).kind, ReplyKind::Crash);
}

TEST_F(TerminalInput, TypingWhileTheOpponentThinks) {
  // Black types while White's engine thinks: flip and help are handled at once, a move is
  // kept as a premove, and a draw offer (Art. 9.1.2.1) and a resignation (Art. 5.1.2) go
  // to the runner.
  const std::string typed = "flip\nhelp\ne5\nclaim\ndraw\nresign\n";
  ASSERT_EQ(::write(fds_[1], typed.data(), typed.size()), static_cast<ssize_t>(typed.size()));
  auto view = std::make_shared<TerminalView>();
  TerminalPlayer p("Boris", fds_[0], out_, view, time_);
  game::Game g;  // White to move: the opponent's turn
  ThinkRequest r;
  r.game = &g;
  std::optional<Reply> said;
  for (int i = 0; i < 20 && !said; ++i) said = p.listen(r, Millis{10});
  ASSERT_TRUE(said.has_value());
  EXPECT_EQ(said->kind, ReplyKind::OfferDraw);
  EXPECT_TRUE(view->flipped);
  const auto next = p.listen(r, Millis{10});
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->kind, ReplyKind::Resign);
  // White's engine played e4: the premove e5 is legal and is played at once.
  ASSERT_TRUE(g.push_uci("e2e4").has_value());
  EXPECT_EQ(p.think(r).move, "e7e5");
  std::rewind(out_);
  std::string shown(4096, '\0');
  shown.resize(std::fread(shown.data(), 1, shown.size(), out_));
  EXPECT_NE(shown.find("premove e5: played when your turn comes"), std::string::npos) << shown;
  EXPECT_NE(shown.find("'claim' is for your own turn (Art. 9.2.1"), std::string::npos) << shown;
  EXPECT_NE(shown.find("premove e5 played"), std::string::npos) << shown;
}

TEST_F(TerminalInput, AnIllegalPremoveIsDiscarded) {
  const std::string typed = "Nf6\n";
  ASSERT_EQ(::write(fds_[1], typed.data(), typed.size()), static_cast<ssize_t>(typed.size()));
  TerminalPlayer p("Boris", fds_[0], out_, std::make_shared<TerminalView>(), time_);
  game::Game g;
  ThinkRequest r;
  r.game = &g;
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(p.listen(r, Millis{10}).has_value());
  // When Black's turn comes a knight already stands on f6, so Nf6 is no move: the
  // premove is discarded with a note and what Black types then counts.
  ASSERT_TRUE(g.push_uci("e2e4").has_value());
  ASSERT_TRUE(g.push_uci("g8f6").has_value());
  ASSERT_TRUE(g.push_uci("d2d4").has_value());
  const std::string more = "d5\n";
  ASSERT_EQ(::write(fds_[1], more.data(), more.size()), static_cast<ssize_t>(more.size()));
  EXPECT_EQ(p.think(r).move, "d7d5");  // the premove was dropped, the typed move counts
}

}  // namespace
}  // namespace arbiter::players
