// The FIDE rating report of an event (B.02 Article 8), from a read TRF.
#include "arbiter/tournament/rating_report.hpp"

#include <array>
#include <charconv>
#include <unordered_map>

#include "arbiter/rating/fide_elo.hpp"
#include "arbiter/tournament/point_system.hpp"

namespace arbiter::tournament {

namespace {

struct Date {
  int year = 0;
  int month = 0;
  int day = 0;
};

// YYYY/MM/DD, YYYY-MM-DD or YYYY.MM.DD with a real month and day; blanks around are allowed.
std::optional<Date> parse_date(std::string_view text) noexcept {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.size() != 10) return std::nullopt;
  const char sep = text[4];
  if ((sep != '/' && sep != '-' && sep != '.') || text[7] != sep) return std::nullopt;
  Date d;
  const auto number = [&](std::size_t at, std::size_t len, int& out) {
    const char* first = text.data() + at;
    auto [end, ec] = std::from_chars(first, first + len, out);
    return ec == std::errc{} && end == first + len;
  };
  if (!number(0, 4, d.year) || !number(5, 2, d.month) || !number(8, 2, d.day)) {
    return std::nullopt;
  }
  if (d.year < 1000 || d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31) {
    return std::nullopt;
  }
  return d;
}

// A rated game's result in half points; nullopt when the game does not count for ratings.
std::optional<int> rated_half_points(ResultCode result) noexcept {
  switch (result) {
    case ResultCode::Win: return 2;
    case ResultCode::Draw: return 1;
    case ResultCode::Loss: return 0;
    default: return std::nullopt;  // forfeits, byes, and W D L (not rated)
  }
}

}  // namespace

std::optional<bool> is_under_18(std::string_view birth_date,
                                std::string_view event_start) noexcept {
  const auto born = parse_date(birth_date);
  const auto start = parse_date(event_start);
  if (!born || !start) return std::nullopt;
  // The 18th birthday is after the start of the event.
  const std::array<int, 3> birthday{born->year + 18, born->month, born->day};
  const std::array<int, 3> day{start->year, start->month, start->day};
  return birthday > day;
}

Result<std::vector<RatingLine>> rating_report(const Tournament& event,
                                              const RatingReportOptions& options) {
  std::unordered_map<PlayerId, const Player*> by_id;
  for (const Player& p : event.players) by_id.emplace(p.id, &p);
  for (const auto& [id, k] : options.k) {
    if (!by_id.contains(id)) {
      return make_error(
          ErrorCode::kInvalidArgument,
          "a K is given for player " + std::to_string(id) + ", who is not in the file",
          {0, 0, "k"});
    }
    if (k < 1 || k > 100) {
      return make_error(ErrorCode::kInvalidArgument,
                        "the K given for player " + std::to_string(id) +
                            " must be between 1 and 100, not " + std::to_string(k),
                        {0, 0, "k"});
    }
  }
  const std::string start = event.header("042");  // the start date
  std::vector<RatingLine> report;
  report.reserve(event.players.size());
  for (const Player& p : event.players) {
    RatingLine line;
    line.id = p.id;
    line.name = p.name;
    line.rating = p.rating;
    std::vector<rating::EloGame> games;
    for (const RoundEntry& entry : p.rounds) {
      const auto half_points = rated_half_points(entry.result);
      if (!half_points || entry.opponent == 0) continue;
      const auto opponent = by_id.find(entry.opponent);
      if (opponent == by_id.end()) continue;  // the reader has refused such a file already
      if (!opponent->second->rating) {
        ++line.unrated_opponents;
        continue;
      }
      games.push_back({*opponent->second->rating, *half_points});
    }
    if (!p.rating) {
      report.push_back(std::move(line));
      continue;
    }
    int k = 0;
    if (const auto given = options.k.find(p.id); given != options.k.end()) {
      k = given->second;
      line.k_reason = "given";
    } else {
      rating::KFactorInput input;
      input.rating = *p.rating;
      input.under_18 = is_under_18(p.birth_date, start).value_or(false);
      input.list =
          options.rapid_or_blitz ? rating::RatingList::RapidBlitz : rating::RatingList::Standard;
      k = rating::k_factor(input);
      line.k_reason = options.rapid_or_blitz               ? "rapid and blitz"
                      : input.under_18 && *p.rating < 2300 ? "junior under 2300"
                      : *p.rating >= 2400                  ? "rated 2400 or more"
                                                           : "rated under 2400";
    }
    const int capped = rating::capped_k_factor(k, static_cast<int>(games.size()));
    if (capped != k) line.k_reason += ", capped by K × games <= 700";
    auto change = rating::elo_change(*p.rating, games, capped);
    if (!change) {
      Error e = change.error();
      e.message = "player " + std::to_string(p.id) + ": " + e.message;
      return tl::unexpected(std::move(e));
    }
    line.k = capped;
    line.games = change->games;
    line.half_points = change->half_points;
    line.expected_hundredths = change->expected_hundredths;
    line.change_hundredths = change->change_hundredths;
    line.change = change->change;
    report.push_back(std::move(line));
  }
  return report;
}

}  // namespace arbiter::tournament
