// The events' REST JSON (issue #18): the creation request with every field and its
// refusals, and the event written with its standings as numbers.
#include <gtest/gtest.h>

#include "arbiter/wire/protocol.hpp"
#include "arbiter/wire/tournament_json.hpp"

namespace arbiter::wire {
namespace {

TEST(TournamentRequest, ReadsEveryField) {
  auto r = parse_tournament_request(
      R"({"name":"Club Swiss","time_control":"300+3","rounds":5,"rated":true,"starts_in_s":120,
          "interval_s":30,"waiting_s":90,"late":"half","tiebreaks":"BH/C1,SB","password":"pw",
          "max_players":64,"forbidden":[["alice","bob"]]})");
  ASSERT_TRUE(r) << r.error().describe();
  EXPECT_EQ(r->name, "Club Swiss");
  EXPECT_EQ(r->time_control, "300+3");
  EXPECT_EQ(r->rounds, 5);
  EXPECT_TRUE(r->rated);
  EXPECT_EQ(r->starts_in_s, 120);
  EXPECT_EQ(r->interval_s, 30);
  EXPECT_EQ(r->waiting_s, 90);
  EXPECT_EQ(r->late, "half");
  EXPECT_EQ(r->tiebreaks, "BH/C1,SB");
  EXPECT_EQ(r->password, "pw");
  EXPECT_EQ(r->max_players, 64);
  ASSERT_EQ(r->forbidden.size(), 1U);
  EXPECT_EQ(r->forbidden[0].second, "bob");
}

struct BadRequest {
  const char* name;
  const char* body;
  const char* field;
};
class TournamentBadRequest : public ::testing::TestWithParam<BadRequest> {};

TEST_P(TournamentBadRequest, NamesTheField) {
  auto r = parse_tournament_request(GetParam().body);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().where.field, GetParam().field) << r.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    Cases, TournamentBadRequest,
    ::testing::Values(BadRequest{"NoName", R"({"rounds":3})", "name"},
                      BadRequest{"EmptyName", R"({"name":"","rounds":3})", "name"},
                      BadRequest{"ControlInName", R"({"name":"a\u0001","rounds":3})", "name"},
                      BadRequest{"NoRounds", R"({"name":"x"})", "rounds"},
                      BadRequest{"ZeroRounds", R"({"name":"x","rounds":0})", "rounds"},
                      BadRequest{"TooManyRounds", R"({"name":"x","rounds":51})", "rounds"},
                      BadRequest{"RoundsText", R"({"name":"x","rounds":"3"})", "rounds"},
                      BadRequest{"RatedText", R"({"name":"x","rounds":3,"rated":"yes"})", "rated"},
                      BadRequest{"WaitingTooShort", R"({"name":"x","rounds":3,"waiting_s":1})",
                                 "waiting_s"},
                      BadRequest{"StartTooFar", R"({"name":"x","rounds":3,"starts_in_s":99999999})",
                                 "starts_in_s"},
                      BadRequest{"LateOther", R"({"name":"x","rounds":3,"late":"full"})", "late"},
                      BadRequest{"ForbiddenNotPairs",
                                 R"({"name":"x","rounds":3,"forbidden":[["a"]]})", "forbidden"},
                      BadRequest{"PlayersTooMany", R"({"name":"x","rounds":3,"max_players":10000})",
                                 "max_players"}),
    [](const ::testing::TestParamInfo<BadRequest>& p) { return std::string(p.param.name); });

TEST(TournamentRequest, NotJsonIsASyntaxError) {
  auto r = parse_tournament_request("{name");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kProtocolSyntax);
  EXPECT_EQ(*parse_tournament_join(""), "");
  EXPECT_EQ(*parse_tournament_join(R"({"password":"x"})"), "x");
  EXPECT_FALSE(parse_tournament_join(R"({"password":7})"));
}

TEST(TournamentView, WritesStandingsAsNumbersAndMe) {
  TournamentView v;
  v.summary.id = "t1";
  v.summary.name = "Club";
  v.summary.status = "running";
  TournamentStandingView s;
  s.rank = 1;
  s.entry = 3;
  s.name = "Ann";
  s.points = "2.5";
  s.tiebreaks = {"4.5", "12.75"};
  s.results = {{1, 2, 'w', '1'}};
  v.standings.push_back(s);
  v.rounds.push_back({1, 10, std::nullopt, 0, {{3, 2, "g1", "1-0"}}});
  v.me = TournamentMeView{3, false, std::string("g1")};
  v.now_ms = 1'700'000'000'123;
  const std::string text = write_tournament(v);
  EXPECT_EQ(json_at(text, "/standings/0/points"), "2.5");
  EXPECT_EQ(json_at(text, "/standings/0/tiebreaks/1"), "12.75");
  EXPECT_EQ(json_at(text, "/standings/0/results/0/colour"), "w");
  EXPECT_EQ(json_at(text, "/round_list/0/finished_ms"), "null");
  EXPECT_EQ(json_at(text, "/me/game"), "g1");
  EXPECT_EQ(json_at(text, "/id"), "t1");
  EXPECT_EQ(json_at(text, "/now_ms"), "1700000000123");
}

}  // namespace
}  // namespace arbiter::wire
