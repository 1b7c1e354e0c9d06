// `arbiter tournament standings`: the table an arbiter publishes (rank, starting rank,
// name, rating, federation, points, each tie-break), as text, CSV or JSON. JSON is written
// by hand, strings escaped by the wire module's json_string (RFC 8259).
#pragma once

#include <cstdint>
#include <string>

#include "arbiter/wire/json_text.hpp"

#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/standings.hpp"

namespace arbiter::app {

enum class StandingsFormat { Text, Csv, Json };

struct StandingsReport {
  const tournament::Tournament* event = nullptr;
  tournament::Standings standings;
  std::string source;  // where the list came from: "202 line", "--tiebreaks", "default (...)"
  std::uint64_t seed = 0;
};

[[nodiscard]] std::string format_standings(const StandingsReport& report, StandingsFormat format);

// A JSON string literal (wire/json_text.hpp): escapes as JSON requires, a byte sequence
// that is not UTF-8 as U+FFFD, so the output is valid JSON whatever the file held.
using wire::json_string;
// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
[[nodiscard]] std::string csv_field(const std::string& text);

// Reads IN.trf and prints its standings; `tiebreaks` empty: the file's 202/212 line, else
// the default. Throws ExitError: 3 for a bad file or tie-break list.
void run_standings(const std::string& input, const std::string& tiebreaks, std::uint64_t seed,
                   StandingsFormat format);

}  // namespace arbiter::app
