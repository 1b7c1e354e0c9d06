#include "arbiter/store/migration.hpp"

#include <string>

#include "arbiter/base/assert.hpp"

namespace arbiter::store {

int latest_version(std::span<const Migration> all) noexcept {
  return all.empty() ? 0 : all.back().version;
}

Result<std::span<const Migration>> pending_migrations(std::span<const Migration> all,
                                                      std::int64_t current,
                                                      std::string_view backend) {
  for (std::size_t i = 0; i < all.size(); ++i) {
    ARB_ASSERT(all[i].version == static_cast<int>(i) + 1);  // numbered 1, 2, ... in order
  }
  const int latest = latest_version(all);
  if (current < 0) {
    return make_error(ErrorCode::kIo,
                      std::string{backend} + " database schema version " + std::to_string(current) +
                          " is not a version",
                      {0, 0, "schema_version"});
  }
  if (current > latest) {
    return make_error(ErrorCode::kUnsupported,
                      std::string{backend} + " database schema version " + std::to_string(current) +
                          " is newer than this program's " + std::to_string(latest),
                      {0, 0, "schema_version"});
  }
  return all.subspan(static_cast<std::size_t>(current));
}

}  // namespace arbiter::store
