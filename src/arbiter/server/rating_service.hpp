// Rating rated games (issue #17, docs/rating.md): once a rated game's ending is committed,
// both players' Glicko-2 ratings in the game's category change, in one store transaction
// (Store::record_rated_game), on a thread of the service's own: never under a room's lock
// nor on a network thread. Each game is a rating period of its own and a player's
// deviation first grows with the days since their last rated game (rating::idle), as on
// lichess (rating::kOnlineSettings).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arbiter/server/game_room.hpp"
#include "arbiter/server/room_support.hpp"
#include "arbiter/server/worker_pool.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

// White's score in a result that changes ratings: 1, 0.5 or 0; nullopt for any other
// result (a game lost by both players, an adjourned one, "*").
[[nodiscard]] std::optional<double> white_score(std::string_view result) noexcept;

// The two new ratings after a game between `before.white` and `before.black` that White
// scored `score` in, at `now` (Glicko-2 with rating::kOnlineSettings; idle days first). Each
// player is rated against the other's rating as it stood before the game. `games` and
// `updated_ms` are left to the store.
[[nodiscard]] store::RatingPair rate_game(const store::RatingPair& before, double score,
                                          store::WallMs now);

class RatingService {
 public:
  RatingService(store::Store& store, const RoomClock& clock);
  // Waits for the games queued to be rated.
  ~RatingService();

  // Queues the game (RoomContext::rated_game_ended). Thread-safe; returns at once.
  void game_ended(RatedGameEnd end);

  // Queues the rated games that ended without being rated (the process that should have
  // rated them stopped first: Store::unrated_games), at most 1,000; returns how many.
  [[nodiscard]] Result<int> queue_unrated();

  // Rates the game now, on the caller's thread (what game_ended's thread runs). Errors: an
  // unrated result (kInvalidArgument, field "result"), a time control that does not parse,
  // and the store's.
  [[nodiscard]] Result<std::vector<store::RatingChange>> rate(const RatedGameEnd& end);

 private:
  store::Store& store_;
  const RoomClock& clock_;
  std::unique_ptr<WorkerPool> pool_;  // last: stopped first
};

}  // namespace arbiter::server
