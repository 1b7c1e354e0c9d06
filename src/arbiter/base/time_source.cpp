#include "arbiter/base/time_source.hpp"

namespace arbiter {

SteadyTimeSource::SteadyTimeSource() : start_(std::chrono::steady_clock::now()) {}

Millis SteadyTimeSource::now() const {
  return std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now() - start_);
}

}  // namespace arbiter
