#include "arbiter/clock/time_control.hpp"

#include <cstdint>
#include <optional>

namespace arbiter::clock {
namespace {

// Seconds above this (30 days in one number) are refused as kTimeControlValue, which keeps
// every millisecond sum far from overflow; a correspondence control of 14 days a move
// (issue #17) is 1,209,600 seconds.
constexpr std::int64_t kMaxSeconds = 2'592'000;
constexpr std::int64_t kMaxMoves = 10'000;

Location at(std::size_t column) {
  return Location{0, static_cast<int>(column) + 1, "time_control"};
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<TimeControl> run() {
    if (text_ == "-") return TimeControl{};
    if (text_.empty()) {
      return make_error(ErrorCode::kTimeControlSyntax,
                        "empty time control (write '-' for a game without a clock)", at(0));
    }
    std::vector<Period> periods;
    std::vector<std::size_t> starts;
    while (true) {
      starts.push_back(pos_);
      auto period = parse_period();
      if (!period) return tl::unexpected(period.error());
      periods.push_back(*period);
      if (pos_ == text_.size()) break;
      if (text_[pos_] != ':') return unexpected_char("':' between periods");
      ++pos_;
    }
    // Art. 6.3.1: every period but the last sets a move quota; the last one covers all
    // the remaining moves (Guideline III.1 calls it the quickplay finish).
    for (std::size_t i = 0; i < periods.size(); ++i) {
      const bool last = i + 1 == periods.size();
      if (!last && periods[i].moves == 0) {
        return make_error(ErrorCode::kTimeControlValue,
                          "only the last period may cover all the remaining moves; give this "
                          "one a move quota 'MOVES/' (Art. 6.3.1)",
                          at(starts[i]));
      }
      if (last && periods[i].moves != 0) {
        return make_error(ErrorCode::kTimeControlValue,
                          "the last period must cover all the remaining moves (Art. 6.3.1): "
                          "drop its 'MOVES/' or add a final period",
                          at(starts[i]));
      }
    }
    return TimeControl{std::move(periods)};
  }

 private:
  Result<Period> parse_period() {
    Period period;
    const std::size_t start = pos_;
    auto first = number("the period's seconds or move count");
    if (!first) return tl::unexpected(first.error());
    if (pos_ < text_.size() && text_[pos_] == '/') {
      if (*first == 0) {
        return make_error(ErrorCode::kTimeControlValue, "a move quota must be at least 1",
                          at(start));
      }
      if (*first > kMaxMoves) {
        return make_error(ErrorCode::kTimeControlValue,
                          "move quota larger than " + std::to_string(kMaxMoves), at(start));
      }
      period.moves = static_cast<int>(*first);
      ++pos_;
      auto base = seconds("the period's seconds after '/'");
      if (!base) return tl::unexpected(base.error());
      period.base = *base;
    } else {
      pos_ = start;  // read the same digits again, now as seconds (with a fraction)
      auto base = seconds("the period's seconds or move count");
      if (!base) return tl::unexpected(base.error());
      period.base = *base;
    }
    bool seen_increment = false;
    bool seen_delay = false;
    while (pos_ < text_.size() && text_[pos_] != ':') {
      const char c = text_[pos_];
      if (c == '+' && !seen_increment && !seen_delay) {
        seen_increment = true;
        ++pos_;
        auto n = seconds("the increment in seconds after '+'");
        if (!n) return tl::unexpected(n.error());
        period.increment = *n;
      } else if (c == 'd' && !seen_delay) {
        seen_delay = true;
        ++pos_;
        auto n = seconds("the delay in seconds after 'd'");
        if (!n) return tl::unexpected(n.error());
        period.delay = *n;
      } else {
        return unexpected_char(seen_delay ? "':' or the end" : "'+', 'd', ':' or the end");
      }
    }
    if (period.base.count() == 0 && period.increment.count() == 0 && period.delay.count() == 0) {
      return make_error(ErrorCode::kTimeControlValue,
                        "this period gives no time at all (0 seconds, no increment, no delay)",
                        at(start));
    }
    return period;
  }

  Result<std::int64_t> number(const char* what) {
    const std::size_t start = pos_;
    std::int64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (value <= kMaxSeconds * 10) value = value * 10 + (text_[pos_] - '0');
      ++pos_;
    }
    if (pos_ == start) return unexpected_char(what);
    return value;
  }

  // SECONDS of the grammar, with an optional fraction of up to three digits ("0.1", "2.5"):
  // an extension of the spec's whole seconds, as engine matches write "10+0.1".
  Result<Millis> seconds(const char* what) {
    const std::size_t start = pos_;
    auto whole = number(what);
    if (!whole) return tl::unexpected(whole.error());
    if (auto err = check_seconds(*whole, start)) return tl::unexpected(*err);
    std::int64_t ms = *whole * 1000;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      const std::size_t frac_at = pos_;
      std::int64_t scale = 100;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        if (scale == 0) {
          return make_error(ErrorCode::kTimeControlValue,
                            "seconds are counted to the millisecond: at most three decimals",
                            at(pos_));
        }
        ms += (text_[pos_] - '0') * scale;
        scale /= 10;
        ++pos_;
      }
      if (pos_ == frac_at) return unexpected_char("a digit after '.'");
    }
    return Millis{ms};
  }

  static std::optional<Error> check_seconds(std::int64_t seconds, std::size_t column) {
    if (seconds > kMaxSeconds) {
      return Error{ErrorCode::kTimeControlValue,
                   "more than " + std::to_string(kMaxSeconds) + " seconds", at(column)};
    }
    return std::nullopt;
  }

  tl::unexpected<Error> unexpected_char(const char* expected) const {
    std::string message = "expected ";
    message += expected;
    if (pos_ < text_.size()) {
      message += ", found '";
      message += text_[pos_];
      message += "'";
    } else {
      message += ", found the end";
    }
    return make_error(ErrorCode::kTimeControlSyntax, std::move(message), at(pos_));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

std::string seconds_text(Millis ms) {
  std::string out = std::to_string(ms.count() / 1000);
  auto frac = ms.count() % 1000;
  if (frac == 0) return out;
  std::string digits = std::to_string(frac + 1000).substr(1);  // three digits, leading zeros
  while (digits.back() == '0') digits.pop_back();
  return out + "." + digits;
}

}  // namespace

std::string_view to_string(Category category) noexcept {
  switch (category) {
    case Category::Standard: return "standard";
    case Category::Rapid: return "rapid";
    case Category::Blitz: return "blitz";
  }
  return "standard";
}

Result<Category> parse_category(std::string_view text) {
  if (text == "standard") return Category::Standard;
  if (text == "rapid") return Category::Rapid;
  if (text == "blitz") return Category::Blitz;
  return make_error(
      ErrorCode::kInvalidArgument,
      "category must be \"standard\", \"rapid\" or \"blitz\", not \"" + std::string(text) + "\"",
      Location{0, 0, "category"});
}

TimeControl::TimeControl(std::vector<Period> periods) : periods_(std::move(periods)) {}

Result<TimeControl> TimeControl::parse(std::string_view text) { return Parser{text}.run(); }

std::string TimeControl::to_string() const {
  if (periods_.empty()) return "-";
  std::string out;
  for (const Period& p : periods_) {
    if (!out.empty()) out += ':';
    if (p.moves > 0) out += std::to_string(p.moves) + "/";
    out += seconds_text(p.base);
    if (p.increment.count() > 0) out += "+" + seconds_text(p.increment);
    if (p.delay.count() > 0) out += "d" + seconds_text(p.delay);
  }
  return out;
}

int TimeControl::days_per_move() const noexcept {
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  if (periods_.size() != 1) return 0;
  const Period& p = periods_.front();
  if (p.moves != 0 || p.base.count() != 0 || p.increment.count() != 0) return 0;
  if (p.delay.count() < kDay || p.delay.count() % kDay != 0) return 0;
  return static_cast<int>(p.delay.count() / kDay);
}

Millis TimeControl::nominal_time() const noexcept {
  if (periods_.empty()) return Millis{0};
  Millis total{0};
  for (const Period& p : periods_) total += p.base;
  return total + 60 * (periods_.front().increment + periods_.front().delay);
}

Category TimeControl::category() const noexcept {
  if (periods_.empty()) return Category::Standard;
  const Millis nominal = nominal_time();
  if (nominal <= Millis{10 * 60 * 1000}) return Category::Blitz;  // B.1
  if (nominal < Millis{60 * 60 * 1000}) return Category::Rapid;   // A.1
  return Category::Standard;                                      // A.1: 60 min or more
}

}  // namespace arbiter::clock
