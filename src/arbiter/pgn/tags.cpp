#include "arbiter/pgn/tags.hpp"

#include <algorithm>
#include <cctype>

namespace arbiter::pgn {

std::string_view roster_default(std::string_view name) noexcept {
  // PGN standard 8.1.1.1-8.1.1.7: "?" for unknown, "????.??.??" for an unknown date,
  // "*" for an unknown result.
  if (name == "Date") return "????.??.??";
  if (name == "Result") return "*";
  return "?";
}

void Tags::set(std::string_view name, std::string_view value) {
  for (auto& [n, v] : pairs_) {
    if (n == name) {
      v.assign(value);
      return;
    }
  }
  pairs_.emplace_back(std::string(name), std::string(value));
}

const std::string* Tags::find(std::string_view name) const noexcept {
  for (const auto& [n, v] : pairs_)
    if (n == name) return &v;
  return nullptr;
}

std::string_view Tags::get(std::string_view name, std::string_view fallback) const noexcept {
  const std::string* v = find(name);
  return v ? std::string_view(*v) : fallback;
}

bool Tags::erase(std::string_view name) {
  const auto it =
      std::find_if(pairs_.begin(), pairs_.end(), [&](const Pair& p) { return p.first == name; });
  if (it == pairs_.end()) return false;
  pairs_.erase(it);
  return true;
}

std::vector<Tags::Pair> Tags::export_order() const {
  std::vector<Pair> out;
  out.reserve(pairs_.size() + kSevenTagRoster.size());
  for (const std::string_view name : kSevenTagRoster) {
    const std::string* v = find(name);
    out.emplace_back(std::string(name), v ? *v : std::string(roster_default(name)));
  }
  for (const auto& p : pairs_) {
    if (std::find(kSevenTagRoster.begin(), kSevenTagRoster.end(), p.first) == kSevenTagRoster.end())
      out.push_back(p);
  }
  return out;
}

namespace {

// Lower case, with spaces, hyphens and underscores removed: "Fischer Random" → "fischerrandom".
std::string squeeze(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

}  // namespace

VariantKind classify_variant(std::string_view value) {
  const std::string v = squeeze(value);
  if (v.empty() || v == "standard" || v == "chess" || v == "normal" || v == "orthodox" ||
      v == "classical" || v == "fromposition")
    return VariantKind::Standard;
  if (v == "chess960" || v == "960" || v == "fischerandom" || v == "fischerrandom" ||
      v == "fischerrandomchess" || v == "frc" || v == "chess960rapid")
    return VariantKind::Chess960;
  return VariantKind::Unsupported;
}

bool is_result_marker(std::string_view text) noexcept {
  return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*";
}

}  // namespace arbiter::pgn
