// The rating-based tie-breaks of C.07 Article 10, with the FIDE tables of B.02 Article 8.1
// (rating/fide_tables.hpp). Article 15.2 (and 16 by its scope): every forfeit stays an
// unplayed round here, so only games over the board against rated opponents count.
#include <algorithm>
#include <optional>

#include "arbiter/rating/fide_tables.hpp"
#include "arbiter/tournament/tiebreak.hpp"
#include "arbiter/tournament/tiebreak_cut.hpp"

namespace arbiter::tournament::detail {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Average rounded half up (ratings are positive).
long long rounded_average(long long sum, long long n) {
  return n == 0 ? 0 : (2 * sum + n) / (2 * n);
}

struct RatedGames {
  std::vector<int> ratings;  // the opponents' ratings, one per game
  std::vector<int> opponents;
  Points score = 0;  // 1-½-0, in tenths
};

RatedGames rated_games(const EventView& v, int i) {
  RatedGames g;
  for (const RoundView& rv : v.rounds_of[at(i)]) {
    const int opp = v.index_of(rv.opponent);
    if (rv.kind != RoundKind::Played || opp < 0) continue;
    const auto& rating = v.players[at(opp)]->rating;
    if (!rating) continue;
    g.ratings.push_back(*rating);
    g.opponents.push_back(opp);
    g.score += standard_points(rv.result);
  }
  return g;
}

// 10.1 ARO: the average rating of the opponents, with the cuts of 14.1-14.4.
long long average_rating(const RatedGames& g, int low, int high) {
  std::vector<CutElement> elements;
  for (int r : g.ratings) elements.push_back({r, r, false});
  const auto kept = apply_cuts(std::move(elements), low, high);
  long long sum = 0;
  for (const CutElement& e : kept) sum += e.value;
  return rounded_average(sum, static_cast<long long>(kept.size()));
}

// 10.2 TPR: ARO plus dp(p), p the fraction scored rounded to two decimals (B.02 8.1a).
std::optional<long long> performance(const RatedGames& g) {
  if (g.ratings.empty()) return std::nullopt;
  const auto n = static_cast<long long>(g.ratings.size());
  return average_rating(g, 0, 0) + rating::dp_from_percent(rating::percent_of(g.score, 10 * n));
}

// 10.3 PTP: the lowest rating whose expected score against these opponents (the sum of
// table 8.1b's PD, with no limit on the difference) reaches the score; with no points the
// lowest opponent's rating − 800, with every point the highest + 800.
std::optional<long long> perfect_performance(const RatedGames& g) {
  if (g.ratings.empty()) return std::nullopt;
  const auto [low, high] = std::minmax_element(g.ratings.begin(), g.ratings.end());
  const auto n = static_cast<long long>(g.ratings.size());
  if (g.score == 0) return *low - 800;
  if (g.score == 10 * n) return *high + 800;
  auto reaches = [&](long long r) {
    long long expected = 0;  // hundredths of a point
    for (int opp : g.ratings) expected += rating::expected_percent(static_cast<int>(r - opp));
    return expected >= 10LL * g.score;
  };
  long long lo = *low - 800;   // expected 0 + ... never reaches a positive score
  long long hi = *high + 800;  // expected = n: reaches any score
  while (hi - lo > 1) {
    const long long mid = lo + (hi - lo) / 2;
    (reaches(mid) ? hi : lo) = mid;
  }
  return hi;
}

// 10.4 APRO, 10.5 APPO: the average of the opponents' TPR or PTP (those who have one).
std::vector<TieBreakValue> average_of(const EventView& v,
                                      const std::vector<std::optional<long long>>& of,
                                      const TieBreakSpec& spec) {
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i) {
    std::vector<CutElement> elements;
    for (const RoundView& rv : v.rounds_of[at(i)]) {
      const int opp = v.index_of(rv.opponent);
      if (rv.kind != RoundKind::Played || opp < 0 || !of[at(opp)]) continue;
      elements.push_back({*of[at(opp)], *of[at(opp)], false});
    }
    const auto kept = apply_cuts(std::move(elements), spec.cut_low, spec.cut_high);
    long long sum = 0;
    for (const CutElement& e : kept) sum += e.value;
    out.push_back({rounded_average(sum, static_cast<long long>(kept.size())), 0});
  }
  return out;
}

}  // namespace

std::vector<TieBreakValue> rating_tiebreak(const EventView& v, const TieBreakSpec& spec) {
  std::vector<RatedGames> games;
  for (int i = 0; i < v.size(); ++i) games.push_back(rated_games(v, i));
  std::vector<std::optional<long long>> values;
  for (const RatedGames& g : games) {
    values.push_back(spec.kind == TieBreakKind::PTP || spec.kind == TieBreakKind::APPO
                         ? perfect_performance(g)
                         : performance(g));
  }
  if (spec.kind == TieBreakKind::APRO || spec.kind == TieBreakKind::APPO)
    return average_of(v, values, spec);
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i) {
    if (spec.kind == TieBreakKind::ARO) {
      out.push_back({average_rating(games[at(i)], spec.cut_low, spec.cut_high), 0});
    } else {
      out.push_back({values[at(i)].value_or(0), 0});
    }
  }
  return out;
}

}  // namespace arbiter::tournament::detail
