// Reads a PGN file and prints, for each game, the position at the end of its main line as
// a FEN and the game's result.
//
//   final_positions GAMES.pgn
//
// The reader is lenient: a game with a bad move is reported on standard error with its
// line and column, keeps the moves before it, and reading goes on with the next game.
// Exit status 0 when every game was read without an error, 1 otherwise, 2 when the file
// cannot be opened.
#include <fstream>
#include <iostream>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: final_positions GAMES.pgn\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  if (!file) {
    std::cerr << argv[1] << ": cannot open the file\n";
    return 2;
  }

  arbiter::pgn::Reader reader{file};  // tokens, one game per next()
  arbiter::pgn::GameBuilder builder;  // plays every move on a board as it is read
  while (reader.next(builder)) {
    for (const arbiter::Error& error : builder.errors())
      std::cerr << argv[1] << ": " << error.describe() << "\n";
    const arbiter::pgn::Game& game = builder.game();
    // result_of: the result written after the moves, else the Result tag, else "*".
    std::cout << game.final_position().fen() << "  " << arbiter::pgn::result_of(game) << "\n";
  }
  return reader.error_count() == 0 ? 0 : 1;
}
