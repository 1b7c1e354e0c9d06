// `arbiter tournament standings`: the table an arbiter publishes (rank, starting rank,
// name, rating, federation, points, each tie-break), as text, CSV or JSON. JSON is written
// by hand (nlohmann-json belongs to the wire module), escaped per RFC 8259.
#pragma once

#include <cstdint>
#include <string>

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

// A JSON string literal: quotes, backslash and control characters escaped; other bytes
// (UTF-8) as they are.
[[nodiscard]] std::string json_string(const std::string& text);
// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
[[nodiscard]] std::string csv_field(const std::string& text);

// Reads IN.trf and prints its standings; `tiebreaks` empty: the file's 202/212 line, else
// the default. Throws ExitError: 3 for a bad file or tie-break list.
void run_standings(const std::string& input, const std::string& tiebreaks, std::uint64_t seed,
                   StandingsFormat format);

}  // namespace arbiter::app
