#include "arbiter/engine/search.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/engine/nnue_accumulator.hpp"

namespace arbiter::engine {
namespace {

using core::Move;
using core::Position;

Position fen(const std::string& text) {
  auto p = Position::from_fen(text);
  EXPECT_TRUE(p.has_value()) << text;
  return p ? *p : Position::startpos();
}

Move uci(const Position& pos, const char* text) {
  auto m = core::parse_uci(pos, text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : Move::none();
}

SearchResult search_depth(Engine& e, const Position& pos, int depth,
                          std::vector<core::Key> history = {}) {
  e.new_game();
  e.set_position(pos, std::move(history));
  SearchLimits l;
  l.depth = depth;
  return e.search(l);
}

TEST(Search, FindsMateInOne) {
  Engine e;
  const Position pos = fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
  const SearchResult r = search_depth(e, pos, 4);
  EXPECT_EQ(r.best, uci(pos, "b1b8"));
  EXPECT_EQ(r.score, mate_in(1));
}

TEST(Search, NoMoveInCheckmateOrStalemate) {
  Engine e;
  EXPECT_EQ(search_depth(e, fen("Q6k/8/6K1/8/8/8/8/8 b - - 0 1"), 3).best, Move::none());
  EXPECT_EQ(search_depth(e, fen("7k/8/6QK/8/8/8/8/8 b - - 0 1"), 3).best, Move::none());
}

TEST(Search, WinsMaterialTactically) {
  Engine e;
  // A knight fork of king and queen.
  const Position pos = fen("q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(search_depth(e, pos, 5).best, uci(pos, "b5c7"));
}

TEST(Search, FiftyMoveRuleInsideTheSearch) {
  Engine e;
  // Clock at 99: mate now still wins, anything else is a draw.
  const Position mate = fen("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80");
  EXPECT_EQ(search_depth(e, mate, 5).score, mate_in(1));
  const Position no_mate = fen("7k/8/5K2/8/8/8/8/1Q6 w - - 99 80");
  EXPECT_EQ(search_depth(e, no_mate, 5).score, kDraw);
  const Position fresh = fen("7k/8/5K2/8/8/8/8/1Q6 w - - 0 80");
  EXPECT_GT(search_depth(e, fresh, 5).score, 500);
}

TEST(Search, RepeatingAGamePositionCountsAsADraw) {
  Engine e;
  // White is a queen up. After Kh1 Kh8 Kg1 Black can go back to g8, repeating the start.
  Position pos = fen("6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1");
  std::vector<core::Key> history;
  for (const char* m : {"g1h1", "g8h8", "h1g1"}) {
    history.push_back(pos.key());
    pos = pos.after(uci(pos, m));
  }
  const SearchResult r = search_depth(e, pos, 6, history);
  EXPECT_EQ(r.best, uci(pos, "h8g8"));
  EXPECT_EQ(r.score, kDraw);
  // Without the history the same position is simply lost.
  EXPECT_LT(search_depth(e, pos, 6).score, -500);
}

TEST(Search, IsDeterministicWithOneThread) {
  Engine e;
  const Position pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const SearchResult a = search_depth(e, pos, 7);
  const SearchResult b = search_depth(e, pos, 7);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.depth, 7);
}

TEST(Search, ReportsMultiPvLinesAndPrincipalVariations) {
  Engine e;
  EngineOptions o;
  o.multipv = 3;
  e.set_options(o);
  e.set_position(Position::startpos());
  std::vector<SearchInfo> last(3);
  SearchLimits l;
  l.depth = 6;
  const SearchResult r = e.search(l, [&last](const SearchInfo& i) {
    if (i.multipv >= 1 && i.multipv <= 3) last[static_cast<std::size_t>(i.multipv - 1)] = i;
  });
  for (const SearchInfo& i : last) {
    EXPECT_EQ(i.depth, 6);
    ASSERT_FALSE(i.pv.empty());
  }
  EXPECT_EQ(last[0].pv[0], r.best);
  EXPECT_NE(last[0].pv[0], last[1].pv[0]);
  EXPECT_NE(last[1].pv[0], last[2].pv[0]);
  EXPECT_GE(last[0].score, last[1].score);
  EXPECT_GE(last[1].score, last[2].score);
  // The PV is a legal line.
  Position p = Position::startpos();
  for (Move m : last[0].pv) {
    ASSERT_TRUE(core::legal_moves(p).contains(m));
    p = p.after(m);
  }
}

TEST(Search, HonoursSearchMovesAndNodeLimits) {
  Engine e;
  const Position pos = Position::startpos();
  e.set_position(pos);
  SearchLimits l;
  l.depth = 5;
  l.searchmoves = {uci(pos, "a2a3"), uci(pos, "h2h3")};
  const SearchResult r = e.search(l);
  EXPECT_TRUE(r.best == l.searchmoves[0] || r.best == l.searchmoves[1]);
  SearchLimits n;
  n.nodes = 5000;
  const SearchResult rn = e.search(n);
  EXPECT_LE(rn.nodes, 5001u);
  EXPECT_GE(rn.nodes, 4000u);
}

TEST(Search, SoftNodeLimitFinishesTheIterationThatPassesIt) {
  Engine e;
  e.new_game();
  e.set_position(Position::startpos());
  SearchLimits soft;
  soft.soft_nodes = 3000;
  const SearchResult r = e.search(soft);
  EXPECT_GE(r.nodes, 3000u);  // it went past the soft limit to finish an iteration
  // The same depth searched without the soft limit takes the same nodes: it stopped at an
  // iteration's end, not in the middle, and did not start another.
  e.new_game();
  SearchLimits fixed;
  fixed.depth = r.depth;
  EXPECT_EQ(e.search(fixed).nodes, r.nodes);
  e.new_game();
  fixed.depth = r.depth - 1;
  EXPECT_LT(e.search(fixed).nodes, 3000u);
}

// With a network loaded the search evaluates with it: in a position where no capture is
// possible for either side after any move, the depth-1 score is the best of the negated
// network evaluations of the children (computed here from scratch, while the search updates
// its accumulators incrementally).
TEST(Search, UsesTheNetworkWhenOneIsLoaded) {
  const auto net = std::make_shared<const nnue::Network>(nnue::random_network(32, 1, 99));
  const Position pos = fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1");
  Value expected = -kInfinite;
  for (Move m : core::legal_moves(pos)) {
    const Position child = pos.after(m);
    nnue::Accumulator acc;
    nnue::refresh(*net, nnue::scalar_kernels(), child, acc);
    expected = std::max(expected, -nnue::evaluate(*net, nnue::scalar_kernels(), acc, child));
  }
  Engine e;
  EngineOptions o;
  o.network = net;
  e.set_options(o);
  EXPECT_EQ(search_depth(e, pos, 1).score, expected);
  o.network = nullptr;
  e.set_options(o);
  EXPECT_NE(search_depth(e, pos, 1).score, expected);  // the hand-written evaluation
}

TEST(Search, FindsMateInOneWithANetwork) {
  Engine e;
  EngineOptions o;
  o.network = std::make_shared<const nnue::Network>(nnue::random_network(32, 2, 5));
  e.set_options(o);
  const Position pos = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  const SearchResult r = search_depth(e, pos, 6);
  EXPECT_EQ(r.best, uci(pos, "a1a8"));
  EXPECT_EQ(r.score, mate_in(1));
}

TEST(Search, GoMateStopsAtTheMate) {
  Engine e;
  e.set_position(fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1"));
  SearchLimits l;
  l.mate = 1;
  const SearchResult r = e.search(l);
  EXPECT_EQ(r.score, mate_in(1));
  EXPECT_LE(r.depth, 2);
}

TEST(Search, InfiniteAndPonderWaitForTheGui) {
  Engine e;
  e.set_position(Position::startpos());
  bool done = false;
  SearchResult result;
  SearchLimits l;
  l.depth = 2;
  l.ponder = true;
  e.start(l, {}, [&](const SearchResult& r) {
    result = r;
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  // Depth 2 is long finished, but a pondering search only ends on ponderhit or stop.
  EXPECT_TRUE(e.is_searching());
  e.ponderhit();
  e.wait();
  EXPECT_TRUE(done);
  EXPECT_TRUE(core::legal_moves(Position::startpos()).contains(result.best));

  SearchLimits inf;
  inf.infinite = true;
  e.start(inf, {}, [&](const SearchResult& r) { result = r; });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_TRUE(e.is_searching());
  e.stop();
  e.wait();
  EXPECT_FALSE(e.is_searching());
  EXPECT_TRUE(core::legal_moves(Position::startpos()).contains(result.best));
}

// A clock driven by the number of times it is read, so the test needs no real time: the
// first read (the search start) says 0, the next `early_reads` say `early`, then `late`.
class ScriptedClock final : public TimeSource {
 public:
  ScriptedClock(int early_reads, Millis early, Millis late)
      : early_reads_(early_reads), early_(early), late_(late) {}
  [[nodiscard]] Millis now() const override {
    const int n = reads_.fetch_add(1);
    if (n == 0) return Millis{0};
    return n <= early_reads_ ? early_ : late_;
  }
  [[nodiscard]] int reads() const { return reads_.load(); }

 private:
  int early_reads_;
  Millis early_;
  Millis late_;
  mutable std::atomic<int> reads_{0};
};

// `go movetime 5000` (30 ms overhead): at 4 s a stable best move must not end the search,
// which runs on until the clock passes 4970 ms. Before the fix the soft limit (70% of the
// time) stopped it after the first iteration.
TEST(Search, MovetimeSearchesUntilTheTimeIsUsed) {
  ScriptedClock clock(40, Millis{4000}, Millis{4975});
  Engine e(&clock);
  e.set_position(Position::startpos());
  SearchLimits l;
  l.movetime = 5000;
  const SearchResult r = e.search(l);
  EXPECT_GT(clock.reads(), 40);
  EXPECT_GT(r.depth, 1);
  EXPECT_TRUE(core::legal_moves(Position::startpos()).contains(r.best));
}

// With a clock, the same search stops at the first iteration past the soft limit.
TEST(Search, ClockTimeStopsAtTheSoftLimit) {
  ScriptedClock clock(1000, Millis{4000}, Millis{4000});
  Engine e(&clock);
  e.set_position(Position::startpos());
  SearchLimits l;
  l.time[0] = 60000;  // optimum about 2 s, maximum about 10 s
  const SearchResult r = e.search(l);
  EXPECT_EQ(r.depth, 1);
  EXPECT_LT(clock.reads(), 1000);
}

TEST(Search, SeveralThreadsAgreeOnAnObviousMove) {
  Engine e;
  EngineOptions o;
  o.threads = 3;
  e.set_options(o);
  const Position pos = fen("q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
  const SearchResult r = search_depth(e, pos, 7);
  EXPECT_EQ(r.best, uci(pos, "b5c7"));
}

}  // namespace
}  // namespace arbiter::engine
