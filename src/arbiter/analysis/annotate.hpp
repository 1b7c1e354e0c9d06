// A game's PGN with its analysis, the way lichess exports an analysed game (lila
// Annotator.scala), so that ChessBase, SCID or lichess's own study import read it:
//  - after every move its evaluation as the [%eval] comment command, from White's view,
//    pawns with two decimals or a mate: { [%eval 0.35] }, { [%eval #-3] }; a checkmate on
//    the board is #0 (the side to move is mated, lichess's convention);
//  - on each judged move the NAG $6 (?!), $2 (?) or $4 (??), replacing any ! ? !! ?? !?
//    ?! the game had there, and lichess's comment "(0.35 -> -2.10) Blunder. Nc3 was
//    best." (ASCII "->" where lichess writes an arrow: PGN's character set is Latin-1);
//  - on each judged move the engine's line as a variation (lichess does this for
//    inaccuracies too), unless the engine's best move is the move played;
//  - the tags WhiteAccuracy and BlackAccuracy (percent, one decimal: the figure lichess
//    shows beside the game), Annotator "Arbiter", and a comment before the first move
//    with both sides' counts and average centipawn loss.
// Comments, clocks and variations the game already had stay.
#pragma once

#include "arbiter/analysis/game_analysis.hpp"
#include "arbiter/base/error.hpp"
#include "arbiter/pgn/game.hpp"

namespace arbiter::analysis {

struct AnnotateOptions {
  bool variations = true;  // the engine's line on judged moves
  bool summary = true;     // the tags and the comment before the first move
};

// `game`'s main line must be the analysed game (same start, same moves); otherwise
// kInvalidArgument naming the first ply that differs.
[[nodiscard]] Result<pgn::Game> annotate(const pgn::Game& game, const GameAnalysis& analysis,
                                         const AnnotateOptions& options = {});

}  // namespace arbiter::analysis
