#include "arbiter/server/static_files.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <system_error>
#include <utility>

namespace arbiter::server {
namespace {

namespace fs = std::filesystem;

Error refused(std::string_view target, int column, const std::string& why) {
  // The target is echoed shortened and printable only: it ends up in the log.
  std::string shown;
  for (char c : target.substr(0, 80)) {
    const auto u = static_cast<unsigned char>(c);
    shown.push_back(u >= 0x20 && u < 0x7f ? c : '?');
  }
  if (target.size() > 80) shown += "...";
  return Error{ErrorCode::kInvalidArgument, "refused path '" + shown + "': " + why,
               Location{0, column, "target"}};
}

int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One segment, decoded, is acceptable: not empty, not "." or "..", no leading dot (hidden
// files, and every spelling of the parent directory), no character that is not printable.
const char* segment_fault(std::string_view segment) noexcept {
  if (segment.empty()) return "an empty segment (a doubled or absolute path)";
  if (segment.front() == '.') return "a segment starting with '.'";
  for (char c : segment) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0) return "a NUL byte";
    if (u < 0x20 || u == 0x7f) return "a control character";
    if (c == '\\') return "a backslash";
    if (c == '%') return "a '%' after decoding (double encoding)";
  }
  return nullptr;
}

}  // namespace

Result<std::string> decode_static_path(std::string_view target) {
  const auto query = target.find('?');
  const std::string_view path = target.substr(0, query);
  if (path.size() > kStaticPathMax) {
    return tl::unexpected(refused(target, static_cast<int>(kStaticPathMax) + 1,
                                  "longer than " + std::to_string(kStaticPathMax)));
  }
  if (path.empty() || path.front() != '/')
    return tl::unexpected(refused(target, 1, "not absolute"));
  if (path.size() == 1) return std::string{};
  // Decoded once: an escape of an escape stays a '%' and is refused below.
  std::string decoded;
  decoded.reserve(path.size());
  std::size_t segment_start = 0;  // in `decoded`
  int segment_column = 2;         // 1-based column in `target` of the segment's first byte
  for (std::size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      if (const char* why = segment_fault(std::string_view{decoded}.substr(segment_start))) {
        return tl::unexpected(refused(target, segment_column, why));
      }
      if (i == path.size()) break;
      decoded.push_back('/');
      segment_start = decoded.size();
      segment_column = static_cast<int>(i) + 2;
      continue;
    }
    char c = path[i];
    if (c == '%') {
      const int hi = i + 2 < path.size() ? hex_value(path[i + 1]) : -1;
      const int lo = i + 2 < path.size() ? hex_value(path[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        return tl::unexpected(refused(target, static_cast<int>(i) + 1, "a bad %-escape"));
      }
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
      if (c == '/') {
        return tl::unexpected(refused(target, static_cast<int>(i) - 1, "an escaped '/'"));
      }
    }
    decoded.push_back(c);
  }
  return decoded;
}

bool path_within(const fs::path& path, const fs::path& dir) {
  auto p = path.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++p) {
    if (d->empty() && std::next(d) == dir.end()) break;  // "dir/" ends with an empty element
    if (p == path.end() || *p != *d) return false;
  }
  return true;
}

bool is_page_path(std::string_view target) noexcept {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/' || path.starts_with("/api/") || path == "/api") {
    return false;
  }
  const std::string_view last = path.substr(path.rfind('/') + 1);
  return last.find('.') == std::string_view::npos;
}

Result<fs::path> resolve_static(const fs::path& root, std::string_view target,
                                const std::vector<fs::path>& hidden) {
  auto relative = decode_static_path(target);
  if (!relative) return tl::unexpected(relative.error());
  // The app's own routes are served by index.html (client-side routing): the lobby, a
  // game, the account pages (issue #17), the board editor, the PGN viewer and the events
  // (issue #18).
  if (relative->empty() || relative->starts_with("g/") || *relative == "login" ||
      *relative == "signup" || *relative == "account" || relative->starts_with("@/") ||
      *relative == "editor" || *relative == "pgn" || *relative == "tournaments" ||
      relative->starts_with("tournament/")) {
    *relative = "index.html";
  }
  const auto missing = [&] {
    return make_error(ErrorCode::kIo, "no file " + *relative, {0, 0, "target"});
  };
  std::error_code ec;
  const fs::path canonical_root = fs::canonical(root, ec);
  if (ec) return missing();
  // canonical() resolves every symbolic link, so a link inside the root that points out of
  // it is caught by the containment check below.
  const fs::path file = fs::canonical(canonical_root / *relative, ec);
  if (ec) return missing();
  if (!path_within(file, canonical_root)) {
    return tl::unexpected(refused(target, 1, "resolves outside the web root"));
  }
  for (const fs::path& dir : hidden) {
    const fs::path canonical_dir = fs::weakly_canonical(dir, ec);
    if (ec || path_within(file, canonical_dir)) {
      return tl::unexpected(refused(target, 1, "inside a directory that is never served"));
    }
  }
  if (!fs::is_regular_file(file, ec)) return missing();
  return file;
}

std::string_view mime_type(std::string_view path) noexcept {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".map", "application/json"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".wav", "audio/wav"},
      {".txt", "text/plain; charset=utf-8"},
      {".pgn", "application/x-chess-pgn; charset=utf-8"},
  }};
  const auto dot = path.rfind('.');
  if (dot != std::string_view::npos) {
    const std::string_view ext = path.substr(dot);
    for (const auto& [e, type] : kTypes) {
      if (e == ext) return type;
    }
  }
  return "application/octet-stream";
}

}  // namespace arbiter::server
