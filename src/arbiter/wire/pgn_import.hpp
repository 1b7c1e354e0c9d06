// A PGN text as the browser's viewer reads it (POST /api/pgn, docs/web-protocol.md §1.8):
// every game read with pgn::Reader and pgn::GameBuilder, written as one JSON object with
// the tags, the start position and the move tree of each game (SAN, UCI and the FEN after
// every move; comments, [%clk] and the other decoded commands, NAGs, variations), and
// every error and warning of the reader with its game, line and column. A game with
// errors is written with the moves that could be read; the games after it are read too.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::wire {

// What one import may hold (docs/security.md, "PGN import"): beyond either the rest of the
// text is not read, and one `pgn-limit` error says where it stopped.
struct PgnImportLimits {
  std::size_t max_games = 200;
  std::size_t max_moves = 40'000;  // of all the games together, variations included
};

struct PgnImport {
  std::string json;
  std::size_t games = 0;   // games written
  std::size_t moves = 0;   // moves written, variations included
  int errors = 0;          // errors counted by the reader (some may be left out of the list)
  int warnings = 0;        // the same for warnings
  bool truncated = false;  // a limit stopped the reading
};

// {"games": [Game…], "errors": [Diagnostic…], "warnings": [Diagnostic…],
//  "truncated": false, "error_count": 0, "warning_count": 0}
//
//   Game = {"number": 1, "line": 1, "tags": {"Event": "…", …}, "start_fen": "…",
//           "chess960": false, "result": "1-0", "plies": 41, "failed": false,
//           "comment": "…"?, "moves": [Move…]}
//   Move = {"san": "e4", "uci": "e2e4", "fen": "…", "comment_before": "…"?,
//           "comment": "…"?, "nags": [1]?, "clock_ms": 179000?, "emt_ms": 3000?,
//           "eval": "0.17"?, "draw_offer": true?, "variations": [[Move…], …]?}
//   Diagnostic = {"game": 2, "line": 14, "column": 9, "code": "pgn-illegal-move",
//                 "message": "…"}
//
// `moves` is a game's main line; a move's `variations` are the lines that replace it
// (PGN's RAV after the move), each starting with its own first move. Keys marked `?` are
// left out when empty. `result` is the termination marker as read ("" when missing).
[[nodiscard]] PgnImport import_pgn(std::string_view text, const PgnImportLimits& limits = {});

}  // namespace arbiter::wire
