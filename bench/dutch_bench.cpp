// Time of one Dutch pairing (issue #15 speed target): an event of N players is played
// round after round, each round paired by the engine and its results drawn from the
// rating difference with a fixed seed; the time of every pairing is printed.
// Usage: bench_dutch [PLAYERS [ROUNDS [SEED]]]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/standing.hpp"

using namespace arbiter::tournament;

int main(int argc, char** argv) {
  const int players = argc > 1 ? std::atoi(argv[1]) : 100;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 15);
  Tournament t;
  t.settings.rounds = rounds;
  t.settings.initial_colour = InitialColour::White;
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.id = i;
    p.rating = 2700 - (1700 * (i - 1)) / players;
    t.players.push_back(p);
  }
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int r = 1; r <= rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    auto pairing = pair_dutch(t);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!pairing) {
      std::printf("round %d: %s\n", r, pairing.error().message.c_str());
      return 1;
    }
    std::printf("players %d round %d: %.3f s\n", players, r, s);
    std::fflush(stdout);
    for (const Board& b : pairing->boards) {
      Player& w = *t.find(b.white);
      Player& k = *t.find(b.black);
      const double expected = 1.0 / (1.0 + std::pow(10.0, (*k.rating - *w.rating) / 400.0));
      const double x = u(rng);
      const ResultCode rw = x < expected * 0.7         ? ResultCode::Win
                            : x < expected * 0.7 + 0.3 ? ResultCode::Draw
                                                       : ResultCode::Loss;
      const ResultCode rb = rw == ResultCode::Win    ? ResultCode::Loss
                            : rw == ResultCode::Loss ? ResultCode::Win
                                                     : ResultCode::Draw;
      w.rounds.push_back(RoundEntry{b.black, Colour::White, rw});
      k.rounds.push_back(RoundEntry{b.white, Colour::Black, rb});
    }
    if (pairing->bye != 0)
      t.find(pairing->bye)->rounds.push_back(RoundEntry{0, Colour::None, ResultCode::PairingBye});
  }
  return 0;
}
