// The tags of a server game's PGN (issue #17): Event ("Rated blitz game"), Site (the game's
// URL), Date (the day it was created, UTC) and, for a rated game, the ratings before it and
// their changes. One place for the game page's download and the player's archive.
#pragma once

#include <string>
#include <vector>

#include "arbiter/competition/game_record.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

// Sets `record`'s Event, Site and Date, and adds WhiteElo, WhiteRatingDiff, BlackElo and
// BlackRatingDiff when `ratings` holds white's then black's change.
void tag_record(competition::GameRecord& record, const store::GameHeader& header,
                const std::string& site, const std::vector<store::RatingChange>& ratings);

// The game's address for the Site tag: http://HOST/g/ID with the host the client asked for
// (a host name or address and a port; anything else gives "?").
[[nodiscard]] std::string game_site(const std::string& host, const std::string& id);

// "YYYY.MM.DD" of a Unix-epoch time in milliseconds, UTC.
[[nodiscard]] std::string pgn_date(store::WallMs ms);

}  // namespace arbiter::server
