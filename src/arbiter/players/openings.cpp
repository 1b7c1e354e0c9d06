#include "arbiter/players/openings.hpp"

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

std::vector<std::string> read_epd(std::istream& in) {
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string f[4];
    if (!(words >> f[0] >> f[1] >> f[2] >> f[3])) continue;
    const std::string fen = f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3] + " 0 1";
    auto pos = core::Position::from_fen(fen);
    if (pos) out.push_back(pos->fen());
  }
  return out;
}

std::vector<std::string> read_pgn(std::istream& in, int plies) {
  std::vector<std::string> out;
  pgn::Reader reader{in};
  pgn::GameBuilder builder;
  while (reader.next(builder)) {
    if (!builder.errors().empty()) continue;
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
  std::vector<std::string> fens;
  if (ends_with(path, ".epd")) {
    fens = read_epd(in);
  } else if (ends_with(path, ".pgn")) {
    fens = read_pgn(in, plies);
  } else {
    return make_error(ErrorCode::kInvalidArgument, path + ": openings must be .epd or .pgn");
  }
  if (fens.empty()) return make_error(ErrorCode::kInvalidArgument, path + ": no usable opening");
  return fens;
}

}  // namespace arbiter::players
