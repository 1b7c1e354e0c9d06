// Standings of larger real events whose every game is known: round, colours and result,
// from the PGN files of ../shared/testdata/games (provenance in its README). For each
// event tests/tournament/real_events/make_trf.py, a script independent of Arbiter, wrote
// the TRF and the expected table (`<name>.trf`, `<name>.expected`): the points and the
// C.07 tie-breaks DE, SB, WIN, WON, BWG, BPG, KS, BH, PS and ARO, computed from their
// definitions, and the rank they give. Here Arbiter reads the TRF, writes it back to the
// same bytes, and ranks it with the same list: every row must match.
//
// The events: TCEC Season 22 League 1 (8 engines, a round robin of 4 cycles, 28 rounds),
// the TCEC Season 21 FRC4 final (a 50-game match, a round robin of two), and three single
// round robins of 10 players and one double round robin of 6 from The Week in Chess 920
// (June 2012): the 19th Metropolitan IM (Los Angeles), the Hotel El Aguila GM (Utebo), the
// Spring Wednesday Knighter Masters (Minneapolis, one player unrated) and the Baltija WGM
// Cup (Palanga).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/tournament/point_system.hpp"
#include "arbiter/tournament/reference_files.hpp"
#include "arbiter/tournament/standings.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

const std::filesystem::path& events_dir() {
  static const std::filesystem::path dir =
      std::filesystem::path(ARB_SOURCE_DIR) / "tests" / "tournament" / "real_events";
  return dir;
}

// One row of an .expected file: the values as Arbiter prints them ("21.50", "2432").
struct ExpectedRow {
  int rank = 0;
  bool tied = false;  // "3=": still tied after every tie-break, placed by lot
  PlayerId sno = 0;
  std::string points;
  std::vector<std::string> values;  // one per tie-break; DE "-" when not tied on points
  std::string name;
};

struct Expected {
  std::string tiebreaks;
  std::vector<ExpectedRow> rows;  // in rank order
};

// `# comment`, `event NAME`, `tiebreaks LIST`, the header `Rank SNo Pts ... Name`, then
// one row per player: rank, starting rank, points, the values, and the name (to the end).
Expected read_expected(const std::string& text) {
  Expected e;
  std::istringstream lines(text);
  std::string line;
  std::size_t count = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first[0] == '#' || first == "event" || first == "Rank") continue;
    if (first == "tiebreaks") {
      words >> e.tiebreaks;
      count = static_cast<std::size_t>(std::count(e.tiebreaks.begin(), e.tiebreaks.end(), ',')) + 1;
      continue;
    }
    ExpectedRow row;
    row.tied = first.back() == '=';
    row.rank = std::stoi(first);
    words >> row.sno >> row.points;
    row.values.resize(count);
    for (auto& v : row.values) words >> v;
    std::getline(words >> std::ws, row.name);
    e.rows.push_back(row);
  }
  return e;
}

class RealEvent : public ::testing::TestWithParam<std::string> {
 protected:
  std::string trf_text() const { return testing::slurp(events_dir() / (GetParam() + ".trf")); }
  Expected expected() const {
    return read_expected(testing::slurp(events_dir() / (GetParam() + ".expected")));
  }
};

TEST_P(RealEvent, TrfWritesBackTheSameBytes) {
  const std::string original = trf_text();
  ASSERT_FALSE(original.empty()) << "no " << GetParam() << ".trf in " << events_dir();
  auto t = read_trf(original);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_EQ(write_trf(*t), original);
}

TEST_P(RealEvent, StandingsMatchTheIndependentComputation) {
  auto t = read_trf(trf_text());
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  const Expected e = expected();
  ASSERT_FALSE(e.rows.empty()) << "no rows in " << GetParam() << ".expected";
  auto list = parse_tiebreaks(e.tiebreaks);
  ASSERT_TRUE(list.has_value()) << list.error().describe();
  const Standings s = compute_standings(*t, *list);
  EXPECT_TRUE(s.round_robin);  // the 092 line names a round robin: Article 15
  ASSERT_EQ(s.rows.size(), e.rows.size());
  for (std::size_t k = 0; k < s.rows.size(); ++k) {
    const StandingRow& got = s.rows[k];
    const ExpectedRow& want = e.rows[k];
    SCOPED_TRACE("rank " + std::to_string(want.rank) + ", " + want.name);
    EXPECT_EQ(got.rank, want.rank);
    EXPECT_EQ(got.by_lot, want.tied);
    // Players tied to the end may stand in any order; everyone else in exactly this one.
    if (!want.tied) {
      EXPECT_EQ(got.id, want.sno);
    }
    const Player& p = *t->find(got.id);
    const auto row = std::find_if(e.rows.begin(), e.rows.end(),
                                  [&](const ExpectedRow& r) { return r.sno == got.id; });
    ASSERT_NE(row, e.rows.end());
    EXPECT_EQ(p.name, row->name);
    EXPECT_EQ(format_points(got.points), row->points);
    EXPECT_EQ(p.points, got.points);  // the TRF's points column
    if (!want.tied) {
      EXPECT_EQ(p.rank, got.rank);  // the TRF's rank column
    }
    ASSERT_EQ(got.values.size(), row->values.size());
    for (std::size_t i = 0; i < got.values.size(); ++i) {
      SCOPED_TRACE(to_string((*list)[i]));
      // DE of a player alone on his points: the script writes "-", Arbiter 0.0.
      const std::string want_value = row->values[i] == "-" ? "0.0" : row->values[i];
      EXPECT_EQ(format_value(got.values[i]), want_value);
    }
  }
}

// A few values worked out by hand from the TRF lines, apart from the script's table.
Standings standings_of(const std::string& name, std::string_view tiebreaks) {
  auto t = read_trf(testing::slurp(events_dir() / (name + ".trf")));
  EXPECT_TRUE(t.has_value()) << name;
  if (!t) return {};
  return compute_standings(*t, *parse_tiebreaks(tiebreaks));
}

TEST(RealEventByHand, ElAguilaThreeOnFiveDrawnAmongThemselvesGoBySonnebornBerger) {
  // Cuartas (1), Garza Marco (6) and Ducarmon (10) have 5.0 and drew their three games: DE
  // 1.0 each (Art. 6). SB (9.1), ½ × the score of each opponent drawn, 1 × those beaten:
  // 1: ½(4.0+5.5+3.0+3.5+6.5+5.0+5.0+4.5) + 3.0 (Del Rey) = 21.50;
  // 10: ½(5.0+3.0+3.5+5.0) + 4.0 (Forcen) + 5.5 (Khamrakulov) + 3.0 (Del Rey) = 20.75;
  // 6: ½(5.0+4.5+6.5+4.0+5.0+3.0) + 3.5 (Hunt) + 3.0 (Pogorelov) = 20.50.
  const Standings s = standings_of("el_aguila_gm_2012", "DE,SB");
  ASSERT_EQ(s.rows.size(), 10u);
  const std::vector<PlayerId> ids = {s.rows[2].id, s.rows[3].id, s.rows[4].id};
  EXPECT_EQ(ids, (std::vector<PlayerId>{1, 10, 6}));
  for (std::size_t k = 2; k <= 4; ++k) EXPECT_EQ(s.rows[k].values[0], (TieBreakValue{10, 1}));
  EXPECT_EQ(s.rows[2].values[1], (TieBreakValue{2150, 2}));
  EXPECT_EQ(s.rows[3].values[1], (TieBreakValue{2075, 2}));
  EXPECT_EQ(s.rows[4].values[1], (TieBreakValue{2050, 2}));
}

TEST(RealEventByHand, KnighterMastersAroLeavesTheUnratedPlayerOut) {
  // Drake (2) met eight rated players and Radermacher (10, unrated): ARO (10.1) is
  // (2019+2123+2140+1964+2210+2002+2116+2174) / 8 = 2093.5, half up 2094. Tang (9) beat
  // Dahl (6): both 7.5, DE puts Tang first.
  const Standings s = standings_of("knighter_masters_2012", "DE,ARO");
  ASSERT_EQ(s.rows.size(), 10u);
  EXPECT_EQ(s.rows[0].id, 9);
  EXPECT_EQ(s.rows[1].id, 6);
  const auto drake =
      std::find_if(s.rows.begin(), s.rows.end(), [](const StandingRow& r) { return r.id == 2; });
  ASSERT_NE(drake, s.rows.end());
  EXPECT_EQ(drake->values[1], (TieBreakValue{2094, 0}));
}

TEST(RealEventByHand, Frc4FinalMatchOfFiftyGames) {
  // Stockfish 27.0, LCZero 23.0 over 50 games. SB: 23 × 27 = 621 for both (each scored
  // his points against the other). KS (9.2): half the maximum is 25; only Stockfish
  // reached it, so Stockfish's KS is 0 and LCZero's 23.0. BH: 50 × the other's score.
  const Standings s = standings_of("tcec_s21_frc4_final", "SB,KS,BH");
  ASSERT_EQ(s.rows.size(), 2u);
  EXPECT_EQ(s.rows[0].points, 270);
  EXPECT_EQ(s.rows[0].values, (std::vector<TieBreakValue>{{62100, 2}, {0, 1}, {11500, 1}}));
  EXPECT_EQ(s.rows[1].values, (std::vector<TieBreakValue>{{62100, 2}, {230, 1}, {13500, 1}}));
}

// Readable names: tcec_s22_league1 -> TcecS22League1.
std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string out;
  bool upper = true;
  for (char c : info.param) {
    if (c == '_') {
      upper = true;
    } else {
      out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    }
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Events, RealEvent,
                         ::testing::Values("tcec_s22_league1", "tcec_s21_frc4_final",
                                           "metropolitan_im_2012", "el_aguila_gm_2012",
                                           "knighter_masters_2012", "baltija_wgm_cup_2012"),
                         test_name);

}  // namespace
}  // namespace arbiter::tournament
