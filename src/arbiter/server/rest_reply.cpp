#include "arbiter/server/rest_reply.hpp"

#include "arbiter/wire/protocol.hpp"

namespace arbiter::server {

HttpReply json_reply(unsigned status, std::string body) {
  HttpReply reply;
  reply.status = status;
  reply.body = std::move(body);
  return reply;
}

HttpReply error_reply(unsigned status, std::string_view code, std::string_view message,
                      std::string_view field, int column) {
  return json_reply(status, wire::write_error_body(code, message, field, column));
}

HttpReply from_error(const Error& e) {
  unsigned status = 400;
  std::string code{to_string(e.code)};
  if (e.code == ErrorCode::kIo) {
    status = 500;
    code = "internal";
  } else if (e.code == ErrorCode::kProtocolSyntax) {
    code = "bad-json";
  } else if (e.code == ErrorCode::kCapacity) {
    status = 503;  // a server limit (docs/security.md): try again later
  }
  return error_reply(status, code, e.message, e.where.field, e.where.column);
}

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const auto slash = path.find('/');
    auto part = path.substr(0, slash);
    if (!part.empty()) parts.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

std::optional<std::string_view> query_param(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == key) {
      return eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

std::string url_decode(std::string_view text) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
      out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace arbiter::server
