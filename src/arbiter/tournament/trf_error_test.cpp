// Every rule the TRF reader enforces, each broken once in the hand-written event of
// trf_fixture.hpp: the error names the rule's code, the line, the column and the field
// (columns from the table of spec/tournaments.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/tournament/trf.hpp"
#include "arbiter/tournament/trf_fixture.hpp"

namespace arbiter::tournament {
namespace {

struct BadCase {
  const char* name;
  int edit_line;     // 1-based line of the fixture to edit (0: append `replacement`)
  std::string find;  // text on that line to replace
  std::string replacement;
  ErrorCode code;
  int line;
  int column;
  std::string field;
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

std::string apply(const BadCase& c) {
  auto lines = testing::small_event_lines();
  if (c.edit_line == 0) {
    lines.push_back(c.replacement);
  } else {
    std::string& l = lines[static_cast<std::size_t>(c.edit_line - 1)];
    const auto at = l.find(c.find);
    EXPECT_NE(at, std::string::npos) << c.name << ": '" << c.find << "' not on the line";
    if (at != std::string::npos) l.replace(at, c.find.size(), c.replacement);
  }
  return testing::join(lines);
}

class TrfBad : public ::testing::TestWithParam<BadCase> {};

TEST_P(TrfBad, NamesLineColumnAndRule) {
  const BadCase& c = GetParam();
  auto t = read_trf(apply(c));
  ASSERT_FALSE(t.has_value()) << c.name << " was accepted";
  EXPECT_EQ(t.error().code, c.code) << t.error().describe();
  EXPECT_EQ(t.error().where.line, c.line) << t.error().describe();
  EXPECT_EQ(t.error().where.column, c.column) << t.error().describe();
  EXPECT_EQ(t.error().where.field, c.field) << t.error().describe();
}

constexpr auto kSyntax = ErrorCode::kTrfSyntax;
constexpr auto kRule = ErrorCode::kTrfConsistency;

// Round 1 columns: opponent 92, colour 97, result 99; round 2: 102, 107, 109.
const std::vector<BadCase> kCases = {
    {"ZeroByeWithAnOpponent", 2, "   3 w 1", "   3 w Z", kRule, 2, 99, "result"},
    {"HalfByeWithAnOpponent", 4, "   4 w 0", "   4 w H", kRule, 4, 109, "result"},
    {"PairingByeWithAnOpponent", 2, "   3 w 1", "   3 w U", kRule, 2, 99, "result"},
    {"OpponentOutOfRange", 2, "   3 w 1", "   9 w 1", kRule, 2, 92, "opponent"},
    {"PlayerMeetsHimself", 2, "   3 w 1", "   1 w 1", kRule, 2, 92, "opponent"},
    {"OpponentLineNamesSomeoneElse", 3, "   4 b 1", "   3 b 1", kRule, 3, 92, "opponent"},
    {"BothPlayersWhite", 4, "   1 b 0", "   1 w 0", kRule, 2, 97, "colour"},
    {"BothPlayersWon", 4, "   1 b 0", "   1 b 1", kRule, 2, 99, "result"},
    {"PlayedGameWithoutColour", 2, "   3 w 1", "   3 - 1", kRule, 2, 97, "colour"},
    {"GameResultWithoutOpponent", 2, "   3 w 1", "0000 - 1", kRule, 2, 92, "opponent"},
    {"PointsColumnDisagrees", 5, " 1.0", " 2.0", kRule, 5, 81, "points"},
    {"StartingRankUsedTwice", 5, "001    4", "001    3", kRule, 5, 5, "starting rank"},
    {"BadColourCharacter", 2, "   3 w 1", "   3 x 1", kSyntax, 2, 97, "colour"},
    {"BadResultCharacter", 2, "   3 w 1", "   3 w 5", kSyntax, 2, 99, "result"},
    {"BadSexCharacter", 2, "001    1 m", "001    1 x", kSyntax, 2, 10, "sex"},
    {"RatingNotANumber", 2, "2100", "21a0", kSyntax, 2, 49, "rating"},
    {"PointsWithTwoDecimals", 2, " 1.5", "1.55", kSyntax, 2, 81, "points"},
    {"StartingRankNotANumber", 2, "001    1", "001   1x", kSyntax, 2, 5, "starting rank"},
    {"NameRunsIntoTheRating", 2, "One                        2100",
     "One                       x2100", kSyntax, 2, 48, "separator"},
    {"OpponentNotANumber", 2, "   3 w 1", "  3x w 1", kSyntax, 2, 92, "opponent"},
    {"RoundAfterTheNextRound", 2, "     2 b =", "     2 b =  0000 - H  0000 - H", kRule, 2, 122,
     "round 4"},
    {"GameInANewRoundOnOneLineOnly", 2, "     2 b =", "     2 b =     4 w 1", kRule, 2, 102 + 10,
     "opponent"},
    {"RoundCountNotANumber", 6, "XXR 2", "XXR two", kSyntax, 6, 5, "rounds"},
    {"UnknownScoringKey", 0, "", "XXS W=3 Q=1", kSyntax, 7, 9, "point system"},
    {"ScoringValueNotANumber", 0, "", "BBW three", kSyntax, 7, 5, "point system"},
    {"InitialColourUnknown", 0, "", "XXC green", kSyntax, 7, 5, "initial colour"},
    {"AbsentPlayerUnknown", 0, "", "XXZ 7", kRule, 7, 5, "XXZ"},
    {"ForbiddenPairNamesNoPlayer", 0, "", "XXP 1 12", kRule, 7, 7, "XXP"},
    {"ByeLineWithAnUnknownType", 0, "", "240 X   3    1", kSyntax, 7, 5, "240"},
    {"ByeLineForAnUnknownPlayer", 0, "", "240 H   3    1   12", kRule, 7, 18, "240"},
    {"ForbiddenPairWithoutItsFirstRound", 0, "", "260         1    2", kSyntax, 7, 5, "260"},
    {"ForbiddenPairForAnUnknownPlayer", 0, "", "260   1   2    1    9", kRule, 7, 21, "260"},
    {"AccelerationWithoutItsLastPlayer", 0, "", "250  1.0  1.0   1   2    1", kSyntax, 7, 28,
     "250"},
    {"AccelerationForAnUnknownPlayer", 0, "", "250  1.0  1.0   1   2    1   40", kRule, 7, 30,
     "250"},
    {"PointTableWithAnUnknownSymbol", 0, "", "162 1 3.0 Q 1.0", kSyntax, 7, 11, "point system"},
    {"ControlCharacterInAName", 2, "Alpha", "Al\x01ha", kSyntax, 2, 17, "text"},
};

INSTANTIATE_TEST_SUITE_P(Rules, TrfBad, ::testing::ValuesIn(kCases),
                         [](const auto& c) { return std::string(c.param.name); });

TEST(TrfBad, TwoPairingAllocatedByesInOneRound) {
  // C.04.1: one pairing-allocated bye a round at most. Players 3 and 4 both get one in
  // round 2 (their points columns agree with it).
  auto lines = testing::small_event_lines();
  lines[3] = lines[3].substr(0, 80) + " 1.0    4     1 b 0  0000 - U";
  lines[4] = lines[4].substr(0, 80) + " 1.0    3     2 w 0  0000 - U";
  auto t = read_trf(testing::join(lines));
  ASSERT_FALSE(t.has_value());
  EXPECT_EQ(t.error().code, ErrorCode::kTrfConsistency);
  EXPECT_EQ(t.error().where.line, 5);
  EXPECT_EQ(t.error().where.column, 109);
}

}  // namespace
}  // namespace arbiter::tournament
