// C.04.7 Baku acceleration by default (`192 ..._BAKU` without XXA / 250 lines): the groups,
// the virtual points round by round (the text's own examples: 82 GA players of 161; nine
// rounds: 1 point in rounds 1-3, ½ in 4-5), and pairings equal to those of the same file
// with the points stated in 250 lines.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/tournament/baku.hpp"
#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/swiss_state.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

// A round-1 file of n players (ratings falling with the number) and extra lines.
std::string event(int n, int rounds, const std::vector<std::string>& extra) {
  std::string text = "012 Baku test\r";
  for (int i = 1; i <= n; ++i) {
    char line[128];
    std::snprintf(line, sizeof line,
                  "001 %4d      Player %-26d %4d                             0.0 %4d\r", i, i,
                  2500 - 10 * i, i);
    text += line;
  }
  text += "XXR " + std::to_string(rounds) + "\r";
  text += "XXC white1\r";
  for (const std::string& l : extra) text += l + "\r";
  return text;
}

std::set<std::pair<PlayerId, PlayerId>> pairs(const SwissPairing& p) {
  std::set<std::pair<PlayerId, PlayerId>> out;
  for (const Board& b : p.boards) out.insert(std::minmax(b.white, b.black));
  return out;
}

TEST(Baku, GroupAIsTheFirstHalfRoundedUpToAnEvenNumber) {
  EXPECT_EQ(baku_group_a_size(161), 82);  // the text's example: 80.5 -> 82
  EXPECT_EQ(baku_group_a_size(160), 80);
  EXPECT_EQ(baku_group_a_size(16), 8);
  EXPECT_EQ(baku_group_a_size(10), 6);
  EXPECT_EQ(baku_group_a_size(9), 6);
  EXPECT_EQ(baku_group_a_size(4), 2);
}

TEST(Baku, OnePointInTheFirstHalfOfTheAcceleratedRoundsThenAHalf) {
  const BakuAcceleration nine{8, 9};  // five accelerated rounds: 1, 1, 1, ½, ½
  const std::vector<Points> expected_nine = {10, 10, 10, 5, 5, 0, 0, 0, 0};
  for (int r = 1; r <= 9; ++r) {
    EXPECT_EQ(nine.virtual_points(8, r), expected_nine[static_cast<std::size_t>(r - 1)]) << r;
    EXPECT_EQ(nine.virtual_points(9, r), 0) << "GB, round " << r;
  }
  const BakuAcceleration eleven{8, 11};  // six accelerated rounds: three of each
  const BakuAcceleration seven{8, 7};    // four: two of each
  for (int r = 1; r <= 11; ++r) {
    EXPECT_EQ(eleven.virtual_points(1, r), r <= 3 ? 10 : r <= 6 ? 5 : 0) << r;
    EXPECT_EQ(seven.virtual_points(1, r), r <= 2 ? 10 : r <= 4 ? 5 : 0) << r;
  }
}

TEST(Baku, RoundOnePairsEachGroupWithinItselfAsTheStatedPointsWould) {
  const auto baku = read_trf(event(16, 9, {"192 FIDE_DUTCH_2026_BAKU"}));
  ASSERT_TRUE(baku) << baku.error().message;
  const auto stated = read_trf(
      event(16, 9, {"250  1.0  1.0   1   3    1    8", "250  0.5  0.5   4   5    1    8"}));
  ASSERT_TRUE(stated) << stated.error().message;
  const auto plain = read_trf(event(16, 9, {}));
  ASSERT_TRUE(plain);
  const auto a = pair_dutch(*baku);
  const auto b = pair_dutch(*stated);
  const auto c = pair_dutch(*plain);
  ASSERT_TRUE(a && b && c);
  const std::set<std::pair<PlayerId, PlayerId>> groups = {{1, 5},  {2, 6},   {3, 7},   {4, 8},
                                                          {9, 13}, {10, 14}, {11, 15}, {12, 16}};
  EXPECT_EQ(pairs(*a), groups);
  EXPECT_EQ(a->boards, b->boards);  // colours and board order too
  EXPECT_NE(pairs(*c), groups);     // without acceleration: 1-9, 2-10, ...
}

TEST(Baku, LaterRoundsPairAsTheStatedPointsWould) {
  // Rounds 1-5 played by the accelerated pairings (White wins on odd boards, draws on even
  // ones), each round k+1 from the same state in both files.
  auto baku = read_trf(event(20, 9, {"192 FIDE_DUTCH_2026_BAKU"}));
  auto stated = read_trf(
      event(20, 9, {"250  1.0  1.0   1   3    1   10", "250  0.5  0.5   4   5    1   10"}));
  ASSERT_TRUE(baku && stated);
  for (int round = 1; round <= 7; ++round) {
    const auto a = pair_dutch(*baku);
    const auto b = pair_dutch(*stated);
    ASSERT_TRUE(a && b) << round;
    EXPECT_EQ(a->boards, b->boards) << "round " << round;
    EXPECT_EQ(a->bye, b->bye) << "round " << round;
    const auto st = swiss_state(*baku);
    ASSERT_TRUE(st);
    const Points extra = round <= 3 ? 10 : round <= 5 ? 5 : 0;
    for (const SwissPlayer& p : st->players)
      EXPECT_EQ(p.accelerated - p.score, p.id <= 10 ? extra : 0) << "round " << round;
    for (Tournament* t : {&*baku, &*stated}) {
      for (std::size_t i = 0; i < a->boards.size(); ++i) {
        const Board& board = a->boards[i];
        const ResultCode w = i % 2 == 0 ? ResultCode::Win : ResultCode::Draw;
        const ResultCode l = i % 2 == 0 ? ResultCode::Loss : ResultCode::Draw;
        for (Player& p : t->players) {
          if (p.id == board.white) p.rounds.push_back({board.black, Colour::White, w});
          if (p.id == board.black) p.rounds.push_back({board.white, Colour::Black, l});
        }
      }
    }
  }
}

TEST(Baku, TheLastGroupAPlayerIsCountedAmongThePlayersOfRoundOne) {
  // Ten players, player 2 absent from round 1 and player 11 entering later: GA is the first
  // 2 * ceil(9 / 4) = 6 present players, 1 and 3-7, and player 2 (numbered before the last
  // of them) belongs to it; the late entrant numbered 11 does not.
  auto t = read_trf(event(11, 9, {}));
  ASSERT_TRUE(t);
  for (Player& p : t->players) {
    if (p.id == 2 || p.id == 11) {
      p.rounds.push_back({0, Colour::None, ResultCode::ZeroBye});
    } else {
      const PlayerId other = p.id == 1 ? 3 : p.id == 3 ? 1 : p.id % 2 == 0 ? p.id + 1 : p.id - 1;
      p.rounds.push_back({other, p.id < other ? Colour::White : Colour::Black, ResultCode::Draw});
    }
  }
  const auto b = baku_acceleration(*t, 1);
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(b->last_ga, 7);
  EXPECT_EQ(b->virtual_points(2, 2), 10);
  EXPECT_EQ(b->virtual_points(11, 2), 0);
}

TEST(Baku, DefinedForTheStandardPointSystemOnly) {
  const auto t = read_trf(event(8, 5, {"192 FIDE_DUTCH_2026_BAKU", "BBW 3.0", "BBD 1.0"}));
  ASSERT_TRUE(t) << t.error().message;
  const auto p = pair_dutch(*t);
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().message.find("1/½/0"), std::string::npos) << p.error().message;
}

TEST(Baku, StatedPointsWinOverTheDefault) {
  Settings s;
  s.system = "FIDE_DUTCH_2026_BAKU";
  EXPECT_TRUE(default_baku(s));
  s.accelerated.push_back({});
  EXPECT_FALSE(default_baku(s));
  s = Settings{};
  s.system = "FIDE_DUTCH_2026";
  EXPECT_FALSE(default_baku(s));
}

}  // namespace
}  // namespace arbiter::tournament
