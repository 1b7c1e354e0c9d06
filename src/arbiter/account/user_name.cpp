// User names: the characters allowed, the reserved words, the case-insensitive key.
#include "arbiter/account/user_name.hpp"

#include <array>
#include <string>

namespace arbiter::account {

namespace {

constexpr std::size_t kMinLength = 2;
constexpr std::size_t kMaxLength = 20;

// Words a player could use to pass for the server, its computer opponent or no one.
constexpr std::array<std::string_view, 14> kReserved = {
    "admin", "administrator", "anonymous", "arbiter", "computer",  "deleted", "engine",
    "guest", "moderator",     "root",      "server",  "stockfish", "system",  "support"};

bool is_alnum(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

Result<void> bad_name(std::string message, std::size_t column) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message),
                    {0, static_cast<int>(column), "name"});
}

}  // namespace

std::string name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

Result<void> check_user_name(std::string_view name) {
  if (name.size() < kMinLength || name.size() > kMaxLength) {
    return bad_name("a user name has 2 to 20 characters", 0);
  }
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (is_alnum(c)) continue;
    if (c != '_' && c != '-') {
      return bad_name("a user name has only letters A-Z, digits, '_' and '-'", i + 1);
    }
    if (i == 0 || i + 1 == name.size()) {
      return bad_name("a user name begins and ends with a letter or a digit", i + 1);
    }
    if (!is_alnum(name[i - 1])) {
      return bad_name("a user name has no two of '_' and '-' in a row", i + 1);
    }
  }
  const std::string key = name_key(name);
  for (std::string_view reserved : kReserved) {
    if (key == reserved) return bad_name("this user name is reserved", 1);
  }
  return {};
}

}  // namespace arbiter::account
