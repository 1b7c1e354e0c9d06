#include "arbiter/players/engine_text.hpp"

#include <charconv>
#include <vector>

namespace arbiter::players {
namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > b) out.push_back(line.substr(b, i - b));
  }
  return out;
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

std::string nth_word(std::string_view line, int n) {
  const auto w = words(line);
  if (n < 0 || static_cast<std::size_t>(n) >= w.size()) return {};
  return std::string(w[static_cast<std::size_t>(n)]);
}

std::optional<int> info_int(std::string_view line, std::string_view key) {
  const auto w = words(line);
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return to_int(w[i + 1]);
  return std::nullopt;
}

std::optional<int> info_score_cp(std::string_view line) {
  const auto w = words(line);
  for (std::size_t i = 0; i + 2 < w.size(); ++i) {
    if (w[i] != "score") continue;
    const auto v = to_int(w[i + 2]);
    if (!v) return std::nullopt;
    if (w[i + 1] == "cp") return v;
    if (w[i + 1] == "mate") return *v > 0 ? 30000 - *v : -30000 - *v;
  }
  return std::nullopt;
}

}  // namespace arbiter::players
