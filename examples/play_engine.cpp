// Play against the engine: you have White and type your moves (Nf3, O-O, exd5, g1f3...);
// an empty line or the end of the input plays your first legal move for you. The game
// module ends the game by the Laws: mate, stalemate, dead position, fivefold repetition,
// 75 moves.
//
//   play_engine [DEPTH]      (the engine's search depth, default 6)
#include <cstdlib>
#include <iostream>
#include <string>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/game/game.hpp"
#include "arbiter/notation/notation.hpp"

using namespace arbiter;

int main(int argc, char** argv) {
  engine::Engine engine;  // one search thread, 16 MB of hash
  engine::SearchLimits limits;
  limits.depth = argc > 1 ? std::atoi(argv[1]) : 6;
  game::Game game;  // the initial position (Art. 2.3) and the moves played from it
  std::string line;
  while (!game.outcome().is_over()) {
    const core::Position& pos = game.position();
    Result<core::Move> move = core::legal_moves(pos)[0];
    if (pos.side_to_move() == core::Color::Black) {
      engine.set_position(pos);
      move = engine.search(limits).best;  // waits for the search to finish
    } else {
      std::cout << "Your move? " << std::flush;  // SAN in any language, long form, or UCI:
      if (std::getline(std::cin, line) && !line.empty()) move = notation::parse_move(pos, line);
    }
    if (!move) {  // not a legal move here: the error says why, and you try again
      std::cout << move.error().message << "\n";
      continue;
    }
    std::cout << (pos.side_to_move() == core::Color::White ? "White " : "Black ")
              << notation::san(pos, *move) << "\n";
    game.push(*move);
  }
  const game::Outcome end = game.outcome();
  std::cout << game::result_text(end) << " (" << game::to_string(end.termination) << ")\n";
}
