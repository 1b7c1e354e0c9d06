// Who meets whom in the lobby (issue #17 item 3, docs/lobby.md): who may take a seek, and
// which waiting player of a quick-pairing pool a newcomer is paired with. Values in, values
// out: the store holds the seeks, LobbyApi asks these rules.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "arbiter/store/store.hpp"

namespace arbiter::server {

// The player who would take a seek: an account (id and its rating in the seek's category)
// or an anonymous player (id 0, no rating).
struct SeekTaker {
  std::int64_t user_id = 0;
  std::optional<int> rating;
};

// Why a seek may not be taken; each is a distinct answer of the API.
enum class SeekRefusal : unsigned char {
  OwnSeek,       // the owner's own seek
  NotYours,      // a challenge to another player
  NeedsAccount,  // a rated seek, or one with a rating range, for an anonymous taker
  OutOfRange,    // the taker's rating is outside the seek's range
};

[[nodiscard]] std::string_view describe(SeekRefusal refusal) noexcept;

// Whether `taker` may take `seek`; nullopt when they may.
[[nodiscard]] std::optional<SeekRefusal> refusal(const store::SeekRecord& seek,
                                                 const SeekTaker& taker) noexcept;

// A seek's visibility: a challenge is seen by its owner and the player challenged only; a
// pool's seek is in no list (its pool counts it).
[[nodiscard]] bool listed_for(const store::SeekRecord& seek, std::int64_t viewer_id) noexcept;

// Quick pairing. A rated pool pairs players whose ratings differ by at most the gap, which
// widens as the earlier player waits: 150 points at once, 10 more each second, at most 500
// (lichess's pools widen the same way; the figures are ours). Anonymous players play casual
// games and are paired in arrival order.
inline constexpr int kPoolBaseGap = 150;
inline constexpr int kPoolGapPerSecond = 10;
inline constexpr int kPoolMaxGap = 500;
[[nodiscard]] int pool_gap(std::int64_t waited_ms) noexcept;

// Whether `a` and `b` (two seeks of pools) may be paired at `now`.
[[nodiscard]] bool pool_compatible(const store::SeekRecord& a, const store::SeekRecord& b,
                                   store::WallMs now) noexcept;

// The partner of `me` among `open` (live seeks): a seek of the same pool, compatible, posted
// before `me` (earlier created_ms, then smaller id: of two players waiting, only the later
// one pairs, so that both never pair at once with each other's game), the closest in rating,
// then the earliest. Its index in `open`; nullopt when none.
[[nodiscard]] std::optional<std::size_t> pool_partner(std::span<const store::SeekRecord> open,
                                                      const store::SeekRecord& me,
                                                      store::WallMs now) noexcept;

}  // namespace arbiter::server
