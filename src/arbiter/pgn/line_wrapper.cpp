#include "arbiter/pgn/line_wrapper.hpp"

namespace arbiter::pgn {

namespace {
// Display width: UTF-8 continuation bytes do not count.
std::size_t width(std::string_view s) noexcept {
  std::size_t n = 0;
  for (const char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}
}  // namespace

void LineWrapper::word(std::string_view text) {
  if (text.empty()) return;
  std::string joined;
  std::string_view w = text;
  if (!prefix_.empty()) {
    joined = std::move(prefix_) + std::string(text);
    prefix_.clear();
    w = joined;
  }
  const std::size_t len = width(w);
  if (line_len_ > 0 && line_len_ + 1 + len > max_) flush();
  if (line_len_ > 0) {
    out_.push_back(' ');
    ++line_len_;
  } else if (w.front() == '%' || w.front() == '[') {
    // A line must not start like an escape line (PGN standard 6) or a tag pair.
    out_.push_back(' ');
    ++line_len_;
  }
  out_.append(w);
  line_len_ += len;
}

void LineWrapper::glue(std::string_view w) {
  if (!prefix_.empty()) {  // "()" of an empty variation
    word(std::string(w));
    return;
  }
  const std::size_t len = width(w);
  if (line_len_ > 0 && line_len_ + len > max_) {
    // Move the previous word down with it, so that the glued pair stays together.
    const std::size_t space = out_.rfind(' ');
    const std::size_t nl = out_.rfind('\n');
    if (space != std::string::npos && (nl == std::string::npos || space > nl)) {
      std::string last = out_.substr(space + 1);
      if (last.front() == '%' || last.front() == '[') last.insert(0, 1, ' ');
      out_.resize(space);
      out_.push_back('\n');
      out_.append(last);
      line_len_ = width(last);
    }
  }
  out_.append(w);
  line_len_ += len;
}

void LineWrapper::text(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < t.size() && !(t[j] == ' ' || t[j] == '\n' || t[j] == '\r' || t[j] == '\t')) ++j;
    if (j > i) word(t.substr(i, j - i));
    i = j;
  }
}

void LineWrapper::flush() {
  if (line_len_ > 0) {
    out_.push_back('\n');
    line_len_ = 0;
  }
}

}  // namespace arbiter::pgn
