// The random tournament generator's events (the pairing-program contract's `-g`) over 1,000
// seeds and many sizes, rates of forfeits, withdrawals and half-point byes: each event written
// as TRF and read back is clean under the checker (`-c`: every round re-paired as the file has
// it), and keeps C.04.1's absolute criteria, checked here independently of the engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "arbiter/tournament/dutch_check.hpp"
#include "arbiter/tournament/generator.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {
namespace {

// C.04.1: no rematch (a forfeited game was not played), no pairing-allocated bye for a player
// who had one or won by forfeit before, and (C.04.3 C.1-C.3) colour difference within +-2 and
// no colour three times in a row over the games played, except in the last round (for
// topscorers): "" when all hold.
std::string absolute_criteria(const Tournament& t) {
  const int rounds = rounds_played(t);
  for (const Player& p : t.players) {
    const auto played = [](const RoundEntry& x) {
      return x.has_opponent() && x.result != ResultCode::ForfeitWin &&
             x.result != ResultCode::ForfeitLoss;
    };
    bool scored_without_playing = false;
    int diff = 0;
    int run = 0;
    Colour last = Colour::None;
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const RoundEntry& e = p.rounds[r];
      if (e.result == ResultCode::PairingBye && scored_without_playing)
        return "player " + std::to_string(p.id) + " gets a second bye in round " +
               std::to_string(r + 1);
      if (e.result == ResultCode::PairingBye || e.result == ResultCode::ForfeitWin)
        scored_without_playing = true;
      if (!played(e)) continue;
      int meetings = 0;
      for (const RoundEntry& x : p.rounds)
        meetings += played(x) && x.opponent == e.opponent ? 1 : 0;
      if (meetings > 1)
        return "player " + std::to_string(p.id) + " meets " + std::to_string(e.opponent) + " twice";
      diff += e.colour == Colour::White ? 1 : -1;
      run = e.colour == last ? run + 1 : 1;
      last = e.colour;
      const bool final_round = static_cast<int>(r) + 1 == rounds;
      if (!final_round && (std::abs(diff) > 2 || run > 2))
        return "player " + std::to_string(p.id) + " colours in round " + std::to_string(r + 1);
    }
  }
  return "";
}

TEST(DutchRtg, AThousandSeedsAreCleanUnderTheChecker) {
  int events = 0;
  int rounds = 0;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    GeneratorConfig c;
    // Sizes 2..81 (mostly small, some large), 1..11 rounds (at most half the field, as real
    // Swiss events have); one event in three with
    // forfeits, withdrawals or half-point byes.
    c.players = 2 + static_cast<int>(seed * 7919 % (seed % 10 == 0 ? 80 : 40));
    c.rounds =
        1 + static_cast<int>(seed * 104729 % std::min<std::uint64_t>(11, (c.players + 1) / 2));
    c.draw_percentage = static_cast<int>(seed % 60);
    if (seed % 3 == 1) c.forfeit_rate = 8 + static_cast<int>(seed % 20);
    if (seed % 3 == 2) c.retired_rate = 6 + static_cast<int>(seed % 10);
    if (seed % 5 == 0) c.half_bye_rate = 10 + static_cast<int>(seed % 15);
    const std::string what = "seed " + std::to_string(seed) + ", " + std::to_string(c.players) +
                             " players, " + std::to_string(c.rounds) + " rounds";
    auto t = generate_tournament(c, seed);
    if (!t) {
      // Only when the players run out of opponents (more rounds than a small field allows).
      EXPECT_EQ(t.error().code, ErrorCode::kNoValidPairing) << what << ": " << t.error().describe();
      continue;
    }
    ++events;
    rounds += rounds_played(*t);
    auto back = read_trf(write_trf(*t));
    ASSERT_TRUE(back.has_value()) << what << ": " << back.error().describe();
    EXPECT_EQ(absolute_criteria(*back), "") << what;
    auto differences = check_dutch(*back);
    ASSERT_TRUE(differences.has_value()) << what << ": " << differences.error().describe();
    for (const DutchDifference& d : *differences)
      ADD_FAILURE() << what << ": round " << d.round << " differs from the Dutch rules"
                    << (d.paired ? "" : ": " + d.why);
  }
  // The few seeds whose small field runs out of opponents aside, every event is checked.
  EXPECT_GE(events, 950);
  std::printf("%d events, %d rounds checked\n", events, rounds);
}

}  // namespace
}  // namespace arbiter::tournament
