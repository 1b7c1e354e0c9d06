#include "arbiter/rating/fide_tables.hpp"

#include <algorithm>
#include <array>

namespace arbiter::rating {

namespace {

// B.02 Article 8.1, table 8.1a: dp for p = 1.00, 0.99, ..., 0.50 (index 100 - p). The
// values for p < 0.50 are the negatives of those for 1 - p (the table prints both halves).
constexpr std::array<int, 51> kDpHigh = {
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383,  // 1.00 .. 0.91
    366, 351, 336, 322, 309, 296, 284, 273, 262, 251,  // 0.90 .. 0.81
    240, 230, 220, 211, 202, 193, 184, 175, 166, 158,  // 0.80 .. 0.71
    149, 141, 133, 125, 117, 110, 102, 95,  87,  80,   // 0.70 .. 0.61
    72,  65,  57,  50,  43,  36,  29,  21,  14,  7,    // 0.60 .. 0.51
    0,                                                 // 0.50
};

// B.02 Article 8.1, table 8.1b: the highest rating difference D for which the higher rated
// player's expected score is PD = 0.50, 0.51, ..., 0.99 (index PD - 50); above 735, 1.00.
constexpr std::array<int, 50> kUpperDifference = {
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,   // 0.50 .. 0.59
    76,  83,  91,  98,  106, 113, 121, 129, 137, 145,  // 0.60 .. 0.69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  // 0.70 .. 0.79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  // 0.80 .. 0.89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  // 0.90 .. 0.99
};

}  // namespace

int dp_from_percent(int p) noexcept {
  p = std::clamp(p, 0, 100);
  if (p >= 50) return kDpHigh[static_cast<std::size_t>(100 - p)];
  return -kDpHigh[static_cast<std::size_t>(p)];
}

int percent_of(long long points, long long games) noexcept {
  if (games <= 0) return 0;
  // round(100 * points / games), half up, for points >= 0
  return static_cast<int>((200 * points + games) / (2 * games));
}

int expected_percent(int difference) noexcept {
  if (difference < 0) return 100 - expected_percent(-difference);
  const auto* it = std::lower_bound(kUpperDifference.begin(), kUpperDifference.end(), difference);
  return 50 + static_cast<int>(it - kUpperDifference.begin());
}

}  // namespace arbiter::rating
