// Reading and writing TRF: the fields of the 001 line by the columns of spec/tournaments.md,
// the extension lines, line endings, and the lossless round trip of lines the model does
// not interpret. Expected values are read off the hand-written lines of trf_fixture.hpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"
#include "arbiter/tournament/trf_fixture.hpp"

namespace arbiter::tournament {
namespace {

using testing::join;
using testing::small_event_lines;

TEST(TrfRead, PlayerFieldsComeFromTheirColumns) {
  auto t = read_trf(join(small_event_lines()));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  ASSERT_EQ(t->players.size(), 4u);
  const Player& p = t->players[0];
  EXPECT_EQ(p.id, 1);
  EXPECT_EQ(p.sex, 'm');
  EXPECT_EQ(p.title, "GM");
  EXPECT_EQ(p.name, "Alpha, One");
  EXPECT_EQ(p.rating, 2100);
  EXPECT_EQ(p.federation, "NOR");
  EXPECT_EQ(p.fide_id, "12345678");
  EXPECT_EQ(p.birth_date, "1990/01/01");
  EXPECT_EQ(p.points, 15);
  EXPECT_EQ(p.rank, 1);
  ASSERT_EQ(p.rounds.size(), 2u);
  EXPECT_EQ(p.rounds[0], (RoundEntry{3, Colour::White, ResultCode::Win}));
  EXPECT_EQ(p.rounds[1], (RoundEntry{2, Colour::Black, ResultCode::Draw}));
  EXPECT_EQ(t->players[1].title, "WIM");
  EXPECT_EQ(t->players[3].rating, std::nullopt);
  EXPECT_EQ(t->settings.rounds, 2);
  EXPECT_EQ(t->header("012"), "Test event");
  EXPECT_EQ(rounds_played(*t), 2);
}

TEST(TrfRead, EveryLineEndingReadsAndIsWrittenBack) {
  for (const std::string ending : {"\r", "\r\n", "\n"}) {
    const std::string text = join(small_event_lines(), ending);
    auto t = read_trf(text);
    ASSERT_TRUE(t.has_value()) << t.error().describe();
    EXPECT_EQ(t->players.size(), 4u);
    // spec/tournaments.md: written with CR or CRLF; an LF file comes back with CRLF.
    EXPECT_EQ(write_trf(*t), join(small_event_lines(), ending == "\n" ? "\r\n" : ending));
  }
}

TEST(TrfRead, CommentsUnknownLinesAndHeadersAreKeptInPlace) {
  auto lines = small_event_lines();
  lines.insert(lines.begin() + 1, "### written by hand, not by a program");
  lines.insert(lines.begin() + 3, "999 a line type nobody knows   ");
  lines.push_back("");
  lines.push_back(
      "132                                                                                        "
      "26/01/01  26/01/02");
  lines.push_back("340 a TRF-2026 team line kept as text");
  const std::string text = join(lines);
  auto t = read_trf(text);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_EQ(write_trf(*t), text);
  // Without an ending on the last line, none is added.
  const std::string unterminated = text.substr(0, text.size() - 1);
  auto u = read_trf(unterminated);
  ASSERT_TRUE(u.has_value()) << u.error().describe();
  EXPECT_EQ(write_trf(*u), unterminated);
}

TEST(TrfRead, BlankResultIsAZeroPointByeAndKeepsItsBlank) {
  auto lines = small_event_lines();
  lines[4] = lines[4].substr(0, 80) + " 1.0    3     2 w 0     3 b 1  0000 -  ";
  lines[3] = lines[3].substr(0, 80) + " 0.0    4     1 b 0     4 w 0  0000 - Z";
  lines[5] = "XXR 3";
  const std::string text = join(lines);
  auto t = read_trf(text);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  // Round 3 holds only byes requested for it: two rounds are played.
  EXPECT_EQ(rounds_played(*t), 2);
  EXPECT_EQ(t->players[3].rounds[2].result, ResultCode::ZeroBye);
  EXPECT_EQ(write_trf(*t), text);
}

TEST(TrfRead, RequestedHalfPointByeDoesNotCountYet) {
  auto lines = small_event_lines();
  lines[1] += "  0000 - H";  // player 1 asks for a half-point bye in round 3
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_EQ(t->players[0].points, 15);
  EXPECT_EQ(rounds_played(*t), 2);
}

TEST(TrfRead, ThreeOneZeroScoringFromXxsAndFromBbLines) {
  // Under 3/1/0 the points are 4, 4, 0, 3 (player 1: win + draw).
  for (const std::vector<std::string>& scoring :
       {std::vector<std::string>{"XXS W=3 D=1"}, std::vector<std::string>{"BBW 3.0", "BBD 1.0"}}) {
    auto lines = small_event_lines();
    lines[1].replace(80, 4, " 4.0");
    lines[2].replace(80, 4, " 4.0");
    lines[4].replace(80, 4, " 3.0");
    lines.insert(lines.end(), scoring.begin(), scoring.end());
    auto t = read_trf(join(lines));
    ASSERT_TRUE(t.has_value()) << t.error().describe();
    EXPECT_EQ(t->settings.points.win, 30);
    EXPECT_EQ(t->settings.points.draw, 10);
    EXPECT_EQ(points_after(t->settings.points, t->players[0], 2), 40);
  }
  // The same columns under the default 1/½/0 are an error at the first of them.
  auto lines = small_event_lines();
  lines[1].replace(80, 4, " 4.0");
  auto t = read_trf(join(lines));
  ASSERT_FALSE(t.has_value());
  EXPECT_EQ(t.error().where.line, 2);
  EXPECT_EQ(t.error().where.column, 81);
}

TEST(TrfRead, ExtensionLinesSetTheSettings) {
  auto lines = small_event_lines();
  lines.pop_back();  // XXR 2
  for (const char* l : {"142 9", "152 B", "192 FIDE_DUTCH_2026", "202 BH/C1,BH, SB",
                        "222 90/5400+30", "XXZ 3 4", "XXP 1 2", "XXA    1  1.0  1.0"}) {
    lines.emplace_back(l);
  }
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  const Settings& s = t->settings;
  EXPECT_EQ(s.rounds, 9);
  EXPECT_EQ(s.initial_colour, InitialColour::Black);
  EXPECT_EQ(s.system, "FIDE_DUTCH_2026");
  EXPECT_EQ(s.tiebreaks, (std::vector<std::string>{"BH/C1", "BH", "SB"}));
  EXPECT_EQ(s.time_control, "90/5400+30");
  EXPECT_EQ(s.absent_next_round, (std::vector<PlayerId>{3, 4}));
  EXPECT_EQ(s.forbidden, (std::vector<ForbiddenPairs>{{1, std::nullopt, {1, 2}}}));
  ASSERT_EQ(s.accelerations.size(), 1u);
  EXPECT_EQ(s.accelerations[0], (Acceleration{1, {10, 10}}));
}

TEST(TrfRead, Trf2026ByesAccelerationForbiddenPairsAndPointSystem) {
  // Layouts: 240 `T RRR PPPP...`, 250 `MMMM GGGG RRF RRL PPPF PPPL`, 260 `RRF RRL PPPP...`
  // (RRL blank: to the end), 162 result code and points, pair by pair.
  auto lines = small_event_lines();
  lines.pop_back();
  for (const char* l :
       {"142 3", "240 H   3    1    4", "250  1.0  1.0   1   2    1    2", "260   1   2    1    4",
        "260   3         2    3", "162 1 3.0 = 1.0 0 0.0 U 3.0 H 1.0"}) {
    lines.emplace_back(l);
  }
  // Under 3/1/0 the points columns are 4, 4, 0, 3.
  lines[1].replace(80, 4, " 4.0");
  lines[2].replace(80, 4, " 4.0");
  lines[4].replace(80, 4, " 3.0");
  const std::string text = join(lines);
  auto t = read_trf(text);
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  const Settings& s = t->settings;
  ASSERT_EQ(s.requested_byes.size(), 1u);
  EXPECT_EQ(s.requested_byes[0], (RequestedByes{ResultCode::HalfBye, 3, {1, 4}}));
  ASSERT_EQ(s.accelerated.size(), 1u);
  EXPECT_EQ(s.accelerated[0], (AcceleratedRounds{10, 10, 1, 2, 1, 2}));
  EXPECT_EQ(s.forbidden, (std::vector<ForbiddenPairs>{{1, 2, {1, 4}}, {3, std::nullopt, {2, 3}}}));
  EXPECT_EQ(s.points.win, 30);
  EXPECT_EQ(s.points.draw, 10);
  EXPECT_EQ(s.points.pairing_bye, 30);
  EXPECT_EQ(s.points.half_bye, 10);
  EXPECT_EQ(write_trf(*t), text);
}

// TRF-2026 annex, tag 162: the codes W D L A P X (W also a forfeit win and a full-point bye,
// D a half-point bye, A a zero-point bye and a forfeit loss, P the PAB and as W unless given,
// X an unknown result).
TEST(TrfRead, Trf2026PointSystemByTheAnnexCodes) {
  const auto points = [](const std::string& line) {
    auto lines = small_event_lines();
    lines.emplace_back(line);
    auto t = parse_trf(join(lines));
    EXPECT_TRUE(t.has_value()) << line << ": " << t.error().describe();
    return t ? t->settings.points : PointSystem{};
  };
  const PointSystem three = points("162 W 3.0      D 1.0      L 0.0      A 0.0");
  EXPECT_EQ(three.win, 30);
  EXPECT_EQ(three.forfeit_win, 30);
  EXPECT_EQ(three.full_bye, 30);
  EXPECT_EQ(three.pairing_bye, 30);
  EXPECT_EQ(three.draw, 10);
  EXPECT_EQ(three.half_bye, 10);
  EXPECT_EQ(three.loss, 0);
  EXPECT_EQ(three.zero_bye, 0);
  EXPECT_EQ(three.forfeit_loss, 0);
  // P stands for itself wherever it is written; X is read and changes nothing.
  for (const char* line : {"162 W 3.0      P 1.0", "162 P 1.0      W 3.0      X 1.5"}) {
    const PointSystem p = points(line);
    EXPECT_EQ(p.win, 30) << line;
    EXPECT_EQ(p.pairing_bye, 10) << line;
    EXPECT_EQ(p.draw, 5) << line;
  }
  const PointSystem absent = points("162 A 0.5");
  EXPECT_EQ(absent.zero_bye, 5);
  EXPECT_EQ(absent.forfeit_loss, 5);
  EXPECT_EQ(absent.loss, 0);
}

// The annex's own examples of 250 (Baku in an 11-round team Swiss), 260 and 240 lines, by
// their columns.
TEST(TrfRead, Trf2026AnnexExamplesOfAccelerationForbiddenPairsAndByes) {
  auto lines = small_event_lines();
  for (const char* l :
       {"250 00.0 02.0 001 003 0001 0090", "250 00.0 01.0 004 006 0001 0090",
        "260 001 002  125  180  184  216", "260 001 002  208  222  231", "240 H 003  026  047"})
    lines.emplace_back(l);
  auto t = parse_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  const Settings& s = t->settings;
  EXPECT_EQ(s.accelerated,
            (std::vector<AcceleratedRounds>{{0, 20, 1, 3, 1, 90}, {0, 10, 4, 6, 1, 90}}));
  EXPECT_EQ(s.forbidden,
            (std::vector<ForbiddenPairs>{{1, 2, {125, 180, 184, 216}}, {1, 2, {208, 222, 231}}}));
  EXPECT_EQ(s.requested_byes, (std::vector<RequestedByes>{{ResultCode::HalfBye, 3, {26, 47}}}));
}

TEST(TrfRead, JavafoInitialColour) {
  auto lines = small_event_lines();
  lines.emplace_back("XXC white1");
  auto t = read_trf(join(lines));
  ASSERT_TRUE(t.has_value()) << t.error().describe();
  EXPECT_EQ(t->settings.initial_colour, InitialColour::White);
}

TEST(TrfWrite, SetRoundsRewritesTheLineOrAddsOne) {
  auto t = read_trf(join(small_event_lines()));
  ASSERT_TRUE(t.has_value());
  t->set_rounds(7);
  EXPECT_EQ(t->records.back().text, "XXR 7");
  auto lines = small_event_lines();
  lines.pop_back();
  auto u = read_trf(join(lines));
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(u->settings.rounds, std::nullopt);
  u->set_rounds(5);
  EXPECT_EQ(write_trf(*u), join(lines) + "142 5\r");
}

TEST(TrfWrite, ANewPlayerLineHasTheFixedColumns) {
  Player p;
  p.id = 12;
  p.sex = 'w';
  p.title = "WFM";
  p.name = "Doe, Jane";
  p.rating = 1850;
  p.federation = "ISL";
  p.fide_id = "2301234";
  p.birth_date = "2001/02/03";
  p.points = 25;
  p.rank = 7;
  p.rounds = {{5, Colour::White, ResultCode::Win}, {0, Colour::None, ResultCode::HalfBye}};
  EXPECT_EQ(
      format_player_line(p),
      "001   12 wWFM Doe, Jane                         1850 ISL     2301234 2001/02/03  2.5    7"
      "     5 w 1  0000 - H");
}

}  // namespace
}  // namespace arbiter::tournament
