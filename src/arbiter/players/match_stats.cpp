#include "arbiter/players/match_stats.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace arbiter::players {
namespace {

constexpr double kZ95 = 1.959963984540054;

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// Variance of one game's points around the mean score (trinomial model).
double per_game_variance(const Wdl& w) {
  const double n = w.games();
  if (n == 0) return 0;
  const double s = w.score();
  return (w.wins * (1 - s) * (1 - s) + w.draws * (0.5 - s) * (0.5 - s) + w.losses * s * s) / n;
}

}  // namespace

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate estimate_elo(const Wdl& w) {
  EloEstimate e;
  const int n = w.games();
  if (n == 0) return e;
  const double s = w.score();
  e.elo = elo_from_score(s);
  e.draw_ratio = static_cast<double>(w.draws) / n;
  const double margin = kZ95 * std::sqrt(per_game_variance(w) / n);
  const double lo = elo_from_score(s - margin);
  const double hi = elo_from_score(s + margin);
  e.error = std::isfinite(lo) && std::isfinite(hi) ? (hi - lo) / 2
                                                   : std::numeric_limits<double>::infinity();
  return e;
}

std::string format_elo(const EloEstimate& e) {
  char buf[64];
  if (!std::isfinite(e.elo)) return e.elo > 0 ? "+inf" : "-inf";
  if (std::isfinite(e.error)) {
    std::snprintf(buf, sizeof buf, "%+.1f +/- %.1f", e.elo, e.error);
  } else {
    std::snprintf(buf, sizeof buf, "%+.1f +/- inf", e.elo);
  }
  return buf;
}

double sprt_llr(const Wdl& w, const Sprt& sprt) {
  const double var = per_game_variance(w);
  if (w.games() == 0 || var <= 0) return 0;
  const double s0 = score_from_elo(sprt.elo0);
  const double s1 = score_from_elo(sprt.elo1);
  return w.games() * (s1 - s0) * (2 * w.score() - s0 - s1) / (2 * var);
}

double sprt_lower_bound(const Sprt& s) { return std::log(s.beta / (1 - s.alpha)); }
double sprt_upper_bound(const Sprt& s) { return std::log((1 - s.beta) / s.alpha); }

SprtDecision sprt_decision(const Wdl& w, const Sprt& sprt) {
  const double llr = sprt_llr(w, sprt);
  if (llr >= sprt_upper_bound(sprt)) return SprtDecision::AcceptH1;
  if (llr <= sprt_lower_bound(sprt)) return SprtDecision::AcceptH0;
  return SprtDecision::Continue;
}

}  // namespace arbiter::players
