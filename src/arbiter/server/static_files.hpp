// Static files of web/dist: mapping a request target to a file under the document root
// without ever leaving it, and the Content-Type of a file.
#pragma once

#include <filesystem>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

// The file for `target` ("/", "/app.js", "/g/abc" → index.html for the single-page app's
// routes). Errors (kInvalidArgument): a target that is not an absolute path, contains
// "..", a backslash, a NUL or a percent-escape; kIo: no such regular file.
[[nodiscard]] Result<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                           std::string_view target);

// "text/html; charset=utf-8" for .html, and so on; application/octet-stream otherwise.
[[nodiscard]] std::string_view mime_type(std::string_view path) noexcept;

}  // namespace arbiter::server
