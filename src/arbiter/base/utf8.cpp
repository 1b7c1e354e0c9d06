#include "arbiter/base/utf8.hpp"

#include <cstddef>

namespace arbiter {

bool is_utf8(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t extra = 0;
    unsigned first_low = 0x80;
    unsigned first_high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      extra = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2;
      if (c == 0xE0) first_low = 0xA0;   // overlong
      if (c == 0xED) first_high = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3;
      if (c == 0xF0) first_low = 0x90;   // overlong
      if (c == 0xF4) first_high = 0x8F;  // above U+10FFFF
    } else {
      return false;
    }
    if (s.size() - i <= extra) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      const unsigned low = k == 1 ? first_low : 0x80;
      const unsigned high = k == 1 ? first_high : 0xBF;
      if (b < low || b > high) return false;
    }
    i += extra + 1;
  }
  return true;
}

}  // namespace arbiter
