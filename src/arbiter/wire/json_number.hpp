// Numbers read from JSON, checked before they are converted (internal to wire/). A JSON
// number may be an integer beyond 64 bits' range or a double such as 1e300; converting
// either to an integer type unchecked is undefined behaviour (found by UBSan under
// libFuzzer, security issue #14 part 7). Every integer field goes through here.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

namespace arbiter::wire {

// The integer held by `j` if it is one (a JSON integer, not a float) in [lo, hi].
inline std::optional<std::int64_t> checked_integer(const nlohmann::json& j, std::int64_t lo,
                                                   std::int64_t hi) noexcept {
  if (j.is_number_unsigned()) {  // non-negative integers: compare before converting
    const auto u = j.get<std::uint64_t>();
    if (hi < 0 || u > static_cast<std::uint64_t>(hi)) return std::nullopt;
    const auto v = static_cast<std::int64_t>(u);
    if (v < lo) return std::nullopt;
    return v;
  }
  if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v < lo || v > hi) return std::nullopt;
    return v;
  }
  return std::nullopt;
}

// A double that holds a whole number in (-limit, limit), as an integer: the range is
// checked on the double, before the conversion.
inline std::optional<std::int64_t> whole_number(double d, double limit) noexcept {
  if (!std::isfinite(d) || d <= -limit || d >= limit || d != std::trunc(d)) return std::nullopt;
  return static_cast<std::int64_t>(d);
}

}  // namespace arbiter::wire
