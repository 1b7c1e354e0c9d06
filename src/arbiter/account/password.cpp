// Argon2id password hashes by libsodium (crypto_pwhash_str_alg and friends).
#include "arbiter/account/password.hpp"

#include <sodium.h>

#include <mutex>
#include <string>

#include "arbiter/base/utf8.hpp"

namespace arbiter::account {

namespace {

constexpr std::size_t kMinPasswordBytes = 8;
constexpr std::size_t kMaxPasswordBytes = 128;

// sodium_init is safe to call more than once; once is enough.
void init_sodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0) std::abort();  // no usable random source: nothing is safe
  });
}

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

Result<void> bad_password(std::string message) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message), {0, 0, "password"});
}

}  // namespace

PasswordCost interactive_cost() noexcept {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost test_cost() noexcept {
  return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

Result<void> check_new_password(std::string_view password, std::string_view user_name) {
  if (password.size() < kMinPasswordBytes) {
    return bad_password("a password needs at least 8 characters");
  }
  if (password.size() > kMaxPasswordBytes) {
    return bad_password("a password may have at most 128 bytes");
  }
  if (!is_utf8(password)) return bad_password("a password must be UTF-8 text");
  for (char c : password) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      return bad_password("a password may not contain control characters");
    }
  }
  if (!user_name.empty() && equal_ignoring_ascii_case(password, user_name)) {
    return bad_password("a password may not be the user name");
  }
  return {};
}

Result<std::string> hash_password(std::string_view password, const PasswordCost& cost) {
  if (password.size() > kMaxPasswordBytes) {
    return make_error(ErrorCode::kInvalidArgument, "a password may have at most 128 bytes",
                      {0, 0, "password"});
  }
  init_sodium();
  std::string out(crypto_pwhash_STRBYTES, '\0');
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), cost.ops, cost.memory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return make_error(ErrorCode::kIo, "the password could not be hashed (out of memory)");
  }
  out.resize(out.find('\0'));
  return out;
}

bool verify_password(std::string_view encoded, std::string_view password) noexcept {
  init_sodium();
  // libsodium reads a NUL-terminated hash of at most STRBYTES - 1 characters.
  if (encoded.empty() || encoded.size() >= crypto_pwhash_STRBYTES) return false;
  if (password.size() > kMaxPasswordBytes) return false;
  char buffer[crypto_pwhash_STRBYTES] = {};
  encoded.copy(buffer, encoded.size());
  return crypto_pwhash_str_verify(buffer, password.data(), password.size()) == 0;
}

bool verify_against_no_account(std::string_view password, const PasswordCost& cost) noexcept {
  // A hash made once per process and cost, of a random password no one knows.
  static std::mutex mutex;
  static std::string decoy;
  static PasswordCost decoy_cost;
  std::string hash;
  {
    std::lock_guard lock(mutex);
    if (decoy.empty() || decoy_cost.ops != cost.ops || decoy_cost.memory != cost.memory) {
      init_sodium();
      unsigned char secret[32];
      randombytes_buf(secret, sizeof secret);
      auto made = hash_password(
          std::string_view(reinterpret_cast<const char*>(secret), sizeof secret), cost);
      if (!made) return false;
      decoy = *made;
      decoy_cost = cost;
    }
    hash = decoy;
  }
  (void)verify_password(hash, password);
  return false;
}

bool needs_rehash(std::string_view encoded, const PasswordCost& cost) noexcept {
  init_sodium();
  if (encoded.empty() || encoded.size() >= crypto_pwhash_STRBYTES) return true;
  char buffer[crypto_pwhash_STRBYTES] = {};
  encoded.copy(buffer, encoded.size());
  return crypto_pwhash_str_needs_rehash(buffer, cost.ops, cost.memory) != 0;
}

}  // namespace arbiter::account
