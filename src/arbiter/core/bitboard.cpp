#include "arbiter/core/bitboard.hpp"

namespace arbiter::core::detail {

constexpr Tables kTables = make_tables();

}  // namespace arbiter::core::detail
