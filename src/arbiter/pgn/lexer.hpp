// Character classes and small token tests shared by the reader's files (internal).
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace arbiter::pgn::lex {

enum CharClass : std::uint8_t {
  kOther = 0,
  kSpace = 1,   // PGN standard 7: space, tab, newline (CR, FF and VT are also taken)
  kSymbol = 2,  // PGN standard 7: letters, digits, "_+#=:-/"; bytes >= 0x80 (for
                // figurines and non-Latin piece letters)
};

constexpr std::array<std::uint8_t, 256> make_classes() {
  std::array<std::uint8_t, 256> t{};
  for (const char c : {' ', '\t', '\n', '\r', '\f', '\v'})
    t[static_cast<unsigned char>(c)] = kSpace;
  for (int c = '0'; c <= '9'; ++c) t[c] = kSymbol;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kSymbol;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kSymbol;
  for (const char c : {'_', '+', '#', '=', ':', '-', '/'})
    t[static_cast<unsigned char>(c)] = kSymbol;
  for (int c = 0x80; c < 256; ++c) t[c] = kSymbol;
  return t;
}
inline constexpr std::array<std::uint8_t, 256> kClass = make_classes();

// Where the skimmer must look: comment and variation delimiters, line-start markers,
// possible termination markers, and the '\0' sentinel.
constexpr std::array<bool, 256> make_skim_stops() {
  std::array<bool, 256> t{};
  for (const char c : {'\0', '{', ';', '%', '(', ')', '[', '*', '0', '1'})
    t[static_cast<unsigned char>(c)] = true;
  return t;
}
inline constexpr std::array<bool, 256> kSkimStop = make_skim_stops();

inline bool is_space(char c) noexcept { return kClass[static_cast<unsigned char>(c)] == kSpace; }
inline bool is_symbol(char c) noexcept { return kClass[static_cast<unsigned char>(c)] == kSymbol; }

inline bool all_digits(std::string_view s) noexcept {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A line that starts like a tag pair: `[Name "`. Used to end a comment that was never
// closed, so that the next game is still read.
inline bool looks_like_tag(const char* p, const char* end) noexcept {
  if (p == end || *p != '[') return false;
  ++p;
  const char* name = p;
  while (p != end && (std::isalnum(static_cast<unsigned char>(*p)) || *p == '_')) ++p;
  if (p == name) return false;
  while (p != end && *p == ' ') ++p;
  return p != end && *p == '"';
}

// The first line in [from, to) that looks like a tag pair, or nullptr.
inline const char* find_tag_line(const char* from, const char* to) noexcept {
  for (const char* nl =
           static_cast<const char*>(std::memchr(from, '\n', static_cast<std::size_t>(to - from)));
       nl != nullptr; nl = static_cast<const char*>(
                          std::memchr(nl + 1, '\n', static_cast<std::size_t>(to - nl - 1)))) {
    if (nl + 1 < to && looks_like_tag(nl + 1, to)) return nl + 1;
  }
  return nullptr;
}

// Result markers at `p` (PGN standard 8.2.6), or 0.
inline std::size_t match_result(const char* p, const char* end) noexcept {
  const auto n = static_cast<std::size_t>(end - p);
  for (const std::string_view m :
       {std::string_view("1-0"), std::string_view("0-1"), std::string_view("1/2-1/2")}) {
    if (n >= m.size() && std::memcmp(p, m.data(), m.size()) == 0 &&
        (n == m.size() || !is_symbol(p[m.size()])))
      return m.size();
  }
  return 0;
}

inline int suffix_nag(std::string_view s) noexcept {
  // PGN standard 8.2.4 / 10: the traditional suffix annotations and their NAGs.
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return 0;
}

}  // namespace arbiter::pgn::lex
