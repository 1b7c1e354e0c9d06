// Rated games rated: Glicko-2 from the stored ratings, written once per game.
#include "arbiter/server/rating_service.hpp"

#include <cstdio>

#include "arbiter/clock/time_control.hpp"
#include "arbiter/rating/glicko2.hpp"
#include "arbiter/rating/speed.hpp"

namespace arbiter::server {

namespace {

constexpr double kMsPerDay = 86'400'000.0;

rating::Glicko2Rating as_glicko(const store::RatingRecord& r, store::WallMs now) {
  const rating::Glicko2Rating g{r.rating, r.deviation, r.volatility};
  if (r.updated_ms == 0 || now <= r.updated_ms) return g;
  return rating::idle(g, static_cast<double>(now - r.updated_ms) / kMsPerDay,
                      rating::kOnlineSettings);
}

store::RatingRecord with(const store::RatingRecord& base, const rating::Glicko2Rating& g) {
  store::RatingRecord out = base;
  out.rating = g.rating;
  out.deviation = g.deviation;
  out.volatility = g.volatility;
  return out;
}

}  // namespace

std::optional<double> white_score(std::string_view result) noexcept {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

store::RatingPair rate_game(const store::RatingPair& before, double score, store::WallMs now) {
  const rating::Glicko2Rating white = as_glicko(before.white, now);
  const rating::Glicko2Rating black = as_glicko(before.black, now);
  const rating::Glicko2Game white_game{black, score};
  const rating::Glicko2Game black_game{white, 1.0 - score};
  // The inputs come from the store, which keeps them finite and positive: update() cannot
  // refuse them; were it to, the rating stays as it was.
  const auto white_after =
      rating::update(white, std::span{&white_game, 1}, rating::kOnlineSettings).value_or(white);
  const auto black_after =
      rating::update(black, std::span{&black_game, 1}, rating::kOnlineSettings).value_or(black);
  return store::RatingPair{with(before.white, white_after), with(before.black, black_after)};
}

RatingService::RatingService(store::Store& store, const RoomClock& clock)
    : store_(store), clock_(clock), pool_(std::make_unique<WorkerPool>(1)) {}

RatingService::~RatingService() {
  pool_->drain();  // every game queued is rated before the service stops
  pool_.reset();
}

void RatingService::game_ended(RatedGameEnd end) {
  pool_->post([this, end = std::move(end)] {
    if (auto rated = rate(end); !rated) {
      std::fprintf(stderr, "arbiter serve: game %s was not rated: %s\n", end.game_id.c_str(),
                   rated.error().describe().c_str());
    }
  });
}

Result<std::vector<store::RatingChange>> RatingService::rate(const RatedGameEnd& end) {
  const auto score = white_score(end.result);
  if (!score) {
    return make_error(ErrorCode::kInvalidArgument, "the result " + end.result + " is not rated",
                      {0, 0, "result"});
  }
  auto control = clock::TimeControl::parse(end.time_control);
  if (!control) return tl::unexpected(control.error());
  const std::string speed{rating::to_string(rating::speed_of(*control))};
  const store::WallMs now = clock_.wall_ms();
  return store_.record_rated_game(end.game_id, speed, now, [&](const store::RatingPair& before) {
    return rate_game(before, *score, now);
  });
}

Result<int> RatingService::queue_unrated() {
  auto games = store_.unrated_games(1000);
  if (!games) return tl::unexpected(games.error());
  for (store::UnratedGame& g : *games) {
    game_ended(RatedGameEnd{std::move(g.game_id), std::move(g.time_control), std::move(g.result)});
  }
  return static_cast<int>(games->size());
}

}  // namespace arbiter::server
