// Tag pairs (PGN standard 8.1): an ordered list of name/value pairs, the Seven Tag
// Roster (8.1.1), results (8.2.6) and the Variant tag.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::pgn {

// PGN standard 8.1.1: Event, Site, Date, Round, White, Black, Result, in this order.
inline constexpr std::array<std::string_view, 7> kSevenTagRoster = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result"};

// The placeholder values an export writer uses for a missing roster tag.
[[nodiscard]] std::string_view roster_default(std::string_view name) noexcept;

class Tags {
 public:
  using Pair = std::pair<std::string, std::string>;

  // Sets (replacing an existing tag of that name) or appends.
  void set(std::string_view name, std::string_view value);
  // Appends a tag whose name is not there yet (the caller knows: the reader never hands
  // a game the same name twice). Constant time, where set() compares with every tag.
  void append(std::string_view name, std::string_view value) {
    pairs_.emplace_back(std::string(name), std::string(value));
  }
  [[nodiscard]] const std::string* find(std::string_view name) const noexcept;
  [[nodiscard]] std::string_view get(std::string_view name,
                                     std::string_view fallback = {}) const noexcept;
  [[nodiscard]] bool contains(std::string_view name) const noexcept {
    return find(name) != nullptr;
  }
  bool erase(std::string_view name);
  void clear() noexcept { pairs_.clear(); }

  [[nodiscard]] const std::vector<Pair>& pairs() const noexcept { return pairs_; }
  [[nodiscard]] std::size_t size() const noexcept { return pairs_.size(); }

  // Export order (PGN standard 8.1.1): the roster first (missing ones with their
  // placeholder), then the other tags in their original order.
  [[nodiscard]] std::vector<Pair> export_order() const;

  friend bool operator==(const Tags&, const Tags&) = default;

 private:
  std::vector<Pair> pairs_;
};

// What a Variant tag value asks for.
enum class VariantKind : std::uint8_t { Standard, Chess960, Unsupported };
// Standard: empty, "Standard", "chess", "normal"...; Chess960: "chess960", "chess 960",
// "fischerandom", "Fischer Random", "frc", "960"; anything else (Crazyhouse, Antichess,
// Atomic, ...) is a game FIDE's Laws do not describe.
[[nodiscard]] VariantKind classify_variant(std::string_view value);

// PGN standard 8.2.6 game termination markers.
[[nodiscard]] bool is_result_marker(std::string_view text) noexcept;

}  // namespace arbiter::pgn
