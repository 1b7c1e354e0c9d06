// `arbiter tournament rating-report`: the FIDE rating report of a TRF (B.02 Article 8) as a
// table or as JSON.
#pragma once

#include <map>
#include <string>

namespace arbiter::app {

struct RatingReportArgs {
  std::string input;
  std::map<int, int> k;  // --k ID=K
  bool rapid_or_blitz = false;
  bool json = false;
};

// Reads the TRF, prints the report. Throws ExitError (3 for a bad file or a bad --k).
void run_rating_report(const RatingReportArgs& args);

// "12=40" → {12, 40}; throws ExitError{2} naming the text otherwise.
[[nodiscard]] std::pair<int, int> parse_k_assignment(const std::string& text);

}  // namespace arbiter::app
