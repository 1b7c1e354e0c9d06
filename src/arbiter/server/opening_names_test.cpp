// Issue #18 item 6: with `serve --openings DIR`, a game names its opening (lichess's list)
// in its state, in each move that reaches a named position, and in its PGN (ECO, Opening).
#include <gtest/gtest.h>

#include "arbiter/notation/openings.hpp"
#include "arbiter/server/test_support.hpp"

namespace arbiter::server::testing {
namespace {

class OpeningNamesTest : public RoomTest {
 protected:
  void SetUp() override {
    auto book = notation::OpeningBook::load_directory(std::string(ARB_TESTDATA_DIR) + "/openings");
    ASSERT_TRUE(book) << book.error().describe();
    book_ = std::move(*book);
    openings_ = &book_;
    RoomTest::SetUp();
  }
  notation::OpeningBook book_;
};

TEST_F(OpeningNamesTest, TheStateTheMovesAndThePgnNameTheOpening) {
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  move(*f.room, b, "e7e5", 2, 1);
  move(*f.room, w, "g1f3", 3, 2);
  move(*f.room, b, "b8c6", 4, 2);
  move(*f.room, w, "f1b5", 5, 3);
  executor_.run_all();
  // The move that reached the Ruy Lopez says so.
  const std::string last = b->last("move");
  EXPECT_EQ(at(last, "/d/opening/eco"), "C60") << last;
  EXPECT_EQ(at(last, "/d/opening/name"), "Ruy Lopez");
  const auto state = f.room->state();
  ASSERT_TRUE(state.opening);
  EXPECT_EQ(state.opening->eco, "C60");
  // A move to a position no line names keeps the last name the game reached.
  move(*f.room, b, "h7h6", 6, 3);
  const auto later = f.room->state();
  ASSERT_TRUE(later.opening);
  EXPECT_EQ(later.opening->eco, "C60");
  say(*f.room, w, R"({"t":"resign","id":4})");
  executor_.run_all();
  const std::string pgn = f.room->pgn("http://localhost/g/" + f.room->id(), {});
  EXPECT_NE(pgn.find("[ECO \"C60\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Opening \"Ruy Lopez"), std::string::npos) << pgn;
}

TEST_F(OpeningNamesTest, WithoutTheListNothingIsNamed) {
  openings_ = nullptr;
  open();
  auto [f, w, b] = seated();
  move(*f.room, w, "e2e4", 1, 1);
  EXPECT_FALSE(f.room->state().opening);
  EXPECT_EQ(at(b->last("move"), "/d/opening"), "<missing>");
}

}  // namespace
}  // namespace arbiter::server::testing
