#include "arbiter/pgn/annotations.hpp"

#include <charconv>
#include <cmath>

#include <fmt/core.h>

namespace arbiter::pgn {

namespace {

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool parse_int(std::string_view s, std::int64_t& out) noexcept {
  if (s.empty()) return false;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

}  // namespace

Result<std::int64_t> parse_clock(std::string_view text) {
  text = trim(text);
  auto bad = [&] {
    return make_error(ErrorCode::kPgnSyntax, "bad clock value \"" + std::string(text) +
                                                 "\" (expected h:mm:ss or h:mm:ss.f)");
  };
  std::int64_t fraction_ms = 0;
  if (const auto dot = text.find('.'); dot != std::string_view::npos) {
    const std::string_view frac = text.substr(dot + 1);
    if (frac.empty() || frac.size() > 3) return bad();
    std::int64_t f = 0;
    if (!parse_int(frac, f)) return bad();
    for (std::size_t k = frac.size(); k < 3; ++k) f *= 10;
    fraction_ms = f;
    text = text.substr(0, dot);
  }
  std::int64_t parts[3] = {0, 0, 0};
  int n = 0;
  while (true) {
    const auto colon = text.find(':');
    if (n == 3) return bad();
    if (!parse_int(text.substr(0, colon), parts[n])) return bad();
    ++n;
    if (colon == std::string_view::npos) break;
    text = text.substr(colon + 1);
  }
  if (n < 2) return bad();
  std::int64_t h = 0, m = 0, s = 0;
  if (n == 3) {
    h = parts[0], m = parts[1], s = parts[2];
  } else {
    m = parts[0], s = parts[1];
  }
  if (s >= 60 || (n == 3 && m >= 60)) return bad();
  return ((h * 60 + m) * 60 + s) * 1000 + fraction_ms;
}

std::string format_clock(std::int64_t ms) {
  const std::int64_t total_s = ms / 1000;
  std::string out = fmt::format("{}:{:02}:{:02}", total_s / 3600, total_s / 60 % 60, total_s % 60);
  std::int64_t frac = ms % 1000;
  if (frac != 0) {
    std::string digits = fmt::format("{:03}", frac);
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return out;
}

Result<Eval> parse_eval(std::string_view text) {
  text = trim(text);
  const std::string shown(text);
  auto bad = [&] {
    return make_error(ErrorCode::kPgnSyntax, "bad evaluation \"" + shown +
                                                 "\" (expected pawns like -0.35 or mate like #4)");
  };
  Eval e;
  if (const auto comma = text.find(','); comma != std::string_view::npos) {
    std::int64_t d = 0;
    if (!parse_int(text.substr(comma + 1), d) || d > 10000) return bad();
    e.depth = static_cast<int>(d);
    text = text.substr(0, comma);
  }
  if (!text.empty() && text.front() == '#') {
    text.remove_prefix(1);
    bool neg = false;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
      neg = text.front() == '-';
      text.remove_prefix(1);
    }
    std::int64_t n = 0;
    if (!parse_int(text, n) || n > 10000) return bad();
    e.mate = true;
    e.value = static_cast<int>(neg ? -n : n);
    return e;
  }
  bool neg = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    neg = text.front() == '-';
    text.remove_prefix(1);
  }
  std::int64_t whole = 0, frac = 0;
  const auto dot = text.find('.');
  const std::string_view int_part = text.substr(0, dot);
  if (!int_part.empty() && (!parse_int(int_part, whole) || whole > 100000)) return bad();
  int frac_digits = 0;
  if (dot != std::string_view::npos) {
    std::string_view f = text.substr(dot + 1);
    if (f.empty() || !parse_int(f, frac)) return bad();
    if (f.size() > 2) {  // keep centipawns, rounding the rest
      std::int64_t scale = 1;
      for (std::size_t k = 2; k < f.size(); ++k) scale *= 10;
      frac = (frac + scale / 2) / scale;
      frac_digits = 2;
    } else {
      frac_digits = static_cast<int>(f.size());
    }
  } else if (int_part.empty()) {
    return bad();
  }
  if (int_part.empty() && dot == std::string_view::npos) return bad();
  const std::int64_t cp = whole * 100 + (frac_digits == 1 ? frac * 10 : frac);
  e.value = static_cast<int>(neg ? -cp : cp);
  return e;
}

std::string format_eval(const Eval& e) {
  std::string out;
  if (e.mate) {
    out = fmt::format("#{}", e.value);
  } else {
    const int a = e.value < 0 ? -e.value : e.value;
    out = fmt::format("{}{}.{:02}", e.value < 0 ? "-" : "", a / 100, a % 100);
  }
  if (e.depth >= 0) out += fmt::format(",{}", e.depth);
  return out;
}

std::string extract_commands(std::string_view comment, Annotations& out) {
  std::string rest;
  std::size_t i = 0;
  while (i < comment.size()) {
    const auto open = comment.find("[%", i);
    if (open == std::string_view::npos) {
      rest.append(comment.substr(i));
      break;
    }
    const auto close = comment.find(']', open);
    if (close == std::string_view::npos) {
      rest.append(comment.substr(i));
      break;
    }
    const std::string_view body = comment.substr(open + 2, close - open - 2);
    const auto space = body.find_first_of(" \t\n\r");
    const std::string_view name = body.substr(0, space);
    const std::string_view arg =
        space == std::string_view::npos ? std::string_view{} : body.substr(space + 1);
    bool taken = false;
    if (name == "clk") {
      if (auto v = parse_clock(arg)) out.clock_ms = *v, taken = true;
    } else if (name == "emt") {
      if (auto v = parse_clock(arg)) out.elapsed_ms = *v, taken = true;
    } else if (name == "eval") {
      if (auto v = parse_eval(arg)) out.eval = *v, taken = true;
    } else if (name == "draw" && trim(arg) == "offer") {
      out.draw_offer = taken = true;
    }
    rest.append(comment.substr(i, open - i));
    if (!taken) rest.append(comment.substr(open, close + 1 - open));
    i = close + 1;
  }
  return rest;
}

std::string format_commands(const Annotations& a) {
  std::string out;
  auto add = [&](const std::string& s) {
    if (!out.empty()) out.push_back(' ');
    out += s;
  };
  if (a.draw_offer) add("[%draw offer]");
  if (a.eval) add("[%eval " + format_eval(*a.eval) + "]");
  if (a.clock_ms) add("[%clk " + format_clock(*a.clock_ms) + "]");
  if (a.elapsed_ms) add("[%emt " + format_clock(*a.elapsed_ms) + "]");
  return out;
}

}  // namespace arbiter::pgn
