// Writing a TRF: player lines in the fixed columns of spec/tournaments.md, every other
// line as it was read, each with the file's line ending (LF files are written with CRLF:
// the spec writes CR or CRLF only).
#include <string>

#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {

namespace {

// Writes `text` into columns first..last (1-based) of `line`, right-aligned if asked.
void put(std::string& line, int first, int last, std::string_view text, bool right = false) {
  const auto width = static_cast<std::size_t>(last - first + 1);
  if (line.size() < static_cast<std::size_t>(last))
    line.resize(static_cast<std::size_t>(last), ' ');
  const std::size_t n = std::min(width, text.size());
  const std::size_t start = static_cast<std::size_t>(first - 1) + (right ? width - n : 0);
  line.replace(start, n, text.substr(0, n));
}

std::string number(int value) { return std::to_string(value); }

}  // namespace

std::string format_player_line(const Player& p) {
  std::string line = "001";
  put(line, 5, 8, number(p.id), true);
  put(line, 10, 10, std::string(1, p.sex));
  put(line, 11, 13, p.title);
  put(line, 15, 47, p.name);
  if (p.rating) put(line, 49, 52, number(*p.rating), true);
  put(line, 54, 56, p.federation);
  put(line, 58, 68, p.fide_id, true);
  put(line, 70, 79, p.birth_date);
  if (p.points) {
    // Four columns: `11.5`, and whole numbers past 99 without their `.0`.
    std::string points = format_points(*p.points);
    if (points.size() > 4 && points.ends_with(".0")) points.resize(points.size() - 2);
    put(line, 81, 84, points, true);
  }
  if (p.rank) put(line, 86, 89, number(*p.rank), true);
  // A blank entry (no opponent, colour or result) is a zero-point bye, worth what the
  // file's BBZ says; after the line's last written entry it would be trailing spaces,
  // which a reader drops with the bye's points (found by fuzz_trf): written out instead.
  int last_written = 0;
  for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
    const RoundEntry& e = p.rounds[static_cast<std::size_t>(r - 1)];
    const bool spaces = e.opponent == 0 && e.opponent_blank && e.colour_blank &&
                        e.colour == Colour::None && e.result_blank &&
                        e.result == ResultCode::ZeroBye;
    if (!spaces) last_written = r;
  }
  for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
    RoundEntry e = p.rounds[static_cast<std::size_t>(r - 1)];
    if (r > last_written) e.opponent_blank = e.colour_blank = e.result_blank = false;
    const int oc = opponent_column(r);
    // An opponent right-aligned; nobody as `0000` (or blank, if the file had it so).
    if (e.opponent != 0) {
      put(line, oc, oc + 3, number(e.opponent), true);
    } else {
      put(line, oc, oc + 3, e.opponent_blank ? "    " : "0000");
    }
    put(line, oc + 5, oc + 5,
        e.colour_blank && e.colour == Colour::None ? " "
                                                   : std::string(1, static_cast<char>(e.colour)));
    put(line, oc + 7, oc + 7,
        e.result_blank && e.result == ResultCode::ZeroBye
            ? " "
            : std::string(1, static_cast<char>(e.result)));
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (static_cast<int>(line.size()) < p.width) line.resize(static_cast<std::size_t>(p.width), ' ');
  return line;
}

std::string write_trf(const Tournament& t) {
  const char* ending = t.ending == LineEnding::Cr ? "\r" : "\r\n";
  std::string out;
  for (std::size_t i = 0; i < t.records.size(); ++i) {
    const Record& r = t.records[i];
    out +=
        r.player >= 0 ? format_player_line(t.players[static_cast<std::size_t>(r.player)]) : r.text;
    if (i + 1 < t.records.size() || t.final_ending) out += ending;
  }
  return out;
}

}  // namespace arbiter::tournament
