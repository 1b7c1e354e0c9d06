// Lists the legal moves of a position in short algebraic notation with the Russian piece
// letters of FIDE Appendix C.3: Кр (король, king), Ф (ферзь, queen), Л (ладья, rook),
// С (слон, bishop), К (конь, knight); pawn moves have no letter.
//
//   russian_moves ["FEN"]      (default: the initial position)
#include <iostream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/notation/notation.hpp"

using namespace arbiter;

int main(int argc, char** argv) {
  // Input that may be wrong comes back as a Result<T>: a value, or an Error that says
  // which rule the text breaks and where.
  Result<core::Position> position = core::Position::startpos();
  if (argc > 1) position = core::Position::from_fen(argv[1]);
  if (!position) {
    std::cerr << "not a legal position: " << position.error().describe() << "\n";
    return 1;
  }

  // The scoresheet style of Appendix C: 0-0 for castling, x for captures, e8Ф for a
  // promotion, + and # for check and mate.
  const notation::Style russian = notation::Style::fide(notation::Language::Russian);
  for (core::Move move : core::legal_moves(*position))
    std::cout << notation::san(*position, move, russian) << "\n";
  return 0;
}
