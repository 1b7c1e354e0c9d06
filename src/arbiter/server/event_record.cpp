#include "arbiter/server/event_record.hpp"

#include <cmath>

#include "arbiter/server/rest_reply.hpp"
#include "arbiter/store/rules.hpp"

namespace arbiter::server {

namespace {
constexpr int kChangeAttempts = 20;  // compare-and-set rounds before giving up (kIo)
}  // namespace

Result<store::TournamentRecord> change_event_record(store::Store& store, std::string_view id,
                                                    const RecordChange& f) {
  for (int attempt = 0; attempt < kChangeAttempts; ++attempt) {
    auto found = store.find_tournament(id);
    if (!found) return tl::unexpected(found.error());
    if (!*found) {
      return make_error(ErrorCode::kProtocolState, "no such event", Location{0, 0, "id"});
    }
    store::TournamentRecord r = std::move(**found);
    if (auto ok = f(r); !ok) return tl::unexpected(ok.error());
    auto stored = store.update_tournament(r);
    if (!stored) return tl::unexpected(stored.error());
    if (*stored) {
      ++r.version;
      return r;
    }
  }
  return make_error(ErrorCode::kIo, "the event changed too often to be updated; try again");
}

Result<int> event_rating(store::Store& store, std::int64_t user, const std::string& time_control) {
  const std::string speed{store::game_speed(time_control)};
  auto all = store.ratings_of(user);
  if (!all) return tl::unexpected(all.error());
  store::RatingRecord record = store::unrated(user, speed);
  for (const store::RatingRecord& r : *all) {
    if (r.speed == speed) record = r;
  }
  return static_cast<int>(std::lround(record.rating));
}

MadeGames create_event_games(GameRegistry& registry, const std::vector<PairedGame>& games) {
  MadeGames out;
  const auto results = registry.create_paired(games);
  for (std::size_t k = 0; k < results.size(); ++k) {
    if (results[k]) {
      out.made.emplace_back(k, *results[k]);
    } else if (!out.failed) {
      out.failed = results[k].error();
    }
  }
  return out;
}

HttpReply event_store_error(const Error& e) {
  return error_reply(500, "internal", "the store failed: " + e.message);
}

}  // namespace arbiter::server
