#include "standings_output.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <vector>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/wire/json_text.hpp"
#include "commands.hpp"
#include "trf_arg.hpp"

namespace arbiter::app {

namespace {

using tournament::format_points;
using tournament::format_value;

struct Cells {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// The table's cells, shared by the text and CSV forms.
Cells cells(const StandingsReport& r) {
  Cells c;
  c.header = {"Rank", "SNo", "Name", "Rating", "Fed", "Pts"};
  for (const auto& spec : r.standings.tiebreaks) c.header.push_back(tournament::to_string(spec));
  for (const auto& row : r.standings.rows) {
    const tournament::Player& p = *r.event->find(row.id);
    std::vector<std::string> line = {std::to_string(row.rank) + (row.by_lot ? "*" : ""),
                                     std::to_string(p.id),
                                     p.name,
                                     p.rating ? std::to_string(*p.rating) : "",
                                     p.federation,
                                     format_points(row.points)};
    for (const auto& v : row.values) line.push_back(format_value(v));
    c.rows.push_back(std::move(line));
  }
  return c;
}

std::string heading(const StandingsReport& r) {
  const auto& s = r.standings;
  std::string name = r.event->header("012");
  const int scheduled = r.event->settings.rounds.value_or(s.rounds);
  return fmt::format(
      "{}Standings after round {} of {} ({}; unplayed rounds by FIDE C.07 Article {})\n"
      "Tie-breaks ({}): {}\n",
      name.empty() ? "" : name + "\n", s.rounds, scheduled, s.round_robin ? "round robin" : "Swiss",
      s.round_robin ? 15 : 16, r.source, s.tiebreaks.empty() ? "none" : [&] {
        std::string list;
        for (const auto& spec : s.tiebreaks)
          list += (list.empty() ? "" : ", ") + tournament::to_string(spec);
        return list;
      }());
}

std::string text(const StandingsReport& r) {
  const Cells c = cells(r);
  std::vector<std::size_t> width(c.header.size());
  for (std::size_t k = 0; k < c.header.size(); ++k) {
    width[k] = c.header[k].size();
    for (const auto& row : c.rows) width[k] = std::max(width[k], row[k].size());
  }
  auto line = [&](const std::vector<std::string>& cols) {
    std::string out;
    for (std::size_t k = 0; k < cols.size(); ++k) {
      const std::size_t pad = width[k] - cols[k].size();
      // Name and federation to the left, numbers to the right.
      const bool left = k == 2 || k == 4;
      out += (k == 0 ? "" : "  ") +
             (left ? cols[k] + std::string(pad, ' ') : std::string(pad, ' ') + cols[k]);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  };
  std::string out = heading(r) + "\n" + line(c.header);
  bool lots = false;
  for (const auto& row : c.rows) out += line(row);
  for (const auto& row : r.standings.rows) lots = lots || row.by_lot;
  if (lots)
    out += fmt::format(
        "\n* still tied after every tie-break: placed by drawing of lots (seed {})\n", r.seed);
  return out;
}

std::string csv(const StandingsReport& r) {
  const Cells c = cells(r);
  std::string out;
  auto line = [&](const std::vector<std::string>& cols) {
    for (std::size_t k = 0; k < cols.size(); ++k) {
      if (k != 0) out += ',';
      out += csv_field(cols[k]);
    }
    out += "\r\n";
  };
  line(c.header);
  for (auto row : c.rows) {
    if (!row[0].empty() && row[0].back() == '*') row[0].pop_back();  // the lot is in JSON only
    line(row);
  }
  return out;
}

std::string json(const StandingsReport& r) {
  const auto& s = r.standings;
  std::string out = "{\"event\":" + json_string(r.event->header("012")) +
                    ",\"rounds\":" + std::to_string(s.rounds) +
                    ",\"system\":" + (s.round_robin ? "\"round robin\"" : "\"swiss\"") +
                    ",\"tiebreaks_from\":" + json_string(r.source) + ",\"tiebreaks\":[";
  for (std::size_t k = 0; k < s.tiebreaks.size(); ++k) {
    if (k != 0) out += ',';
    out += json_string(tournament::to_string(s.tiebreaks[k]));
  }
  out += "],\"seed\":" + std::to_string(r.seed) + ",\"standings\":[";
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& row = s.rows[i];
    const tournament::Player& p = *r.event->find(row.id);
    out += (i ? ",\n" : "\n") + fmt::format("{{\"rank\":{},\"sno\":{},\"name\":{},\"rating\":{},",
                                            row.rank, p.id, json_string(p.name),
                                            p.rating ? std::to_string(*p.rating) : "null");
    out += "\"federation\":" + json_string(p.federation) +
           ",\"points\":" + format_points(row.points) + ",\"tiebreaks\":[";
    for (std::size_t k = 0; k < row.values.size(); ++k) {
      if (k != 0) out += ',';
      out += format_value(row.values[k]);
    }
    out += std::string("],\"by_lot\":") + (row.by_lot ? "true" : "false") + "}";
  }
  return out + "\n]}\n";
}

// The 202 (or 212) line's number and the column of its `position`-th item, for the error.
std::pair<int, int> tiebreak_item_place(const tournament::Tournament& t, int position) {
  for (std::size_t i = 0; i < t.records.size(); ++i) {
    const std::string& line = t.records[i].text;
    if (t.records[i].player >= 0 || (line.rfind("202", 0) != 0 && line.rfind("212", 0) != 0))
      continue;
    int item = 0;
    for (std::size_t k = 3; k < line.size(); ++k) {
      const bool sep = line[k] == ',' || line[k] == ' ';
      const bool starts = !sep && (line[k - 1] == ',' || line[k - 1] == ' ');
      if (starts && ++item == position) return {static_cast<int>(i) + 1, static_cast<int>(k) + 1};
    }
    return {static_cast<int>(i) + 1, 4};
  }
  return {0, 0};
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string format_standings(const StandingsReport& report, StandingsFormat format) {
  switch (format) {
    case StandingsFormat::Csv: return csv(report);
    case StandingsFormat::Json: return json(report);
    default: return text(report);
  }
}

void run_standings(const std::string& input, const std::string& tiebreaks, std::uint64_t seed,
                   StandingsFormat format) {
  const tournament::Tournament t = load_trf(input);
  StandingsReport report;
  report.event = &t;
  report.seed = seed;
  Result<std::vector<tournament::TieBreakSpec>> list;
  if (!tiebreaks.empty()) {
    list = tournament::parse_tiebreaks(tiebreaks);
    if (!list) throw ExitError{3, "--tiebreaks: " + list.error().message};
    report.source = "--tiebreaks";
  } else if (!t.settings.tiebreaks.empty()) {
    list = tournament::file_tiebreaks(t);
    if (!list) {
      const auto [line, column] = tiebreak_item_place(t, list.error().where.column);
      throw ExitError{
          3, fmt::format("{}:{}:{}: tiebreaks: {}", input, line, column, list.error().message)};
    }
    report.source = "the file's 202/212 line";
  } else {
    list = tournament::parse_tiebreaks(tournament::default_tiebreaks(t));
    report.source =
        "default for a " + std::string(tournament::is_round_robin(t) ? "round robin" : "Swiss");
  }
  report.standings = tournament::compute_standings(t, *list, seed);
  write_output("", format_standings(report, format));
}

}  // namespace arbiter::app
