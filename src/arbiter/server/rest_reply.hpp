// The replies of the REST routes (docs/web-protocol.md §1): a JSON body, or an error body
// with the ErrorCode's name, the field and the column. Shared by the game and account routes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// "/api/games/x/pgn" → {"api", "games", "x", "pgn"} (empty parts dropped).
[[nodiscard]] std::vector<std::string_view> split_path(std::string_view path);
// The value of `key` in a query string "a=1&b=2" ("" for a bare key), or nullopt.
// A query value as sent by a browser decoded: "+" is a space, "%2F" a "/"; a "%" not
// followed by two hex digits stays as it is.
[[nodiscard]] std::string url_decode(std::string_view text);
[[nodiscard]] std::optional<std::string_view> query_param(std::string_view query,
                                                          std::string_view key);

}  // namespace arbiter::server
