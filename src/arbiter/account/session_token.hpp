// Session secrets (issue #17, docs/accounts.md). A browser holds a random secret in an
// HttpOnly cookie; the store keeps only its hash, so that a copy of the database opens no
// session. Each session also has a CSRF token, which the page sends back in a header with
// every request that changes something.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::account {

// 32 random bytes (libsodium's randombytes) in unpadded base64url: 43 characters.
[[nodiscard]] std::string new_session_secret();

// The same, for a CSRF token.
[[nodiscard]] std::string new_csrf_token();

// BLAKE2b-256 of the secret, as 64 lowercase hex digits: the key of the session in the store.
[[nodiscard]] std::string session_hash(std::string_view secret);

// Whether a secret looks like one new_session_secret made (43 base64url characters), before
// any look-up: a cookie of another shape is ignored.
[[nodiscard]] bool is_session_secret(std::string_view text) noexcept;

// Compares two tokens in time independent of their contents (sodium_memcmp); tokens of
// different lengths are unequal, and an empty token equals nothing.
[[nodiscard]] bool same_token(std::string_view a, std::string_view b) noexcept;

}  // namespace arbiter::account
