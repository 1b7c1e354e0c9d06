// Match statistics: score, Elo difference with a 95 % error bar, draw ratio, and the
// sequential probability ratio test (SPRT, normal approximation of the trinomial model)
// that engine testers use to stop a match once it has decided between elo0 and elo1.
#pragma once

#include <optional>
#include <string>

namespace arbiter::players {

struct Wdl {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  [[nodiscard]] int games() const noexcept { return wins + draws + losses; }
  [[nodiscard]] double score() const noexcept {  // points per game, 0..1
    return games() == 0 ? 0.0 : (wins + 0.5 * draws) / games();
  }
};

struct EloEstimate {
  double elo = 0;    // the difference the score implies
  double error = 0;  // half-width of the 95 % interval (infinite when undefined)
  double draw_ratio = 0;
};

// The logistic Elo difference of a score fraction (±infinity at 0 and 1).
[[nodiscard]] double elo_from_score(double score);
[[nodiscard]] EloEstimate estimate_elo(const Wdl& wdl);
// "+35.2 ± 40.1" (or "+inf" / "-inf").
[[nodiscard]] std::string format_elo(const EloEstimate& e);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };
struct Sprt {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
};
// The log-likelihood ratio of H1 (elo1) against H0 (elo0) for these games.
[[nodiscard]] double sprt_llr(const Wdl& wdl, const Sprt& sprt);
[[nodiscard]] SprtDecision sprt_decision(const Wdl& wdl, const Sprt& sprt);
[[nodiscard]] double sprt_lower_bound(const Sprt& sprt);
[[nodiscard]] double sprt_upper_bound(const Sprt& sprt);

}  // namespace arbiter::players
