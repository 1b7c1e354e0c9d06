// The ranking: points, then the tie-breaks in order, each splitting only who is still tied,
// DE inside each tied group (C.07 Article 6), then the drawing of lots from a seed. The
// events are those of tiebreak_test.cpp (the values are worked out there).
#include "arbiter/tournament/standings.hpp"

#include <gtest/gtest.h>

#include <set>

#include "arbiter/tournament/tiebreak_fixture.hpp"

namespace arbiter::tournament {
namespace {

using testing::event_a;
using testing::event_b;

std::vector<PlayerId> order(const Standings& s) {
  std::vector<PlayerId> ids;
  for (const auto& row : s.rows) ids.push_back(row.id);
  return ids;
}

using Ids = std::vector<PlayerId>;

TEST(Standings, SwissWithUnplayedRounds) {
  // Points: 1 2.5, 7 2.0, 2 and 3 1.5, 4 1.0, 5 and 6 0.5. BH/C1 (Article 16.5) splits the
  // ties: 3 (4.5) before 2 (4.0); 6 (2.5) before 5 (2.0).
  const Standings s = compute_standings(event_b(), *parse_tiebreaks("BH/C1,BH,SB,DE"));
  EXPECT_EQ(order(s), (Ids{1, 7, 3, 2, 4, 6, 5}));
  EXPECT_FALSE(s.round_robin);
  EXPECT_EQ(s.rounds, 3);
  for (const auto& row : s.rows) EXPECT_FALSE(row.by_lot) << row.id;
  EXPECT_EQ(s.rows[2].values[0], (TieBreakValue{45, 1}));
  EXPECT_EQ(s.rows[2].points, 15);
}

TEST(Standings, DirectEncounterDecidesInsideTheTiedGroup) {
  // 1 and 2 have 2.0 each; 2 beat 1.
  const Standings s = compute_standings(event_a(), *parse_tiebreaks("DE,SB"));
  EXPECT_TRUE(s.round_robin);
  EXPECT_EQ(order(s), (Ids{2, 1, 3, 4}));
  EXPECT_EQ(s.rows[0].values[0], (TieBreakValue{10, 1}));  // 2's point against 1
  EXPECT_EQ(s.rows[1].values[0], (TieBreakValue{0, 1}));
}

TEST(Standings, TheListIsAppliedInOrder) {
  // WIN first: 1 has two wins, 2 one.
  EXPECT_EQ(order(compute_standings(event_a(), *parse_tiebreaks("WIN,DE"))), (Ids{1, 2, 3, 4}));
  // TPN ranks the lower number first.
  EXPECT_EQ(order(compute_standings(event_a(), *parse_tiebreaks("TPN"))), (Ids{1, 2, 3, 4}));
  // REP does not split 1 and 2 (3 each); SB then does (3.00 against 2.00).
  EXPECT_EQ(order(compute_standings(event_a(), *parse_tiebreaks("REP,SB"))), (Ids{2, 1, 3, 4}));
}

TEST(Standings, LotsAreDrawnFromTheSeed) {
  // No tie-break: 1 and 2 stay tied and are placed by lot.
  std::set<Ids> orders;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    const Standings s = compute_standings(event_a(), {}, seed);
    EXPECT_TRUE(s.rows[0].by_lot);
    EXPECT_TRUE(s.rows[1].by_lot);
    EXPECT_FALSE(s.rows[2].by_lot);
    EXPECT_EQ(order(s), order(compute_standings(event_a(), {}, seed)));  // deterministic
    orders.insert(order(s));
  }
  EXPECT_EQ(orders, (std::set<Ids>{{1, 2, 3, 4}, {2, 1, 3, 4}}));  // both draws happen
}

TEST(Standings, DefaultListFromTheFileOrTheSystem) {
  Tournament t = event_b();
  EXPECT_EQ(default_tiebreaks(t), "BH/C1,BH,SB,DE");
  EXPECT_EQ(default_tiebreaks(event_a()), "DE,SB,WIN,KS");
  t.settings.tiebreaks = {"SB", "BH/C1"};
  auto list = file_tiebreaks(t);
  ASSERT_TRUE(list.has_value());
  EXPECT_EQ(list->size(), 2u);
  t.settings.tiebreaks = {"SB", "XX"};
  EXPECT_FALSE(file_tiebreaks(t).has_value());
}

TEST(Standings, LateEntrantAndWithdrawnPlayerAreRanked) {
  // Everyone is in the table once, the late entrant 7 second, the withdrawn 5 last.
  const Standings s = compute_standings(event_b(), *parse_tiebreaks("BH/C1"));
  EXPECT_EQ(s.rows.size(), 7u);
  EXPECT_EQ(s.rows[1].id, 7);
  EXPECT_EQ(s.rows.back().id, 5);
}

}  // namespace
}  // namespace arbiter::tournament
