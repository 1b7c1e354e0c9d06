// Writing moves: SAN and its FIDE variants (Appendix C.8-C.13), the long form, UCI, and
// the numeric forms (numeric.cpp), with piece letters by language (C.3).
#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation {

using core::Bitboard;
using core::Move;
using core::PieceType;
using core::Position;
using core::Square;

Style Style::fide(Language lang, bool long_form) {
  Style s;
  s.form = long_form ? MoveForm::Long : MoveForm::San;
  s.language = lang;
  s.castling_zeros = true;     // C.13: 0-0, 0-0-0
  s.promotion_equals = false;  // C.11: d8Q
  s.en_passant_suffix = true;  // C.9.3: "e.p." may be added
  s.check_sign = !long_form;   // the long form of the Appendix C example has no '+'
  return s;
}

Style Style::of(MoveForm form, Language lang) {
  switch (form) {
    case MoveForm::San: {
      Style s = pgn();
      s.language = lang;
      return s;
    }
    case MoveForm::Long: return fide(lang, true);
    case MoveForm::Uci:
    case MoveForm::Iccf:
    case MoveForm::OldRussian: {
      Style s;
      s.form = form;
      s.language = lang;
      return s;
    }
  }
  return pgn();
}

Result<Style> parse_style(std::string_view name, Language lang) {
  if (name == "san") return Style::of(MoveForm::San, lang);
  if (name == "fide") return Style::fide(lang, false);
  if (name == "long") return Style::fide(lang, true);
  if (name == "uci") return Style::of(MoveForm::Uci, lang);
  if (name == "iccf") return Style::of(MoveForm::Iccf, lang);
  if (name == "old-russian") return Style::of(MoveForm::OldRussian, lang);
  return make_error(ErrorCode::kInvalidArgument,
                    "unknown style '" + std::string(name) +
                        "' (expected san, fide, long, uci, iccf or old-russian)");
}

namespace {

void append_square(std::string& out, Square s) {
  out += static_cast<char>('a' + core::index(core::file_of(s)));
  out += static_cast<char>('1' + core::index(core::rank_of(s)));
}

// C.10: the file if it tells the pieces apart, else the rank, else both. Only pieces
// that can legally reach the square count (a pinned piece needs no disambiguation).
void append_disambiguation(std::string& out, const Position& pos, Move m, PieceType type) {
  const core::Color us = pos.side_to_move();
  Bitboard others =
      core::attacks_of(type, m.to(), pos.pieces()) & pos.pieces(us, type) & ~core::bb(m.from());
  if (!others) return;
  bool any = false;
  bool same_file = false;
  bool same_rank = false;
  while (others) {
    const Square s = core::pop_lsb(others);
    if (!detail::is_legal_by_geometry(pos, Move(s, m.to()))) continue;
    any = true;
    same_file |= core::file_of(s) == core::file_of(m.from());
    same_rank |= core::rank_of(s) == core::rank_of(m.from());
  }
  if (!any) return;
  if (!same_file) {
    out += static_cast<char>('a' + core::index(core::file_of(m.from())));
  } else if (!same_rank) {
    out += static_cast<char>('1' + core::index(core::rank_of(m.from())));
  } else {
    append_square(out, m.from());
  }
}

void append_check(std::string& out, const Position& pos, Move m, const Style& style) {
  if (!style.check_sign) return;
  const Position after = pos.after(m);
  if (!after.in_check()) return;
  if (core::has_legal_moves(after))
    out += '+';
  else
    out += style.mate_double_plus ? "++" : "#";  // C.13
}

void append_algebraic(std::string& out, const Position& pos, Move m, const Style& style) {
  const bool long_form = style.form == MoveForm::Long;
  if (m.is_castling()) {
    // C.13; Chess960 castling is written the same way (Guideline II.3.2).
    const char* text = detail::castling_side(m) == core::CastlingSide::King
                           ? (style.castling_zeros ? "0-0" : "O-O")
                           : (style.castling_zeros ? "0-0-0" : "O-O-O");
    out += text;
    append_check(out, pos, m, style);
    return;
  }
  const PieceType type = pos.moved_piece(m);
  const bool capture = pos.is_capture(m);
  if (type != PieceType::Pawn) {
    out += piece_letter(type, style.language);  // C.8
    if (long_form)
      append_square(out, m.from());
    else
      append_disambiguation(out, pos, m, type);
  } else if (long_form) {
    append_square(out, m.from());
  } else if (capture) {
    out += static_cast<char>('a' + core::index(core::file_of(m.from())));  // C.9.3
  }
  if (capture && style.capture_sign)
    out += style.colon_capture ? ':' : 'x';  // C.9
  else if (long_form && style.long_hyphen)
    out += '-';
  append_square(out, m.to());
  if (m.is_promotion()) {  // C.11
    if (style.promotion_equals) out += '=';
    out += piece_letter(m.promotion(), style.language);
  }
  if (m.is_en_passant() && style.en_passant_suffix) out += " e.p.";  // C.9.3
  append_check(out, pos, m, style);
}

}  // namespace

void append_san(std::string& out, const Position& pos, Move move, const Style& style) {
  ARB_ASSERT(pos.is_legal(move));
  switch (style.form) {
    case MoveForm::San:
    case MoveForm::Long: append_algebraic(out, pos, move, style); return;
    case MoveForm::Uci: out += core::to_uci(pos, move); return;
    case MoveForm::Iccf: detail::append_iccf(out, pos, move); return;
    case MoveForm::OldRussian: detail::append_old_russian(out, pos, move); return;
  }
}

std::string san(const Position& pos, Move move, const Style& style) {
  std::string out;
  append_san(out, pos, move, style);
  return out;
}

}  // namespace arbiter::notation
