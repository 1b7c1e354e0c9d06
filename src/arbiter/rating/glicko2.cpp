// Glicko-2, step by step as Glickman's "Example of the Glicko-2 system" (2013) numbers them.
#include "arbiter/rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace arbiter::rating {

namespace {

// Step 2: the Glicko-2 scale is the Glicko scale divided by 400 / ln 10.
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500.0;

// Step 3: g(φ) weighs an opponent's result down by the uncertainty of their rating.
double g(double phi) noexcept {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 3: E(μ, μj, φj), the expected score against opponent j.
double expectation(double mu, double mu_j, double phi_j) noexcept {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

Result<void> check_rating(const Glicko2Rating& r, const char* who) {
  const std::string prefix = who;
  if (!std::isfinite(r.rating)) {
    return make_error(ErrorCode::kInvalidArgument, prefix + " rating is not a finite number",
                      {0, 0, prefix + ".rating"});
  }
  if (!std::isfinite(r.deviation) || r.deviation <= 0.0) {
    return make_error(ErrorCode::kInvalidArgument,
                      prefix + " deviation must be a finite number above 0",
                      {0, 0, prefix + ".deviation"});
  }
  if (!std::isfinite(r.volatility) || r.volatility <= 0.0) {
    return make_error(ErrorCode::kInvalidArgument,
                      prefix + " volatility must be a finite number above 0",
                      {0, 0, prefix + ".volatility"});
  }
  return {};
}

Result<void> check_input(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                         const Glicko2Settings& settings) {
  if (!(settings.tau > 0.0) || !std::isfinite(settings.tau)) {
    return make_error(ErrorCode::kInvalidArgument, "tau must be a finite number above 0",
                      {0, 0, "tau"});
  }
  if (!(settings.epsilon > 0.0) || !std::isfinite(settings.epsilon)) {
    return make_error(ErrorCode::kInvalidArgument, "epsilon must be a finite number above 0",
                      {0, 0, "epsilon"});
  }
  if (auto ok = check_rating(player, "player"); !ok) return ok;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string who = "games[" + std::to_string(i) + "].opponent";
    if (auto ok = check_rating(games[i].opponent, who.c_str()); !ok) return ok;
    const double s = games[i].score;
    if (!std::isfinite(s) || s < 0.0 || s > 1.0) {
      return make_error(ErrorCode::kInvalidArgument,
                        "games[" + std::to_string(i) + "]: a score must be between 0 and 1",
                        {0, 0, "games[" + std::to_string(i) + "].score"});
    }
  }
  return {};
}

// Step 5: the new volatility σ', the root of f found by the Illinois variant of regula
// falsi, as the paper gives it (5.1-5.5).
double new_volatility(double phi, double sigma, double v, double delta,
                      const Glicko2Settings& settings) noexcept {
  const double tau = settings.tau;
  const double a = std::log(sigma * sigma);  // 5.1
  const double phi2 = phi * phi;
  const double delta2 = delta * delta;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  // 5.2: the initial bracket [A, B].
  double big_a = a;
  double big_b = 0.0;
  if (delta2 > phi2 + v) {
    big_b = std::log(delta2 - phi2 - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0.0 && k < 10'000) ++k;
    big_b = a - k * tau;
  }
  // 5.3-5.4: narrow the bracket until it is within ε.
  double f_a = f(big_a);
  double f_b = f(big_b);
  for (int iteration = 0; std::abs(big_b - big_a) > settings.epsilon && iteration < 1'000;
       ++iteration) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);  // 5.5
}

}  // namespace

Result<Glicko2Rating> update(const Glicko2Rating& player, std::span<const Glicko2Game> games,
                             const Glicko2Settings& settings) {
  if (auto ok = check_input(player, games, settings); !ok) return tl::unexpected(ok.error());
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - kCentre) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    // A player who did not compete: only the deviation grows (step 6 with σ unchanged).
    Glicko2Rating out = player;
    out.deviation = std::clamp(kScale * std::sqrt(phi * phi + sigma * sigma),
                               settings.min_deviation, settings.max_deviation);
    return out;
  }
  // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
  double inverse_v = 0.0;
  double improvement = 0.0;  // Σ g(φj)(sj − E), Δ / v
  for (const Glicko2Game& game : games) {
    const double mu_j = (game.opponent.rating - kCentre) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expectation(mu, mu_j, phi_j);
    const double gj = g(phi_j);
    inverse_v += gj * gj * e * (1.0 - e);
    improvement += gj * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * improvement;
  // Step 5: the new volatility.
  const double sigma_new = new_volatility(phi, sigma, v, delta, settings);
  // Step 6: the pre-period deviation φ*.
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  // Step 7: the new deviation and rating.
  double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  phi_new = std::clamp(phi_new, settings.min_deviation / kScale, settings.max_deviation / kScale);
  const double mu_new = mu + phi_new * phi_new * improvement;
  // Step 8: back to the Glicko scale.
  return Glicko2Rating{kScale * mu_new + kCentre, kScale * phi_new, sigma_new};
}

Glicko2Rating idle(const Glicko2Rating& player, double days,
                   const Glicko2Settings& settings) noexcept {
  if (!std::isfinite(days) || days <= 0.0) return player;
  const double periods = days * settings.periods_per_day;
  const double phi = player.deviation / kScale;
  const double grown =
      kScale * std::sqrt(phi * phi + periods * player.volatility * player.volatility);
  Glicko2Rating out = player;
  out.deviation = std::min(std::max(grown, player.deviation), settings.max_deviation);
  return out;
}

bool is_provisional(const Glicko2Rating& player, const Glicko2Settings& settings) noexcept {
  return player.deviation > settings.provisional_deviation;
}

double expected_score(const Glicko2Rating& player, const Glicko2Rating& opponent) noexcept {
  return expectation((player.rating - kCentre) / kScale, (opponent.rating - kCentre) / kScale,
                     opponent.deviation / kScale);
}

}  // namespace arbiter::rating
