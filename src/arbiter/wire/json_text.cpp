#include "arbiter/wire/json_text.hpp"

#include <array>
#include <charconv>

namespace arbiter::wire {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The bytes a well-formed UTF-8 sequence may continue with after `lead` (RFC 3629 §4):
// its length and the range of its second byte, which excludes overlong forms, the
// surrogates and code points above U+10FFFF. Length 0: `lead` cannot begin a sequence.
struct Lead {
  int length = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
};

constexpr Lead lead_of(unsigned char b) noexcept {
  if (b >= 0xC2 && b <= 0xDF) return {2};
  if (b == 0xE0) return {3, 0xA0, 0xBF};
  if (b == 0xED) return {3, 0x80, 0x9F};
  if (b >= 0xE1 && b <= 0xEF) return {3};
  if (b == 0xF0) return {4, 0x90, 0xBF};
  if (b >= 0xF1 && b <= 0xF3) return {4};
  if (b == 0xF4) return {4, 0x80, 0x8F};
  return {};
}

// The length of the well-formed sequence at text[i] (a lead byte at or above 0x80), or 0
// with `*bad` the number of bytes to replace by one U+FFFD: the maximal ill-formed prefix,
// at least one byte, as the Unicode standard's "best practice" (§3.9) and nlohmann do.
std::size_t sequence_at(std::string_view text, std::size_t i, std::size_t* bad) noexcept {
  const Lead lead = lead_of(static_cast<unsigned char>(text[i]));
  if (lead.length == 0) {
    *bad = 1;
    return 0;
  }
  for (int k = 1; k < lead.length; ++k) {
    const std::size_t at = i + static_cast<std::size_t>(k);
    const unsigned char lo = k == 1 ? lead.lo : 0x80;
    const unsigned char hi = k == 1 ? lead.hi : 0xBF;
    if (at >= text.size() || static_cast<unsigned char>(text[at]) < lo ||
        static_cast<unsigned char>(text[at]) > hi) {
      *bad = static_cast<std::size_t>(k);
      return 0;
    }
  }
  return static_cast<std::size_t>(lead.length);
}

void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    default: {
      constexpr std::string_view kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  out.reserve(out.size() + text.size() + 2);
  out += '"';
  std::size_t i = 0;
  while (i < text.size()) {
    // The longest run that needs nothing done is copied at once.
    std::size_t run = i;
    while (run < text.size()) {
      const auto c = static_cast<unsigned char>(text[run]);
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) break;
      ++run;
    }
    out.append(text.substr(i, run - i));
    i = run;
    if (i == text.size()) break;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      append_escape(out, c);
      ++i;
      continue;
    }
    std::size_t bad = 0;
    if (const std::size_t n = sequence_at(text, i, &bad); n > 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += kReplacement;
      i += bad;
    }
  }
  out += '"';
}

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

JsonText& JsonText::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ':';
  comma_ = false;
  return *this;
}

JsonText& JsonText::value(std::string_view s) {
  separate();
  append_json_string(out_, s);
  comma_ = true;
  return *this;
}

JsonText& JsonText::punct(char c) {
  separate();
  out_ += c;
  comma_ = false;
  return *this;
}

JsonText& JsonText::end(char c) {
  out_ += c;
  comma_ = true;
  return *this;
}

JsonText& JsonText::raw(std::string_view literal) {
  separate();
  out_ += literal;
  comma_ = true;
  return *this;
}

JsonText& JsonText::integer(std::int64_t n) {
  separate();
  std::array<char, 24> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), n);
  (void)ec;  // 24 characters hold any 64-bit integer
  out_.append(buf.data(), end);
  comma_ = true;
  return *this;
}

}  // namespace arbiter::wire
