#include "arbiter/players/openings.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "arbiter/core/position.hpp"
#include "arbiter/game/game.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"

namespace arbiter::players {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The number after an EPD operation `name` ("hmvc 3;"), or "" without it.
std::string epd_operand(const std::string& ops, const std::string& name) {
  std::istringstream words(ops);
  std::string w;
  while (words >> w) {
    if (w != name) continue;
    std::string value;
    words >> value;
    if (!value.empty() && value.back() == ';') value.pop_back();
    return value;
  }
  return "";
}

// One line of an EPD book: the four position fields, then either a FEN's two counters (as
// in the 8moves books) or EPD operations, of which hmvc and fmvn give the counters (the
// 50-move count matters: Art. 9.3). Neither: "0 1".
Result<std::string> read_epd_line(const std::string& line, int number, const std::string& path) {
  std::istringstream words(line);
  std::string f[4];
  if (!(words >> f[0] >> f[1] >> f[2] >> f[3]))
    return make_error(ErrorCode::kInvalidArgument,
                      path + ": line " + std::to_string(number) +
                          ": an EPD line needs the four position fields of a FEN",
                      Location{number, 1, {}});
  std::string rest;
  std::getline(words, rest);
  std::istringstream more(rest);
  std::string halfmove, fullmove;
  more >> halfmove >> fullmove;
  if (!all_digits(halfmove) || !all_digits(fullmove)) {
    halfmove = epd_operand(rest, "hmvc");
    fullmove = epd_operand(rest, "fmvn");
  }
  const std::string fen = f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3] + ' ' +
                          (halfmove.empty() ? "0" : halfmove) + ' ' +
                          (fullmove.empty() ? "1" : fullmove);
  auto pos = core::Position::from_fen(fen);
  if (!pos)
    return make_error(ErrorCode::kInvalidArgument,
                      path + ": line " + std::to_string(number) + ": " + pos.error().describe(),
                      Location{number, pos.error().where.column, pos.error().where.field});
  return pos->fen();
}

Result<std::vector<std::string>> read_epd(std::istream& in, const std::string& path) {
  std::vector<std::string> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank
    auto fen = read_epd_line(line, number, path);
    if (!fen) return tl::unexpected(fen.error());
    out.push_back(*fen);
  }
  return out;
}

// Each game's start position after `plies` half-moves of its main line (all, if negative).
Result<std::vector<std::string>> read_pgn(std::istream& in, int plies, const std::string& path) {
  std::vector<std::string> out;
  pgn::Reader reader{in};
  pgn::GameBuilder builder;
  for (int number = 1; reader.next(builder); ++number) {
    if (!builder.errors().empty())
      return make_error(ErrorCode::kInvalidArgument,
                        path + ": game " + std::to_string(number) + " (line " +
                            std::to_string(builder.line()) +
                            "): " + builder.errors().front().describe(),
                        Location{builder.line(), 0, {}});
    const pgn::Game& g = builder.game();
    game::Game played(g.start);
    int n = 0;
    for (core::Move m : g.mainline()) {
      if (plies >= 0 && n >= plies) break;
      if (!played.try_push(m)) break;
      ++n;
    }
    out.push_back(played.position().fen());
  }
  return out;
}

}  // namespace

Result<std::vector<std::string>> load_openings(const std::string& path, int plies) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(ErrorCode::kIo, path + ": cannot open the file");
  Result<std::vector<std::string>> fens;
  if (ends_with(path, ".epd")) {
    fens = read_epd(in, path);
  } else if (ends_with(path, ".pgn")) {
    fens = read_pgn(in, plies, path);
  } else {
    return make_error(ErrorCode::kInvalidArgument, path + ": openings must be .epd or .pgn");
  }
  if (fens && fens->empty())
    return make_error(ErrorCode::kInvalidArgument, path + ": no opening in the file");
  return fens;
}

}  // namespace arbiter::players
