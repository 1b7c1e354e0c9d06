// Static files of web/dist: mapping a request target to a file under the document root
// without ever leaving it (docs/security.md, "Static files"), and the Content-Type of a file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

// The longest request path (before the query) looked at; longer ones are refused.
inline constexpr std::size_t kStaticPathMax = 1024;

// The path of `target` (its query removed) decoded once from percent-escapes and checked
// segment by segment: "/", then segments of printable characters joined by single "/".
// Refused (kInvalidArgument, the field "target" and the column of the fault): a target
// that does not start with "/", an empty segment ("//etc/passwd"), a segment that is "."
// or ".." or starts with "." (also when written %2e), a bad escape, a decoded NUL,
// control character, backslash or "%" (double encoding), a path over kStaticPathMax.
// The result is relative ("app.js", "g/abc"); "" for "/".
[[nodiscard]] Result<std::string> decode_static_path(std::string_view target);

// The file for `target` ("/", "/app.js", "/g/abc" → index.html for the single-page app's
// routes), as a canonical path (symbolic links resolved) that lies inside the canonical
// `root` and outside every directory of `hidden` (the data directory). Errors:
// kInvalidArgument for a refused target (decode_static_path) or a file that resolves
// outside the root or inside a hidden directory; kIo: no such regular file.
[[nodiscard]] Result<std::filesystem::path> resolve_static(
    const std::filesystem::path& root, std::string_view target,
    const std::vector<std::filesystem::path>& hidden = {});

// Whether a missing `target` names a page of the app rather than a file: its last segment
// has no '.' ("/nonsense", "/g/x/moves"; not "/app.js", "/missing.css"), and it is not
// under /api/. The server answers such a target with index.html and status 404, so that
// the app shows its own "page not found" (issue #17); a missing file stays a JSON 404.
[[nodiscard]] bool is_page_path(std::string_view target) noexcept;

// What the server serves files from: the document root, and the directories under it (or
// anywhere) that are never served whatever the request (the data directory).
struct StaticSite {
  std::filesystem::path root;
  std::vector<std::filesystem::path> hidden;
};

// True when `path` is `dir` or lies below it, both canonical (compared by components).
[[nodiscard]] bool path_within(const std::filesystem::path& path, const std::filesystem::path& dir);

// "text/html; charset=utf-8" for .html, and so on; application/octet-stream otherwise.
[[nodiscard]] std::string_view mime_type(std::string_view path) noexcept;

}  // namespace arbiter::server
