#include "arbiter/tournament/point_system.hpp"

#include <cctype>
#include <string>

namespace arbiter::tournament {

std::optional<ResultCode> parse_result(char c) noexcept {
  switch (c) {
    case '1': return ResultCode::Win;
    case '=': return ResultCode::Draw;
    case '0': return ResultCode::Loss;
    case '+': return ResultCode::ForfeitWin;
    case '-': return ResultCode::ForfeitLoss;
    case 'W': return ResultCode::WinUnrated;
    case 'D': return ResultCode::DrawUnrated;
    case 'L': return ResultCode::LossUnrated;
    case 'H': return ResultCode::HalfBye;
    case 'F': return ResultCode::FullBye;
    case 'U': return ResultCode::PairingBye;
    case 'Z': return ResultCode::ZeroBye;
    default: return std::nullopt;
  }
}

bool is_bye(ResultCode r) noexcept {
  return r == ResultCode::HalfBye || r == ResultCode::FullBye || r == ResultCode::PairingBye ||
         r == ResultCode::ZeroBye;
}

bool is_played(ResultCode r) noexcept {
  switch (r) {
    case ResultCode::Win:
    case ResultCode::Draw:
    case ResultCode::Loss:
    case ResultCode::WinUnrated:
    case ResultCode::DrawUnrated:
    case ResultCode::LossUnrated: return true;
    default: return false;
  }
}

bool results_match(ResultCode a, ResultCode b) noexcept {
  using R = ResultCode;
  switch (a) {
    case R::Win: return b == R::Loss;
    case R::Loss: return b == R::Win;
    case R::Draw: return b == R::Draw;
    case R::ForfeitWin: return b == R::ForfeitLoss;
    // A double forfeit: neither player came (both lines say `-`).
    case R::ForfeitLoss: return b == R::ForfeitWin || b == R::ForfeitLoss;
    case R::WinUnrated: return b == R::LossUnrated;
    case R::LossUnrated: return b == R::WinUnrated;
    case R::DrawUnrated: return b == R::DrawUnrated;
    default: return false;
  }
}

Points PointSystem::points_for(ResultCode r) const noexcept {
  switch (r) {
    case ResultCode::Win:
    case ResultCode::WinUnrated: return win;
    case ResultCode::Draw:
    case ResultCode::DrawUnrated: return draw;
    case ResultCode::Loss:
    case ResultCode::LossUnrated: return loss;
    case ResultCode::ForfeitWin: return forfeit_win;
    case ResultCode::ForfeitLoss: return forfeit_loss;
    case ResultCode::HalfBye: return half_bye;
    case ResultCode::FullBye: return full_bye;
    case ResultCode::PairingBye: return pairing_bye;
    case ResultCode::ZeroBye: return zero_bye;
  }
  return 0;
}

std::optional<Points> parse_points(std::string_view text) noexcept {
  if (text.empty() || text.size() > 8) return std::nullopt;
  bool negative = false;
  std::size_t i = 0;
  if (text[0] == '-') {
    negative = true;
    i = 1;
  }
  Points whole = 0;
  std::size_t digits = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i, ++digits) {
    whole = whole * 10 + (text[i] - '0');
  }
  if (digits == 0) return std::nullopt;
  Points tenths = 0;
  if (i < text.size()) {
    if (text[i] != '.' || i + 2 != text.size() ||
        !std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      return std::nullopt;
    }
    tenths = text[i + 1] - '0';
  }
  const Points value = whole * 10 + tenths;
  return negative ? -value : value;
}

std::string format_points(Points p) {
  const Points magnitude = p < 0 ? -p : p;
  std::string out = p < 0 ? "-" : "";
  out += std::to_string(magnitude / 10) + "." + std::to_string(magnitude % 10);
  return out;
}

namespace {

Error value_error(std::string_view what, int line, std::size_t column) {
  return Error{ErrorCode::kTrfSyntax,
               std::string(what),
               {line, static_cast<int>(column) + 1, "point system"}};
}

// Words of `line` from column 5 on, with their 0-based offsets.
template <typename F>
bool for_each_word(std::string_view line, F&& f) {
  std::size_t i = 3;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    if (i >= line.size()) break;
    std::size_t end = i;
    while (end < line.size() && line[end] != ' ') ++end;
    if (!f(line.substr(i, end - i), i)) return false;
    i = end;
  }
  return true;
}

}  // namespace

Result<PointSystem> apply_point_line(PointSystem system, std::string_view line, int line_number) {
  const std::string_view code = line.substr(0, 3);
  if (code != "XXS") {
    // bbpPairings: one value after the code.
    std::optional<Points> value;
    std::size_t at = 3;
    int words = 0;
    for_each_word(line, [&](std::string_view word, std::size_t offset) {
      ++words;
      at = offset;
      value = parse_points(word);
      return true;
    });
    if (words != 1 || !value || *value < 0) {
      return tl::unexpected(
          value_error(std::string(code) + " needs one number of points", line_number, at));
    }
    if (code == "BBW") system.win = system.forfeit_win = system.full_bye = *value;
    if (code == "BBD") system.draw = system.half_bye = *value;
    if (code == "BBL") system.loss = *value;
    if (code == "BBZ") system.zero_bye = *value;
    if (code == "BBF") system.forfeit_loss = *value;
    if (code == "BBU") system.pairing_bye = *value;
    return system;
  }
  // JaVaFo: KEY=VALUE words.
  std::optional<Error> failure;
  for_each_word(line, [&](std::string_view word, std::size_t offset) {
    const auto eq = word.find('=');
    if (eq == std::string_view::npos) {
      failure = value_error("XXS expects KEY=POINTS", line_number, offset);
      return false;
    }
    const std::string_view key = word.substr(0, eq);
    const auto value = parse_points(word.substr(eq + 1));
    if (!value || *value < 0) {
      failure = value_error("XXS " + std::string(key) + " is not a number of points", line_number,
                            offset + eq + 1);
      return false;
    }
    Points* target = nullptr;
    if (key == "W") target = &system.win;
    if (key == "D") target = &system.draw;
    if (key == "L") target = &system.loss;
    if (key == "ZPB") target = &system.zero_bye;
    if (key == "HPB") target = &system.half_bye;
    if (key == "FPB") target = &system.full_bye;
    if (key == "PAB") target = &system.pairing_bye;
    if (key == "FW") target = &system.forfeit_win;
    if (key == "FL") target = &system.forfeit_loss;
    if (target == nullptr) {
      failure =
          value_error("XXS key " + std::string(key) + " is not one of W D L ZPB HPB FPB PAB FW FL",
                      line_number, offset);
      return false;
    }
    *target = *value;
    return true;
  });
  if (failure) return tl::unexpected(*failure);
  return system;
}

}  // namespace arbiter::tournament
