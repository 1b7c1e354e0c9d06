// The parts of `arbiter loadtest` that need no server: percentiles, the loopback URL,
// /proc parsing, the choice of moves.
#include <gtest/gtest.h>
#include <unistd.h>

#include <numeric>

#include "arbiter/server/loadtest_moves.hpp"
#include "arbiter/server/loadtest_options.hpp"
#include "arbiter/server/loadtest_process.hpp"
#include "arbiter/server/loadtest_stats.hpp"

namespace arbiter::server {
namespace {

TEST(LoadPercentiles, NearestRankIsAMeasuredValue) {
  std::vector<double> v(1000);
  std::iota(v.begin(), v.end(), 1.0);  // 1..1000
  EXPECT_EQ(nearest_rank(v, 50), 500);
  EXPECT_EQ(nearest_rank(v, 99), 990);
  EXPECT_EQ(nearest_rank(v, 99.9), 999);  // not 1000: 99.9 % of 1,000 is rank 999 exactly
  EXPECT_EQ(nearest_rank(v, 100), 1000);
  // Few samples: p99 of 10 is the largest, p50 the fifth.
  std::vector<double> ten{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_EQ(nearest_rank(ten, 50), 5);
  EXPECT_EQ(nearest_rank(ten, 99), 10);
  EXPECT_EQ(nearest_rank({}, 99), 0);
  EXPECT_EQ(nearest_rank({7}, 0.1), 7);
}

TEST(LoadPercentiles, SummarySortsAndOrders) {
  auto s = summarize({30, 10, 20, 40, 1000});
  EXPECT_EQ(s.count, 5u);
  EXPECT_EQ(s.p50, 30);
  EXPECT_EQ(s.p99, 1000);
  EXPECT_EQ(s.p999, 1000);
  EXPECT_EQ(s.max, 1000);
  EXPECT_DOUBLE_EQ(s.mean, 220);
  EXPECT_EQ(summarize({}).count, 0u);
}

TEST(LoadStatsMerge, AddsCountsAndKinds) {
  LoadStats a;
  a.moves_sent = 2;
  a.rtt_ms = {1, 2};
  a.error("x");
  LoadStats b;
  b.moves_sent = 3;
  b.rtt_ms = {3};
  b.error("x");
  b.error("y");
  a.merge(std::move(b));
  EXPECT_EQ(a.moves_sent, 5u);
  EXPECT_EQ(a.rtt_ms.size(), 3u);
  EXPECT_EQ(a.errors["x"], 2u);
  EXPECT_EQ(a.error_total(), 3u);
}

TEST(LoadUrl, AcceptsLoopbackOnly) {
  auto a = parse_loopback_url("http://127.0.0.1:8080");
  ASSERT_TRUE(a) << a.error().describe();
  EXPECT_EQ(a->address, "127.0.0.1");
  EXPECT_EQ(a->port, 8080);
  auto b = parse_loopback_url("ws://localhost:9000/");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->address, "127.0.0.1");
  EXPECT_EQ(b->host, "localhost");
  auto c = parse_loopback_url("http://[::1]:81");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->ipv6);
  EXPECT_EQ(c->address, "::1");
  EXPECT_EQ(c->port, 81);
  EXPECT_TRUE(parse_loopback_url("http://127.200.3.4:1"));
  EXPECT_EQ(parse_loopback_url("http://127.0.0.1")->port, 80);

  for (const char* url :
       {"http://10.0.0.1:8080", "http://128.0.0.1:80", "http://example.com:80", "http://[::2]:80",
        "http://127.0.0.1.evil.com:80", "http://0.0.0.0:8080", "http://127.1:80"}) {
    auto r = parse_loopback_url(url);
    ASSERT_FALSE(r) << url;
    EXPECT_NE(r.error().message.find("is not loopback"), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().where.field, "url");
  }
  EXPECT_FALSE(parse_loopback_url("https://127.0.0.1:443"));
  EXPECT_FALSE(parse_loopback_url("http://127.0.0.1:8080/api"));
  EXPECT_FALSE(parse_loopback_url("http://127.0.0.1:0"));
  EXPECT_FALSE(parse_loopback_url("http://127.0.0.1:x"));
  EXPECT_FALSE(parse_loopback_url("http://127.0.0.1:"));
}

TEST(LoadOptionsCheck, RefusesWhatCannotRun) {
  LoadOptions o;
  EXPECT_TRUE(check_load_options(o));
  o.games = 0;
  EXPECT_EQ(check_load_options(o).error().where.field, "games");
  o = {};
  o.rate = 11;
  EXPECT_EQ(check_load_options(o).error().where.field, "rate");
  o = {};
  o.duration = o.drain;
  EXPECT_EQ(check_load_options(o).error().where.field, "duration");
}

TEST(LoadAddresses, EachGameItsOwnLoopbackAddress) {
  EXPECT_EQ(spread_address(0), "127.1.0.1");
  EXPECT_EQ(spread_address(253), "127.1.0.254");
  EXPECT_EQ(spread_address(254), "127.1.1.1");
  EXPECT_EQ(spread_address(254 * 256), "127.2.0.1");
}

TEST(LoadProcess, ParsesStatAndStatus) {
  // A command name with spaces and parentheses; utime 250, stime 50 ticks; 7 threads.
  const std::string stat =
      "1234 (arb (x) y) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 7 0 5 1000 300";
  const std::string status = "Name:\tarbiter\nVmHWM:\t   20480 kB\nVmRSS:\t   10240 kB\n";
  auto s = parse_process(stat, status, 100);
  ASSERT_TRUE(s) << s.error().describe();
  EXPECT_DOUBLE_EQ(s->cpu_s, 3.0);
  EXPECT_EQ(s->rss_kb, 10240);
  EXPECT_EQ(s->peak_rss_kb, 20480);
  EXPECT_EQ(s->threads, 7);
  EXPECT_FALSE(parse_process("1234 (a) S 1", status, 100));
  EXPECT_FALSE(parse_process(stat, "Name:\tx\n", 100));
  // This very process.
  auto self = sample_process(static_cast<int>(::getpid()));
  ASSERT_TRUE(self) << self.error().describe();
  EXPECT_GT(self->rss_kb, 0);
  EXPECT_GE(self->threads, 1);
  EXPECT_FALSE(sample_process(999'999'999));
}

TEST(LoadMoves, ChoosesAmongDestsAndPromotesToAQueen) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(piece_on(start, "e2"), 'P');
  EXPECT_EQ(piece_on(start, "e8"), 'k');
  EXPECT_EQ(piece_on(start, "e4"), '\0');
  EXPECT_EQ(piece_on(start, "z9"), '\0');
  MoveRandom random{1};
  const wire::Dests dests{{"e2", {"e3", "e4"}}, {"g1", {"f3"}}};
  for (int i = 0; i < 20; ++i) {
    const std::string m = choose_move(dests, start, random);
    EXPECT_TRUE(m == "e2e3" || m == "e2e4" || m == "g1f3") << m;
  }
  const std::string promote = "8/4P3/8/8/8/k7/8/K7 w - - 0 1";
  EXPECT_EQ(choose_move({{"e7", {"e8"}}}, promote, random), "e7e8q");
  const std::string black_promote = "k7/8/8/8/8/8/3p4/K7 b - - 0 1";
  EXPECT_EQ(choose_move({{"d2", {"d1"}}}, black_promote, random), "d2d1q");
  EXPECT_EQ(choose_move({}, start, random), "");
  // The same seed, the same moves.
  MoveRandom a{7};
  MoveRandom b{7};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(a.next(), b.next());
}

}  // namespace
}  // namespace arbiter::server
