// dead_bench: positions per second of the dead-position decision (Art. 5.2.2, 6.9) on
// the labelled sets, checking every answer against its label.
//   dead_bench [full|quick|fast] FILE... [--nodes N] [--limit K]
// fast: the material rules; quick: those and the reachability rule (quick_check); full: the
// whole decision within N nodes per side (and the slowest position, the number over 50 ms); move:
// what a game pays after each move (5.2.2), proved_dead within the Arbiter's 1,000 nodes
// (competition::kDeadPositionLimits), timed position by position: median, 99th percentile and
// slowest.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "arbiter/game/dead.hpp"
#include "arbiter/game/quick_check.hpp"
#include "dead_sets.hpp"

using namespace arbiter;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: dead_bench full|quick|fast FILE... [--nodes N] [--limit K]\n");
    return 2;
  }
  const bool full = std::strcmp(argv[1], "full") == 0;
  const bool quick = std::strcmp(argv[1], "quick") == 0;
  const auto check = [quick](const core::Position& pos) {
    return quick ? game::quick_check(pos) : game::fast_check(pos);
  };
  game::SearchLimits limits;
  std::size_t limit = 0;
  std::vector<std::string> files;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--nodes") == 0 && i + 1 < argc) {
      limits.max_nodes = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
      limit = std::strtoull(argv[++i], nullptr, 10);
    } else {
      files.emplace_back(argv[i]);
    }
  }
  int status = 0;
  game::DeadSolver solver;
  for (const std::string& file : files) {
    const bool d3 = file.find("unfair") != std::string::npos;
    auto set = testing::load_dead_set(
        file, d3 ? testing::SetFormat::FenThenGameId : testing::SetFormat::LabelThenFen);
    if (limit && set.size() > limit) set.resize(limit);
    std::vector<core::Position> positions;
    std::vector<testing::LabelledPosition> kept;
    std::size_t rejected = 0;
    for (const auto& p : set) {
      auto pos = testing::set_position(p.fen);
      if (!pos) {  // core refuses setups that cannot arise (e.g. too many promotions)
        ++rejected;
        continue;
      }
      positions.push_back(*pos);
      kept.push_back(p);
    }
    set = std::move(kept);
    if (rejected) std::printf("%s: %zu FENs rejected by core\n", file.c_str(), rejected);
    if (std::strcmp(argv[1], "move") == 0) {
      std::vector<double> micros;
      std::size_t dead = 0;
      for (const core::Position& pos : positions) {
        const auto t0 = std::chrono::steady_clock::now();
        dead += game::proved_dead(pos, game::SearchLimits{1'000, 64}) ? 1 : 0;
        micros.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count());
      }
      std::sort(micros.begin(), micros.end());
      const auto at = [&](double q) {
        const double last = static_cast<double>(micros.size() - 1);
        return micros.empty() ? 0.0 : micros[static_cast<std::size_t>(q * last)];
      };
      std::printf(
          "%s: %zu positions, %zu proved dead, after-move decision: median %.1f us, "
          "p99 %.1f us, slowest %.1f us\n",
          file.c_str(), positions.size(), dead, at(0.5), at(0.99), at(1.0));
      continue;
    }
    std::size_t wrong = 0, unknown = 0, proved = 0;
    std::uint64_t nodes = 0;
    double slowest = 0;  // full: the most time one position took, both sides
    std::size_t slowest_at = 0;
    std::size_t over_50ms = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < set.size(); ++i) {
      const auto position_start = std::chrono::steady_clock::now();
      for (core::Color c : {core::Color::White, core::Color::Black}) {
        const auto& expect =
            c == core::Color::White ? set[i].white_can_mate : set[i].black_can_mate;
        if (!expect) continue;
        game::Tristate got;
        if (full) {
          const game::SideAnalysis a = solver.can_checkmate(positions[i], c, limits);
          got = a.can_mate;
          nodes += a.nodes;
        } else {
          const game::FastCheck f = check(positions[i]);
          got = c == core::Color::White ? f.white_can_mate : f.black_can_mate;
        }
        if (got == game::Tristate::Unknown) {
          ++unknown;
          if (std::getenv("DEAD_BENCH_VERBOSE"))
            std::printf("UNKNOWN %s side %s\n", set[i].fen.c_str(),
                        c == core::Color::White ? "w" : "b");
        } else if ((got == game::Tristate::Yes) != *expect) {
          ++wrong;
          std::printf("WRONG %s side %s got %s\n", set[i].fen.c_str(),
                      c == core::Color::White ? "w" : "b", game::to_string(got));
        } else {
          ++proved;
        }
      }
      if (full) {
        const double ms = std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - position_start)
                              .count();
        if (ms > 50) ++over_50ms;
        if (ms > slowest) {
          slowest = ms;
          slowest_at = i;
        }
      }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!full) {
      // The fast check is too quick to time once: time 20 passes, one call per position.
      const int kPasses = quick ? 3 : 20;
      std::size_t dead = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (int pass = 0; pass < kPasses; ++pass)
        for (const core::Position& pos : positions) dead += check(pos).dead();
      secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / kPasses;
      std::printf("fast check: %zu dead verdicts per pass\n", dead / kPasses);
    }
    std::printf(
        "%s: %zu positions, %zu answers proved, %zu unknown, %zu wrong, %.3f s, "
        "%.0f positions/s, %llu nodes\n",
        file.c_str(), set.size(), proved, unknown, wrong, secs,
        static_cast<double>(set.size()) / secs, static_cast<unsigned long long>(nodes));
    if (full && !set.empty())
      std::printf("slowest position %.1f ms (%s), %zu positions over 50 ms\n", slowest,
                  set[slowest_at].fen.c_str(), over_50ms);
    if (wrong) status = 1;
  }
  return status;
}
