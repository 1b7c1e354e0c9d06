#include "arbiter/server/client_address.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

#include "arbiter/server/beast.hpp"

namespace arbiter::server {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// An address in the 16-byte form (IPv4 mapped), or nothing.
std::optional<std::array<std::uint8_t, 16>> address_bytes(std::string_view text) {
  beast::error_code ec;
  const auto a = net::ip::make_address(std::string{text}, ec);
  if (ec) return std::nullopt;
  if (a.is_v4()) return net::ip::make_address_v6(net::ip::v4_mapped, a.to_v4()).to_bytes();
  return a.to_v6().to_bytes();
}

std::string canonical(std::string_view text) {
  beast::error_code ec;
  const auto a = net::ip::make_address(std::string{text}, ec);
  if (ec) return {};
  if (a.is_v6() && a.to_v6().is_v4_mapped()) {
    return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6()).to_string();
  }
  return a.to_string();
}

// Splits on `sep` (no quoting inside the elements that matter here).
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto at = s.find(sep);
    out.push_back(trim(s.substr(0, at)));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// The addresses of a header, left to right; nullopt when one of them is not an address.
std::optional<std::vector<std::string>> x_forwarded_for(std::string_view header) {
  std::vector<std::string> out;
  for (auto element : split(header, ',')) {
    auto a = parse_forwarded_address(element);
    if (a.empty()) return std::nullopt;
    out.push_back(std::move(a));
  }
  return out;
}

std::optional<std::vector<std::string>> forwarded_for(std::string_view header) {
  std::vector<std::string> out;
  for (auto element : split(header, ',')) {
    bool found = false;
    for (auto pair : split(element, ';')) {
      const auto eq = pair.find('=');
      if (eq == std::string_view::npos || !iequals(trim(pair.substr(0, eq)), "for")) continue;
      auto a = parse_forwarded_address(pair.substr(eq + 1));
      if (a.empty() || found) return std::nullopt;
      out.push_back(std::move(a));
      found = true;
    }
    if (!found) return std::nullopt;
  }
  return out;
}

}  // namespace

Result<TrustedProxies> TrustedProxies::parse(const std::vector<std::string>& entries) {
  TrustedProxies out;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string_view entry = trim(entries[i]);
    const auto slash = entry.find('/');
    const auto bytes = address_bytes(entry.substr(0, slash));
    auto bad = [&](const std::string& why) {
      return make_error(ErrorCode::kInvalidArgument,
                        "trusted proxy '" + std::string{entry} + "': " + why,
                        Location{0, static_cast<int>(i + 1), "trusted-proxy"});
    };
    if (!bytes) return bad("not an IPv4 or IPv6 address");
    const bool v4 = entry.substr(0, slash).find(':') == std::string_view::npos;
    Range r{*bytes, 128};
    if (slash != std::string_view::npos) {
      const auto bits = entry.substr(slash + 1);
      int n = -1;
      const auto [end, ec] = std::from_chars(bits.data(), bits.data() + bits.size(), n);
      if (ec != std::errc{} || end != bits.data() + bits.size() || n < 0 || n > (v4 ? 32 : 128)) {
        return bad("the prefix length must be 0.." + std::string{v4 ? "32" : "128"});
      }
      r.prefix = v4 ? 96 + n : n;
    }
    out.ranges_.push_back(r);
  }
  return out;
}

bool TrustedProxies::contains(std::string_view address) const {
  const auto bytes = address_bytes(address);
  if (!bytes) return false;
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const Range& r) {
    for (int bit = 0; bit < r.prefix; ++bit) {
      const int byte = bit / 8;
      const int mask = 0x80 >> (bit % 8);
      if (((*bytes)[byte] & mask) != (r.bytes[byte] & mask)) return false;
    }
    return true;
  });
}

std::string parse_forwarded_address(std::string_view element) {
  element = trim(element);
  if (element.size() >= 2 && element.front() == '"' && element.back() == '"') {
    element = element.substr(1, element.size() - 2);
  }
  if (element.starts_with('[')) {  // [v6] or [v6]:port
    const auto close = element.find(']');
    if (close == std::string_view::npos) return {};
    const auto rest = element.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) return {};
    const auto a = element.substr(1, close - 1);
    return a.find(':') == std::string_view::npos ? std::string{} : canonical(a);
  }
  if (std::count(element.begin(), element.end(), ':') == 1) {  // v4:port
    element = element.substr(0, element.find(':'));
    if (element.find('.') == std::string_view::npos) return {};
  }
  return canonical(element);
}

std::string client_address(const TrustedProxies& proxies, std::string_view peer,
                           const ForwardingHeaders& headers) {
  std::string self = canonical(peer);
  if (self.empty()) self = std::string{peer};
  if (proxies.empty() || !proxies.contains(self)) return self;
  std::optional<std::vector<std::string>> chain;
  if (!trim(headers.forwarded).empty()) {
    chain = forwarded_for(headers.forwarded);
  } else if (!trim(headers.x_forwarded_for).empty()) {
    chain = x_forwarded_for(headers.x_forwarded_for);
  }
  if (!chain || chain->empty()) return self;
  for (auto it = chain->rbegin(); it != chain->rend(); ++it) {
    if (!proxies.contains(*it)) return *it;
  }
  return chain->front();  // every hop is a trusted proxy: the first one is the client
}

}  // namespace arbiter::server
