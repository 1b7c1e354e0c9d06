// Internals shared by the notation sources (not part of the module's contract).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/core/bitboard.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::notation::detail {

// --- languages.cpp
constexpr int kLanguageCount = 8;
using LanguageSet = std::uint16_t;  // bit i = Language i
constexpr LanguageSet bit(Language l) noexcept {
  return static_cast<LanguageSet>(1u << static_cast<unsigned>(l));
}
constexpr LanguageSet kAllLanguages = (1u << kLanguageCount) - 1;

// One way of reading a piece designator: the piece and the languages that read it so.
struct Reading {
  core::PieceType type = core::PieceType::None;
  LanguageSet languages = 0;
};
// The readings of a piece designator at the start of `text` (at most 2). `length` receives
// the bytes used (0: not a designator). Pawn letters ('P' in English, 'П' in Russian)
// give a Pawn reading. Lowercase English letters are not designators here.
struct Designator {
  Reading readings[2];
  int count = 0;
  int length = 0;
};
[[nodiscard]] Designator read_designator(std::string_view text) noexcept;
[[nodiscard]] std::string_view piece_name(core::PieceType type) noexcept;  // "knight"

// --- legality.cpp
// Legality from geometry (Art. 3.9.2), without generating the move list: after the move,
// no enemy piece may attack the king. `m` must move a piece of the side to move by its
// own movement rules (Art. 3.2-3.7); castling and en passant are handed to the generator.
[[nodiscard]] bool is_legal_by_geometry(const core::Position& pos, core::Move m) noexcept;
// Is the piece on `s` pinned against its own king (moving it off the line exposes it)?
[[nodiscard]] bool is_pinned(const core::Position& pos, core::Square s) noexcept;

// --- numeric.cpp
void append_iccf(std::string& out, const core::Position& pos, core::Move m);
void append_old_russian(std::string& out, const core::Position& pos, core::Move m);
// The castling side of a castling move.
[[nodiscard]] inline core::CastlingSide castling_side(core::Move m) noexcept {
  return core::index(m.to()) > core::index(m.from()) ? core::CastlingSide::King
                                                     : core::CastlingSide::Queen;
}

// --- text helpers (move_parser.cpp)
[[nodiscard]] std::string quote(std::string_view text);

}  // namespace arbiter::notation::detail
