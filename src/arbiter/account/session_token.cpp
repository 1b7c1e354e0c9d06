// Random secrets, their hashes and constant-time comparison, by libsodium.
#include "arbiter/account/session_token.hpp"

#include <sodium.h>

#include <array>
#include <cstdlib>
#include <mutex>

namespace arbiter::account {

namespace {

constexpr std::size_t kSecretBytes = 32;
constexpr std::size_t kSecretChars = 43;  // base64url of 32 bytes, unpadded

void init_sodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0) std::abort();  // no usable random source: nothing is safe
  });
}

std::string random_token() {
  init_sodium();
  std::array<unsigned char, kSecretBytes> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::string out(sodium_base64_ENCODED_LEN(kSecretBytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING),
                  '\0');
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(kSecretChars);
  sodium_memzero(bytes.data(), bytes.size());
  return out;
}

}  // namespace

std::string new_session_secret() { return random_token(); }

std::string new_csrf_token() { return random_token(); }

std::string session_hash(std::string_view secret) {
  init_sodium();
  std::array<unsigned char, 32> digest{};
  crypto_generichash(digest.data(), digest.size(),
                     reinterpret_cast<const unsigned char*>(secret.data()), secret.size(), nullptr,
                     0);
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

bool is_session_secret(std::string_view text) noexcept {
  if (text.size() != kSecretChars) return false;
  for (char c : text) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

bool same_token(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size() || a.empty()) return false;
  init_sodium();
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace arbiter::account
