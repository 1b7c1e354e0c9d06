// User names (issue #17, docs/accounts.md): what a player is called across games, lists
// and URLs (/@/NAME). Two names that differ only in letter case are the same account.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::account {

// The rules of a new name: 2..20 characters of A-Z a-z 0-9 _ -, beginning and ending with a
// letter or a digit, no two of _ and - in a row, and not a reserved name (the server's
// own words: admin, arbiter, computer, anonymous, ...) in any case. Errors:
// kInvalidArgument, field "name", column of the first offending character (1-based).
[[nodiscard]] Result<void> check_user_name(std::string_view name);

// The key under which a name is unique: the name in lower case.
[[nodiscard]] std::string name_key(std::string_view name);

}  // namespace arbiter::account
