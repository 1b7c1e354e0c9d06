#include "arbiter/engine/nnue_embedded.hpp"

#include <string>

namespace arbiter::embedded {
extern const unsigned char engine_network[];
extern const std::size_t engine_network_size;
}  // namespace arbiter::embedded

namespace arbiter::engine::nnue {

std::span<const std::uint8_t> embedded_network() noexcept {
  return {embedded::engine_network, embedded::engine_network_size};
}

Result<std::shared_ptr<const Network>> network_for_option(std::string_view value) {
  if (value.empty() || value == "<empty>") return std::shared_ptr<const Network>();
  Result<Network> net = [&]() -> Result<Network> {
    if (value != kEmbeddedName) return load_network(std::string(value));
    if (embedded_network().empty())
      return make_error(ErrorCode::kUnsupported, "this build has no embedded network");
    return parse_network(embedded_network(), kEmbeddedName);
  }();
  if (!net) return tl::unexpected(net.error());
  return std::make_shared<const Network>(std::move(*net));
}

}  // namespace arbiter::engine::nnue
