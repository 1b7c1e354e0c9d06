#include "arbiter/tournament/standing.hpp"

#include <algorithm>
#include <string>

namespace arbiter::tournament {

int rounds_played(const Tournament& t) {
  int last = 0;
  for (const Player& p : t.players) {
    for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
      const RoundEntry& e = p.rounds[static_cast<std::size_t>(r - 1)];
      if (e.has_opponent() || e.result == ResultCode::PairingBye) last = std::max(last, r);
    }
  }
  return last;
}

Points points_after(const PointSystem& system, const Player& p, int k) {
  Points total = 0;
  const int n = std::min(k, static_cast<int>(p.rounds.size()));
  for (int r = 0; r < n; ++r)
    total += system.points_for(p.rounds[static_cast<std::size_t>(r)].result);
  return total;
}

Result<Tournament> cut_to_rounds(const Tournament& t, int k) {
  const int played = rounds_played(t);
  if (k < 0 || k > played) {
    return make_error(ErrorCode::kInvalidArgument, "cannot cut to " + std::to_string(k) +
                                                       " rounds: " + std::to_string(played) +
                                                       " are played");
  }
  Tournament cut = t;
  for (Player& p : cut.players) {
    std::vector<RoundEntry> kept(
        p.rounds.begin(), p.rounds.begin() + std::min<std::ptrdiff_t>(
                                                 k, static_cast<std::ptrdiff_t>(p.rounds.size())));
    if (static_cast<int>(p.rounds.size()) > k) {
      const RoundEntry& next = p.rounds[static_cast<std::size_t>(k)];
      const bool requested = next.opponent == 0 && (next.result == ResultCode::HalfBye ||
                                                    next.result == ResultCode::FullBye ||
                                                    next.result == ResultCode::ZeroBye);
      if (requested) {
        // Rounds the player has no entry for up to k stay blank before the bye.
        while (static_cast<int>(kept.size()) < k)
          kept.push_back(RoundEntry{0, Colour::None, ResultCode::ZeroBye, true, true, true});
        kept.push_back(next);
      }
    }
    p.rounds = std::move(kept);
    p.points = points_after(cut.settings.points, p, k);
    p.width = 0;  // the line is written afresh
  }
  cut.set_rounds(t.settings.rounds.value_or(played));
  return cut;
}

}  // namespace arbiter::tournament
