// Well-formed UTF-8: what a PostgreSQL database in UTF8 takes and a person can type.
#pragma once

#include <string_view>

namespace arbiter {

// Whether `s` is well-formed UTF-8: no overlong forms, no surrogates (U+D800..U+DFFF), no
// code point above U+10FFFF, no truncated sequence. The store refuses other text so that
// SQLite (which keeps any bytes) and PostgreSQL (which refuses them) agree; the account
// module so that a password is text a person typed.
[[nodiscard]] bool is_utf8(std::string_view s) noexcept;

}  // namespace arbiter
