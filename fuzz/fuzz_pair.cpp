// The pairing entry point (issue #15): a TRF either gets an error (the file's own, with a
// line and column; no round count; no valid pairing, said as such), or the Dutch engine's
// pairing of its next round, which must keep C.04.1's absolute criteria: every player at
// most once and only players who exist and asked for no bye; no two players who have met
// over the board; no second pairing-allocated bye, nor one after a round scored without
// playing for a win's points (C.04.1.4 of 1 July 2025); and,
// before the last round, no colour difference beyond ±2 and
// no colour three times running (forfeits give no colour).
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"
#include "fuzz.hpp"

using namespace arbiter;
using namespace arbiter::tournament;

namespace {

// Colours of the games played on the board, in order: +1 White, -1 Black.
std::vector<int> colours_of(const Player& p, int rounds) {
  std::vector<int> out;
  for (int r = 0; r < rounds && r < static_cast<int>(p.rounds.size()); ++r) {
    const RoundEntry& e = p.rounds[static_cast<std::size_t>(r)];
    if (e.has_opponent() && is_played(e.result) && e.colour != Colour::None)
      out.push_back(e.colour == Colour::White ? 1 : -1);
  }
  return out;
}

void check_colour(const Player& p, int rounds, int colour) {
  std::vector<int> c = colours_of(p, rounds);
  c.push_back(colour);
  int difference = 0;
  for (int x : c) difference += x;
  FUZZ_CHECK(difference >= -2 && difference <= 2);
  const std::size_t n = c.size();
  FUZZ_CHECK(!(n >= 3 && c[n - 1] == c[n - 2] && c[n - 2] == c[n - 3]));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  auto t = read_trf(fuzz::as_text(data, size));
  if (!t) return 0;  // the reader's errors are fuzz_trf's properties
  auto pairing = pair_dutch(*t);
  if (!pairing) {
    const Error& e = pairing.error();
    FUZZ_CHECK(e.code == ErrorCode::kInvalidArgument || e.code == ErrorCode::kNoValidPairing ||
               e.code == ErrorCode::kTrfConsistency);
    FUZZ_CHECK(!e.message.empty());
    return 0;
  }
  const int played = rounds_played(*t);
  FUZZ_CHECK(pairing->round == played + 1);
  std::set<PlayerId> seen;
  auto take = [&](PlayerId id) -> const Player& {
    const Player* p = t->find(id);
    FUZZ_CHECK(p != nullptr);
    FUZZ_CHECK(seen.insert(id).second);
    // A bye requested for this round (`0000 - H|F|Z` in its column): not paired.
    if (static_cast<int>(p->rounds.size()) > played) {
      const RoundEntry& next = p->rounds[static_cast<std::size_t>(played)];
      FUZZ_CHECK(next.has_opponent() || !is_bye(next.result));
    }
    return *p;
  };
  const bool last_round = t->settings.rounds && *t->settings.rounds == played + 1;
  for (const Board& b : pairing->boards) {
    const Player& white = take(b.white);
    const Player& black = take(b.black);
    for (int r = 0; r < played && r < static_cast<int>(white.rounds.size()); ++r) {
      const RoundEntry& e = white.rounds[static_cast<std::size_t>(r)];
      FUZZ_CHECK(!(e.opponent == b.black && is_played(e.result)));  // C.04.1 b: no rematch
    }
    if (!last_round) {  // C.04.1 f, g (topscorers are excepted only in the last round)
      check_colour(white, played, 1);
      check_colour(black, played, -1);
    }
  }
  if (pairing->bye != 0) {
    const Player& p = take(pairing->bye);
    const PointSystem& points = t->settings.points;
    for (int r = 0; r < played && r < static_cast<int>(p.rounds.size()); ++r) {
      const RoundEntry& e = p.rounds[static_cast<std::size_t>(r)];
      // C.04.1.4 (from 1 July 2025): one pairing-allocated bye, and none after a round
      // scored without playing for as many points as a win (a forfeit win, a full-point
      // bye, under the tournament's point system: XXS may make a forfeit win worth less).
      FUZZ_CHECK(e.result != ResultCode::PairingBye);
      const bool on_board = e.has_opponent() && is_played(e.result);
      FUZZ_CHECK(on_board || points.points_for(e.result) < points.win);
    }
  }
  return 0;
}
