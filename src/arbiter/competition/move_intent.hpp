// What the text of an illegal move says about the men it moved (Art. 7.5): which piece was
// touched (4.3 binds the replacement move, 7.5.1), an uncompleted promotion (7.5.2), and,
// under A.4.2, the position the illegal move leaves on the board when it stands.
#pragma once

#include <optional>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::competition {

struct MoveIntent {
  core::Square from = core::Square::None;  // the man moved, when the text identifies one
  core::Square to = core::Square::None;
  bool castling = false;
  core::PieceType promotion = core::PieceType::None;  // None: no piece named
};

// A lenient reading of SAN / long algebraic / UCI text (English letters): the destination,
// the piece letter and any disambiguation. The origin is filled only when exactly one man
// of the side to move fits. nullopt: the text is not a move at all.
[[nodiscard]] std::optional<MoveIntent> read_intent(const core::Position& pos,
                                                    std::string_view text);

// Art. 7.5.2: a pawn moved to the last rank with no new piece named. Returns the legal
// promotion to a queen of the same colour, or nullopt when the text is not that.
[[nodiscard]] std::optional<core::Move> incomplete_promotion(const core::Position& pos,
                                                             std::string_view text);

// A.4.2: the illegal move stands. Moves the man from intent.from to intent.to (capturing
// what stands there; a pawn reaching the last rank becomes the named piece or stays a
// pawn), hands the move to the opponent and drops the castling rights of a moved king or
// rook. An error means the result is not a valid position (A.4.4: an illegal position).
[[nodiscard]] Result<core::Position> play_illegal(const core::Position& pos,
                                                  const MoveIntent& intent);
// The board after such a move as a Setup, before any rule is checked (A.4.4 needs the
// board even when it is illegal: Position::from_setup_unvalidated).
[[nodiscard]] Result<core::Setup> illegal_setup(const core::Position& pos,
                                                const MoveIntent& intent);

}  // namespace arbiter::competition
