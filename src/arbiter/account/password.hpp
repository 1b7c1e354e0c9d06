// Passwords (issue #17, docs/accounts.md): hashed with Argon2id by libsodium, in its encoded
// form ("$argon2id$v=19$m=...,t=...,p=1$salt$hash"), which carries its own salt and costs.
// A password is never stored, logged or returned; only its hash leaves this file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::account {

// Argon2id's costs: passes over memory, and memory in bytes.
struct PasswordCost {
  unsigned long long ops = 0;
  std::size_t memory = 0;
};

// libsodium's "interactive" costs (2 passes, 64 MiB): about 0.1 s a hash on a server core.
[[nodiscard]] PasswordCost interactive_cost() noexcept;
// The smallest costs libsodium allows (1 pass, 8 KiB): for tests only.
[[nodiscard]] PasswordCost test_cost() noexcept;

// The rules a new password must meet: 8..128 bytes of UTF-8 text (any script, spaces
// included), not the user name itself in any letter case. Errors: kInvalidArgument, field
// "password", saying which rule; the message never repeats the password.
[[nodiscard]] Result<void> check_new_password(std::string_view password,
                                              std::string_view user_name);

// The encoded Argon2id hash of `password` with a fresh random salt. Errors: kInvalidArgument
// (field "password") for more than 128 bytes; kIo if libsodium cannot allocate the memory.
[[nodiscard]] Result<std::string> hash_password(std::string_view password,
                                                const PasswordCost& cost);

// Whether `password` matches `encoded` (time independent of where they differ). A
// malformed hash matches nothing.
[[nodiscard]] bool verify_password(std::string_view encoded, std::string_view password) noexcept;

// Verifies `password` against a hash of no account, at `cost`, and returns false: a log-in
// with an unknown name then takes as long as one with a wrong password, so the time of the
// answer does not tell which names exist (issue #17: enumeration through timing).
bool verify_against_no_account(std::string_view password, const PasswordCost& cost) noexcept;

// Whether a stored hash was made with other costs than `cost` and should be remade at the
// next successful log-in.
[[nodiscard]] bool needs_rehash(std::string_view encoded, const PasswordCost& cost) noexcept;

}  // namespace arbiter::account
