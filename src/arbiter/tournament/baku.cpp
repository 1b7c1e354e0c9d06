#include "arbiter/tournament/baku.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace arbiter::tournament {

namespace {

constexpr std::string_view kBaku = "_BAKU";

// Absent from round 1: a Z (or nothing, once the round is played) in its column, or, before
// it is paired, an XXZ line or a 240 Z bye for round 1.
bool absent_from_round_one(const Tournament& t, const Player& p, int played) {
  if (!p.rounds.empty()) return p.rounds.front().result == ResultCode::ZeroBye;
  if (played >= 1) return true;
  const auto& xxz = t.settings.absent_next_round;
  if (std::find(xxz.begin(), xxz.end(), p.id) != xxz.end()) return true;
  for (const RequestedByes& b : t.settings.requested_byes) {
    if (b.round == 1 && b.type == ResultCode::ZeroBye &&
        std::find(b.players.begin(), b.players.end(), p.id) != b.players.end())
      return true;
  }
  return false;
}

}  // namespace

bool default_baku(const Settings& s) {
  return s.system.size() >= kBaku.size() &&
         s.system.compare(s.system.size() - kBaku.size(), kBaku.size(), kBaku) == 0 &&
         s.accelerations.empty() && s.accelerated.empty();
}

int baku_group_a_size(int players) { return 2 * ((players + 3) / 4); }

Points BakuAcceleration::virtual_points(PlayerId id, int round) const {
  if (id > last_ga || round < 1) return 0;
  const int accelerated = (rounds + 1) / 2;
  const int full = (accelerated + 1) / 2;
  if (round <= full) return 10;
  if (round <= accelerated) return 5;
  return 0;
}

Result<BakuAcceleration> baku_acceleration(const Tournament& t, int played) {
  if (t.settings.points != PointSystem{}) {
    return make_error(ErrorCode::kInvalidArgument,
                      "system code " + t.settings.system +
                          ": the Baku acceleration (C.04.7) is defined for the 1/½/0 point "
                          "system only; state the points with 250 or XXA lines");
  }
  if (!t.settings.rounds) {
    return make_error(ErrorCode::kInvalidArgument,
                      "the file states no number of rounds (142 or XXR): cannot pair");
  }
  std::vector<PlayerId> present;
  for (const Player& p : t.players)
    if (!absent_from_round_one(t, p, played)) present.push_back(p.id);
  std::sort(present.begin(), present.end());
  BakuAcceleration b;
  b.rounds = *t.settings.rounds;
  const int ga = std::min(baku_group_a_size(static_cast<int>(present.size())),
                          static_cast<int>(present.size()));
  if (ga > 0) b.last_ga = present[static_cast<std::size_t>(ga - 1)];
  return b;
}

}  // namespace arbiter::tournament
