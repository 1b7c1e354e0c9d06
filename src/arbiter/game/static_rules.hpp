// Static proofs that a side cannot checkmate (Art. 5.2.2, 6.9). Every function here is
// sound: `true` is a proof; `false` only means "not proved by this rule".
#pragma once

#include "arbiter/core/position.hpp"
#include "arbiter/game/reachability.hpp"

namespace arbiter::game {

// Material alone rules out a mate by `winner`:
//  - a lone king never gives check;
//  - king and one knight against a lone king;
//  - only bishops on squares of one colour against a king whose own men are at most
//    bishops on that same colour: every king has a neighbour of the other colour that no
//    bishop can cover, no own man can block, and the winner's king cannot cover without
//    standing next to the other king;
//  - one knight against a king whose only men are queens: of the king's neighbours next to
//    the knight, the winner's king covers at most two of three, and a queen on the third
//    takes the knight;
//  - bishops of one colour against a king with no pawn, no knight and no bishop of the other
//    colour (rooks and queens allowed): two bishops never check together, and of the two
//    neighbours of the king next to the square the check comes through, the winner's king
//    covers at most one, where a rook or queen takes the bishop or steps in between.
[[nodiscard]] bool cannot_mate_by_material(const core::Position& pos, core::Color winner) noexcept;

// A fixed pawn structure rules out a mate by `winner`: every pawn is blocked by a pawn,
// no piece can ever reach a square where it could capture or be captured by a pawn, so
// the pawns never change; the losing king's reachable region (flood fill through squares
// free of pawns and of enemy pawn attacks) is then out of reach of every checking piece
// of the winner (sliders see through everything but pawns; an over-approximation).
[[nodiscard]] bool cannot_mate_fixed_pawns(const core::Position& pos, core::Color winner) noexcept;

// The winner has only king and pawns, and can never give check: each of its pawns is
// held by an enemy pawn standing right in front of it (directly or through a chain of its
// own pawns), nothing of the loser can ever step where one of those pawns could capture
// (the loser's other pawns stay on their files behind a held pawn; its pieces are
// flood-filled with only the held pawns as obstacles), no held loser pawn can be taken
// by the winner's king, so the winner's pawns never move; a king never gives check, and
// the losing king never steps onto a pawn-attacked square.
[[nodiscard]] bool cannot_mate_locked_pawns(const core::Position& pos, core::Color winner) noexcept;

// Reachability (reachability.hpp) rules out a mate by `winner`: on no square the losing
// king may ever stand on can it be in check with every flight square covered or filled.
// A check needs a man of the winner that may ever attack that square; a flight that no man
// of the winner (its king included) may ever attack must be filled by a man of the loser
// that may ever stand there, and one man fills one flight. (Bishops of one colour never
// cover the flights of the other colour.) Declines positions with a legal en passant.
[[nodiscard]] bool cannot_mate_by_reachability(const core::Position& pos,
                                               core::Color winner) noexcept;
// The same with the sets of `reachability(pos)` computed once for both sides.
[[nodiscard]] bool cannot_mate_within(const Reachability& r, const core::Position& pos,
                                      core::Color winner) noexcept;

// True when every pawn on the board has a pawn directly in front of it (cheap pre-test).
[[nodiscard]] bool all_pawns_blocked(const core::Position& pos) noexcept;

}  // namespace arbiter::game
