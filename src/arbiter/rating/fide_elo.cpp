// The FIDE rating change (B.02 Article 8, 2024 text), in whole hundredths.
#include "arbiter/rating/fide_elo.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "arbiter/rating/fide_tables.hpp"

namespace arbiter::rating {

namespace {

// B.02 Article 8: a difference of more than 400 points counts as 400.
constexpr int kMaxDifference = 400;
// B.02 Article 8.3.3: K × n may not exceed 700.
constexpr int kMaxKTimesGames = 700;

// The nearest whole number to value / 100, 0.5 rounded up (towards +inf), for either sign.
int round_hundredths(long long value) noexcept {
  const long long shifted = value + 50;
  // floor division by 100
  long long q = shifted / 100;
  if (shifted % 100 != 0 && shifted < 0) --q;
  return static_cast<int>(q);
}

Result<void> check_rating(int rating, const std::string& field) {
  if (rating < 0 || rating > 4000) {
    return make_error(ErrorCode::kInvalidArgument,
                      field + " must be a rating between 0 and 4000, not " + std::to_string(rating),
                      {0, 0, field});
  }
  return {};
}

}  // namespace

int k_factor(const KFactorInput& input) noexcept {
  if (input.list == RatingList::RapidBlitz) return 20;
  if (input.rated_games < 30) return 40;
  if (input.under_18 && input.rating < 2300) return 40;
  if (input.has_reached_2400 || input.rating >= 2400) return 10;
  return 20;
}

int capped_k_factor(int k, int games) noexcept {
  if (games <= 0 || k * games <= kMaxKTimesGames) return k;
  return kMaxKTimesGames / games;
}

int expected_hundredths(int rating, int opponent) noexcept {
  const int difference = rating - opponent;
  const int counted = std::min(std::abs(difference), kMaxDifference);
  const int higher = expected_percent(counted);
  return difference >= 0 ? higher : 100 - higher;
}

Result<EloChange> elo_change(int rating, std::span<const EloGame> games, int k) {
  if (auto ok = check_rating(rating, "rating"); !ok) return tl::unexpected(ok.error());
  if (k < 1 || k > 100) {
    return make_error(ErrorCode::kInvalidArgument,
                      "k must be between 1 and 100, not " + std::to_string(k), {0, 0, "k"});
  }
  EloChange out;
  out.k = k;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string field = "games[" + std::to_string(i) + "]";
    if (auto ok = check_rating(games[i].opponent_rating, field + ".opponent_rating"); !ok) {
      return tl::unexpected(ok.error());
    }
    if (games[i].half_points < 0 || games[i].half_points > 2) {
      return make_error(ErrorCode::kInvalidArgument,
                        field + ": a result is 0, 1 or 2 half points, not " +
                            std::to_string(games[i].half_points),
                        {0, 0, field + ".half_points"});
    }
    ++out.games;
    out.half_points += games[i].half_points;
    out.expected_hundredths += expected_hundredths(rating, games[i].opponent_rating);
  }
  // ΣΔR in hundredths: the score (half points × 50) less ΣPD.
  const long long delta = static_cast<long long>(out.half_points) * 50 - out.expected_hundredths;
  out.change_hundredths = delta * k;
  out.change = round_hundredths(out.change_hundredths);
  return out;
}

}  // namespace arbiter::rating
