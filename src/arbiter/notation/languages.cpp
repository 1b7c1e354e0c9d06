// Piece letters by language (Appendix C.2-C.3) and the reading of piece designators.
#include <array>

#include "arbiter/notation/detail.hpp"

namespace arbiter::notation {

using core::PieceType;

namespace {

struct LanguageInfo {
  std::string_view code;
  // Knight, Bishop, Rook, Queen, King.
  std::array<std::string_view, 5> letters;
};

// Appendix C.2 (English), C.3 (national abbreviations); figurines as C.3 recommends for print.
constexpr std::array<LanguageInfo, detail::kLanguageCount> kLanguages = {{
    {"en", {"N", "B", "R", "Q", "K"}},
    {"ru", {"К", "С", "Л", "Ф", "Кр"}},
    {"de", {"S", "L", "T", "D", "K"}},
    {"fr", {"C", "F", "T", "D", "R"}},
    {"nl", {"P", "L", "T", "D", "K"}},
    {"es", {"C", "A", "T", "D", "R"}},
    {"it", {"C", "A", "T", "D", "R"}},
    {"figurine", {"♘", "♗", "♖", "♕", "♔"}},
}};

struct Extra {
  std::string_view text;
  PieceType type;
  detail::LanguageSet languages;
};

// Designators that are read but never written: pawn letters (C.4 says pawns have none,
// but "Pe4" and the 1850s "П." occur), black figurines, and the old Russian "Сл." bishop.
constexpr std::array<Extra, 11> kExtras = {{
    {"P", PieceType::Pawn, detail::bit(Language::English)},
    {"П", PieceType::Pawn, detail::bit(Language::Russian)},
    {"Сл", PieceType::Bishop, detail::bit(Language::Russian)},
    {"♙", PieceType::Pawn, detail::bit(Language::Figurine)},
    {"♟", PieceType::Pawn, detail::bit(Language::Figurine)},
    {"♞", PieceType::Knight, detail::bit(Language::Figurine)},
    {"♝", PieceType::Bishop, detail::bit(Language::Figurine)},
    {"♜", PieceType::Rook, detail::bit(Language::Figurine)},
    {"♛", PieceType::Queen, detail::bit(Language::Figurine)},
    {"♚", PieceType::King, detail::bit(Language::Figurine)},
    {"Кp", PieceType::King, detail::bit(Language::Russian)},  // Latin 'p' typed for 'р'
}};

constexpr int letter_index(PieceType t) noexcept {
  return core::index(t) - core::index(PieceType::Knight);
}

}  // namespace

Result<Language> parse_language(std::string_view code) {
  for (int i = 0; i < detail::kLanguageCount; ++i)
    if (kLanguages[static_cast<std::size_t>(i)].code == code) return static_cast<Language>(i);
  return make_error(ErrorCode::kInvalidArgument,
                    "unknown language '" + std::string(code) +
                        "' (expected en, ru, de, fr, nl, es, it or figurine)");
}

std::string_view language_code(Language lang) noexcept {
  return kLanguages[static_cast<std::size_t>(lang)].code;
}

std::string_view piece_letter(PieceType type, Language lang) noexcept {
  if (type == PieceType::Pawn || type == PieceType::None) return {};
  return kLanguages[static_cast<std::size_t>(lang)]
      .letters[static_cast<std::size_t>(letter_index(type))];
}

namespace detail {

namespace {
void add_reading(Designator& d, PieceType type, LanguageSet langs, int length) {
  if (length > d.length) {  // the longest designator wins ("Кр" over "К")
    d.count = 0;
    d.length = length;
  } else if (length < d.length) {
    return;
  }
  for (int i = 0; i < d.count; ++i) {
    if (d.readings[i].type == type) {
      d.readings[i].languages |= langs;
      return;
    }
  }
  if (d.count < 2) d.readings[d.count++] = Reading{type, langs};
}
}  // namespace

Designator read_designator(std::string_view text) noexcept {
  Designator d;
  for (int l = 0; l < kLanguageCount; ++l) {
    const auto& info = kLanguages[static_cast<std::size_t>(l)];
    for (int t = 0; t < 5; ++t) {
      const std::string_view letter = info.letters[static_cast<std::size_t>(t)];
      if (text.substr(0, letter.size()) == letter)
        add_reading(d, static_cast<PieceType>(t + core::index(PieceType::Knight)),
                    bit(static_cast<Language>(l)), static_cast<int>(letter.size()));
    }
  }
  for (const Extra& e : kExtras)
    if (text.substr(0, e.text.size()) == e.text)
      add_reading(d, e.type, e.languages, static_cast<int>(e.text.size()));
  return d;
}

std::string_view piece_name(PieceType type) noexcept { return core::piece_type_name(type); }

}  // namespace detail
}  // namespace arbiter::notation
