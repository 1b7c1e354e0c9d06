#include "arbiter/server/lobby_rules.hpp"

#include <algorithm>
#include <cstdlib>

namespace arbiter::server {

std::string_view describe(SeekRefusal refusal) noexcept {
  switch (refusal) {
    case SeekRefusal::OwnSeek: return "this is your own seek";
    case SeekRefusal::NotYours: return "this challenge is for another player";
    case SeekRefusal::NeedsAccount:
      return "log in to accept a rated seek or one with a rating range";
    case SeekRefusal::OutOfRange: return "your rating is outside the seek's rating range";
  }
  return "refused";
}

std::optional<SeekRefusal> refusal(const store::SeekRecord& seek, const SeekTaker& taker) noexcept {
  if (taker.user_id != 0 && taker.user_id == seek.owner_user_id) return SeekRefusal::OwnSeek;
  if (seek.target_user_id != 0 && seek.target_user_id != taker.user_id) {
    return SeekRefusal::NotYours;
  }
  const bool ranged = seek.rating_min != 0 || seek.rating_max != 0;
  if ((seek.rated || ranged) && taker.user_id == 0) return SeekRefusal::NeedsAccount;
  if (ranged) {
    const int r = taker.rating.value_or(0);
    if (r < seek.rating_min || r > seek.rating_max) return SeekRefusal::OutOfRange;
  }
  return std::nullopt;
}

bool listed_for(const store::SeekRecord& seek, std::int64_t viewer_id) noexcept {
  if (!seek.pool.empty()) return false;
  if (seek.target_user_id == 0) return true;
  return viewer_id != 0 && (viewer_id == seek.target_user_id || viewer_id == seek.owner_user_id);
}

int pool_gap(std::int64_t waited_ms) noexcept {
  const std::int64_t seconds = std::max<std::int64_t>(0, waited_ms) / 1000;
  return static_cast<int>(
      std::min<std::int64_t>(kPoolMaxGap, kPoolBaseGap + kPoolGapPerSecond * seconds));
}

bool pool_compatible(const store::SeekRecord& a, const store::SeekRecord& b,
                     store::WallMs now) noexcept {
  if (a.pool.empty() || a.pool != b.pool || a.id == b.id) return false;
  if (a.rated != b.rated || a.variant != b.variant || a.time_control != b.time_control) {
    return false;
  }
  if (a.owner_user_id != 0 && a.owner_user_id == b.owner_user_id) return false;
  // Accounts and anonymous players are in separate pools: a game between an account and a
  // stranger without one would be rated for nobody, and its rating window meaningless.
  if ((a.owner_user_id == 0) != (b.owner_user_id == 0)) return false;
  if (a.owner_user_id == 0) return true;
  const store::WallMs first = std::min(a.created_ms, b.created_ms);
  return std::abs(a.owner_rating - b.owner_rating) <= pool_gap(now - first);
}

std::optional<std::size_t> pool_partner(std::span<const store::SeekRecord> open,
                                        const store::SeekRecord& me, store::WallMs now) noexcept {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < open.size(); ++i) {
    const store::SeekRecord& other = open[i];
    const bool earlier =
        other.created_ms < me.created_ms || (other.created_ms == me.created_ms && other.id < me.id);
    if (!earlier || !pool_compatible(me, other, now)) continue;
    if (!best) {
      best = i;
      continue;
    }
    const store::SeekRecord& b = open[*best];
    const int gap = std::abs(other.owner_rating - me.owner_rating);
    const int best_gap = std::abs(b.owner_rating - me.owner_rating);
    if (gap < best_gap || (gap == best_gap && other.created_ms < b.created_ms)) best = i;
  }
  return best;
}

}  // namespace arbiter::server
