// TimeSource: the injected clock. Rules code never reads the wall clock; it asks a
// TimeSource, so tests drive time by hand (ManualTimeSource) and stay deterministic.
#pragma once

#include <chrono>
#include <cstdint>

namespace arbiter {

using Millis = std::chrono::milliseconds;

class TimeSource {
 public:
  virtual ~TimeSource() = default;
  // Monotonic time since an arbitrary epoch fixed for the source's lifetime.
  [[nodiscard]] virtual Millis now() const = 0;
};

// The real monotonic clock (std::chrono::steady_clock), relative to construction.
class SteadyTimeSource final : public TimeSource {
 public:
  SteadyTimeSource();
  [[nodiscard]] Millis now() const override;

 private:
  std::chrono::steady_clock::time_point start_;
};

// A clock that moves only when told to: for tests and for replaying logged events.
class ManualTimeSource final : public TimeSource {
 public:
  explicit ManualTimeSource(Millis start = Millis{0}) : now_(start) {}
  [[nodiscard]] Millis now() const override { return now_; }
  void advance(Millis delta) { now_ += delta; }
  void set(Millis t) { now_ = t; }

 private:
  Millis now_;
};

}  // namespace arbiter
