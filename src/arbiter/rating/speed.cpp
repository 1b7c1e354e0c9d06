// Rating categories from time controls (Appendices A.1 and B.1, and bullet below 3 minutes).
#include "arbiter/rating/speed.hpp"

#include <string>

namespace arbiter::rating {

namespace {

// Bullet: a nominal time (A.1 / B.1) under 3 minutes.
constexpr Millis kBulletBelow{3 * 60 * 1000};

}  // namespace

std::string_view to_string(Speed speed) noexcept {
  switch (speed) {
    case Speed::Bullet: return "bullet";
    case Speed::Blitz: return "blitz";
    case Speed::Rapid: return "rapid";
    case Speed::Classical: return "classical";
    case Speed::Correspondence: return "correspondence";
  }
  return "classical";
}

Result<Speed> parse_speed(std::string_view text) {
  for (Speed speed : kAllSpeeds) {
    if (to_string(speed) == text) return speed;
  }
  return make_error(ErrorCode::kInvalidArgument,
                    "unknown rating category '" + std::string(text) +
                        "' (bullet, blitz, rapid, classical, correspondence)",
                    {0, 0, "speed"});
}

Speed speed_of(const clock::TimeControl& control) noexcept {
  if (control.is_unlimited() || control.days_per_move() > 0) return Speed::Correspondence;
  switch (control.category()) {
    case clock::Category::Blitz:
      return control.nominal_time() < kBulletBelow ? Speed::Bullet : Speed::Blitz;
    case clock::Category::Rapid: return Speed::Rapid;
    case clock::Category::Standard: return Speed::Classical;
  }
  return Speed::Classical;
}

}  // namespace arbiter::rating
