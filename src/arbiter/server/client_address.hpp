// The client's address behind a reverse proxy (issue #14, part 6). Every per-address limit
// (REST rate limit, connection caps, WebSocket upgrade rate) is keyed by it.
//
// The forwarding headers are believed only when the direct peer is a configured trusted
// proxy: anyone else could write them. Then the client is, in RFC 7239 `Forwarded: for=`
// (preferred) or `X-Forwarded-For`, the right-most address that is not itself a trusted
// proxy: a client may put any address in front, but each trusted proxy appends the address
// it saw. A header that does not parse falls back to the peer.
//
//   auto proxies = TrustedProxies::parse({"127.0.0.1", "10.0.0.0/8"});
//   client_address(*proxies, "127.0.0.1", {.x_forwarded_for = "1.2.3.4"}) == "1.2.3.4"
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

class TrustedProxies {
 public:
  // Each entry an address ("10.1.2.3", "::1") or a CIDR range ("10.0.0.0/8", "fd00::/8").
  // Errors: kInvalidArgument naming the entry (field "trusted-proxy", column = its index + 1).
  [[nodiscard]] static Result<TrustedProxies> parse(const std::vector<std::string>& entries);

  [[nodiscard]] bool contains(std::string_view address) const;
  [[nodiscard]] bool empty() const noexcept { return ranges_.empty(); }

 private:
  struct Range {
    std::array<std::uint8_t, 16> bytes{};  // IPv4 in the IPv4-mapped IPv6 form
    int prefix = 128;                      // in bits of the 16 bytes
  };
  std::vector<Range> ranges_;
};

struct ForwardingHeaders {
  std::string_view forwarded;        // all `Forwarded` lines, joined with ", "
  std::string_view x_forwarded_for;  // all `X-Forwarded-For` lines, joined with ", "
};

// The address limits apply to: `peer` itself unless it is a trusted proxy and a forwarding
// header names a client. Addresses come back in their canonical text form ("::ffff:1.2.3.4"
// becomes "1.2.3.4").
[[nodiscard]] std::string client_address(const TrustedProxies& proxies, std::string_view peer,
                                         const ForwardingHeaders& headers);

// One address out of a header element: "1.2.3.4", "1.2.3.4:80", "[::1]", "[::1]:80", "::1",
// quoted or not. Canonical text, or "" when it is not an address ("unknown", "_hidden").
[[nodiscard]] std::string parse_forwarded_address(std::string_view element);

}  // namespace arbiter::server
