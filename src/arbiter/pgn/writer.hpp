// PGN export format (PGN standard 8 and 8.1.1): the Seven Tag Roster first, then the
// other tags, a blank line, movetext in lines of at most 80 characters (comments, NAGs,
// variations, and [%clk]/[%emt]/[%eval]/[%draw offer] commands), the result, a blank line.
#pragma once

#include <ostream>
#include <string>

#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/game.hpp"

namespace arbiter::pgn {

struct WriteOptions {
  notation::Style style = notation::Style::pgn();  // other styles give non-standard PGN
  bool tags = true;
  bool comments = true;  // comments and comment commands
  bool nags = true;
  bool variations = true;
  std::size_t max_line = 80;  // PGN standard 8.2.1: export lines have at most 79-80 chars
};

// Tag value with '\' and '"' escaped (PGN standard 7).
[[nodiscard]] std::string escape_tag_value(std::string_view value);

// The termination marker to write: the one read, else the Result tag, else "*".
[[nodiscard]] std::string_view result_of(const Game& game) noexcept;

// The movetext tokens of a game wrapped into lines, the result included.
[[nodiscard]] std::string write_movetext(const Game& game, const WriteOptions& options = {});
// The whole game, ending with a blank line.
[[nodiscard]] std::string write_game(const Game& game, const WriteOptions& options = {});
void write_game(std::ostream& out, const Game& game, const WriteOptions& options = {});

}  // namespace arbiter::pgn
