// The replies of the REST routes (docs/web-protocol.md §1): a JSON body, or an error body
// with the ErrorCode's name, the field and the column. Shared by the game and account routes.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/server/handlers.hpp"

namespace arbiter::server {

[[nodiscard]] HttpReply json_reply(unsigned status, std::string body);

[[nodiscard]] HttpReply error_reply(unsigned status, std::string_view code,
                                    std::string_view message, std::string_view field = {},
                                    int column = 0);

// 400 with the error's code (kProtocolSyntax as "bad-json"), 500 "internal" for kIo, 503
// for kCapacity.
[[nodiscard]] HttpReply from_error(const Error& e);

}  // namespace arbiter::server
