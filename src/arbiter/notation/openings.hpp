// Opening names (issue #18 item 6): lichess's CC0 list of openings (ECO code, name, and the
// moves that reach each one, `lichess-org/chess-openings`; ../shared/testdata/openings/)
// read into a table of positions, so that a game is named by the last named position it
// passed through, whatever the move order that reached it (a transposition names the same
// opening), as lichess names its games.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::notation {

struct Opening {
  std::string eco;   // "C60"
  std::string name;  // "Ruy Lopez"
  int plies = 0;     // of the line that names it
  friend bool operator==(const Opening&, const Opening&) = default;
};

class OpeningBook {
 public:
  // Adds the lines of one file in the list's format: a header `eco<TAB>name<TAB>pgn`, then
  // one opening a line, its moves in SAN with move numbers ("1. e4 e5 2. Nf3"). Errors name
  // `source`, the line and the column: a line without three fields, an ECO code that is not
  // a letter A-E and two digits, a move that is not legal (kInvalidArgument, or the move
  // parser's kMove* code). When two lines reach one position, the first one read names it.
  Result<void> add(std::string_view text, std::string_view source);
  // Reads a..e.tsv (every *.tsv, in name order) of a directory. Errors: kIo naming a file
  // that cannot be read, no .tsv at all, or add's.
  [[nodiscard]] static Result<OpeningBook> load_directory(const std::string& dir);

  // The opening named by exactly this position (placement, side to move, castling, en
  // passant), or null.
  [[nodiscard]] const Opening* at(const core::Position& pos) const;
  // The opening of a game from the initial position: the last named position among those
  // after each of `moves` (played from `start`), or null when none is named.
  [[nodiscard]] const Opening* of_game(const core::Position& start,
                                       std::span<const core::Move> moves) const;

  [[nodiscard]] std::size_t size() const noexcept { return by_position_.size(); }

 private:
  std::unordered_map<core::Key, Opening> by_position_;
};

}  // namespace arbiter::notation
