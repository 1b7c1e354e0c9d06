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

}  // namespace arbiter::server
