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

namespace {

// A bye a player asked for (`0000 - H|F|Z`, written out): what may stand in the column of
// the round after the last one played.
bool requested_bye(const RoundEntry& e) {
  return e.opponent == 0 && !e.result_blank &&
         (e.result == ResultCode::HalfBye || e.result == ResultCode::FullBye ||
          e.result == ResultCode::ZeroBye);
}

// Keeps rounds 1..played and, after them, a requested bye for the next round.
void keep_rounds(Player& p, int played) {
  const auto n = static_cast<std::size_t>(played);
  if (p.rounds.size() > n) {
    const bool request = requested_bye(p.rounds[n]);
    p.rounds.resize(n + (request ? 1 : 0));
  }
  // A blank entry left at the end of the line is written out by format_player_line.
}

}  // namespace

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
    if (static_cast<int>(p.rounds.size()) > k &&
        requested_bye(p.rounds[static_cast<std::size_t>(k)])) {
      // Rounds the player has no entry for up to k stay blank before the bye.
      while (static_cast<int>(kept.size()) < k)
        kept.push_back(RoundEntry{0, Colour::None, ResultCode::ZeroBye, true, true, true});
      kept.push_back(p.rounds[static_cast<std::size_t>(k)]);
    }
    p.rounds = std::move(kept);
  }
  // The cut file's own last played round: k, unless its last rounds held no game (only
  // byes); its reader checks the points over those rounds, and after them allows one
  // column, the next round's requested bye (consistency.cpp).
  const int cut_played = rounds_played(cut);
  for (Player& p : cut.players) {
    keep_rounds(p, cut_played);
    p.points = points_after(cut.settings.points, p, cut_played);
    p.width = 0;  // the line is written afresh
  }
  cut.set_rounds(t.settings.rounds.value_or(played));
  return cut;
}

}  // namespace arbiter::tournament
