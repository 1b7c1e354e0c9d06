// What the two kinds of server-run events (a Swiss: tournament_service.cpp; an arena:
// arena_service.cpp) share about their store record: the compare-and-set change of its
// text, the rating an entrant brings, and the creation of the games their director pairs.
// Internal to the server module.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

// Loads the event `id`, lets `f` change the record (its text included), and stores it if
// nobody else did in between; again when another writer came first, up to 20 times (then
// kIo). The record as stored. Errors: no such event (kProtocolState "id"), the store's,
// and whatever `f` returns (nothing is stored then).
using RecordChange = std::function<Result<void>(store::TournamentRecord&)>;
[[nodiscard]] Result<store::TournamentRecord> change_event_record(store::Store& store,
                                                                  std::string_view id,
                                                                  const RecordChange& f);

// The account's rating in the category of `time_control`, whole points (1500 unrated).
[[nodiscard]] Result<int> event_rating(store::Store& store, std::int64_t user,
                                       const std::string& time_control);

// Creates `games` in the registry (both seats taken); for each one made, its index in
// `games` and its id; the first failure, if any (the others are tried all the same).
struct MadeGames {
  std::vector<std::pair<std::size_t, std::string>> made;
  std::optional<Error> failed;
};
[[nodiscard]] MadeGames create_event_games(GameRegistry& registry,
                                           const std::vector<PairedGame>& games);

// 500 "internal": the store failed.
[[nodiscard]] HttpReply event_store_error(const Error& e);

}  // namespace arbiter::server
