#include "arbiter/engine/training_data.hpp"

#include <charconv>

namespace arbiter::engine {

namespace {

std::string_view trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
    v.remove_suffix(1);
  return v;
}

tl::unexpected<Error> field_error(std::string_view where, int column, const char* field,
                                  std::string_view what) {
  return make_error(ErrorCode::kInvalidArgument,
                    std::string(where) + ": " + field + " field: " + std::string(what),
                    Location{0, column, field});
}

}  // namespace

std::string format_training_line(const core::Position& pos, Value white_score, float white_result) {
  const char* result = white_result > 0.75f ? "1.0" : white_result < 0.25f ? "0.0" : "0.5";
  return pos.fen() + " | " + std::to_string(white_score) + " | " + result;
}

Result<TrainingLine> parse_training_line(std::string_view line, std::string_view where) {
  const auto bar1 = line.find('|');
  const auto bar2 = bar1 == std::string_view::npos ? bar1 : line.find('|', bar1 + 1);
  if (bar2 == std::string_view::npos)
    return field_error(where, 1, "line", "expected 'FEN | score | result'");
  TrainingLine out;
  auto pos = core::Position::from_fen(trim(line.substr(0, bar1)));
  if (!pos) return field_error(where, 1, "fen", pos.error().message);
  out.pos = *pos;
  const std::string_view score = trim(line.substr(bar1 + 1, bar2 - bar1 - 1));
  const auto [end, ec] = std::from_chars(score.data(), score.data() + score.size(), out.score);
  if (ec != std::errc{} || end != score.data() + score.size() || score.empty() ||
      is_mate_score(out.score) || out.score <= -kInfinite || out.score >= kInfinite)
    return field_error(where, static_cast<int>(bar1) + 2, "score",
                       "expected centipawns, got '" + std::string(score) + "'");
  const std::string_view result = trim(line.substr(bar2 + 1));
  if (result == "1.0" || result == "1")
    out.result = 1.0f;
  else if (result == "0.5")
    out.result = 0.5f;
  else if (result == "0.0" || result == "0")
    out.result = 0.0f;
  else
    return field_error(where, static_cast<int>(bar2) + 2, "result",
                       "expected 1.0, 0.5 or 0.0, got '" + std::string(result) + "'");
  return out;
}

}  // namespace arbiter::engine
