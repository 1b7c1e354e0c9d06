// The referee's work a move (issue #16: the server's processor time a move), without the
// server: seeded random games through competition::Arbiter::apply, each move's automatic
// endings included (5.1.1, 5.2.1, 5.2.2 dead position with its witness, 9.6).
//
//   build/release/bin/bench_game
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"

namespace {

using namespace arbiter;

// A game of random legal moves (UCI) from the start, until it ends or reaches 300 plies.
std::vector<std::string> random_game(std::mt19937& rng) {
  std::vector<std::string> moves;
  core::Position pos = core::Position::startpos();
  while (moves.size() < 300) {
    const auto legal = core::legal_moves(pos);
    if (legal.empty()) break;
    const core::Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
    moves.push_back(core::to_uci(pos, m));
    pos = pos.after(m);
  }
  return moves;
}

void BM_ArbiterRandomGames(benchmark::State& state) {
  std::mt19937 rng{20261127};
  std::vector<std::vector<std::string>> games;
  for (int i = 0; i < 64; ++i) games.push_back(random_game(rng));
  competition::StartEvent start;
  start.white = "White";
  start.black = "Black";
  start.time_control = *clock::TimeControl::parse("180+2");
  start.rules.illegal_moves = competition::IllegalMovePolicy::Reject;
  start.rules.flag = competition::FlagPolicy::Automatic;
  std::int64_t moves = 0;
  std::size_t next = 0;
  for (auto _ : state) {
    const auto& game = games[next++ % games.size()];
    auto arbiter = *competition::Arbiter::create(start);
    Millis t{0};
    for (std::size_t i = 0; i < game.size() && !arbiter.is_over(); ++i) {
      t += Millis{500};
      competition::Event e;
      e.t = t;
      e.body = competition::MoveEvent{i % 2 == 0 ? core::Color::White : core::Color::Black, game[i],
                                      false};
      arbiter.apply(e);
      ++moves;
    }
    benchmark::DoNotOptimize(arbiter.is_over());
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_ArbiterRandomGames)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
