// The tags of a server game's PGN.
#include "arbiter/server/pgn_tags.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "arbiter/clock/time_control.hpp"
#include "arbiter/rating/speed.hpp"

namespace arbiter::server {

std::string game_site(const std::string& host, const std::string& id) {
  const bool plain =
      !host.empty() && host.size() <= 255 && std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
               c == '[' || c == ']';
      });
  return plain ? "http://" + host + "/g/" + id : "?";
}

std::string pgn_date(store::WallMs ms) {
  const auto seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char date[32];
  std::snprintf(date, sizeof date, "%04d.%02d.%02d", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday);
  return date;
}

void tag_record(competition::GameRecord& record, const store::GameHeader& header,
                const std::string& site, const std::vector<store::RatingChange>& ratings) {
  std::string category = "correspondence";
  if (auto tc = clock::TimeControl::parse(header.time_control)) {
    category = std::string(rating::to_string(rating::speed_of(*tc)));
  }
  record.event = std::string(header.rated ? "Rated " : "Casual ") + category + " game";
  record.site = site;
  record.date = pgn_date(header.created_ms);
  if (ratings.size() != 2) return;
  for (std::size_t i = 0; i < 2; ++i) {
    const long before = std::lround(ratings[i].before.rating);
    const long diff = std::lround(ratings[i].after.rating) - before;
    const std::string side = i == 0 ? "White" : "Black";
    record.extra_tags.emplace_back(side + "Elo", std::to_string(before));
    record.extra_tags.emplace_back(side + "RatingDiff",
                                   (diff >= 0 ? "+" : "") + std::to_string(diff));
  }
}

}  // namespace arbiter::server
