// What a move text says, before it is matched against the position (internal).
#pragma once

#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation::detail {

struct MoveSpec {
  bool castling = false;
  core::CastlingSide side = core::CastlingSide::King;
  // PieceType::None: not said (coordinate forms: UCI, ICCF, a long form without letter).
  core::PieceType type = core::PieceType::None;
  int from_file = -1;  // 0-7 or -1
  int from_rank = -1;
  core::Square to = core::Square::None;
  core::PieceType promotion = core::PieceType::None;  // None: not written
  bool capture = false;                               // a capture sign was written
  bool en_passant = false;                            // "e.p." was written
  [[nodiscard]] bool has_from_square() const noexcept { return from_file >= 0 && from_rank >= 0; }
};

// A move text read, before the position is looked at.
struct ParsedText {
  MoveSpec spec;
  Designator designator;     // count 0: no piece letter
  bool lowercase_b = false;  // "bxc3": may be a sloppy bishop if no pawn move fits
};

// Reads a move text (trimmed, not empty) by the grammar of docs/notation.md. Errors are
// kMoveSyntax with the column where the text breaks.
[[nodiscard]] Result<ParsedText> read_move_text(std::string_view text, bool strict);
[[nodiscard]] std::string_view trim(std::string_view s) noexcept;

// The legal moves that fit `spec`. A castling move also fits a king move written with
// both squares (e1g1, Ke1g1, 5171, Кр. 51. 71; king-takes-rook e1h1 in Chess960) when no
// ordinary king move fits.
void match_spec(const core::Position& pos, const core::MoveList& legal, const MoveSpec& spec,
                core::MoveList& out) noexcept;

// Why no legal move fits `spec` (kMoveIllegal, naming the rule).
[[nodiscard]] Error explain_no_match(const core::Position& pos, const core::MoveList& legal,
                                     const MoveSpec& spec, std::string_view text);

}  // namespace arbiter::notation::detail
