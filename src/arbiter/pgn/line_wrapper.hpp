// Joins words with single spaces into lines of a maximum length (the PGN export
// format's 80 columns, scoresheet text). A word longer than a line gets a line alone.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::pgn {

class LineWrapper {
 public:
  explicit LineWrapper(std::size_t max_line) : max_(max_line) {}
  // One token that must not be split (a move, "12.", "$3", "(").
  void word(std::string_view w);
  // Free text: split at white space into words.
  void text(std::string_view t);
  // Glues `w` to the previous word without a space (")" after a move, "}" after text).
  void glue(std::string_view w);
  // Prepends `p` to the next word ("(" before a variation's first token).
  void prefix(std::string_view p) { prefix_.append(p); }
  // Ends the current line (if any).
  void flush();
  [[nodiscard]] const std::string& str() const noexcept { return out_; }
  [[nodiscard]] std::string take() {
    flush();
    return std::move(out_);
  }

 private:
  std::size_t max_;
  std::string out_;
  std::size_t line_len_ = 0;
  std::string prefix_;
};

}  // namespace arbiter::pgn
