#include "arbiter/server/loadtest_options.hpp"

#include <charconv>

namespace arbiter::server {
namespace {

tl::unexpected<Error> bad(std::string message, std::string field) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message),
                    Location{0, 0, std::move(field)});
}

// 127.a.b.c written as four decimal bytes.
bool is_ipv4_loopback(std::string_view host) {
  int parts = 0;
  int first = -1;
  while (!host.empty()) {
    const auto dot = host.find('.');
    const std::string_view part = host.substr(0, dot);
    int value = -1;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (ec != std::errc{} || end != part.data() + part.size() || part.size() > 3 || value > 255) {
      return false;
    }
    if (parts == 0) first = value;
    ++parts;
    if (dot == std::string_view::npos) break;
    host.remove_prefix(dot + 1);
    if (host.empty()) return false;
  }
  return parts == 4 && first == 127;
}

}  // namespace

Result<LoadTarget> parse_loopback_url(std::string_view url) {
  const std::string text{url};
  std::string_view rest = url;
  bool known_scheme = false;
  for (std::string_view scheme : {"http://", "ws://"}) {
    if (rest.starts_with(scheme)) {
      rest.remove_prefix(scheme.size());
      known_scheme = true;
      break;
    }
  }
  if (!known_scheme) {
    return bad("--url " + text + ": the scheme must be http:// or ws:// (no TLS on loopback)",
               "url");
  }
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (rest.find('/') != std::string_view::npos) {
    return bad("--url " + text + ": give the server's root, without a path", "url");
  }
  LoadTarget target;
  std::string_view port_text;
  if (rest.starts_with('[')) {
    const auto close = rest.find(']');
    if (close == std::string_view::npos) return bad("--url " + text + ": unclosed [", "url");
    target.host = std::string(rest.substr(0, close + 1));
    target.address = std::string(rest.substr(1, close - 1));
    target.ipv6 = true;
    rest.remove_prefix(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) return bad("--url " + text + ": bad port", "url");
    if (!rest.empty()) port_text = rest.substr(1);
  } else {
    const auto colon = rest.find(':');
    target.host = std::string(rest.substr(0, colon));
    target.address = target.host;
    if (colon != std::string_view::npos) port_text = rest.substr(colon + 1);
  }
  if (target.address == "localhost") {
    target.address = "127.0.0.1";  // not resolved: a resolver could answer anything
  } else if (target.ipv6 ? target.address != "::1" : !is_ipv4_loopback(target.address)) {
    return bad("--url " + text + ": the host " + target.host +
                   " is not loopback; the load generator only talks to 127.0.0.0/8, ::1 or "
                   "localhost",
               "url");
  }
  if (!port_text.empty()) {
    unsigned port = 0;
    const auto [end, ec] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc{} || end != port_text.data() + port_text.size() || port == 0 ||
        port > 65535) {
      return bad("--url " + text + ": bad port '" + std::string(port_text) + "'", "url");
    }
    target.port = static_cast<unsigned short>(port);
  } else if (url.find("]:") != std::string_view::npos || (!target.ipv6 && url.ends_with(':'))) {
    return bad("--url " + text + ": empty port", "url");
  }
  return target;
}

Result<void> check_load_options(const LoadOptions& o) {
  if (o.games < 1 || o.games > 1'000'000) return bad("--games must be 1..1000000", "games");
  if (!(o.rate >= 0 && o.rate <= 10)) {
    return bad(
        "--rate must be 0..10 moves per second per game (a socket may send 20 "
        "messages a second)",
        "rate");
  }
  if (o.duration <= o.drain) {
    return bad("--duration must be longer than the " + std::to_string(o.drain.count() / 1000) +
                   " s kept for the last answers",
               "duration");
  }
  if (!(o.create_rate > 0)) return bad("--create-rate must be positive", "create-rate");
  if (o.threads < 1 || o.threads > 64) return bad("--threads must be 1..64", "threads");
  if (o.time_control.empty()) return bad("--time-control must not be empty", "time-control");
  return {};
}

std::string spread_address(int index) {
  // 254 usable last bytes (1..254) per /24, 256 /24s per /16, from 127.1.0.0.
  const int last = index % 254 + 1;
  const int third = (index / 254) % 256;
  const int second = 1 + index / (254 * 256);
  return "127." + std::to_string(second) + "." + std::to_string(third) + "." + std::to_string(last);
}

}  // namespace arbiter::server
