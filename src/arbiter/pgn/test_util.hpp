// Helpers shared by the pgn tests (not part of the library).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"

namespace arbiter::pgn::testing {

struct ReadGame {
  Game game;
  std::vector<Error> errors, warnings;
};

// Every game of `text`, read leniently with a GameBuilder.
inline std::vector<ReadGame> read_games(const std::string& text, BuilderOptions options = {}) {
  std::istringstream in(text);
  Reader reader(in);
  GameBuilder builder(options);
  std::vector<ReadGame> out;
  while (reader.next(builder))
    out.push_back(ReadGame{builder.take(), builder.errors(), builder.warnings()});
  return out;
}

// The main line in UCI coordinates, space-separated ("--" for a null move).
inline std::string uci_line(const Game& g) {
  std::string out;
  core::Position pos = g.start;
  for (const Node* n = g.root.main_child(); n != nullptr; n = n->main_child()) {
    if (!out.empty()) out += ' ';
    core::Undo u;
    if (n->move == core::Move::null()) {
      out += "--";
      pos.do_null_move(u);
    } else {
      out += core::to_uci(pos, n->move);
      pos.do_move(n->move, u);
    }
  }
  return out;
}

}  // namespace arbiter::pgn::testing
