#include "arbiter/server/static_files.hpp"

#include <array>
#include <string>
#include <system_error>
#include <utility>

namespace arbiter::server {

Result<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                             std::string_view target) {
  auto bad = [&](const char* why) {
    return make_error(ErrorCode::kInvalidArgument,
                      std::string{"bad path '"} + std::string{target} + "': " + why,
                      {0, 0, "target"});
  };
  const auto query = target.find('?');
  if (query != std::string_view::npos) target = target.substr(0, query);
  if (target.empty() || target.front() != '/') return bad("not absolute");
  if (target.find("..") != std::string_view::npos) return bad("contains ..");
  for (char c : target) {
    if (c == '\\' || c == '\0' || c == '%') return bad("backslash, NUL or escape");
  }
  std::string relative{target.substr(1)};
  // The app's own routes are served by index.html (client-side routing).
  if (relative.empty() || relative.starts_with("g/")) relative = "index.html";
  const std::filesystem::path file = root / relative;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    return make_error(ErrorCode::kIo, "no file " + relative, {0, 0, "target"});
  }
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
