// The line reader of the server's event texts (online_event.cpp, online_arena.cpp): one
// fact a line, words separated by spaces, "-" for none. Internal to the tournament module.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::tournament::detail {

// One line cut into words, each with its 1-based column, for errors that point at it.
class Fields {
 public:
  Fields(std::string_view text, int line, std::string_view kind = "event")
      : text_(text), line_(line), kind_(kind) {}

  // The next word, or an error naming `field` when the line has no more.
  Result<std::string_view> next(std::string_view field) {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    if (pos_ >= text_.size()) return fail(field, "is missing");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ' ') ++pos_;
    column_ = static_cast<int>(start) + 1;
    return text_.substr(start, pos_ - start);
  }
  // Everything after the next space: a name, which may hold spaces.
  Result<std::string_view> rest(std::string_view field) {
    if (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    column_ = static_cast<int>(pos_) + 1;
    if (pos_ >= text_.size()) return fail(field, "is missing");
    std::string_view r = text_.substr(pos_);
    pos_ = text_.size();
    return r;
  }
  Result<std::int64_t> number(std::string_view field, std::int64_t min, std::int64_t max) {
    auto w = next(field);
    if (!w) return tl::unexpected(w.error());
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(w->data(), w->data() + w->size(), v);
    if (ec != std::errc{} || end != w->data() + w->size()) return fail(field, "is not a number");
    if (v < min || v > max) {
      return fail(field, "must be " + std::to_string(min) + ".." + std::to_string(max));
    }
    return v;
  }
  // "-" or a number.
  Result<std::optional<std::int64_t>> optional_number(std::string_view field, std::int64_t min,
                                                      std::int64_t max) {
    const std::size_t save = pos_;
    auto w = next(field);
    if (!w) return tl::unexpected(w.error());
    if (*w == "-") return std::optional<std::int64_t>{};
    pos_ = save;
    auto n = number(field, min, max);
    if (!n) return tl::unexpected(n.error());
    return std::optional<std::int64_t>{*n};
  }
  Result<void> end() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    if (pos_ < text_.size()) {
      column_ = static_cast<int>(pos_) + 1;
      return fail("line", "has more than it should");
    }
    return {};
  }
  [[nodiscard]] tl::unexpected<Error> fail(std::string_view field, const std::string& what) const {
    return make_error(ErrorCode::kInvalidArgument,
                      std::string(kind_) + " line " + std::to_string(line_) + ": " +
                          std::string(field) + " " + what,
                      Location{line_, column_, std::string(field)});
  }

 private:
  std::string_view text_;
  int line_;
  std::string_view kind_;
  std::size_t pos_ = 0;
  int column_ = 1;
};

inline constexpr std::int64_t kMaxMs = std::numeric_limits<std::int64_t>::max() / 4;
inline constexpr std::int64_t kMaxAccount = std::numeric_limits<std::int64_t>::max();

inline std::string from_word(std::string_view w) {
  return w == "-" ? std::string{} : std::string(w);
}
inline std::string word(const std::string& s) { return s.empty() ? "-" : s; }

}  // namespace arbiter::tournament::detail

// `auto var = expr's value`, or return its error. For the readers of these texts only.
#define ARBITER_TRY_ASSIGN(var, expr)                   \
  auto var##_r = (expr);                                \
  if (!var##_r) return tl::unexpected(var##_r.error()); \
  auto var = std::move(*var##_r)
