// Reading the text of a move into a MoveSpec: the grammar of every supported form
// (docs/notation.md, "Reading"), independent of the position.
#include <array>

#include "arbiter/notation/move_spec.hpp"

namespace arbiter::notation::detail {

using core::PieceType;

namespace {

constexpr std::array<std::string_view, 5> kDashes = {"-", "–", "—", "‐", "−"};
constexpr std::array<std::string_view, 5> kCaptureSigns = {"x", "X", ":", "×", "х"};
// Suffixes that do not change the move (PGN 8.2.3.8 annotations, C.13 check and mate,
// C.12 draw offer, Unicode annotation glyphs).
constexpr std::array<std::string_view, 12> kSuffixes = {"(=)", "+", "#", "!", "?",      "‼",
                                                        "⁇",   "⁈", "⁉", "□", "\u2020", "\u2021"};
constexpr std::array<std::string_view, 6> kEnPassant = {"e.p.", "e.p", "ep", "е.р.", "в.п.", "в.п"};

std::size_t starts(std::string_view s, std::size_t i, std::string_view what) noexcept {
  return s.substr(i, what.size()) == what ? what.size() : 0;
}
template <std::size_t N>
std::size_t starts_any(std::string_view s, std::size_t i,
                       const std::array<std::string_view, N>& list) noexcept {
  for (std::string_view w : list)
    if (std::size_t n = starts(s, i, w)) return n;
  return 0;
}

// A file letter a-h; Cyrillic а, с, е (look-alikes found in Russian texts, e.g. the
// Appendix C example) are accepted as a, c, e.
int file_at(std::string_view s, std::size_t i, std::size_t& len) noexcept {
  if (i < s.size() && s[i] >= 'a' && s[i] <= 'h') {
    len = 1;
    return s[i] - 'a';
  }
  if ((len = starts(s, i, "а"))) return 0;
  if ((len = starts(s, i, "с"))) return 2;
  if ((len = starts(s, i, "е"))) return 4;
  return -1;
}

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// 1-based column in characters (UTF-8 code points) of byte offset `i`. The message says
// "at column N" of the text it quotes (without leading blanks).
int column(std::string_view s, std::size_t i) noexcept {
  int col = 1;
  for (std::size_t k = 0; k < i && k < s.size(); ++k)
    if ((static_cast<unsigned char>(s[k]) & 0xC0) != 0x80) ++col;
  return col;
}

// The character (code point) at byte offset i, for messages.
std::string_view char_at(std::string_view s, std::size_t i) noexcept {
  std::size_t n = 1;
  while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
  return s.substr(i, n);
}

tl::unexpected<Error> syntax(std::string_view text, std::size_t at, const std::string& what) {
  return make_error(
      ErrorCode::kMoveSyntax,
      quote(text) + " is not a move: " + what + " at column " + std::to_string(column(text, at)),
      Location{0, column(text, at), "move"});
}

tl::unexpected<Error> unexpected_char(std::string_view text, std::size_t at) {
  if (at >= text.size()) return syntax(text, at, "the text ends too early");
  return syntax(text, at, "unexpected '" + std::string(char_at(text, at)) + "'");
}

// Strips annotation and check suffixes and the e.p. mark; returns the move proper.
std::string_view strip_suffixes(std::string_view s, bool& en_passant) noexcept {
  for (bool changed = true; changed;) {
    changed = false;
    s = trim(s);
    for (std::string_view suffix : kSuffixes) {
      if (s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix) {
        s.remove_suffix(suffix.size());
        changed = true;
      }
    }
    // C.12: a draw offer written as a lone '=' after the move ("Kb1 =").
    if (s.size() > 2 && s.back() == '=' && is_space(s[s.size() - 2])) {
      s.remove_suffix(1);
      changed = true;
    }
    for (std::string_view ep : kEnPassant) {
      if (s.size() <= ep.size() || s.substr(s.size() - ep.size()) != ep) continue;
      const char before = s[s.size() - ep.size() - 1];
      if (!is_space(before) && !(before >= '1' && before <= '8')) continue;
      s.remove_suffix(ep.size());
      en_passant = changed = true;
      break;
    }
  }
  return s;
}

// O-O, 0-0-0, OO, o-o, with any dash (C.13, PGN 8.2.3.3).
bool read_castling(std::string_view s, core::CastlingSide& side) noexcept {
  int count = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == 'O' || s[i] == '0' || s[i] == 'o') {
      ++count;
      ++i;
      if (std::size_t d = starts_any(s, i, kDashes)) {
        i += d;
        if (i == s.size()) return false;  // a trailing dash
      }
    } else {
      return false;
    }
  }
  if (count != 2 && count != 3) return false;
  side = count == 2 ? core::CastlingSide::King : core::CastlingSide::Queen;
  return true;
}

// Promotion piece after the destination: [= / (] designator [)]; UCI lowercase q r b n.
Result<std::size_t> read_promotion(std::string_view text, std::size_t i, MoveSpec& spec) {
  if (i >= text.size()) return i;
  const std::size_t start = i;
  bool paren = false;
  if (text[i] == '=' || text[i] == '/') {
    ++i;
  } else if (text[i] == '(') {
    paren = true;
    ++i;
  }
  if (i < text.size() && (text[i] == 'q' || text[i] == 'r' || text[i] == 'b' || text[i] == 'n')) {
    spec.promotion = text[i] == 'q'   ? PieceType::Queen
                     : text[i] == 'r' ? PieceType::Rook
                     : text[i] == 'b' ? PieceType::Bishop
                                      : PieceType::Knight;
    ++i;
  } else {
    const Designator d = read_designator(text.substr(i));
    if (d.length == 0) {
      if (i == start) return unexpected_char(text, i);
      return syntax(text, i, "expected the promotion piece");
    }
    // Of the readings, the promotable one (French 'R' is a king, English 'R' a rook).
    spec.promotion = d.readings[0].type;
    for (int k = 0; k < d.count; ++k) {
      const PieceType t = d.readings[k].type;
      if (t != PieceType::King && t != PieceType::Pawn) spec.promotion = t;
    }
    i += static_cast<std::size_t>(d.length);
  }
  if (paren) {
    if (i >= text.size() || text[i] != ')') return syntax(text, i, "expected ')'");
    ++i;
  }
  return i;
}

// The squares of an algebraic move from byte i on: [from file][from rank][x|-]<to>.
Result<std::size_t> read_squares(std::string_view text, std::size_t i, MoveSpec& spec) {
  struct Item {
    char kind;  // 'F' file, 'R' rank, 'x' capture, '-' dash
    int value;
    std::size_t at;
  };
  std::array<Item, 6> items{};
  std::size_t n = 0;
  while (i < text.size() && n < items.size()) {
    std::size_t len = 0;
    if (const int f = file_at(text, i, len); f >= 0) {
      // After a complete destination, a lone letter is a promotion piece ("e7e8b").
      const bool after_square = n >= 2 && items[n - 2].kind == 'F' && items[n - 1].kind == 'R';
      if (after_square && !(i + len < text.size() && text[i + len] >= '1' && text[i + len] <= '8'))
        break;
      items[n++] = {'F', f, i};
    } else if (text[i] >= '1' && text[i] <= '8') {
      items[n++] = {'R', text[i] - '1', i};
      len = 1;
    } else if ((len = starts_any(text, i, kCaptureSigns))) {
      items[n++] = {'x', 0, i};
    } else if ((len = starts_any(text, i, kDashes))) {
      items[n++] = {'-', 0, i};
    } else {
      break;
    }
    i += len;
  }
  std::string shape;
  for (std::size_t k = 0; k < n; ++k) shape += items[k].kind;
  // The destination is the last file + rank; what precedes it says where from.
  if (n < 2 || items[n - 2].kind != 'F' || items[n - 1].kind != 'R') {
    if (i >= text.size()) return syntax(text, i, "expected a destination square (a1-h8)");
    return syntax(
        text, i,
        "unexpected '" + std::string(char_at(text, i)) + "' where a square (a1-h8) belongs");
  }
  spec.to = core::make_square(static_cast<core::File>(items[n - 2].value),
                              static_cast<core::Rank>(items[n - 1].value));
  std::string_view head = std::string_view(shape).substr(0, n - 2);
  if (!head.empty() && (head.back() == 'x' || head.back() == '-')) {
    spec.capture = head.back() == 'x';
    head.remove_suffix(1);
  }
  if (head == "FR") {
    spec.from_file = items[0].value;
    spec.from_rank = items[1].value;
  } else if (head == "F") {
    spec.from_file = items[0].value;
  } else if (head == "R") {
    spec.from_rank = items[0].value;
  } else if (!head.empty()) {
    return syntax(text, items[0].at, "cannot read the squares as [origin] destination");
  }
  return i;
}

// ICCF (5254, 57581) and the 1850s form (Л. 81. 31, П.52.54): both squares as digits.
Result<std::size_t> read_numeric(std::string_view text, std::size_t i, MoveSpec& spec,
                                 bool with_letter) {
  int digits[4];
  bool separated = false;
  for (int k = 0; k < 4; ++k) {
    if (k == 2) {
      while (i < text.size() && (text[i] == '.' || text[i] == ' ' || text[i] == '-' ||
                                 text[i] == ':' || text[i] == 'x')) {
        separated = true;
        ++i;
      }
    }
    if (i >= text.size() || text[i] < '1' || text[i] > '8')
      return syntax(text, i, "expected a digit 1-8 of a numeric square");
    digits[k] = text[i++] - '1';
  }
  spec.from_file = digits[0];
  spec.from_rank = digits[1];
  spec.to =
      core::make_square(static_cast<core::File>(digits[2]), static_cast<core::Rank>(digits[3]));
  if (i < text.size() && !with_letter && !separated && text[i] >= '1' && text[i] <= '4') {
    constexpr PieceType kIccf[] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                   PieceType::Knight};
    spec.promotion = kIccf[text[i] - '1'];
    return i + 1;
  }
  while (i < text.size() && text[i] == ' ') ++i;
  if (i < text.size()) {
    auto end = read_promotion(text, i, spec);
    if (!end) return end;
    i = *end;
    if (i < text.size() && text[i] == '.') ++i;
  }
  return i;
}

Result<ParsedText> read_body(std::string_view text, std::string_view body, bool strict) {
  ParsedText p;
  p.spec.en_passant = false;
  if (read_castling(body, p.spec.side)) {
    p.spec.castling = true;
    return p;
  }
  std::size_t i = 0;
  p.designator = read_designator(body);
  if (p.designator.length == 0 && !strict && !body.empty() &&
      (body[0] == 'n' || body[0] == 'q' || body[0] == 'r' || body[0] == 'k') && body.size() > 1 &&
      (body[1] < '1' || body[1] > '8')) {
    // A lowercase English piece letter ("nf3"): sloppy but unambiguous, no file is n-r, k.
    p.designator = read_designator(std::string(1, static_cast<char>(body[0] - 32)));
  }
  i = static_cast<std::size_t>(p.designator.length);
  bool numeric = i < body.size() && body[i] >= '1' && body[i] <= '8' &&
                 (i + 1 < body.size() && body[i + 1] >= '1' && body[i + 1] <= '8');
  if (p.designator.length > 0 && i < body.size() && (body[i] == '.' || body[i] == ' ')) {
    while (i < body.size() && (body[i] == '.' || body[i] == ' ')) ++i;  // "Л. 81. 31"
    numeric = true;
  }
  if (body.size() >= 4 && body[0] >= '1' && body[0] <= '9' && p.designator.length == 0)
    numeric = true;
  Result<std::size_t> end = numeric ? read_numeric(body, i, p.spec, p.designator.length > 0)
                                    : read_squares(body, i, p.spec);
  if (end && !numeric) end = read_promotion(body, *end, p.spec);
  if (end && *end != body.size()) end = unexpected_char(body, *end);
  if (!end) {
    // Quote the whole text (body is its prefix without the annotations).
    Error e = end.error();
    e.message = quote(text) + e.message.substr(quote(body).size());
    return tl::unexpected<Error>(std::move(e));
  }
  p.lowercase_b = !strict && p.designator.length == 0 && body[0] == 'b' && p.spec.from_file == 1 &&
                  p.spec.from_rank < 0;
  return p;
}

}  // namespace

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string quote(std::string_view text) { return "'" + std::string(text) + "'"; }

Result<ParsedText> read_move_text(std::string_view text, bool strict) {
  bool en_passant = false;
  const std::string_view body = strip_suffixes(text, en_passant);
  if (body.empty()) return syntax(text, 0, "no move before the annotation");
  auto parsed = read_body(text, body, strict);
  if (parsed) parsed->spec.en_passant = en_passant;
  return parsed;
}

}  // namespace arbiter::notation::detail
