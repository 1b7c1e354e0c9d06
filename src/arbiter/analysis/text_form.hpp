// A GameAnalysis as text, for storing it (a file, a database column) and reading it back
// exactly. Version 1, one record per line, fields separated by one TAB (docs/analysis.md,
// "Text form", has the grammar and an example):
//
//   arbiter-analysis 1
//   nodes   300000
//   start   fen=FEN  chess960=no  eval=18  depth=11
//   ply     1  move=e4  eval=25  depth=12  judgement=-  best=e4 e5 Nf3 Nc6
//   ...
//   side    white  accuracy=91.4  inaccuracies=0  mistakes=0  blunders=0  acpl=12
//   side    black  ...
//   end
//
// An evaluation is centipawns from White's view ("25", "-130") or a mate with the
// mating side's sign ("#+3", "#-2"; "#+0"/"#-0" a checkmate on the board). Moves are SAN.
// The judgements and the side lines are written for people and checked when read: they
// must be what the evaluations give (summarise()), so a stored analysis cannot say one
// thing in its numbers and another in its verdicts.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/analysis/game_analysis.hpp"
#include "arbiter/base/error.hpp"

namespace arbiter::analysis {

inline constexpr int kTextFormVersion = 1;

[[nodiscard]] std::string to_text(const GameAnalysis& analysis);

// Reads what to_text writes (a trailing "\r" on a line is allowed). Errors name the line
// (1-based), the column where the field starts and the field: kInvalidArgument for a
// line or field that is not what it must be, kUnsupported for another version,
// kMoveIllegal / kMoveSyntax / kMoveAmbiguous for a move or best line that cannot be
// played, kFen... for the start position.
[[nodiscard]] Result<GameAnalysis> parse_analysis(std::string_view text);

}  // namespace arbiter::analysis
