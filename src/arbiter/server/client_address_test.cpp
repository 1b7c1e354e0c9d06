// Issue #14 part 6: the client's address behind a trusted proxy, and only behind one.
#include "arbiter/server/client_address.hpp"

#include <gtest/gtest.h>

namespace arbiter::server {
namespace {

TrustedProxies proxies(const std::vector<std::string>& entries) {
  auto p = TrustedProxies::parse(entries);
  EXPECT_TRUE(p) << (p ? "" : p.error().describe());
  return p ? *p : TrustedProxies{};
}

TEST(TrustedProxies, AddressesAndRanges) {
  auto p = proxies({"127.0.0.1", "10.0.0.0/8", "fd00::/8", "::1"});
  EXPECT_TRUE(p.contains("127.0.0.1"));
  EXPECT_TRUE(p.contains("::ffff:127.0.0.1"));  // the v4-mapped form of the same peer
  EXPECT_FALSE(p.contains("127.0.0.2"));
  EXPECT_TRUE(p.contains("10.200.3.4"));
  EXPECT_FALSE(p.contains("11.0.0.1"));
  EXPECT_TRUE(p.contains("fd12:3456::1"));
  EXPECT_FALSE(p.contains("fe80::1"));
  EXPECT_TRUE(p.contains("::1"));
  EXPECT_FALSE(p.contains("not an address"));
  EXPECT_TRUE(proxies({"0.0.0.0/0"}).contains("203.0.113.9"));
  EXPECT_FALSE(proxies({"0.0.0.0/0"}).contains("2001:db8::1"));  // an IPv4 range holds IPv4 only
}

TEST(TrustedProxies, BadEntriesNameTheirPlace) {
  for (const std::string bad : {"localhost", "10.0.0.0/33", "::/129", "10.0.0.0/", "1.2.3.4/x"}) {
    auto p = TrustedProxies::parse({"127.0.0.1", bad});
    ASSERT_FALSE(p) << bad;
    EXPECT_EQ(p.error().where.field, "trusted-proxy");
    EXPECT_EQ(p.error().where.column, 2);
  }
}

TEST(ForwardedAddress, Forms) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"1.2.3.4", "1.2.3.4"},
      {" 1.2.3.4:5678 ", "1.2.3.4"},
      {"2001:db8::17", "2001:db8::17"},
      {"[2001:db8::17]", "2001:db8::17"},
      {"\"[2001:db8:cafe::17]:4711\"", "2001:db8:cafe::17"},
      {"::ffff:1.2.3.4", "1.2.3.4"},
      // Not addresses: RFC 7239's unknown and obfuscated identifiers, broken forms.
      {"unknown", ""},
      {"_hidden", ""},
      {"[1.2.3.4]", ""},
      {"[::1]x", ""},
      {"1.2.3.4:80:90", ""},
      {"", ""},
  };
  for (const auto& [in, out] : cases) EXPECT_EQ(parse_forwarded_address(in), out) << in;
}

TEST(ClientAddress, HeadersOfAnUntrustedPeerAreIgnored) {
  auto none = proxies({});
  EXPECT_EQ(client_address(none, "198.51.100.7", {"for=1.2.3.4", "1.2.3.4"}), "198.51.100.7");
  auto p = proxies({"127.0.0.1"});
  EXPECT_EQ(client_address(p, "198.51.100.7", {"", "1.2.3.4"}), "198.51.100.7");
  EXPECT_EQ(client_address(p, "::ffff:198.51.100.7", {}), "198.51.100.7");
}

TEST(ClientAddress, XForwardedForTakesTheRightMostUntrustedAddress) {
  auto p = proxies({"127.0.0.1", "10.0.0.0/8"});
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "203.0.113.5"}), "203.0.113.5");
  // A client writing its own header in front cannot choose its address: the proxy appends.
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "6.6.6.6, 203.0.113.5"}), "203.0.113.5");
  // Through a second trusted proxy.
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "6.6.6.6, 203.0.113.5, 10.1.2.3"}), "203.0.113.5");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "[2001:db8::5]:443"}), "2001:db8::5");
  // Only proxies in the chain: the first is the client.
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "10.9.9.9, 10.1.1.1"}), "10.9.9.9");
  // No header: the proxy itself.
  EXPECT_EQ(client_address(p, "127.0.0.1", {}), "127.0.0.1");
}

TEST(ClientAddress, ForwardedIsPreferredAndParsed) {
  auto p = proxies({"127.0.0.1"});
  EXPECT_EQ(
      client_address(p, "127.0.0.1", {"for=192.0.2.60;proto=http;by=203.0.113.43", "198.51.100.1"}),
      "192.0.2.60");
  EXPECT_EQ(client_address(p, "127.0.0.1", {R"(for="[2001:db8:cafe::17]:4711")", ""}),
            "2001:db8:cafe::17");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"For=6.6.6.6, for=192.0.2.43", ""}), "192.0.2.43");
}

TEST(ClientAddress, AMalformedHeaderFallsBackToThePeer) {
  auto p = proxies({"127.0.0.1"});
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "1.2.3.4, garbage"}), "127.0.0.1");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"", "1.2.3.4,,"}), "127.0.0.1");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"for=unknown", ""}), "127.0.0.1");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"proto=https", ""}), "127.0.0.1");
  EXPECT_EQ(client_address(p, "127.0.0.1", {"for=1.2.3.4;for=5.6.7.8", ""}), "127.0.0.1");
}

}  // namespace
}  // namespace arbiter::server
