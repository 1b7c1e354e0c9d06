// Reading a move in any supported form (Appendix C, UCI, ICCF, the 1850s numeric
// notation), in any language. The grammar and the rules for letters that mean different
// pieces in different languages are documented in docs/notation.md.
#include "arbiter/notation/fast_san.hpp"
#include "arbiter/notation/move_spec.hpp"

namespace arbiter::notation {

using core::Move;
using core::PieceType;
using detail::Designator;
using detail::MoveSpec;
using detail::Reading;

namespace {

using detail::ParsedText;
using detail::quote;
using detail::trim;

std::string language_list(detail::LanguageSet set) {
  std::string out;
  for (int l = 0; l < detail::kLanguageCount; ++l) {
    if (!(set & (1u << l))) continue;
    if (!out.empty()) out += ", ";
    out += language_code(static_cast<Language>(l));
  }
  return out;
}

std::string list_moves(const core::Position& pos, const core::MoveList& moves, Language lang) {
  std::string out;
  Style style = Style::pgn();
  style.language = lang;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += san(pos, m, style);
  }
  return out;
}

// Matches the text under each reading of its piece letter (see docs/notation.md): the
// preferred language's reading when it fits a legal move; otherwise the other languages'
// readings, when exactly one of them fits.
Result<Move> resolve(const core::Position& pos, std::string_view text, const ParsedText& parsed,
                     const ParseOptions& options) {
  const core::MoveList legal = core::legal_moves(pos);
  core::MoveList found;
  MoveSpec spec = parsed.spec;
  const auto finish = [&](const core::MoveList& matches, Language lang) -> Result<Move> {
    if (matches.size() == 1) return matches[0];
    return make_error(
        ErrorCode::kMoveAmbiguous,
        quote(text) + " is ambiguous (C.10): it could be " + list_moves(pos, matches, lang),
        Location{0, 0, "move"});
  };
  if (spec.castling || parsed.designator.count == 0) {
    spec.type = spec.castling || spec.has_from_square() ? PieceType::None : PieceType::Pawn;
    detail::match_spec(pos, legal, spec, found);
    if (!found.empty()) return finish(found, options.style.language);
    if (parsed.lowercase_b) {  // "bc4": no pawn move fits, so a sloppy bishop letter
      MoveSpec bishop = spec;
      bishop.type = PieceType::Bishop;
      bishop.from_file = -1;
      core::MoveList as_bishop;
      detail::match_spec(pos, legal, bishop, as_bishop);
      if (!as_bishop.empty()) return finish(as_bishop, Language::English);
    }
    return tl::unexpected<Error>(detail::explain_no_match(pos, legal, spec, text));
  }
  // The 1850s numeric notation is Russian whatever the style's language says.
  const Language lang =
      options.style.form == MoveForm::OldRussian ? Language::Russian : options.style.language;
  const detail::LanguageSet preferred = detail::bit(lang);
  const detail::LanguageSet english = detail::bit(Language::English);
  // The reading that explains a failure: the preferred language's, else English, else any.
  const Reading* first = nullptr;
  for (detail::LanguageSet tier : {preferred, english, detail::kAllLanguages}) {
    for (int k = 0; k < parsed.designator.count && !first; ++k)
      if (parsed.designator.readings[k].languages & tier) first = &parsed.designator.readings[k];
  }
  // 1. The preferred language's reading, when it fits a legal move.
  for (int k = 0; k < parsed.designator.count; ++k) {
    const Reading& r = parsed.designator.readings[k];
    if (!(r.languages & preferred)) continue;
    spec.type = r.type;
    detail::match_spec(pos, legal, spec, found);
    if (!found.empty()) return finish(found, lang);
  }
  if (!options.strict) {
    // 2. The other languages' readings (English among them): taken when exactly one fits;
    // two different pieces that both fit are reported, never guessed.
    const Reading* fitting = nullptr;
    core::MoveList fit_moves;
    std::string candidates;
    for (int k = 0; k < parsed.designator.count; ++k) {
      const Reading& r = parsed.designator.readings[k];
      if (r.languages & preferred) continue;
      spec.type = r.type;
      detail::match_spec(pos, legal, spec, found);
      if (found.empty()) continue;
      if (!candidates.empty()) candidates += "; ";
      candidates += "as a " + std::string(detail::piece_name(r.type)) + " (" +
                    language_list(r.languages) + "): " + list_moves(pos, found, Language::English);
      if (fitting) {
        return make_error(ErrorCode::kMoveAmbiguous,
                          quote(text) + " is ambiguous: its piece letter is not " +
                              std::string(language_code(lang)) +
                              ", and it names different pieces in other languages, each of "
                              "which can make the move: " +
                              candidates,
                          Location{0, 0, "move"});
      }
      fitting = &r;
      fit_moves = found;
    }
    if (fitting) return finish(fit_moves, Language::English);
  }
  if (options.strict && !(first->languages & preferred)) {
    return make_error(ErrorCode::kMoveSyntax,
                      quote(text) + " uses a piece letter that is not " +
                          std::string(language_code(lang)) + " (strict mode)",
                      Location{0, 1, "move"});
  }
  spec.type = first->type;
  return tl::unexpected<Error>(detail::explain_no_match(pos, legal, spec, text));
}

// Strict mode: the text must be exactly what the style writes (annotation glyphs like
// "!?" may follow, as PGN 8.2.3.8 allows).
Result<Move> check_strict(const core::Position& pos, std::string_view text, Move m,
                          const Style& style) {
  std::string_view core_text = text;
  while (!core_text.empty() && (core_text.back() == '!' || core_text.back() == '?'))
    core_text.remove_suffix(1);
  const std::string expected = san(pos, m, style);
  if (core_text == expected) return m;
  return make_error(ErrorCode::kMoveSyntax,
                    quote(text) +
                        " is not written as the chosen style writes this move "
                        "(strict mode): expected " +
                        quote(expected),
                    Location{0, 1, "move"});
}

}  // namespace

Result<Move> parse_move(const core::Position& pos, std::string_view text,
                        const ParseOptions& options) {
  const std::string_view trimmed = trim(text);
  if (trimmed.empty())
    return make_error(ErrorCode::kMoveSyntax, "empty move text", Location{0, 1, "move"});
  if (!options.strict && options.style.language == Language::English) {
    const Move fast = detail::parse_fast_san(pos, trimmed);
    if (fast != Move::none()) return fast;
  }
  if (trimmed == "--" || trimmed == "Z0" || trimmed == "0000")
    return make_error(ErrorCode::kMoveIllegal,
                      quote(trimmed) +
                          " is a null move, which is not a legal move on "
                          "the board (Art. 1.1: the players move alternately)",
                      Location{0, 1, "move"});
  auto parsed = detail::read_move_text(trimmed, options.strict);
  if (!parsed) {
    // Columns count from the start of `text`, leading blanks included.
    Error e = parsed.error();
    if (e.where.column > 0) e.where.column += static_cast<int>(trimmed.data() - text.data());
    return tl::unexpected<Error>(std::move(e));
  }
  auto move = resolve(pos, trimmed, *parsed, options);
  if (!move || !options.strict) return move;
  return check_strict(pos, trimmed, *move, options.style);
}

}  // namespace arbiter::notation