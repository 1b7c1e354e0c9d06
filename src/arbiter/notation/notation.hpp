// Move notation (Art. 8, Appendix C, Appendix D; the 1850s numeric notation of seeds/003):
// writing and reading moves in every form Arbiter supports.
//
// This header is the module's contract with pgn/, game/, competition/, players/ and the
// CLI. The notation module owns the implementation; extend, do not break.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::notation {

// Piece letters by language (Appendix C.3); squares are always written with Latin letters.
enum class Language : std::uint8_t {
  English,
  Russian,
  German,
  French,
  Dutch,
  Spanish,
  Italian,
  Figurine
};

// Parses "en", "ru", "de", "fr", "nl", "es", "it", "figurine".
[[nodiscard]] Result<Language> parse_language(std::string_view code);
[[nodiscard]] std::string_view language_code(Language lang) noexcept;
// The piece's letter(s) in a language (UTF-8): "N", "К", "Кр", "♘". Empty for a pawn.
[[nodiscard]] std::string_view piece_letter(core::PieceType type, Language lang) noexcept;

enum class MoveForm : std::uint8_t {
  San,         // short algebraic: Nf3, exd5, O-O, e8=Q (C.9-C.12)
  Long,        // FIDE long algebraic: Ng1f3, e2e4, e5xd4, Qd1xd4 (C.8, C.13)
  Uci,         // coordinates: g1f3, e7e8q (castling per Position::is_chess960())
  Iccf,        // ICCF numeric: 5254; promotion digit 1=Q 2=R 3=B 4=N
  OldRussian,  // numeric notation of the 1850s rule book (seeds/003, ch. III.4): Л. 81. 31
};

struct Style {
  MoveForm form = MoveForm::San;
  Language language = Language::English;
  bool castling_zeros = false;     // 0-0 / 0-0-0 instead of O-O / O-O-O
  bool capture_sign = true;        // write 'x' (or the language's sign); C.9 makes it optional
  bool promotion_equals = true;    // e8=Q rather than e8Q
  bool en_passant_suffix = false;  // "exd6 e.p."
  bool mate_double_plus = false;   // "++" rather than "#" for mate
  bool check_sign = true;          // "+" for check
  bool long_hyphen = false;        // "Ng1-f3" in the long form
  bool colon_capture = false;      // ':' instead of 'x' ("Кр:e2", the Russian book habit)

  // Standard PGN SAN (PGN standard section 8.2.3).
  static Style pgn() { return Style{}; }
  // The FIDE scoresheet style of Appendix C in a language, short or long: 0-0, x, d8Q,
  // " e.p.", '+' and '#' in the short form; the long form is written as the Appendix C
  // example prints it (no check signs).
  static Style fide(Language lang, bool long_form = false);
  // The default style of a form (San = pgn(), Long = fide(lang, true), others fixed).
  static Style of(MoveForm form, Language lang = Language::English);
};

// Parses a style name of the CLI: "san", "fide", "long", "uci", "iccf", "old-russian".
[[nodiscard]] Result<Style> parse_style(std::string_view name, Language lang = Language::English);

// The move as text. `move` must be legal in `pos`.
[[nodiscard]] std::string san(const core::Position& pos, core::Move move,
                              const Style& style = Style::pgn());
// The same, appended to `out` (for writers that build one long string).
void append_san(std::string& out, const core::Position& pos, core::Move move,
                const Style& style = Style::pgn());

struct ParseOptions {
  // Accept only what `style` writes (its form and language); otherwise every form and
  // every language above is accepted.
  bool strict = false;
  Style style = Style::pgn();
};

// Reads a move in any form above (see docs/notation.md for the exact grammar, the
// resolution of letters shared by languages and of a lowercase 'b'). Errors:
//  kMoveSyntax    — the text is not a move; the message says where it breaks;
//  kMoveIllegal   — well formed but not legal; the message names the rule;
//  kMoveAmbiguous — several legal moves match; the message lists them (never guessed).
[[nodiscard]] Result<core::Move> parse_move(const core::Position& pos, std::string_view text,
                                            const ParseOptions& options = {});

// Appendix D announcements (D.2.1) for blind and visually impaired players. FideGerman:
// "Springer Gustav eins Felix drei", "Kurze Rochade", "Bauer Eva sieben Eva acht Dame";
// captures are announced with "schlägt", check with "Schach", mate with "Schachmatt"
// (docs/notation.md lists the English and Russian words).
enum class AnnounceStyle : std::uint8_t { FideGerman, English, Russian };
[[nodiscard]] std::string announce(const core::Position& pos, core::Move move, AnnounceStyle style);

}  // namespace arbiter::notation
