// The standings of every tournament of ../shared/testdata/tournaments/dutch, checked by
// invariants (no value here is an expected output): the ranks are a permutation, the
// points are the file's points columns, in order; and the properties of the tie-breaks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "arbiter/tournament/reference_files.hpp"
#include "arbiter/tournament/standings.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

constexpr const char* kAll =
    "BH/C1,BH,SB,DE,WIN,WON,BPG,BWG,PS,REP,STD,TPN,AOB,FB,KS,ARO,TPR,PTP,APRO,APPO,RTNG,"
    "BH/C2,BH/M1,BH/M2,SB/C1,PS/C1,ARO/C1,DE/P";

class ReferenceStandings : public ::testing::TestWithParam<std::string> {
 protected:
  Tournament load() const {
    auto t = read_trf(testing::slurp(testing::reference_dir() / (GetParam() + ".trf")));
    EXPECT_TRUE(t.has_value());
    return t ? *t : Tournament{};
  }
};

TEST_P(ReferenceStandings, RanksArePermutationAndPointsAreTheFiles) {
  const Tournament t = load();
  const auto list = parse_tiebreaks(kAll);
  ASSERT_TRUE(list.has_value());
  const Standings s = compute_standings(t, *list, 7);
  ASSERT_EQ(s.rows.size(), t.players.size());
  std::vector<PlayerId> ids;
  for (std::size_t k = 0; k < s.rows.size(); ++k) {
    const StandingRow& row = s.rows[k];
    EXPECT_EQ(row.rank, static_cast<int>(k) + 1);
    ASSERT_NE(t.find(row.id), nullptr);
    EXPECT_EQ(row.points, t.find(row.id)->points.value_or(-1)) << "player " << row.id;
    if (k > 0) {
      EXPECT_LE(row.points, s.rows[k - 1].points);
    }
    ASSERT_EQ(row.values.size(), list->size());
    ids.push_back(row.id);
  }
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end());
}

TEST_P(ReferenceStandings, TieBreakProperties) {
  const Tournament t = load();
  const auto list = parse_tiebreaks("BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,PS,PS/C1,STD,REP,WIN,WON");
  const Standings s = compute_standings(t, *list);
  const int rounds = s.rounds;
  const bool standard = t.settings.points == PointSystem{};
  for (const StandingRow& row : s.rows) {
    const auto v = [&](std::size_t k) { return row.values[k].value; };
    EXPECT_LE(v(1), v(0)) << "BH/C1 <= BH, player " << row.id;
    EXPECT_LE(v(2), v(1)) << "BH/C2 <= BH/C1, player " << row.id;
    EXPECT_LE(v(3), v(1)) << "BH/M1 <= BH/C1, player " << row.id;
    if (standard) {
      // With 1-½-0 each SB term is the BH term times 0, ½ or 1 (hundredths against tenths).
      EXPECT_LE(v(4), 10 * v(0)) << "SB <= BH, player " << row.id;
      EXPECT_EQ(v(8), row.points) << "STD is the score under 1-½-0";
    }
    EXPECT_LE(v(5), v(4)) << "SB/C1 <= SB, player " << row.id;
    EXPECT_LE(v(7), v(6)) << "PS/C1 <= PS, player " << row.id;
    EXPECT_LE(v(9), rounds);
    EXPECT_LE(v(11), v(10)) << "WON <= WIN";
  }
}

TEST_P(ReferenceStandings, SameSeedSameTable) {
  const Tournament t = load();
  const auto list = parse_tiebreaks("BH/C1");
  const auto ids = [&](std::uint64_t seed) {
    std::vector<PlayerId> out;
    for (const auto& row : compute_standings(t, *list, seed).rows) out.push_back(row.id);
    return out;
  };
  EXPECT_EQ(ids(3), ids(3));
}

INSTANTIATE_TEST_SUITE_P(Dutch, ReferenceStandings, ::testing::ValuesIn(testing::reference_files()),
                         [](const auto& file) { return file.param; });

}  // namespace
}  // namespace arbiter::tournament
